// The travel screen: the view's `rules.travel` (see crates/crows/src/ruleset/travel/mod.rs)
// drawn as a flat-topped axial hex map (`q` east, `r` south) with the party's believed hex
// (players) and, for the Referee, the true one too; the day's steps: `begin_travel_day` with
// the pace, `declare_role` by each player for their crow, `travel_role_tests`,
// `travel_encounter_check`, `travel_move` by clicking (or Enter on) a neighbouring hex,
// `travel_rest` / `travel_rest_end`, `end_travel_day`; between days the Referee's map editor
// (`set_hexes` painted hex by hex with a terrain brush, `remove_hexes`, `set_site` /
// `remove_site` on a clicked hex, `place_party` and `set_true_position` by clicking,
// `set_party`) and the other steps: `road_encounter`, `arrive_at_site` / `leave_site`,
// `travel_found` while lost, `travel_hours`. A refusal's reason stays shown under the controls.

import { h, section } from "../../js/dom.js";
import { t } from "../../js/i18n.js";
import { displayName, isParty } from "./sheet.js";
import { sendShowing } from "./combat.js";
import { refusalText } from "../../js/log.js";

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
  return (screen.travelUi ||= { pace: "normal", roles: {}, hours: "4", found: "landmark", site: "", refusal: "" });
}

function hexSvg(screen, tv, canMove) {
  // Players get `map` as a list of `{hex, info}`; the Referee the stored map (`map.hexes`).
  const list = Array.isArray(tv.map) ? tv.map : tv.map?.hexes || [];
  const hexes = list.map((e) => ({ ...e.hex, info: e.info }));
  const pos = tv.position || null;
  const believed = pos?.believed_hex || null;
  const truth = screen.isReferee ? pos?.true_hex || null : null;
  const sites = Object.entries(tv.sites || {}).map(([id, st]) => ({ id, ...st }));
  const go = (dir) => sendShowing(screen, ui(screen), { travel_move: { toward: dir } });
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
          sendShowing(screen, u, { declare_role: cmd });
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
      h("button", { type: "button", id: `role-${id}-withdraw`, onclick: () => sendShowing(screen, u, { withdraw_role: { creature: id } }) }, t("withdraw-role")),
    );
  });
}

/** The Referee's steps outside the day's sequence: sites, a lost party, hours. */
function refereeExtras(screen, tv, day) {
  const u = ui(screen);
  const go = (cmd) => sendShowing(screen, u, cmd);
  const sites = Object.entries(tv.sites || {});
  const site = sites.some(([id]) => id === u.site) ? u.site : sites[0]?.[0] || "";
  return h(
    "div",
    { class: "row wrap controls" },
    tv.exploring
      ? h("button", { type: "button", id: "leave-site", onclick: () => go({ leave_site: {} }) }, t("leave-site"))
      : sites.length
        ? [
            h("label", { for: "arrive-site" }, t("arrive-site")),
            h("select", { id: "arrive-site", onchange: (e) => (u.site = e.target.value) }, sites.map(([id, x]) => h("option", { value: id, selected: id === site }, x.name || id))),
            h("button", { type: "button", id: "arrive-at-site", onclick: () => go({ arrive_at_site: { site } }) }, t("arrive-at-site")),
          ]
        : null,
    tv.position?.lost
      ? [
          h("label", { for: "travel-found-how" }, t("travel-found")),
          h("select", { id: "travel-found-how", onchange: (e) => (u.found = e.target.value) }, ["map", "landmark", "directions"].map((k) => h("option", { value: k, selected: k === u.found }, t(`found-${k}`)))),
          h("button", { type: "button", id: "travel-found", onclick: () => go({ travel_found: { how: u.found } }) }, t("travel-found-go")),
        ]
      : null,
    day ? null : [
      h("label", { for: "travel-hours" }, t("travel-hours")),
      h("input", { id: "travel-hours", type: "number", class: "num", min: 1, max: 24, value: u.hours, oninput: (e) => (u.hours = e.target.value) }),
      h("button", { type: "button", id: "travel-hours-go", onclick: () => go({ travel_hours: { hours: Number(u.hours) || 1 } }) }, t("travel-hours-go")),
    ],
  );
}

