// The combat screen's controls, from the view's `rules.combat` (`grid`, `creatures`, `fight`;
// see crates/crows/src/ruleset/combat/mod.rs for the commands and their JSON):
// - everyone: the round, whose turn it is and that creature's budget (maneuvers, actions,
//   extra actions from crits, squares left of the Move), the order, the battle grid;
// - the acting creature's controller (a player for their crow, the Referee for anyone): build a
//   path by clicking squares (or Enter/Space on a focused square) and send `combat_move`;
//   pick a target by clicking it (or from the list) and a weapon from the hands, `attack`;
//   `end_turn`;
// - the Referee: place a creature, `start_combat`, `roll_initiative` (the player who rolls),
//   `end_combat`.
// Reactions and counters come as pending decisions; this panel points at them.

import { h, section } from "./dom.js";
import { t } from "./i18n.js";
import { displayName, storedItems } from "./sheet.js";

const SVG = "http://www.w3.org/2000/svg";
const s = (tag, attrs = {}, ...kids) => {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, String(v));
  }
  for (const k of kids) el.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return el;
};

const C = 32;
const key = (p) => `${p.x},${p.y}`;

/** The UI state of the combat controls (kept on the screen across re-renders). */
function ui(screen) {
  return (screen.combatUi ||= { mode: null, path: [], target: "", weapon: "", place: { creature: "", x: 0, y: 0, side: "enemies" }, roller: "" });
}

/** Which creature sits on each square (its whole space). */
function occupancy(creatures) {
  const at = new Map();
  for (const [id, c] of Object.entries(creatures || {})) {
    const side = Math.max(1, c.space || 1);
    for (let dx = 0; dx < side; dx++) for (let dy = 0; dy < side; dy++) at.set(key({ x: c.at.x + dx, y: c.at.y + dy }), id);
  }
  return at;
}

function gridSvg(screen, cv, acting, canAct) {
  const u = ui(screen);
  const creatures = cv.creatures || {};
  const cells = cv.grid || [];
  const pts = [...cells.map((c) => c.at), ...Object.values(creatures).map((c) => c.at), ...u.path];
  const maxX = Math.max(9, ...pts.map((p) => p.x + 2));
  const maxY = Math.max(6, ...pts.map((p) => p.y + 2));
  const w = maxX + 1;
  const hgt = maxY + 1;
  const occ = occupancy(creatures);
  const cellAt = new Map(cells.map((c) => [key(c.at), c]));
  const onPath = new Map(u.path.map((p, i) => [key(p), i + 1]));
  const svg = s("svg", { viewBox: `0 0 ${w * C} ${hgt * C}`, class: "map grid-map", id: "battle-grid", role: "group", "aria-label": t("combat-grid-aria", { width: w, height: hgt }) });
  const pick = (x, y) => {
    const who = occ.get(key({ x, y }));
    if (u.mode === "move") {
      u.path.push({ x, y });
    } else if (u.mode === "attack" && who && who !== acting) {
      u.target = who;
    } else return;
    screen.render();
    document.getElementById(`sq-${x}-${y}`)?.focus({ preventScroll: true });
  };
  for (let y = 0; y < hgt; y++)
    for (let x = 0; x < w; x++) {
      const cell = cellAt.get(key({ x, y }));
      const who = occ.get(key({ x, y }));
      const cls = ["sq"];
      if (cell?.obstacle) cls.push("obstacle");
      if (cell?.difficult) cls.push("difficult");
      if (cell?.hazard) cls.push("hazard");
      if (onPath.has(key({ x, y }))) cls.push("path");
      if (who && who === u.target && u.mode === "attack") cls.push("target");
      const name = who ? displayName(screen.creatures[who]) || who : "";
      const label = [t("square", { x, y }), name, cell?.obstacle ? t("obstacle") : "", cell?.difficult ? t("difficult-terrain") : "", onPath.has(key({ x, y })) ? t("path-step", { n: onPath.get(key({ x, y })) }) : ""].filter(Boolean).join(", ");
      const interactive = canAct && (u.mode === "move" || (u.mode === "attack" && who && who !== acting));
      svg.append(
        s(
          "rect",
          {
            x: x * C,
            y: y * C,
            width: C,
            height: C,
            id: `sq-${x}-${y}`,
            class: cls.join(" "),
            "data-x": x,
            "data-y": y,
            "data-creature": who || null,
            role: interactive ? "button" : null,
            tabindex: interactive ? 0 : null,
            "aria-label": label,
            onclick: interactive ? () => pick(x, y) : null,
            onkeydown: interactive
              ? (e) => {
                  if (e.key === "Enter" || e.key === " ") {
                    e.preventDefault();
                    pick(x, y);
                  }
                }
              : null,
          },
          s("title", {}, label),
        ),
      );
      if (onPath.has(key({ x, y }))) svg.append(s("text", { x: x * C + 4, y: y * C + 12, class: "path-n" }, onPath.get(key({ x, y }))));
    }
  for (const [id, c] of Object.entries(creatures)) {
    const side = Math.max(1, c.space || 1);
    const cx = (c.at.x + side / 2) * C;
    const cy = (c.at.y + side / 2) * C;
    const name = displayName(screen.creatures[id]) || id;
    const g = s("g", { class: `token side-${c.side}${id === acting ? " acting" : ""}`, "data-token": id, "pointer-events": "none" });
    g.append(s("circle", { cx, cy, r: (side * C) / 2 - 3 }), s("text", { x: cx, y: cy + 4, "text-anchor": "middle" }, name.slice(0, 2)));
    svg.append(g);
  }
  return svg;
}

