// The dungeon screen: the explore family's commands and its view part `rules.explore` (see
// crates/crows/src/ruleset/explore/mod.rs). The Referee enters a dungeon (turn length 20/30/60
// minutes, rooms or manual), pauses and resumes the turn (`pause_dungeon_turn` /
// `resume_dungeon_turn`), marks rooms explored, makes a loud noise, leaves, starts and finishes
// a rest and sees the encounter checks (face, EN, outcome: Referee-only events). A player
// chooses a rest activity for their crow during a rest. A refusal's reason stays shown under the
// controls. The town screen (js/town.js) comes right after this panel.

import { h, section } from "./dom.js";
import { t, has } from "./i18n.js";
import { displayName, isParty } from "./sheet.js";
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
  return (screen.dungeonUi ||= { name: "", length: "30", noise: "", place: "dungeon", activity: {}, refusal: "" });
}

/** The rules event named `name` inside a log event (`{type: "rules", event: {name: {…}}}`). */
function rulesEvent(ev, name) {
  const b = ev.body || {};
  if (b.type !== "rules") return null;
  return b.event?.[name] ?? null;
}

const label = (v) => (typeof v === "string" ? v : JSON.stringify(v));

function encounterChecks(screen) {
  const out = [];
  for (const ev of screen.events) {
    const e = rulesEvent(ev, "encounter_checked");
    if (e) out.push(e);
  }
  if (!out.length) return h("p", { class: "hint" }, t("dungeon-no-checks"));
  return h(
    "ul",
    { class: "encounter-checks", id: "encounter-checks" },
    out.slice(-5).reverse().map((e) => {
      const c = e.check || e;
      // `{"outcome": "nothing" | "immediate" | "sign", "due_turn": n}`.
      const o = c.outcome ?? "";
      const key = typeof o === "string" ? o : o.outcome ?? Object.keys(o)[0] ?? "";
      const text = has(`encounter-${key}`) ? t(`encounter-${key}`, { turn: o.due_turn ?? "?" }) : label(o);
      return h("li", { class: `check-${key}` }, t("dungeon-check-line", { turn: e.turn ?? "?", face: c.face ?? "?", threshold: c.threshold ?? "?", outcome: text }));
    }),
  );
}

function refereeControls(screen, ex, visit) {
  const u = ui(screen);
  const go = (cmd) => sendShowing(screen, u, cmd);
  const row = [];
  if (!visit) {
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
        h("button", { type: "button", id: "finish-rest", class: "primary", onclick: () => go({ finish_rest: {} }) }, t("finish-rest")),
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
    h("div", { class: "row wrap controls" }, rest),
    visit ? h("p", {}, t("dungeon-threshold", { threshold: ex.threshold ?? "?" })) : null,
    visit ? encounterChecks(screen) : null,
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
          if (param) activity[param] = param === "item" ? Number(f.value) : f.value.trim();
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
      param ? h("input", { id: `activity-${id}-value`, value: f.value, type: param === "item" ? "number" : "text", oninput: (e) => (f.value = e.target.value) }) : null,
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
    ex?.rest ? h("p", { class: "badge" }, t("resting")) : null,
    screen.isReferee ? refereeControls(screen, ex, visit) : null,
    ex?.rest ? activityForms(screen) : null,
    u.refusal ? h("p", { class: "refusal", id: "dungeon-refusal", role: "alert" }, `${t("refused")}: ${u.refusal}`) : null,
  );
}
