// The hex map (Preact), game-free: flat-topped axial hexes (`q` east, `r` south-east), the
// party's believed position and, for whoever may see it, the true one, markers (sites), and
// hexes that act (a move to a neighbour, the editor's every hex).
//
// <HexMap id label hexes marks party editing/>
// - hexes: [{q, r, cls, title, text, id, label, onPick}] (with onPick: a button, Enter/Space);
// - marks: [{q, r, cls, title, dy}] small circles (sites);
// - party: {believed, truth, believedLabel, trueLabel} (ids `party-believed`, `party-true`).
// hexRange(anchors, pad) lists every hex around some anchors (the editor's canvas);
// the draft helpers keep an editor's painted and erased hexes until they are sent.

import { h } from "../vendor/preact/preact.module.js";

export const R = 22;
export const hexKey = (p) => `${p.q},${p.r}`;
export const sameHex = (a, b) => !!a && !!b && a.q === b.q && a.r === b.r;
const px = (q, r) => [R * 1.5 * q, R * Math.sqrt(3) * (r + q / 2)];
const corners = (x, y) => [0, 1, 2, 3, 4, 5].map((i) => `${x + R * Math.cos((Math.PI / 3) * i)},${y + R * Math.sin((Math.PI / 3) * i)}`).join(" ");

/** The six neighbours clockwise from due north: [direction, dq, dr]. */
export const DIRECTIONS = [
  ["north", 0, -1],
  ["north_east", 1, -1],
  ["south_east", 1, 0],
  ["south", 0, 1],
  ["south_west", -1, 1],
  ["north_west", -1, 0],
];

/** Every hex within `pad` columns and rows of the anchors' box. */
export function hexRange(anchors, pad = 2) {
  const minQ = Math.min(...anchors.map((p) => p.q)) - pad;
  const maxQ = Math.max(...anchors.map((p) => p.q)) + pad;
  const minR = Math.min(...anchors.map((p) => p.r + p.q / 2)) - pad;
  const maxR = Math.max(...anchors.map((p) => p.r + p.q / 2)) + pad;
  const out = [];
  for (let q = minQ; q <= maxQ; q++) for (let r = Math.ceil(minR - q / 2); r <= Math.floor(maxR - q / 2); r++) out.push({ q, r });
  return out;
}

/** An editor's draft: hexes painted (by key, with their fields) and erased. */
export const hexDraft = () => ({ painted: new Map(), erased: new Set() });
export function paintHex(d, hex, fields) {
  d.erased.delete(hexKey(hex));
  d.painted.set(hexKey(hex), { q: hex.q, r: hex.r, ...fields });
}
export function eraseHex(d, hex, stored) {
  d.painted.delete(hexKey(hex));
  if (stored) d.erased.add(hexKey(hex));
}
export const erasedHexes = (d) => [...d.erased].map((k) => ({ q: Number(k.split(",")[0]), r: Number(k.split(",")[1]) }));

const onEnter = (go) => (e) => {
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    go();
  }
};

export function HexMap({ id, label, hexes = [], marks = [], party = {}, editing = false }) {
  const { believed, truth } = party;
  const all = [...hexes, ...(believed ? [believed] : []), ...(truth ? [truth] : [])];
  if (!all.length) return null;
  const pts = all.map((p) => px(p.q, p.r));
  const pad = 1.5 * R;
  const minX = Math.min(...pts.map((c) => c[0])) - pad;
  const minY = Math.min(...pts.map((c) => c[1])) - pad;
  const width = Math.max(...pts.map((c) => c[0])) + pad - minX;
  const height = Math.max(...pts.map((c) => c[1])) + pad - minY;
  const kids = [];
  for (const hx of hexes) {
    const [x, y] = px(hx.q, hx.r);
    const k = hexKey(hx);
    const act = hx.onPick ? { role: "button", tabindex: 0, "aria-label": hx.label || hx.title, onClick: hx.onPick, onKeyDown: onEnter(hx.onPick) } : {};
    kids.push(h("polygon", { key: `${hx.key || "h"}${k}`, points: corners(x, y), class: `hex ${hx.cls || ""}`.trim(), id: hx.id, "data-q": hx.q, "data-r": hx.r, "data-dir": hx.dir, ...act }, hx.title || hx.label ? h("title", {}, hx.title || hx.label) : null));
    if (hx.text) kids.push(h("text", { key: `t${k}`, x, y: editing ? y + 3 : y - R * 0.45, "text-anchor": "middle", class: "hex-label", "pointer-events": "none" }, hx.text.slice(0, 7)));
  }
  for (const m of marks) {
    const [x, y] = px(m.q, m.r);
    kids.push(h("circle", { key: `m${m.key || hexKey(m)}`, cx: x, cy: y + (m.dy ?? -10), r: 4, class: m.cls, "pointer-events": "none" }, m.title ? h("title", {}, m.title) : null));
  }
  const marker = (at, cls, mid, title) => {
    const [x, y] = px(at.q, at.r);
    return h("circle", { key: mid, cx: x, cy: editing ? y + 9 : y, r: editing ? R / 3.5 : R / 2.5, class: `party-marker ${cls}`, id: editing ? null : mid }, title ? h("title", {}, title) : null);
  };
  if (believed) kids.push(marker(believed, "believed", "party-believed", party.believedLabel));
  if (truth && !sameHex(truth, believed)) kids.push(marker(truth, "true", "party-true", party.trueLabel));
  return h("svg", { viewBox: `${minX} ${minY} ${width} ${height}`, class: `map hex-map${editing ? " editing" : ""}`, id, role: "group", "aria-label": label }, kids);
}
