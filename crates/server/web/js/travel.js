// The travel screen: the view's `rules.travel` (see crates/crows/src/ruleset/travel/mod.rs)
// drawn as a flat-topped axial hex map (`q` east, `r` south) with the party's believed hex
// (players) and, for the Referee, the true one too; the day's steps: `begin_travel_day` with
// the pace, `declare_role` by each player for their crow, `travel_role_tests`,
// `travel_encounter_check`, `travel_move` by clicking (or Enter on) a neighbouring hex,
// `travel_rest` / `travel_rest_end`, `end_travel_day`.

import { h, section } from "./dom.js";
import { t } from "./i18n.js";
import { displayName, isParty } from "./sheet.js";

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

/** Directions clockwise from due north, with their axial steps (as the rules define them). */
export const DIRECTIONS = [
  ["north", 0, -1],
  ["north_east", 1, -1],
  ["south_east", 1, 0],
  ["south", 0, 1],
  ["south_west", -1, 1],
  ["north_west", -1, 0],
];

const TASKS = ["fight_the_miasma", "make_camp", "support_everyone", "normal_route", "safe_route", "shortcut", "back_on_track", "scout_for_danger", "scout_for_shelter", "treasure_hunt", "forage", "hunt", "track_creature"];

const R = 22;
const px = (q, r) => [R * 1.5 * q, R * Math.sqrt(3) * (r + q / 2)];
const corners = (x, y) => [0, 1, 2, 3, 4, 5].map((i) => `${x + R * Math.cos((Math.PI / 3) * i)},${y + R * Math.sin((Math.PI / 3) * i)}`).join(" ");
const same = (a, b) => a && b && a.q === b.q && a.r === b.r;

function ui(screen) {
  return (screen.travelUi ||= { pace: "normal", roles: {} });
}

function hexSvg(screen, tv, canMove) {
  // Players get `map` as a list of `{hex, info}`; the Referee the stored map (`map.hexes`).
  const list = Array.isArray(tv.map) ? tv.map : tv.map?.hexes || [];
  const hexes = list.map((e) => ({ ...e.hex, info: e.info }));
  const pos = tv.position || null;
  const believed = pos?.believed_hex || null;
  const truth = screen.isReferee ? pos?.true_hex || null : null;
  const sites = Object.entries(tv.sites || {}).map(([id, st]) => ({ id, ...st }));
  const go = (dir) => screen.send({ rules: { travel_move: { toward: dir } } }).catch(() => {});
  const neighbours = believed ? DIRECTIONS.map(([dir, dq, dr]) => ({ q: believed.q + dq, r: believed.r + dr, dir })) : [];
  const all = [...hexes, ...neighbours, ...(believed ? [believed] : []), ...(truth ? [truth] : [])];
  if (!all.length) return null;
  const pts = all.map((p) => px(p.q, p.r));
  const minX = Math.min(...pts.map((c) => c[0])) - 1.5 * R;
  const minY = Math.min(...pts.map((c) => c[1])) - 1.5 * R;
  const maxX = Math.max(...pts.map((c) => c[0])) + 1.5 * R;
  const maxY = Math.max(...pts.map((c) => c[1])) + 1.5 * R;
  const svg = s("svg", { viewBox: `${minX} ${minY} ${maxX - minX} ${maxY - minY}`, class: "map hex-map", id: "hex-map", role: "group", "aria-label": t("travel-map-aria", { count: hexes.length }) });
  const drawn = new Set();
  for (const hx of hexes) {
    const [x, y] = px(hx.q, hx.r);
    drawn.add(`${hx.q},${hx.r}`);
    const terrain = hx.info?.terrain || "";
    svg.append(s("polygon", { points: corners(x, y), class: `hex${hx.info?.road ? " road" : ""}${hx.info?.in_miasma ? " miasma" : ""}`, "data-q": hx.q, "data-r": hx.r }, s("title", {}, `${terrain} (${hx.q}, ${hx.r})`)));
    svg.append(s("text", { x, y: y - R * 0.45, "text-anchor": "middle", class: "hex-label" }, terrain.slice(0, 7)));
  }
  for (const n of neighbours) {
    const [x, y] = px(n.q, n.r);
    if (!drawn.has(`${n.q},${n.r}`)) svg.append(s("polygon", { points: corners(x, y), class: "hex unknown" }));
    if (!canMove) continue;
    const label = t("travel-move-to", { direction: t(`dir-${n.dir}`), q: n.q, r: n.r });
    svg.append(
      s(
        "polygon",
        {
          points: corners(x, y),
          class: "hex neighbour",
          id: `hex-go-${n.dir}`,
          "data-dir": n.dir,
          role: "button",
          tabindex: 0,
          "aria-label": label,
          onclick: () => go(n.dir),
          onkeydown: (e) => {
            if (e.key === "Enter" || e.key === " ") {
              e.preventDefault();
              go(n.dir);
            }
          },
        },
        s("title", {}, label),
      ),
    );
  }
  for (const st of sites) {
    if (!st.hex) continue;
    const [x, y] = px(st.hex.q, st.hex.r);
    svg.append(s("circle", { cx: x, cy: y - 10, r: 4, class: `site site-${st.kind}` }, s("title", {}, st.name || st.id)));
  }
  if (believed) {
    const [x, y] = px(believed.q, believed.r);
    svg.append(s("circle", { cx: x, cy: y, r: R / 2.5, class: "party-marker believed", id: "party-believed" }, s("title", {}, t("travel-believed", { q: believed.q, r: believed.r }))));
  }
  if (truth && !same(truth, believed)) {
    const [x, y] = px(truth.q, truth.r);
    svg.append(s("circle", { cx: x, cy: y, r: R / 2.5, class: "party-marker true", id: "party-true" }, s("title", {}, t("travel-true", { q: truth.q, r: truth.r }))));
  }
  return svg;
}