function refereeControls(screen, day) {
  const u = ui(screen);
  const go = (cmd) => sendShowing(screen, u, cmd);
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
    h("button", { type: "button", id: "road-encounter", onclick: () => go({ road_encounter: {} }) }, t("road-encounter")),
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
    screen.isReferee && editUi(screen).on ? null : hexSvg(screen, tv, screen.isReferee && !!day),
    day ? roleForms(screen, tv) : null,
    screen.isReferee ? refereeControls(screen, day) : null,
    screen.isReferee ? refereeExtras(screen, tv, day) : null,
    screen.isReferee ? hexEditor(screen, tv, day) : null,
    ui(screen).refusal ? h("p", { class: "refusal", id: "travel-refusal", role: "alert" }, `${t("refused")}: ${ui(screen).refusal}`) : null,
  );
}

// ---------- the Referee's map editor: `set_hexes`, `remove_hexes`, sites, the party ----------

const TERRAINS = ["plains", "forest", "hills", "mountains", "swamp", "moor", "desert", "farmstead", "lake", "ruins"];
const TOOLS = ["paint", "erase", "site", "party", "true"];
const hk = (p) => `${p.q},${p.r}`;

function editUi(screen) {
  const u = ui(screen);
  return (u.edit ||= { on: false, tool: "paint", terrain: "forest", road: false, river: false, in_miasma: true, shown: true, painted: new Map(), erased: new Set(), site: { id: "", name: "", kind: "dungeon", known: false, in_miasma: true, notes: "", hex: null }, members: null });
}

/** The Referee's stored hexes as `{q, r, info, shown}`. */
function storedHexes(tv) {
  const hidden = new Set((tv.hidden_hexes || []).map(hk));
  const list = Array.isArray(tv.map) ? tv.map : tv.map?.hexes || [];
  return list.map((e) => ({ q: e.hex.q, r: e.hex.r, info: e.info, shown: !hidden.has(hk(e.hex)) }));
}

/** Applies the editor's tool to a hex. */
function editHex(screen, tv, ed, hex) {
  const u = ui(screen);
  const k = hk(hex);
  if (ed.tool === "paint") {
    ed.erased.delete(k);
    ed.painted.set(k, { q: hex.q, r: hex.r, terrain: ed.terrain.trim() || "plains", road: !!ed.road, river: !!ed.river, in_miasma: !!ed.in_miasma, shown: !!ed.shown });
  } else if (ed.tool === "erase") {
    ed.painted.delete(k);
    if (storedHexes(tv).some((x) => hk(x) === k)) ed.erased.add(k);
  } else if (ed.tool === "site") {
    ed.site.hex = { q: hex.q, r: hex.r };
  } else if (ed.tool === "party") {
    sendShowing(screen, u, { place_party: { q: hex.q, r: hex.r } });
    return;
  } else if (ed.tool === "true") {
    sendShowing(screen, u, { set_true_position: { q: hex.q, r: hex.r } });
    return;
  }
  screen.render();
}

