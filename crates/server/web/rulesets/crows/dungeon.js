// The dungeon screen: the explore family's commands and its view part `rules.explore` (see
// crates/crows/src/ruleset/explore/mod.rs). The Referee enters a dungeon (turn length 20/30/60
// minutes, rooms or manual), pauses and resumes the turn (`pause_dungeon_turn` /
// `resume_dungeon_turn`), marks rooms explored, makes a loud noise, leaves, starts and finishes
// a rest and sees the encounter checks (face, EN, outcome: Referee-only events). In a dungeon
// the Referee also reports treasure (`treasure_found`; the `treasure_valued` events with the
// greed reward are listed) and judges the level (`set_dungeon_level`: crowded, trail of chaos,
// other EN modifier, encounter tables). During a rest: the rest's own encounter check
// (`rest_encounter_check`, with the day's rest EN outside a dungeon), `interrupt_rest` (a
// reason) and `rest_noise` (sleepers within reach of a loud noise wake). The encounter options
// (`set_encounter_rules`: EN capped at 10, which way Seclude Camp moves the EN) are two
// checkboxes. A player chooses a rest activity for their crow during a rest. A refusal's reason
// stays shown under the controls. The town screen (js/town.js) comes right after this panel.
// During a visit the Referee may ask for the expedition forecast (issue 24: the next dungeon
// turns played forward on the server, `POST /forecasts/expedition`, nothing logged): turns,
// an optional rest every K turns, runs; its chart and figures come from js/forecast.js, loaded
// only when asked for.

import { h, section } from "../../js/vdom.js";
import { t, tOr, has } from "../../js/i18n.js";
import { refusalText } from "../../js/log.js";
import { displayName, isParty, activityValueInput } from "./sheet.js";
import { sendShowing } from "./combat.js";
import { townPanel } from "./town.js";

const ACTIVITIES = {
  craft: "item",
  harvest: "corpse",
  identify: "item",
  prepare: "task",
  repair_armor: "item",
  seclude_camp: null,
  tend_wounds: "target",
  other: "name",
};

function ui(screen) {
  return (screen.dungeonUi ||= {
    name: "",
    length: "30",
    noise: "",
    place: "dungeon",
    activity: {},
    refusal: "",
    // The expedition forecast's fields, its last report and the chart module once loaded.
    forecast: { turns: "6", restEvery: "", runs: String(FORECAST_RUNS), busy: false, report: null, refusal: "", chart: null },
    // Treasure found, the level draft (null: the view's judgement), the rest's controls.
    treasure: { what: "", value: "" },
    level: null,
    restThreshold: "",
    interrupt: "",
    noiseDistance: "5",
    noiseWho: null,
  });
}

const label = (v) => (typeof v === "string" ? v : JSON.stringify(v));

/** A label and its input, kept together when the row wraps. */
const field = (...kids) => h("span", { class: "act-field" }, ...kids);

/** The text of one check outcome (`nothing`, `immediate`, `sign` with its turn; on the road
 * `nothing`, `now`, `referee_schedules`). */
function outcomeText(o) {
  const key = typeof o === "string" ? o : o?.outcome ?? Object.keys(o || {})[0] ?? "";
  return { key, text: has(`encounter-${key}`) ? t(`encounter-${key}`, { turn: o?.due_turn ?? "?" }) : label(o) };
}

/** The last encounter checks, dungeon-turn ones and the rest's own (CR-REST-08), from the
 * Referee's view (`explore.recent_checks`, oldest first), whatever part of the log is loaded. */
