// Combat and travel screens, drawn from the view's `rules.combat` / `rules.travel` parts
// (and the engine's `clock.combat` turn order). Their exact shapes are still being built, so
// this reads them generically: every object in the part with numeric `x`,`y` is a square on
// the battle grid, every object with numeric `q`,`r` a hex (flat-topped axial); its label is
// its `name`, `id`, `creature` or `kind`, or the key it sits under. Obstacles, walls, hazards
// and terrain are told apart by those words in their key or kind. The whole part is also
// shown as readable data below the map, so nothing the server sends is hidden.

import { h, section } from "./dom.js";
import { t } from "./i18n.js";
import { displayName } from "./sheet.js";

const SVG = "http://www.w3.org/2000/svg";
const s = (tag, attrs = {}, ...kids) => {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const k of kids) el.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return el;
};

const TERRAIN = /obstacle|wall|blocked|terrain|hazard|water|difficult|pit|cover/i;

/** Every positioned thing in a JSON tree: [{x,y}|{q,r}, label, kind, path]. */
export function positioned(root) {
  const out = [];
  const walk = (v, key, path) => {
    if (Array.isArray(v)) {
      // [x, y] pairs under a terrain-ish key are squares too.
      if (v.length === 2 && v.every(Number.isInteger) && TERRAIN.test(path)) {
        out.push({ x: v[0], y: v[1], label: "", kind: key, path, terrain: true });
        return;
      }
      v.forEach((x) => walk(x, key, path));
      return;
    }
    if (!v || typeof v !== "object") return;
    const num = (a) => typeof v[a] === "number";
    const label = v.name ?? v.id ?? v.creature ?? v.label ?? (typeof key === "string" && !/^\d+$/.test(key) ? key : "");
    const kind = v.kind ?? v.terrain ?? key;
    if (num("x") && num("y")) out.push({ x: v.x, y: v.y, label: String(label), kind: String(kind), path, terrain: TERRAIN.test(`${path} ${kind}`) });
    else if (num("q") && num("r")) out.push({ q: v.q, r: v.r, label: String(label), kind: String(kind), path, terrain: TERRAIN.test(`${path} ${kind}`) });
    for (const [k, x] of Object.entries(v)) if (x && typeof x === "object") walk(x, k, `${path}.${k}`);
  };
  walk(root, "", "");
  return out;
}

function gridSvg(points, screen) {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const minX = Math.min(0, ...xs) - 1;
  const minY = Math.min(0, ...ys) - 1;
  const maxX = Math.max(...xs) + 1;
  const maxY = Math.max(...ys) + 1;
  const w = maxX - minX + 1;
  const hgt = maxY - minY + 1;
  const C = 32;
  const svg = s("svg", { viewBox: `0 0 ${w * C} ${hgt * C}`, class: "map grid-map", role: "img", "aria-label": t("combat-map-aria", { count: points.length }) });
  for (let i = 0; i <= w; i++) svg.append(s("line", { x1: i * C, y1: 0, x2: i * C, y2: hgt * C, class: "gridline" }));
  for (let j = 0; j <= hgt; j++) svg.append(s("line", { x1: 0, y1: j * C, x2: w * C, y2: j * C, class: "gridline" }));
  const acting = screen.view.clock?.combat ? screen.view.clock.combat.order?.[screen.view.clock.combat.current] : null;
  for (const p of points) {
    const cx = (p.x - minX) * C;
    const cy = (p.y - minY) * C;
    if (p.terrain) svg.append(s("rect", { x: cx + 1, y: cy + 1, width: C - 2, height: C - 2, class: `terrain ${p.kind}` }, s("title", {}, `${p.kind} (${p.x}, ${p.y})`)));
    else {
      const c = screen.creatures[p.label];
      const name = c ? displayName(c) : p.label;
      const g = s("g", { class: `token${p.label === acting ? " acting" : ""}${c && ["monster", "npc"].includes(c.creature?.kind ?? c.kind) ? " foe" : ""}` });
      g.append(s("circle", { cx: cx + C / 2, cy: cy + C / 2, r: C / 2 - 3 }), s("text", { x: cx + C / 2, y: cy + C / 2 + 4, "text-anchor": "middle" }, (name || "?").slice(0, 2)), s("title", {}, `${name} (${p.x}, ${p.y})`));
      svg.append(g);
    }
  }
  return svg;
}

function hexSvg(points, screen) {
  // Flat-topped axial: x = 1.5 q, y = √3 (r + q/2).
  const R = 20;
  const px = (p) => [R * 1.5 * p.q, R * Math.sqrt(3) * (p.r + p.q / 2)];
  const coords = points.map(px);
  const minX = Math.min(...coords.map((c) => c[0])) - 2 * R;
  const minY = Math.min(...coords.map((c) => c[1])) - 2 * R;
  const maxX = Math.max(...coords.map((c) => c[0])) + 2 * R;
  const maxY = Math.max(...coords.map((c) => c[1])) + 2 * R;
  const svg = s("svg", { viewBox: `${minX} ${minY} ${maxX - minX} ${maxY - minY}`, class: "map hex-map", role: "img", "aria-label": t("travel-map-aria", { count: points.length }) });
  const hex = (x, y) => [0, 1, 2, 3, 4, 5].map((i) => `${x + R * Math.cos((Math.PI / 3) * i)},${y + R * Math.sin((Math.PI / 3) * i)}`).join(" ");
  points.forEach((p, i) => {
    const [x, y] = coords[i];
    const party = /party|position|believed|true/i.test(`${p.path} ${p.kind}`);
    const label = screen.creatures[p.label] ? displayName(screen.creatures[p.label]) : p.label;
    svg.append(s("polygon", { points: hex(x, y), class: `hex ${party ? "party" : ""} ${p.terrain ? "terrain" : ""}` }, s("title", {}, `${label || p.kind} (${p.q}, ${p.r})`)));
    if (label) svg.append(s("text", { x, y: y + 4, "text-anchor": "middle", class: "hex-label" }, String(label).slice(0, 8)));
  });
  return svg;
}

function dataView(value) {
  return h("details", { class: "raw" }, h("summary", {}, t("map-data")), h("pre", {}, JSON.stringify(value, null, 2)));
}

export function mapsPanel(screen) {
  const out = [];
  const clockCombat = screen.view.clock?.combat;
  const combat = screen.rules.combat;
  if (combat || clockCombat) {
    const points = combat ? positioned(combat).filter((p) => "x" in p) : [];
    const order = clockCombat?.order || [];
    out.push(
      section(
        "combat",
        t("combat"),
        clockCombat ? h("p", {}, t("combat-round", { round: clockCombat.round, who: displayName(screen.creatures[order[clockCombat.current]]) || order[clockCombat.current] || "?" })) : null,
        order.length ? h("ol", { class: "order" }, order.map((id, i) => h("li", { class: i === clockCombat.current ? "acting" : "", "aria-current": i === clockCombat.current ? "true" : null }, displayName(screen.creatures[id]) || id))) : null,
        points.length ? gridSvg(points, screen) : null,
        combat ? dataView(combat) : null,
      ),
    );
  }
  const travel = screen.rules.travel;
  if (travel) {
    const points = positioned(travel).filter((p) => "q" in p);
    out.push(section("travel", t("travel"), points.length ? hexSvg(points, screen) : null, dataView(travel)));
  }
  return out;
}
