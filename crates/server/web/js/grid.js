// The square grid (Preact), game-free: cells, tokens, light, a path, an area overlay and an
// editor mode; a ruleset gives what its squares mean and what a pick does.
//
// <Grid id keysId cells look tokens light marks classes area interactive onPick onCancel start
//       startKey label keys editing/> (label: a text, or (width, height) → text)
// - cells: [{at: {x, y}, …}] and look(cell) → {cls: [], words: [], notes: [[text, corner]]}
//   (its classes, the words in its name, small texts drawn in a corner: "br" or "bl");
//   without `look`, `obstacle` (a wall) and `difficult` are drawn and named;
// - tokens: [{id, at, space, side, name, sideLabel, acting, notes: [words], cls: []}], named
//   "name, side, acting now, notes…";
// - light: {width, height, rows: ["bd-…"]} (b bright, d dim, - darkness), dim squares
//   hatched, dark ones shaded and hatched;
// - marks: Map "x,y" → step number (a path); classes: Map "x,y" → [extra square classes];
// - area: {squares: [{x, y}] or [[x, y]]} drawn over the grid; the tokens in it are marked
//   and named under the grid (id `<id>-area`) before anything is confirmed;
// - sq: the squares' id prefix (`sq-x-y` by default; a second grid on the page names its own);
// - one tab stop: the arrow keys move a cursor square (from `start`, again when `startKey`
//   changes), Enter/Space calls onPick(x, y, token id) where interactive(x, y, token id),
//   Escape calls onCancel() (true: handled). A click picks an interactive square, else
//   moves the cursor there. While `editing` every square is interactive (the editor paints).

import { h } from "../vendor/preact/preact.module.js";
import { useLayoutEffect, useReducer, useRef } from "../vendor/preact/hooks.module.js";
import { t } from "./i18n.js";

export const C = 32;
export const sqKey = (p) => (Array.isArray(p) ? `${p[0]},${p[1]}` : `${p.x},${p.y}`);

/** The plain look: walls and difficult terrain. */
export function plainLook(cell) {
  const cls = [];
  const words = [];
  if (cell?.obstacle) cls.push("obstacle"), words.push(t("board-wall"));
  if (cell?.difficult) cls.push("difficult"), words.push(t("board-difficult"));
  return { cls, words };
}

/** Which token stands on each square (its whole space). */
export function occupancy(tokens) {
  const at = new Map();
  for (const tk of tokens) {
    const side = Math.max(1, tk.space || 1);
    for (let dx = 0; dx < side; dx++) for (let dy = 0; dy < side; dy++) at.set(`${tk.at.x + dx},${tk.at.y + dy}`, tk.id);
  }
  return at;
}

function lightAt(light, x, y) {
  if (!light || y >= light.height || x >= light.width) return null;
  const c = (light.rows?.[y] || "")[x];
  return c === "d" ? "dim" : c === "-" ? "darkness" : null;
}

export function tokenLabel(tk) {
  return [tk.name, tk.sideLabel, tk.acting ? t("board-acting") : "", ...(tk.notes || [])].filter(Boolean).join(", ");
}

/** The tokens an area covers (any square of their space), in the order given. */
export function inArea(tokens, area) {
  const keys = new Set((area?.squares || []).map(sqKey));
  const occ = occupancy(tokens);
  const ids = new Set([...occ].filter(([k]) => keys.has(k)).map(([, id]) => id));
  return tokens.filter((tk) => ids.has(tk.id));
}