function encounterChecks(screen) {
  const out = [];
  for (const r of screen.rules.explore?.recent_checks || []) {
    if (r.turn) {
      const c = r.turn.check || {};
      out.push({ id: "dungeon-check-line", turn: r.turn.turn ?? "?", face: c.face, threshold: c.threshold, outcome: c.outcome });
    } else if (r.rest) {
      // `{"dungeon": {"check": {…}}}` or `{"road": {face, threshold, outcome}}`.
      const [, v] = Object.entries(r.rest.result || {})[0] || [];
      const c = v?.check || v || {};
      out.push({ id: "dungeon-rest-check-line", face: c.face, threshold: c.threshold, outcome: c.outcome });
    }
  }
  if (!out.length) return h("p", { class: "hint" }, t("dungeon-no-checks"));
  return h(
    "ul",
    { class: "encounter-checks", id: "encounter-checks" },
    out
      .slice(-5)
      .reverse()
      .map((c) => {
        const o = outcomeText(c.outcome ?? "");
        return h("li", { class: `check-${o.key}` }, t(c.id, { turn: c.turn ?? "?", face: c.face ?? "?", threshold: c.threshold ?? "?", outcome: o.text }));
      }),
  );
}

/** The last treasure valuations (`explore.recent_treasure`: base value, greed percent, value). */
function treasureList(screen) {
  const out = screen.rules.explore?.recent_treasure || [];
  if (!out.length) return null;
  return h(
    "ul",
    { class: "encounter-checks treasure-list", id: "treasure-valuations", "aria-label": t("treasure-valuations") },
    out
      .slice(-5)
      .reverse()
      .map((e) => h("li", {}, t("treasure-line", { what: e.what ?? "", base: e.base ?? 0, percent: e.percent ?? 0, value: e.value ?? 0, turn: e.turn ?? "?" }))),
  );
}

/** Treasure found and the level's judgement (Referee, inside a dungeon). */
function dungeonExtras(screen, ex, go) {
  const u = ui(screen);
  const tr = u.treasure;
  const secrets = ex?.secrets || {};
  // The Referee's edits over the view's judgement (cleared once sent: the view then shows it).
  const edits = (u.level ||= {});
  const lv = {
    crowded: edits.crowded ?? !!secrets.level?.crowded,
    chaos: edits.chaos ?? !!secrets.level?.chaos_trail,
    modifier: edits.modifier ?? String(secrets.threshold_modifier ?? 0),
    tables: edits.tables ?? (secrets.tables || []).join(", "),
  };
  const known = Object.keys(screen.rules.content?.tables || {});
  const treasure = h(
    "form",
    {
      class: "row wrap controls",
      id: "treasure-form",
      "aria-label": t("treasure-found"),
      onsubmit: (e) => {
        e.preventDefault();
        go({ treasure_found: { what: tr.what.trim() || t("treasure"), value: Math.max(0, Math.floor(Number(tr.value) || 0)) } }, () => Object.assign(tr, { what: "", value: "" }));
      },
    },
    field(h("label", { for: "treasure-what" }, t("treasure-what")), h("input", { id: "treasure-what", value: tr.what, oninput: (e) => (tr.what = e.target.value) })),
    field(h("label", { for: "treasure-value" }, t("treasure-value")), h("input", { id: "treasure-value", type: "number", min: 0, class: "num", value: tr.value, oninput: (e) => (tr.value = e.target.value) })),
    h("button", { type: "submit", id: "treasure-found" }, t("treasure-found")),
  );
  const level = h(
    "details",
    { id: "dungeon-level", class: "dungeon-level" },
    h("summary", {}, t("dungeon-level")),
    h(
      "form",
      {
        class: "row wrap",
        onsubmit: (e) => {
          e.preventDefault();
          const tables = (edits.tables ?? lv.tables)
            .split(",")
            .map((x) => x.trim())
            .filter(Boolean);
          const now = { ...lv, ...edits };
          go({ set_dungeon_level: { crowded: now.crowded, chaos_trail: now.chaos, threshold_modifier: Math.trunc(Number(now.modifier) || 0), tables } }, () => (u.level = null));
        },
      },
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "level-crowded", checked: lv.crowded, onchange: (e) => (edits.crowded = e.target.checked) }), t("level-crowded")),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "level-chaos", checked: lv.chaos, onchange: (e) => (edits.chaos = e.target.checked) }), t("level-chaos")),
      field(h("label", { for: "level-modifier" }, t("level-modifier")), h("input", { id: "level-modifier", type: "number", min: -9, max: 9, class: "num", value: lv.modifier, oninput: (e) => (edits.modifier = e.target.value) })),
      field(h("label", { for: "level-tables" }, t("level-tables")), h("input", { id: "level-tables", value: lv.tables, list: known.length ? "level-tables-known" : null, oninput: (e) => (edits.tables = e.target.value) })),
      known.length ? h("datalist", { id: "level-tables-known" }, known.map((k) => h("option", { value: k }))) : null,
      h("button", { type: "submit", id: "set-dungeon-level" }, t("set-dungeon-level")),
    ),
  );
  return [treasure, treasureList(screen), level];
}

