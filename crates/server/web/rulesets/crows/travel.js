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

import { h, section } from "../../js/vdom.js";
import { t } from "../../js/i18n.js";
import { Brushes } from "../../js/grid.js";
import { HexMap, DIRECTIONS, hexKey as hk, hexRange, hexDraft, paintHex, eraseHex, erasedHexes, sameHex as same } from "../../js/hexmap.js";
import { displayName, isParty } from "./sheet.js";
import { sendShowing } from "./combat.js";
import { refusalText } from "../../js/log.js";

const TASKS = ["fight_the_miasma", "make_camp", "support_everyone", "normal_route", "safe_route", "shortcut", "back_on_track", "scout_for_danger", "scout_for_shelter", "treasure_hunt", "forage", "hunt", "track_creature"];


function ui(screen) {
  return (screen.travelUi ||= { pace: "normal", roles: {}, hours: "4", found: "landmark", site: "", refusal: "" });
}

/** The travel map, drawn by the shell's hex map: the hexes the viewer knows, the party, sites,
 * and (for whoever moves the party) the six neighbours to go to. */
function hexView(screen, tv, canMove) {
  // Players get `map` as a list of `{hex, info}`; the Referee the stored map (`map.hexes`).
  const list = Array.isArray(tv.map) ? tv.map : tv.map?.hexes || [];
  const pos = tv.position || null;
  const believed = pos?.believed_hex || null;
  const truth = screen.isReferee ? pos?.true_hex || null : null;
  const go = (dir) => () => sendShowing(screen, ui(screen), { travel_move: { toward: dir } });
  const drawn = new Set(list.map((e) => hk(e.hex)));
  const hexes = list.map((e) => ({ q: e.hex.q, r: e.hex.r, cls: `${e.info?.road ? "road" : ""}${e.info?.in_miasma ? " miasma" : ""}`, title: `${e.info?.terrain || ""} (${e.hex.q}, ${e.hex.r})`, text: e.info?.terrain || "" }));
  for (const [dir, dq, dr] of believed ? DIRECTIONS : []) {
    const n = { q: believed.q + dq, r: believed.r + dr };
    if (!drawn.has(hk(n))) hexes.push({ ...n, key: "u", cls: "unknown" });
    if (canMove) hexes.push({ ...n, key: "n", cls: "neighbour", id: `hex-go-${dir}`, dir, label: t("travel-move-to", { direction: t(`dir-${dir}`), q: n.q, r: n.r }), onPick: go(dir) });
  }
  const marks = Object.entries(tv.sites || {})
    .filter(([, st]) => st.hex)
    .map(([id, st]) => ({ ...st.hex, key: id, cls: `site site-${st.kind}`, title: st.name || id }));
  return h(HexMap, {
    id: "hex-map",
    label: t("travel-map-aria", { count: list.length }),
    hexes,
    marks,
    party: { believed, truth, believedLabel: believed && t("travel-believed", believed), trueLabel: truth && t("travel-true", truth) },
  });
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

export function travelPanel(screen, ...more) {
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
    screen.isReferee && editUi(screen).on ? null : hexView(screen, tv, screen.isReferee && !!day),
    day ? roleForms(screen, tv) : null,
    screen.isReferee ? refereeControls(screen, day) : null,
    screen.isReferee ? refereeExtras(screen, tv, day) : null,
    screen.isReferee ? hexEditor(screen, tv, day) : null,
    ui(screen).refusal ? h("p", { class: "refusal", id: "travel-refusal", role: "alert" }, `${t("refused")}: ${ui(screen).refusal}`) : null,
    ...more,
  );
}

// ---------- the Referee's map editor: `set_hexes`, `remove_hexes`, sites, the party ----------

const TERRAINS = ["plains", "forest", "hills", "mountains", "swamp", "moor", "desert", "farmstead", "lake", "ruins"];
const TOOLS = ["paint", "erase", "site", "party", "true"];

function editUi(screen) {
  const u = ui(screen);
  return (u.edit ||= { on: false, tool: "paint", terrain: "forest", road: false, river: false, in_miasma: true, shown: true, ...hexDraft(), site: { id: "", name: "", kind: "dungeon", known: false, in_miasma: true, notes: "", hex: null }, members: null });
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
    paintHex(ed, hex, { terrain: ed.terrain.trim() || "plains", road: !!ed.road, river: !!ed.river, in_miasma: !!ed.in_miasma, shown: !!ed.shown });
  } else if (ed.tool === "erase") {
    eraseHex(ed, hex, storedHexes(tv).some((x) => hk(x) === k));
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

/** The editor's canvas: every hex around the map, each a button that applies the tool. */
function editorView(screen, tv, ed) {
  const shownHexes = new Map(storedHexes(tv).map((x) => [hk(x), { q: x.q, r: x.r, terrain: x.info?.terrain || "", road: x.info?.road, river: x.info?.river, in_miasma: x.info?.in_miasma, shown: x.shown }]));
  for (const k of ed.erased) shownHexes.delete(k);
  for (const [k, v] of ed.painted) shownHexes.set(k, { ...v, draft: true });
  const pos = tv.position;
  const cells = hexRange([...shownHexes.values(), ...(pos?.believed_hex ? [pos.believed_hex] : []), { q: 0, r: 0 }]);
  const hexes = cells.map((c) => {
    const hx = shownHexes.get(hk(c));
    const label = [`(${c.q}, ${c.r})`, hx ? hx.terrain : t("hex-empty"), hx?.road ? t("hex-road") : "", hx?.river ? t("hex-river") : "", hx && !hx.shown ? t("hex-hidden") : ""].filter(Boolean).join(", ");
    const cls = [hx ? "terrain-set" : "empty", hx?.draft ? "draft" : "", hx?.road ? "road" : "", hx?.river ? "river" : "", hx && hx.in_miasma === false ? "clean" : "", hx && !hx.shown ? "hidden" : "", same(ed.site.hex, c) ? "picked" : ""];
    return { ...c, id: `hexed-${c.q}-${c.r}`, cls: cls.filter(Boolean).join(" "), label, text: hx?.terrain, onPick: () => editHex(screen, tv, ed, c) };
  });
  const marks = Object.entries(tv.sites || {})
    .filter(([, st]) => st.hex)
    .map(([id, st]) => ({ ...st.hex, key: id, cls: `site site-${st.kind}`, title: st.name || id }));
  return h(HexMap, { id: "hex-editor-map", label: t("hex-editor-aria", { count: shownHexes.size }), hexes, marks, party: { believed: pos?.believed_hex, truth: pos?.true_hex }, editing: true });
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
      if (ed.erased.size) await screen.send({ rules: { remove_hexes: { hexes: erasedHexes(ed) } } });
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
    h(Brushes, { id: "hex-tool", label: t("hex-tool"), brushes: TOOLS.map((k) => ({ id: k, label: t(`hex-tool-${k}`), disabled: (k === "party" && !!day) || (k === "true" && !tv.position) })), chosen: ed.tool, onChoose: (k) => ((ed.tool = k), screen.render()) }),
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
    editorView(screen, tv, ed),
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