/** What is left of a turn budget (the view holds what was spent: CR-CBT-10's limit of two). */
export function budgetLeft(b) {
  const limit = b.shape === "single" ? 1 : 2;
  const used = (b.maneuvers || 0) + (b.actions || 0);
  return {
    maneuvers: Math.max(0, limit - used),
    actions: (!b.actions && (b.maneuvers || 0) < limit ? 1 : 0) + (b.extra_actions || 0),
    move: b.move_left || 0,
  };
}

function budgetLine(fight, id) {
  const b = fight.budgets?.[id];
  if (!b) return fight.allowances?.[id] ? h("p", { class: "budget" }, t("combat-allowance", { cost: fight.allowances[id] })) : null;
  const left = budgetLeft(b);
  return h(
    "p",
    { class: "budget", id: "combat-budget" },
    h("span", { class: "badge" }, t("combat-maneuvers", { count: left.maneuvers })),
    " ",
    h("span", { class: "badge" }, t("combat-actions", { count: left.actions })),
    " ",
    h("span", { class: "badge" }, t("combat-move-left", { count: left.move })),
  );
}

/** The held items of a creature (weapons or not: the server checks). */
function handItems(c) {
  return storedItems(c).filter((s) => (s.at?.kind ?? s.slot?.kind) === "Hand");
}