/** Whether the rest under way is the travel day's rest in the open (CR-TRAVEL-02): its
 * encounter check, interruption and end are the travel screen's (`travel_rest_end`). */
function restInOpen(screen) {
  const day = screen.rules.travel?.day;
  return !!(day && (day.rest || day.resting));
}

/** The Referee's controls during a rest: its encounter check, a loud noise, an interruption
 * (in the open only the noise: the rest's check and end belong to the travel day). */
function restExtras(screen, ex, go) {
  const u = ui(screen);
  const r = ex.rest;
  const inOpen = restInOpen(screen);
  const name = (id) => displayName(screen.creatures[id]) || id;
  const asleep = r.asleep || [];
  const noiseWho = (u.noiseWho ?? asleep).filter((id) => asleep.includes(id));
  const check =
    r.place === "safe"
      ? h("p", { class: "hint" }, t("rest-check-safe"))
      : h(
          "form",
          {
            class: "row wrap controls",
            "aria-label": t("rest-encounter-check"),
            onsubmit: (e) => {
              e.preventDefault();
              const cmd = {};
              if (r.place !== "dungeon" && u.restThreshold !== "") cmd.threshold = Math.max(1, Math.min(10, Math.trunc(Number(u.restThreshold) || 0)));
              go({ rest_encounter_check: cmd });
            },
          },
          r.place !== "dungeon"
            ? [
                field(h("label", { for: "rest-threshold" }, t("rest-threshold")), h("input", { id: "rest-threshold", type: "number", min: 1, max: 10, class: "num", value: u.restThreshold, oninput: (e) => (u.restThreshold = e.target.value) })),
              ]
            : null,
          h("button", { type: "submit", id: "rest-encounter-check", disabled: !!r.check_made }, r.check_made ? t("rest-check-made") : t("rest-encounter-check")),
        );
  const noise = h(
    "form",
    {
      class: "row wrap controls",
      "aria-label": t("rest-noise"),
      onsubmit: (e) => {
        e.preventDefault();
        go({ rest_noise: { creatures: noiseWho, distance: Math.max(0, Math.trunc(Number(u.noiseDistance) || 0)) } }, () => (u.noiseWho = null));
      },
    },
    asleep.length
      ? h(
          "span",
          { class: "act-field", role: "group", "aria-label": t("rest-noise-near") },
          h("span", { class: "label" }, t("rest-noise-near"), ": "),
          asleep.map((id) =>
            h(
              "label",
              { class: "check" },
              h("input", {
                type: "checkbox",
                id: `rest-noise-${id}`,
                checked: noiseWho.includes(id),
                onchange: (e) => {
                  u.noiseWho = e.target.checked ? [...noiseWho.filter((x) => x !== id), id] : noiseWho.filter((x) => x !== id);
                  screen.render();
                },
              }),
              name(id),
            ),
          ),
        )
      : h("span", { class: "hint" }, t("rest-nobody-asleep")),
    field(h("label", { for: "rest-noise-distance" }, t("rest-noise-distance")), h("input", { id: "rest-noise-distance", type: "number", min: 0, class: "num", value: u.noiseDistance, oninput: (e) => (u.noiseDistance = e.target.value) })),
    h("button", { type: "submit", id: "rest-noise", disabled: !noiseWho.length }, t("rest-noise")),
  );
  const interrupt = h(
    "form",
    {
      class: "row wrap controls",
      "aria-label": t("interrupt-rest"),
      onsubmit: (e) => {
        e.preventDefault();
        const reason = u.interrupt.trim();
        go({ interrupt_rest: reason ? { reason } : {} }, () => (u.interrupt = ""));
      },
    },
    field(h("label", { for: "interrupt-reason" }, t("interrupt-reason")), h("input", { id: "interrupt-reason", value: u.interrupt, oninput: (e) => (u.interrupt = e.target.value) })),
    h("button", { type: "submit", id: "interrupt-rest", class: "danger" }, t("interrupt-rest")),
  );
  return inOpen ? [noise] : [check, noise, interrupt];
}