function editorSvg(screen, tv, ed) {
  const stored = storedHexes(tv);
  const shownHexes = new Map(stored.map((x) => [hk(x), { q: x.q, r: x.r, terrain: x.info?.terrain || "", road: x.info?.road, river: x.info?.river, in_miasma: x.info?.in_miasma, shown: x.shown }]));
  for (const k of ed.erased) shownHexes.delete(k);
  for (const [k, v] of ed.painted) shownHexes.set(k, { ...v, draft: true });
  const pos = tv.position;
  const anchors = [...shownHexes.values(), ...(pos?.believed_hex ? [pos.believed_hex] : []), { q: 0, r: 0 }];
  const minQ = Math.min(...anchors.map((p) => p.q)) - 2;
  const maxQ = Math.max(...anchors.map((p) => p.q)) + 2;
  const minR = Math.min(...anchors.map((p) => p.r + p.q / 2)) - 2;
  const maxR = Math.max(...anchors.map((p) => p.r + p.q / 2)) + 2;
  const cells = [];
  for (let q = minQ; q <= maxQ; q++) for (let r = Math.ceil(minR - q / 2); r <= Math.floor(maxR - q / 2); r++) cells.push({ q, r });
  const pts = cells.map((p) => px(p.q, p.r));
  const minX = Math.min(...pts.map((c) => c[0])) - R;
  const minY = Math.min(...pts.map((c) => c[1])) - R;
  const maxX = Math.max(...pts.map((c) => c[0])) + R;
  const maxY = Math.max(...pts.map((c) => c[1])) + R;
  const svg = s("svg", { viewBox: `${minX} ${minY} ${maxX - minX} ${maxY - minY}`, class: "map hex-map editing", id: "hex-editor-map", role: "group", "aria-label": t("hex-editor-aria", { count: shownHexes.size }) });
  const sites = Object.entries(tv.sites || {}).map(([id, st]) => ({ id, ...st }));
  for (const c of cells) {
    const [x, y] = px(c.q, c.r);
    const hx = shownHexes.get(hk(c));
    const label = [`(${c.q}, ${c.r})`, hx ? hx.terrain : t("hex-empty"), hx?.road ? t("hex-road") : "", hx?.river ? t("hex-river") : "", hx && !hx.shown ? t("hex-hidden") : ""].filter(Boolean).join(", ");
    const act = () => editHex(screen, tv, ed, c);
    svg.append(
      s(
        "polygon",
        {
          points: corners(x, y),
          class: `hex${hx ? " terrain-set" : " empty"}${hx?.draft ? " draft" : ""}${hx?.road ? " road" : ""}${hx?.river ? " river" : ""}${hx && hx.in_miasma === false ? " clean" : ""}${hx && !hx.shown ? " hidden" : ""}${same(ed.site.hex, c) ? " picked" : ""}`,
          id: `hexed-${c.q}-${c.r}`,
          "data-q": c.q,
          "data-r": c.r,
          role: "button",
          tabindex: 0,
          "aria-label": label,
          onclick: act,
          onkeydown: (e) => {
            if (e.key === "Enter" || e.key === " ") {
              e.preventDefault();
              act();
            }
          },
        },
        s("title", {}, label),
      ),
    );
    if (hx) svg.append(s("text", { x, y: y + 3, "text-anchor": "middle", class: "hex-label", "pointer-events": "none" }, hx.terrain.slice(0, 7)));
  }
  for (const st of sites) {
    if (!st.hex) continue;
    const [x, y] = px(st.hex.q, st.hex.r);
    svg.append(s("circle", { cx: x, cy: y - 10, r: 4, class: `site site-${st.kind}`, "pointer-events": "none" }, s("title", {}, st.name || st.id)));
  }
  if (pos?.believed_hex) {
    const [x, y] = px(pos.believed_hex.q, pos.believed_hex.r);
    svg.append(s("circle", { cx: x, cy: y + 9, r: R / 3.5, class: "party-marker believed" }));
  }
  if (pos?.true_hex && !same(pos.true_hex, pos.believed_hex)) {
    const [x, y] = px(pos.true_hex.q, pos.true_hex.r);
    svg.append(s("circle", { cx: x, cy: y + 9, r: R / 3.5, class: "party-marker true" }));
  }
  return svg;
}