function actorControls(screen, cv, fight, acting) {
  const u = ui(screen);
  const go = (cmd, after) =>
    screen
      .send({ rules: cmd })
      .then(() => {
        after?.();
        screen.render();
      })
      .catch(() => {});
  const name = displayName(screen.creatures[acting]) || acting;
  const targets = Object.keys(cv.creatures || {}).filter((id) => id !== acting);
  const held = handItems(screen.creatures[acting]);
  const mode = (m) => () => {
    u.mode = u.mode === m ? null : m;
    if (u.mode !== "move") u.path = [];
    screen.render();
  };
  const weapon = u.weapon && held.some((s) => String(s.item.id) === u.weapon) ? u.weapon : held[0] ? String(held[0].item.id) : "";
  return h(
    "div",
    { class: "combat-actor", role: "group", "aria-label": t("combat-your-turn", { who: name }) },
    h("p", { class: "your-turn" }, t("combat-your-turn", { who: name })),
    h(
      "div",
      { class: "row wrap" },
      h("button", { type: "button", id: "combat-mode-move", "aria-pressed": String(u.mode === "move"), class: u.mode === "move" ? "primary" : "", onclick: mode("move") }, t("combat-move")),
      h("button", { type: "button", id: "combat-mode-attack", "aria-pressed": String(u.mode === "attack"), class: u.mode === "attack" ? "primary" : "", onclick: mode("attack") }, t("combat-attack")),
      h("button", { type: "button", id: "combat-end-turn", onclick: () => go({ end_turn: { creature: acting } }, () => Object.assign(u, { mode: null, path: [], target: "" })) }, t("combat-end-turn")),
    ),
    u.mode === "move"
      ? h(
          "div",
          { class: "row wrap" },
          h("span", { class: "hint" }, u.path.length ? t("combat-path", { path: u.path.map((p) => `(${p.x}, ${p.y})`).join(" → ") }) : t("combat-path-hint")),
          h("button", { type: "button", id: "combat-path-undo", disabled: !u.path.length, onclick: () => (u.path.pop(), screen.render()) }, t("combat-path-undo")),
          h("button", { type: "button", id: "combat-send-move", class: "primary", disabled: !u.path.length, onclick: () => go({ combat_move: { creature: acting, path: u.path } }, () => (u.path = [])) }, t("combat-send-move")),
        )
      : null,
    u.mode === "attack"
      ? h(
          "div",
          { class: "row wrap" },
          h("label", { for: "combat-target" }, t("combat-target")),
          h(
            "select",
            { id: "combat-target", onchange: (e) => ((u.target = e.target.value), screen.render()) },
            h("option", { value: "" }, t("combat-target-hint")),
            targets.map((id) => h("option", { value: id, selected: id === u.target }, displayName(screen.creatures[id]) || id)),
          ),
          h("label", { for: "combat-weapon" }, t("combat-weapon")),
          h(
            "select",
            { id: "combat-weapon", onchange: (e) => (u.weapon = e.target.value) },
            held.map((s) => h("option", { value: String(s.item.id), selected: String(s.item.id) === weapon }, s.item.name || `#${s.item.id}`)),
            h("option", { value: "unarmed", selected: weapon === "" || u.weapon === "unarmed" }, t("combat-unarmed")),
          ),
          h(
            "button",
            {
              type: "button",
              id: "combat-send-attack",
              class: "primary",
              disabled: !u.target,
              onclick: () => {
                const w = document.getElementById("combat-weapon")?.value;
                const cmd = { creature: acting, target: u.target };
                if (w && w !== "unarmed") cmd.weapon = Number(w);
                go({ attack: cmd }, () => Object.assign(u, { mode: null, target: "" }));
              },
            },
            t("combat-send-attack"),
          ),
        )
      : null,
  );
}