export function Grid(p) {
  const { id = "battle-grid", keysId = `${id}-keys`, sq = "sq", cells = [], tokens = [], marks = new Map(), classes = new Map(), editing = false } = p;
  const look = p.look || plainLook;
  const [, redraw] = useReducer((n) => n + 1, 0);
  const st = useRef({ key: undefined, at: null, focus: false });
  const svg = useRef(null);
  const pts = [...cells.map((c) => c.at), ...tokens.map((c) => c.at), ...[...marks.keys()].map((k) => ({ x: +k.split(",")[0], y: +k.split(",")[1] }))];
  const w = Math.max(p.width || 0, 10, ...pts.map((q) => q.x + 3));
  const hgt = Math.max(p.height || 0, 7, ...pts.map((q) => q.y + 3));
  const s = st.current;
  if (!s.at || s.key !== p.startKey) s.at = { ...(p.start || { x: 0, y: 0 }) };
  s.key = p.startKey;
  const cur = s.at;
  cur.x = Math.min(Math.max(0, cur.x), w - 1);
  cur.y = Math.min(Math.max(0, cur.y), hgt - 1);
  useLayoutEffect(() => {
    if (!s.focus) return;
    s.focus = false;
    svg.current?.querySelector(`#${sq}-${cur.x}-${cur.y}`)?.focus({ preventScroll: true });
  });
  const occ = occupancy(tokens);
  const cellAt = new Map(cells.map((c) => [sqKey(c.at), c]));
  const area = new Set((p.area?.squares || []).map(sqKey));
  const covered = p.area ? inArea(tokens, p.area) : [];
  const light = editing ? null : p.light;
  const can = (x, y) => editing || !!p.interactive?.(x, y, occ.get(`${x},${y}`));
  const moveTo = (x, y, focus) => {
    Object.assign(cur, { x, y });
    s.focus = focus;
    redraw();
  };
  const pick = (x, y) => {
    Object.assign(cur, { x, y });
    s.focus = true;
    p.onPick?.(x, y, occ.get(`${x},${y}`));
    redraw();
  };
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const onKeyDown = (e) => {
    const d = steps[e.key];
    if (d) {
      e.preventDefault();
      moveTo(Math.min(Math.max(0, cur.x + d[0]), w - 1), Math.min(Math.max(0, cur.y + d[1]), hgt - 1), true);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (can(cur.x, cur.y)) pick(cur.x, cur.y);
    } else if (e.key === "Escape" && p.onCancel?.()) {
      e.preventDefault();
      s.focus = true;
      redraw();
    }
  };
  const kids = [
    h(
      "defs",
      { key: "defs" },
      h("pattern", { id: "grid-dim", width: 8, height: 8, patternUnits: "userSpaceOnUse" }, h("path", { d: "M0,8 L8,0", class: "hatch" })),
      h("pattern", { id: "grid-dark", width: 8, height: 8, patternUnits: "userSpaceOnUse" }, h("rect", { width: 8, height: 8, class: "shade" }), h("path", { d: "M0,8 L8,0 M0,0 L8,8", class: "hatch" })),
    ),
  ];
  for (let y = 0; y < hgt; y++)
    for (let x = 0; x < w; x++) {
      const k = `${x},${y}`;
      const cell = cellAt.get(k);
      const who = occ.get(k);
      const lk = cell ? look(cell) : { cls: [], words: [] };
      const lit = lightAt(light, x, y);
      const here = x === cur.x && y === cur.y;
      const cls = ["sq", ...lk.cls, ...(classes.get(k) || [])];
      if (marks.has(k)) cls.push("path");
      if (area.has(k)) cls.push("in-area");
      if (here) cls.push("cursor");
      const tk = who ? tokens.find((x) => x.id === who) : null;
      const label = [t("board-square", { x, y }), tk ? tokenLabel(tk) : "", lit ? t(`board-light-${lit}`) : "", ...lk.words, area.has(k) ? t("board-in-area") : "", marks.has(k) ? t("board-path-step", { n: marks.get(k) }) : ""].filter(Boolean).join(", ");
      const active = can(x, y);
      kids.push(
        h(
          "rect",
          {
            key: `sq${k}`,
            x: x * C,
            y: y * C,
            width: C,
            height: C,
            id: `${sq}-${x}-${y}`,
            class: cls.join(" "),
            "data-x": x,
            "data-y": y,
            "data-creature": who || null,
            "data-light": lit,
            role: active ? "button" : "img",
            tabindex: here ? 0 : -1,
            "aria-label": label,
            onClick: active ? () => pick(x, y) : () => moveTo(x, y, false),
          },
          h("title", {}, label),
        ),
      );
      if (lit) kids.push(h("rect", { key: `l${k}`, x: x * C, y: y * C, width: C, height: C, class: `lit lit-${lit}`, "aria-hidden": "true", "pointer-events": "none" }));
      if (area.has(k)) kids.push(h("rect", { key: `a${k}`, x: x * C + 2, y: y * C + 2, width: C - 4, height: C - 4, class: "area", "aria-hidden": "true", "pointer-events": "none" }));
      const dark = lit === "darkness" ? " on-dark" : "";
      for (const [text, corner] of lk.notes || []) kids.push(h("text", corner === "bl" ? { key: `n${k}${corner}`, x: x * C + 3, y: y * C + C - 4, class: `elev${dark}` } : { key: `n${k}${corner}`, x: x * C + C - 3, y: y * C + C - 4, "text-anchor": "end", class: `elev${dark}` }, text));
      if (marks.has(k)) kids.push(h("text", { key: `m${k}`, x: x * C + 4, y: y * C + 12, class: `path-n${dark}` }, marks.get(k)));
    }
  const inside = new Set(covered.map((tk) => tk.id));
  for (const tk of tokens) {
    const side = Math.max(1, tk.space || 1);
    const cx = (tk.at.x + side / 2) * C;
    const cy = (tk.at.y + side / 2) * C;
    const label = tokenLabel(tk);
    kids.push(
      h(
        "g",
        { key: `t${tk.id}`, class: ["token", `side-${tk.side}`, tk.acting ? "acting" : "", inside.has(tk.id) ? "in-area" : "", ...(tk.cls || [])].filter(Boolean).join(" "), "data-token": tk.id, role: "img", "aria-label": label, "pointer-events": "none" },
        h("title", {}, label),
        h("circle", { cx, cy, r: (side * C) / 2 - 3 }),
        h("text", { x: cx, y: cy + 4, "text-anchor": "middle", "aria-hidden": "true" }, (tk.name || tk.id).slice(0, 2)),
      ),
    );
  }
  return h(
    "div",
    { class: "board" },
    h("svg", { ref: svg, viewBox: `0 0 ${w * C} ${hgt * C}`, class: `map grid-map${editing ? " editing" : ""}`, id, role: "group", "aria-label": typeof p.label === "function" ? p.label(w, hgt) : p.label || t("board-aria", { width: w, height: hgt }), "aria-describedby": keysId, onKeyDown }, kids),
    p.area
      ? h(
          "p",
          { class: "area-summary", id: `${id}-area`, role: "status" },
          t("board-area-summary", { count: area.size, targets: covered.length ? covered.map((tk) => tk.name || tk.id).join(", ") : t("board-area-nobody") }),
        )
      : null,
    h("p", { class: "hint grid-keys", id: keysId }, p.keys || t("board-keys")),
  );
}