/** The encounter options (CR-ERR-47, CR-ERR-45): sent as soon as a box changes. */
function encounterRules(screen, ex, go) {
  const o = ex?.encounter_options;
  if (!o) return null;
  return h(
    "details",
    { id: "encounter-rules", class: "dungeon-level" },
    h("summary", {}, t("encounter-rules")),
    h(
      "div",
      { class: "row wrap" },
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "rule-cap-at-ten", checked: o.cap_at_ten !== false, onchange: (e) => go({ set_encounter_rules: { cap_at_ten: e.target.checked } }) }), t("rule-cap-at-ten")),
      h(
        "label",
        { class: "check" },
        h("input", { type: "checkbox", id: "rule-seclude-lower", checked: o.seclude_camp === "lower", onchange: (e) => go({ set_encounter_rules: { seclude_camp: e.target.checked ? "lower" : "raise" } }) }),
        t("rule-seclude-lower"),
      ),
    ),
  );
}

// ---------- the Referee's expedition forecast (issue 24) ----------

/** Runs of a forecast when the field is left as it is. */
const FORECAST_RUNS = 2000;
/** The engine's cap on the turns one expedition forecast plays (`expedition::MAX_TURNS`). */
const FORECAST_MAX_TURNS = 200;

const whole = (v, lo, hi) => Math.max(lo, Math.min(hi, Math.trunc(Number(v) || 0)));

/** The Forecast form (turns, rest every K turns, runs), when the table offers `expedition`. */
function expeditionForecast(screen) {
  if (!(screen.forecasts || []).includes("expedition")) return null;
  const fc = ui(screen).forecast;
  const runs = Number(fc.runs) || FORECAST_RUNS;
  const num = (id, key, min, max, step) => h("input", { id, type: "number", min, max, step, class: "num", value: fc[key], oninput: (e) => (fc[key] = e.target.value) });
  // A form, so Enter asks too; the browser's checks (min, max, step) hold the submit back.
  return [
    h(
      "form",
      {
        class: "row wrap controls dungeon-forecast",
        "aria-label": t("dungeon-forecast-title"),
        onsubmit: (e) => {
          e.preventDefault();
          runExpedition(screen, fc);
        },
      },
      field(h("label", { for: "dungeon-forecast-turns" }, t("dungeon-forecast-turns")), num("dungeon-forecast-turns", "turns", 1, FORECAST_MAX_TURNS, 1)),
      field(h("label", { for: "dungeon-forecast-rest" }, t("dungeon-forecast-rest-every")), num("dungeon-forecast-rest", "restEvery", 1, FORECAST_MAX_TURNS, 1)),
      field(h("label", { for: "dungeon-forecast-runs" }, t("dungeon-forecast-runs")), num("dungeon-forecast-runs", "runs", 1, 20000, 1)),
      h(
        "button",
        { type: "submit", id: "dungeon-forecast", title: t("dungeon-forecast-hint"), "aria-busy": fc.busy ? "true" : null, disabled: fc.busy },
        fc.busy ? t("dungeon-forecast-running", { count: runs }) : t("dungeon-forecast"),
      ),
    ),
    h(
      "div",
      { id: "dungeon-forecast-out", "aria-live": "polite" },
      fc.refusal ? h("p", { class: "refusal", role: "alert", id: "dungeon-forecast-refusal" }, `${t("refused")}: ${fc.refusal}`) : null,
      fc.report && fc.chart
        ? [
            fc.chart.forecastView(expeditionSpec(fc.report)),
            h("button", { type: "button", id: "dungeon-forecast-close", onclick: () => ((fc.report = null), screen.render()) }, t("dungeon-forecast-close")),
          ]
        : null,
    ),
  ];
}