function refereeControls(screen, cv, fight) {
  const u = ui(screen);
  const go = (cmd) => screen.send({ rules: cmd }).catch(() => {});
  const players = Object.keys(screen.view?.participants?.players || {});
  const roller = players.includes(u.roller) ? u.roller : players[0] || "";
  const roundRunning = fight && fight.current;
  const place = u.place;
  const ids = Object.keys(screen.creatures);
  return h(
    "div",
    { class: "combat-referee" },
    h(
      "details",
      { id: "combat-place" },
      h("summary", {}, t("combat-place")),
      h(
        "form",
        {
          class: "row wrap",
          onsubmit: (e) => {
            e.preventDefault();
            const creature = place.creature || ids[0];
            if (!creature) return;
            go({ place: { creature, at: { x: Number(place.x) || 0, y: Number(place.y) || 0 }, side: place.side } });
          },
        },
        h("label", { for: "place-creature" }, t("creature")),
        h("select", { id: "place-creature", onchange: (e) => (place.creature = e.target.value) }, ids.map((id) => h("option", { value: id, selected: id === place.creature }, displayName(screen.creatures[id]) || id))),
        h("label", { for: "place-x" }, "x"),
        h("input", { id: "place-x", type: "number", min: 0, class: "num", value: place.x, oninput: (e) => (place.x = e.target.value) }),
        h("label", { for: "place-y" }, "y"),
        h("input", { id: "place-y", type: "number", min: 0, class: "num", value: place.y, oninput: (e) => (place.y = e.target.value) }),
        h("label", { for: "place-side" }, t("combat-side")),
        h(
          "select",
          { id: "place-side", onchange: (e) => (place.side = e.target.value) },
          ["crows", "enemies"].map((sd) => h("option", { value: sd, selected: sd === place.side }, t(`side-${sd}`))),
        ),
        h("button", { type: "submit", id: "place-submit" }, t("combat-place-submit")),
      ),
    ),
    h(
      "div",
      { class: "row wrap" },
      !fight ? h("button", { type: "button", id: "combat-start", class: "primary", disabled: !Object.keys(cv?.creatures || {}).length, onclick: () => go({ start_combat: { surprised: [] } }) }, t("combat-start")) : null,
      fight && !roundRunning
        ? [
            h("label", { for: "initiative-roller" }, t("combat-roller")),
            h("select", { id: "initiative-roller", onchange: (e) => (u.roller = e.target.value) }, players.map((p) => h("option", { value: p, selected: p === roller }, p))),
            h("button", { type: "button", id: "combat-initiative", class: "primary", disabled: !roller, onclick: () => go({ roll_initiative: { roller } }) }, t("combat-initiative")),
          ]
        : null,
      fight ? h("button", { type: "button", id: "combat-end", onclick: () => go({ end_combat: {} }) }, t("combat-end")) : null,
    ),
  );
}

/** The combat panel when the Crows combat part is in the view (or the Referee may start one). */
export function combatPanel(screen) {
  const cv = screen.rules.combat;
  const fight = cv?.fight || null;
  const acting = fight?.current || null;
  const canAct = !!acting && (screen.isReferee || screen.mine().includes(acting));
  const u = ui(screen);
  if (!canAct) Object.assign(u, { mode: null, path: [] });
  const waiting = (screen.view.decisions || []).filter((d) => d.kind.startsWith("crows.combat.") && screen.canAnswer(d));
  const clock = screen.view.clock?.combat;
  // Without a Crows fight, the engine's own combat clock (a raw `clock` command) is shown.
  const order = fight?.order || (clock ? clock.order || [] : []);
  const current = acting || (!fight && clock ? order[clock.current] : null);
  return section(
    "combat",
    t("combat"),
    fight
      ? h(
          "p",
          { class: "combat-status", id: "combat-status", "aria-live": "polite" },
          acting ? t("combat-round", { round: fight.round, who: displayName(screen.creatures[acting]) || acting }) : t("combat-between-rounds", { round: fight.round }),
        )
      : clock
        ? h("p", {}, t("combat-round", { round: clock.round, who: displayName(screen.creatures[current]) || current || "?" }))
        : h("p", { class: "hint" }, t("combat-not-started")),
    acting ? budgetLine(fight, acting) : null,
    waiting.length ? h("p", { class: "combat-waiting", role: "alert" }, h("a", { href: "#decisions" }, t("combat-decision-waiting", { count: waiting.length }))) : null,
    order.length ? h("ol", { class: "order" }, order.map((id) => h("li", { class: id === current ? "acting" : "", "aria-current": id === current ? "true" : null }, displayName(screen.creatures[id]) || id))) : null,
    canAct ? actorControls(screen, cv, fight, acting) : null,
    cv ? gridSvg(screen, cv, acting, canAct) : null,
    screen.isReferee ? refereeControls(screen, cv, fight) : null,
  );
}