function dayLine(day) {
  if (!day) return h("p", { class: "hint" }, t("travel-no-day"));
  // Players get the day with its tally worked out; the Referee the stored day (`tally` inside).
  const pace = day.pace ?? day.tally?.pace;
  const step = typeof day.step === "string" ? day.step : Object.keys(day.step || {})[0] || "";
  return h(
    "p",
    { id: "travel-day" },
    t("travel-day-line", { day: day.number ?? "?", pace: pace ? t(`pace-${pace}`) : "?", moved: day.hexes_moved ?? 0, hexes: day.hexes ?? "?" }),
    " · ",
    t("travel-step", { step: t(`step-${step}`) }),
    day.travel_threshold != null ? [" · ", t("travel-thresholds", { travel: day.travel_threshold, rest: day.rest_threshold ?? "?" })] : null,
  );
}

function roles(screen, day) {
  // A list of `{creature, task, …}` (older shapes: a map by creature).
  const list = day?.roles || [];
  const entries = Array.isArray(list) ? list.map((r) => [r.creature, r]) : Object.entries(list);
  if (!entries.length) return null;
  return h(
    "ul",
    { class: "travel-roles" },
    entries.map(([id, r]) => h("li", {}, `${displayName(screen.creatures[id]) || id}: ${t(`task-${r.task ?? r}`)}`)),
  );
}

function roleForms(screen, tv) {
  const u = ui(screen);
  const own = screen.mine().filter((id) => isParty(screen.creatures[id]) && (!tv.party?.members?.length || tv.party.members.includes(id)));
  return own.map((id) => {
    const f = (u.roles[id] ||= { task: "normal_route", characteristic: "" });
    const name = displayName(screen.creatures[id]) || id;
    return h(
      "form",
      {
        class: "row wrap",
        "aria-label": t("declare-role-for", { name }),
        onsubmit: (e) => {
          e.preventDefault();
          const cmd = { creature: id, task: f.task };
          if (f.characteristic) cmd.characteristic = f.characteristic;
          screen.send({ rules: { declare_role: cmd } }).catch(() => {});
        },
      },
      h("label", { for: `role-${id}` }, t("declare-role-for", { name })),
      h("select", { id: `role-${id}`, onchange: (e) => (f.task = e.target.value) }, TASKS.map((k) => h("option", { value: k, selected: k === f.task }, t(`task-${k}`)))),
      h(
        "select",
        { id: `role-${id}-char`, "aria-label": t("characteristic"), onchange: (e) => (f.characteristic = e.target.value) },
        h("option", { value: "" }, t("characteristic-default")),
        ["agility", "mind", "strength"].map((k) => h("option", { value: k, selected: k === f.characteristic }, t(`char-${k}`))),
      ),
      h("button", { type: "submit", id: `role-${id}-submit` }, t("declare-role")),
      h("button", { type: "button", id: `role-${id}-withdraw`, onclick: () => screen.send({ rules: { withdraw_role: { creature: id } } }).catch(() => {}) }, t("withdraw-role")),
    );
  });
}

function refereeControls(screen, day) {
  const u = ui(screen);
  const go = (cmd) => screen.send({ rules: cmd }).catch(() => {});
  if (!day)
    return h(
      "div",
      { class: "row wrap controls" },
      h("label", { for: "travel-pace" }, t("travel-pace")),
      h("select", { id: "travel-pace", onchange: (e) => (u.pace = e.target.value) }, ["slow", "normal", "fast"].map((p) => h("option", { value: p, selected: p === u.pace }, t(`pace-${p}`)))),
      h("button", { type: "button", id: "begin-travel-day", class: "primary", onclick: () => go({ begin_travel_day: { pace: u.pace } }) }, t("begin-travel-day")),
    );
  return h(
    "div",
    { class: "row wrap controls" },
    h("button", { type: "button", id: "travel-role-tests", onclick: () => go({ travel_role_tests: {} }) }, t("travel-role-tests")),
    h("button", { type: "button", id: "travel-encounter-check", onclick: () => go({ travel_encounter_check: {} }) }, t("travel-encounter-check")),
    (day.resting || day.rest)
      ? h("button", { type: "button", id: "travel-rest-end", onclick: () => go({ travel_rest_end: { completed: true } }) }, t("travel-rest-end"))
      : h("button", { type: "button", id: "travel-rest", onclick: () => go({ travel_rest: {} }) }, t("travel-rest")),
    h("button", { type: "button", id: "end-travel-day", onclick: () => go({ end_travel_day: {} }) }, t("end-travel-day")),
  );
}

export function travelPanel(screen) {
  const tv = screen.rules.travel;
  if (!tv) return null;
  const day = tv.day || null;
  const pos = tv.position || null;
  const mapped = Array.isArray(tv.map) ? tv.map.length : tv.map?.hexes?.length;
  // Players see the panel once there is a journey to show.
  if (!screen.isReferee && !mapped && !pos && !day) return null;
  return section(
    "travel",
    t("travel"),
    pos?.believed_hex ? h("p", { id: "travel-position" }, t("travel-believed", { q: pos.believed_hex.q, r: pos.believed_hex.r }), screen.isReferee && pos.true_hex ? [" · ", t("travel-true", { q: pos.true_hex.q, r: pos.true_hex.r })] : null, pos.lost ? [" · ", h("strong", {}, t("travel-lost"))] : null) : null,
    dayLine(day),
    roles(screen, day),
    hexSvg(screen, tv, screen.isReferee && !!day),
    day ? roleForms(screen, tv) : null,
    screen.isReferee ? refereeControls(screen, day) : null,
  );
}