/** Asks the server for the forecast and loads the chart module (lazily) at the same time. */
async function runExpedition(screen, fc) {
  fc.busy = true;
  fc.refusal = "";
  screen.render();
  try {
    const args = { turns: whole(fc.turns, 1, FORECAST_MAX_TURNS) };
    if (String(fc.restEvery).trim() !== "") args.rest_every = whole(fc.restEvery, 1, FORECAST_MAX_TURNS);
    // A seed the page draws (and shows), so the same figures can be asked for again.
    const seed = Math.floor(Math.random() * 2 ** 32);
    const [chart, report] = await Promise.all([import("../../js/forecast.js"), screen.seat.forecast("expedition", { runs: Number(fc.runs) || FORECAST_RUNS, seed, args })]);
    fc.chart = chart;
    fc.report = report;
  } catch (e) {
    fc.refusal = refusalText(e);
  } finally {
    fc.busy = false;
    screen.render();
  }
}

/** The expedition report as the chart module's spec: the chances, the means, the turn the
 * light went out. */
function expeditionSpec(r) {
  const chance = (key, v) => ({ key, label: t(`dungeon-forecast-${key}`), p: v?.p, ci95: v?.ci95 });
  const note = [t("dungeon-forecast-note", { count: r.runs, turns: r.turns, seed: String(r.seed), policy: tOr(`combat-forecast-policy-${r.policy}`, r.policy) })];
  if (r.rest_every) note.push(t("dungeon-forecast-note-rest", { count: r.rest_every }));
  if (r.stuck) note.push(t("dungeon-forecast-note-stuck", { count: r.stuck }));
  return {
    id: "dungeon-forecast-report",
    title: t("dungeon-forecast-title"),
    note: note.join("; "),
    bars: [chance("light-out", r.light_runs_out), chance("rations-out", r.rations_run_out), chance("encounter-per-turn", r.encounter_per_turn)],
    means: [
      { key: "encounters", label: t("dungeon-forecast-encounters"), mean: r.encounters_mean, ci95: r.encounters_ci95 },
      { key: "checks", label: t("dungeon-forecast-checks"), mean: r.encounter_checks_mean, ci95: r.encounter_checks_ci95 },
    ],
    histogram: { label: t("dungeon-forecast-light-out-turn"), value: t("dungeon-forecast-turn"), counts: r.light_out_turn || [], total: r.runs },
  };
}