/** The editor's draft: the shown cells by square, the squares changed, the size. */
export function startDraft(cells, minW = 12, minH = 8) {
  const draft = new Map((cells || []).map((c) => [sqKey(c.at), structuredClone(c)]));
  const pts = [...draft.values()].map((c) => c.at);
  return { draft, touched: new Set(), width: Math.max(minW, ...pts.map((q) => q.x + 3)), height: Math.max(minH, ...pts.map((q) => q.y + 3)) };
}

/** Applies a brush (`apply(cell) → cell`, a fresh `{at}` to clear) to a square of the draft. */
export function paintDraft(ed, at, apply) {
  const k = sqKey(at);
  ed.draft.set(k, apply(ed.draft.get(k) || { at }) || { at });
  ed.touched.add(k);
}

/** The changed cells, as a ruleset's map command takes them. */
export const draftChanges = (ed) => [...ed.touched].map((k) => ed.draft.get(k)).filter(Boolean);

/** A row of brushes (a radio group): [{id, label}], the chosen id, onChoose(id). */
export function Brushes({ id, label, brushes, chosen, onChoose }) {
  return h(
    "div",
    { class: "brushes", role: "radiogroup", "aria-label": label },
    brushes.map((b) =>
      h(
        "button",
        { key: b.id, type: "button", id: `${id}-${b.id}`, role: "radio", "aria-checked": String(chosen === b.id), class: `brush brush-${b.id}${chosen === b.id ? " primary" : ""}`, disabled: b.disabled || null, onClick: () => onChoose(b.id) },
        b.label,
      ),
    ),
  );
}