function hexEditor(screen, tv, day) {
  const u = ui(screen);
  const ed = editUi(screen);
  if (!ed.on) return h("button", { type: "button", id: "hex-edit", onclick: () => ((ed.on = true), screen.render()) }, t("hex-edit"));
  const check = (id, prop) => h("label", { class: "check" }, h("input", { id, type: "checkbox", checked: !!ed[prop], onchange: (e) => (ed[prop] = e.target.checked) }), t(`hex-${prop}`));
  const changes = ed.painted.size + ed.erased.size;
  const send = async () => {
    try {
      if (ed.painted.size) await screen.send({ rules: { set_hexes: { hexes: [...ed.painted.values()] } } });
      if (ed.erased.size) await screen.send({ rules: { remove_hexes: { hexes: [...ed.erased].map((k) => ({ q: Number(k.split(",")[0]), r: Number(k.split(",")[1]) })) } } });
      ed.painted.clear();
      ed.erased.clear();
      u.refusal = "";
    } catch (e) {
      u.refusal = e?.message ? refusalText(e) : String(e);
    }
    screen.render();
  };
  const st = ed.site;
  const sites = Object.entries(tv.sites || {});
  const creatures = Object.values(screen.creatures);
  const members = ed.members || (tv.party?.members?.length ? tv.party.members : creatures.filter(isParty).map((c) => c.id));
  return h(
    "div",
    { class: "hex-editor", id: "hex-editor" },
    h("p", { class: "hint" }, t("hex-edit-hint")),
    h(
      "div",
      { class: "brushes", role: "radiogroup", "aria-label": t("hex-tool") },
      TOOLS.map((k) =>
        h("button", { type: "button", id: `hex-tool-${k}`, role: "radio", "aria-checked": String(ed.tool === k), class: `brush${ed.tool === k ? " primary" : ""}`, disabled: (k === "party" && !!day) || (k === "true" && !tv.position), onclick: () => ((ed.tool = k), screen.render()) }, t(`hex-tool-${k}`)),
      ),
    ),
    ed.tool === "paint"
      ? h(
          "div",
          { class: "row wrap" },
          h("label", { for: "hex-terrain" }, t("hex-terrain")),
          h("input", { id: "hex-terrain", list: "hex-terrains", value: ed.terrain, oninput: (e) => (ed.terrain = e.target.value) }),
          h("datalist", { id: "hex-terrains" }, TERRAINS.map((x) => h("option", { value: x }))),
          check("hex-road", "road"),
          check("hex-river", "river"),
          check("hex-miasma", "in_miasma"),
          check("hex-shown", "shown"),
        )
      : null,
    editorSvg(screen, tv, ed),
    h(
      "div",
      { class: "row wrap" },
      h("button", { type: "button", id: "hex-send", class: "primary", disabled: !changes, onclick: send }, t("hex-send", { count: changes })),
      h("button", { type: "button", id: "hex-discard", disabled: !changes, onclick: () => (ed.painted.clear(), ed.erased.clear(), screen.render()) }, t("hex-discard")),
      h("button", { type: "button", id: "hex-edit-done", onclick: () => ((ed.on = false), screen.render()) }, t("hex-edit-done")),
    ),
    h(
      "fieldset",
      { id: "site-editor", class: "site-editor" },
      h("legend", {}, t("site-editor")),
      ed.tool !== "site" ? h("p", { class: "hint" }, t("site-pick-hex")) : null,
      ed.tool !== "site" ? null : h(
        "form",
        {
          class: "row wrap",
          onsubmit: (e) => {
            e.preventDefault();
            if (!st.hex) {
              u.refusal = t("site-needs-hex");
              screen.render();
              return;
            }
            const id = st.id.trim() || st.name.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-") || "site";
            sendShowing(screen, u, { set_site: { id, name: st.name.trim() || id, kind: st.kind, q: st.hex.q, r: st.hex.r, in_miasma: !!st.in_miasma, known: !!st.known, notes: st.notes } }, () => Object.assign(st, { id: "", name: "", notes: "", hex: null }));
          },
        },
        h("label", { for: "site-name" }, t("site-name")),
        h("input", { id: "site-name", value: st.name, oninput: (e) => (st.name = e.target.value) }),
        h("label", { for: "site-id" }, t("site-id")),
        h("input", { id: "site-id", value: st.id, oninput: (e) => (st.id = e.target.value) }),
        h("label", { for: "site-kind" }, t("site-kind")),
        h("select", { id: "site-kind", onchange: (e) => (st.kind = e.target.value) }, ["dungeon", "landmark", "obstacle"].map((k) => h("option", { value: k, selected: k === st.kind }, t(`site-kind-${k}`)))),
        h("label", { class: "check" }, h("input", { id: "site-known", type: "checkbox", checked: st.known, onchange: (e) => (st.known = e.target.checked) }), t("site-known")),
        h("label", { class: "check" }, h("input", { id: "site-miasma", type: "checkbox", checked: st.in_miasma, onchange: (e) => (st.in_miasma = e.target.checked) }), t("hex-in_miasma")),
        h("label", { for: "site-notes" }, t("site-notes")),
        h("input", { id: "site-notes", value: st.notes, oninput: (e) => (st.notes = e.target.value) }),
        h("output", { id: "site-hex" }, st.hex ? `(${st.hex.q}, ${st.hex.r})` : t("site-pick-hex")),
        h("button", { type: "submit", id: "site-submit" }, t("site-submit")),
      ),
      sites.length
        ? h(
            "ul",
            { class: "sites" },
            sites.map(([id, x]) => h("li", {}, `${x.name || id} (${t(`site-kind-${x.kind}`)}, ${x.hex?.q}, ${x.hex?.r})${x.known ? "" : ` · ${t("site-secret")}`} `, h("button", { type: "button", id: `site-remove-${id}`, class: "link", onclick: () => sendShowing(screen, u, { remove_site: { id } }) }, t("remove")))),
          )
        : null,
    ),
    h(
      "details",
      { id: "party-editor" },
      h("summary", {}, t("party-editor")),
      h(
        "form",
        {
          class: "row wrap",
          onsubmit: (e) => {
            e.preventDefault();
            sendShowing(screen, u, { set_party: { members } });
          },
        },
        creatures.map((c) =>
          h(
            "label",
            { class: "check" },
            h("input", {
              type: "checkbox",
              id: `party-member-${c.id}`,
              checked: members.includes(c.id),
              onchange: (e) => {
                ed.members = e.target.checked ? [...members.filter((m) => m !== c.id), c.id] : members.filter((m) => m !== c.id);
              },
            }),
            displayName(c) || c.id,
          ),
        ),
        h("button", { type: "submit", id: "party-submit", disabled: !!day }, t("party-submit")),
      ),
    ),
  );
}