function refereeControls(screen, ex, visit) {
  const u = ui(screen);
  const go = (cmd, after) => sendShowing(screen, u, cmd, after);
  const row = [];
  if (!visit) {
    // Outside a dungeon the level draft and the last forecast go: the next dungeon's are its own.
    u.level = null;
    u.forecast.report = null;
    row.push(
      h("label", { for: "dungeon-name" }, t("dungeon-name")),
      h("input", { id: "dungeon-name", value: u.name, oninput: (e) => (u.name = e.target.value) }),
      h("label", { for: "dungeon-length" }, t("dungeon-length")),
      h(
        "select",
        { id: "dungeon-length", onchange: (e) => (u.length = e.target.value) },
        ["20", "30", "60", "rooms", "manual"].map((v) => h("option", { value: v, selected: v === u.length }, /^\d+$/.test(v) ? t("dungeon-length-minutes", { minutes: Number(v) }) : t(`dungeon-length-${v}`))),
      ),
      h(
        "button",
        {
          type: "button",
          id: "enter-dungeon",
          class: "primary",
          onclick: () => {
            const length = /^\d+$/.test(u.length) ? { minutes: Number(u.length) } : u.length;
            go({ enter_dungeon: { dungeon: u.name.trim() || "dungeon", length } });
          },
        },
        t("enter-dungeon"),
      ),
    );
  } else {
    row.push(
      visit.paused
        ? h("button", { type: "button", id: "dungeon-resume", class: "primary", onclick: () => go({ resume_dungeon_turn: {} }) }, t("resume"))
        : h("button", { type: "button", id: "dungeon-pause", onclick: () => go({ pause_dungeon_turn: {} }) }, t("pause")),
      visit.rooms_left != null ? h("button", { type: "button", id: "room-explored", onclick: () => go({ room_explored: {} }) }, t("room-explored")) : null,
      h("label", { for: "noise-what" }, t("loud-noise-what")),
      h("input", { id: "noise-what", value: u.noise, oninput: (e) => (u.noise = e.target.value) }),
      h("button", { type: "button", id: "loud-noise", onclick: () => go({ loud_noise: { what: u.noise.trim() || t("loud-noise") } }) }, t("loud-noise")),
      h("button", { type: "button", id: "leave-dungeon", onclick: () => go({ leave_dungeon: {} }) }, t("leave-dungeon")),
    );
  }
  // Who rests: the Referee ticks the party's creatures (default: those a player controls, or
  // every party creature when no player is seated yet).
  const members = Object.values(screen.creatures).filter((c) => isParty(c) && c.creature?.alive !== false);
  const controlled = members.filter((c) => screen.controllersOf(c.id).length).map((c) => c.id);
  const party = (u.resters ?? (controlled.length ? controlled : members.map((c) => c.id))).filter((id) => members.some((c) => c.id === id));
  const resters = members.length
    ? h(
        "span",
        { class: "act-field", role: "group", "aria-label": t("start-rest-party") },
        members.map((c) =>
          h(
            "label",
            { class: "check" },
            h("input", {
              type: "checkbox",
              id: `rest-member-${c.id}`,
              checked: party.includes(c.id),
              onchange: (e) => {
                u.resters = e.target.checked ? [...party.filter((x) => x !== c.id), c.id] : party.filter((x) => x !== c.id);
                screen.render();
              },
            }),
            displayName(c) || c.id,
          ),
        ),
      )
    : null;
  // During a rest: the hours each rester has slept (a rest counts only with 4, CR-REST-01),
  // a button per creature and one for everyone still short of 4, then "finish".
  const slept = (id) => ex?.rest?.slept?.[id] ?? 0;
  const short = (ex?.rest?.party ?? []).filter((id) => slept(id) < 4);
  const rest = ex?.rest
    ? [
        ...(ex.rest.party ?? []).map((id) =>
          h(
            "button",
            { type: "button", id: `rest-sleep-${id}`, disabled: slept(id) >= 6, onclick: () => go({ rest_sleep: { creatures: [id] } }) },
            t("rest-sleep-one", { name: displayName(screen.creatures[id]) || id, hours: slept(id) }),
          ),
        ),
        h("button", { type: "button", id: "rest-sleep-all", disabled: !short.length, onclick: () => go({ rest_sleep: { creatures: short } }) }, t("rest-sleep-all")),
        restInOpen(screen)
          ? h("span", { class: "hint", id: "rest-in-open" }, t("rest-in-open"))
          : h("button", { type: "button", id: "finish-rest", class: "primary", onclick: () => go({ finish_rest: {} }) }, t("finish-rest")),
      ]
    : [
        visit
          ? null
          : [
              h("label", { for: "rest-place" }, t("rest-place")),
              h(
                "select",
                { id: "rest-place", onchange: (e) => (u.place = e.target.value) },
                ["wilderness", "safe"].map((p) => h("option", { value: p, selected: p === u.place }, t(`rest-place-${p}`))),
              ),
            ],
        resters,
        h("button", { type: "button", id: "start-rest-party", disabled: !party.length, onclick: () => go({ start_rest: { party, place: visit ? "dungeon" : u.place === "dungeon" ? "wilderness" : u.place } }) }, t("start-rest-party")),
      ];
  return [
    h("div", { class: "row wrap controls" }, row),
    visit ? dungeonExtras(screen, ex, go) : null,
    h("div", { class: "row wrap controls" }, rest),
    ex?.rest ? restExtras(screen, ex, go) : null,
    visit ? h("p", {}, t("dungeon-threshold", { threshold: ex.threshold ?? "?" })) : null,
    visit || ex?.rest ? encounterChecks(screen) : null,
    visit ? expeditionForecast(screen) : null,
    encounterRules(screen, ex, go),
  ];
}

function activityForms(screen) {
  const u = ui(screen);
  const own = screen.mine().filter((id) => isParty(screen.creatures[id]));
  return own.map((id) => {
    const f = (u.activity[id] ||= { kind: "harvest", value: "" });
    const param = ACTIVITIES[f.kind];
    return h(
      "form",
      {
        class: "row wrap rest-activity",
        "aria-label": t("rest-activity-for", { name: displayName(screen.creatures[id]) || id }),
        onsubmit: (e) => {
          e.preventDefault();
          const activity = { kind: f.kind };
          // A craft names what is made (text); the other items are the creature's own, by id.
          if (param) activity[param] = param === "item" && f.kind !== "craft" ? Number(f.value) : String(f.value).trim();
          sendShowing(screen, u, { choose_rest_activity: { creature: id, activity } });
        },
      },
      h("label", { for: `activity-${id}` }, t("rest-activity-for", { name: displayName(screen.creatures[id]) || id })),
      h(
        "select",
        {
          id: `activity-${id}`,
          onchange: (e) => {
            f.kind = e.target.value;
            screen.render();
          },
        },
        Object.keys(ACTIVITIES).map((k) => h("option", { value: k, selected: k === f.kind }, t(`activity-${k}`))),
      ),
      param ? h("label", { for: `activity-${id}-value` }, t(`activity-param-${param}`)) : null,
      param ? activityValueInput(screen, id, param, f, `activity-${id}-value`, { text: f.kind === "craft" }) : null,
      h("button", { type: "submit", id: `activity-${id}-submit` }, t("choose-activity")),
    );
  });
}

/** The dungeon panel (always for the Referee, for players while in a dungeon or resting), then
 * the town panel. */
export function dungeonPanel(screen) {
  return [dungeonSection(screen), townPanel(screen)];
}

function dungeonSection(screen) {
  const ex = screen.rules.explore || null;
  const visit = ex?.visit || null;
  const u = ui(screen);
  if (!screen.isReferee && !visit && !ex?.rest) return null;
  const status = visit
    ? h(
        "p",
        { id: "dungeon-status" },
        t("dungeon-status", { dungeon: visit.dungeon ?? "", turn: visit.turn ?? "?" }),
        visit.paused ? [" · ", h("strong", {}, t("paused"))] : null,
        visit.rooms_left != null ? [" · ", t("rooms-left", { count: visit.rooms_left })] : null,
        visit.greed_open ? [" · ", t("greed-open", { percent: visit.greed_percent ?? 0 })] : null,
      )
    : h("p", { class: "hint" }, t("dungeon-outside"));
  return section(
    "dungeon",
    t("dungeon"),
    status,
    ex?.rest ? h("p", { class: "badge", id: "dungeon-resting" }, t("resting")) : ex?.last_rest_interrupted ? h("p", { class: "badge warn", id: "rest-interrupted" }, t("rest-was-interrupted")) : null,
    screen.isReferee ? refereeControls(screen, ex, visit) : null,
    ex?.rest ? activityForms(screen) : null,
    u.refusal ? h("p", { class: "refusal", id: "dungeon-refusal", role: "alert" }, `${t("refused")}: ${u.refusal}`) : null,
  );
}
