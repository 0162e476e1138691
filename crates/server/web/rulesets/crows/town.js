// The town screen: the explore family's town days (see crates/crows/src/ruleset/explore/mod.rs,
// "Town", and explore/in_town.rs) from the view's `rules.explore.town`. The Referee enters and
// leaves the town (`enter_town` / `leave_town`, a place with no encounters) and passes game time
// (`pass_time`, in minutes: each activity takes two hours of it); each character's controller
// starts one activity at a time, at most four a day (`start_town_activity`), cancels it
// (`cancel_town_activity`) and records sleep (`town_sleep`, for the Tend Wounds benefit).

import { h, section } from "../../js/vdom.js";
import { t } from "../../js/i18n.js";
import { displayName, isParty, activityValueInput } from "./sheet.js";
import { sendShowing } from "./combat.js";

// The game day is counted from 0 by the engine and shown from 1 (as on the clock panel).

/** A town activity's minutes (two hours) and the most a character starts in a day. */
export const ACTIVITY_MINUTES = 120;
export const PER_DAY = 4;

/** The town activity kinds and the one field each needs (as `choose_rest_activity`'s). */
const KINDS = {
  craft: "item",
  harvest: "corpse",
  identify: "item",
  prepare: "task",
  repair_armor: "item",
  tend_wounds: "target",
  other: "name",
};

function ui(screen) {
  return (screen.townUi ||= { minutes: "120", hours: "8", f: {}, refusal: "" });
}

/** What an activity in progress is, readably (`{activity: "craft", item: …}`). */
function activityText(screen, a) {
  const kind = a?.activity ?? a?.kind ?? "";
  const extra = a?.target ? displayName(screen.creatures[a.target]) || a.target : a?.item ?? a?.task ?? a?.name ?? a?.corpse ?? "";
  return `${t(`activity-${kind}`)}${extra !== "" ? ` (${extra})` : ""}`;
}

function characterRow(screen, town, id) {
  const u = ui(screen);
  const f = (u.f[id] ||= { kind: "other", value: "" });
  const name = displayName(screen.creatures[id]) || id;
  const started = town.started?.[id] || 0;
  const doing = town.in_progress?.[id] || null;
  const param = KINDS[f.kind];
  const go = (cmd) => sendShowing(screen, u, cmd);
  return h(
    "li",
    { class: "town-char", "data-creature": id },
    h(
      "p",
      { class: "town-line" },
      h("strong", {}, name),
      " · ",
      h("span", { class: "badge", id: `town-count-${id}` }, t("town-started", { count: started, max: PER_DAY })),
      doing ? [" · ", h("span", { id: `town-doing-${id}` }, t("town-doing", { what: activityText(screen, doing.activity), minutes: doing.minutes ?? 0, total: ACTIVITY_MINUTES }))] : null,
    ),
    doing
      ? h(
          "div",
          { class: "row wrap" },
          h("progress", { max: ACTIVITY_MINUTES, value: Math.min(ACTIVITY_MINUTES, doing.minutes ?? 0), "aria-label": t("town-progress", { name }) }),
          h("button", { type: "button", id: `town-cancel-${id}`, onclick: () => go({ cancel_town_activity: { creature: id } }) }, t("town-cancel")),
        )
      : h(
          "form",
          {
            class: "row wrap",
            "aria-label": t("town-start-for", { name }),
            onsubmit: (e) => {
              e.preventDefault();
              const activity = { kind: f.kind };
              if (param) activity[param] = param === "item" && f.kind !== "craft" ? Number(f.value) : String(f.value).trim();
              go({ start_town_activity: { creature: id, activity } });
            },
          },
          h("label", { for: `town-kind-${id}` }, t("town-start-for", { name })),
          h(
            "select",
            {
              id: `town-kind-${id}`,
              onchange: (e) => {
                f.kind = e.target.value;
                screen.render();
              },
            },
            Object.keys(KINDS).map((k) => h("option", { value: k, selected: k === f.kind }, t(`activity-${k}`))),
          ),
          param ? h("label", { for: `town-value-${id}` }, t(f.kind === "craft" ? "town-craft-what" : `activity-param-${param}`)) : null,
          param ? activityValueInput(screen, id, param, f, `town-value-${id}`, { text: f.kind === "craft" }) : null,
          h("button", { type: "submit", id: `town-start-${id}`, disabled: started >= PER_DAY }, t("town-start")),
        ),
  );
}

/** The town panel: for the Referee always (to enter a town), for players while in one. */
export function townPanel(screen) {
  const ex = screen.rules.explore || null;
  const town = ex?.town || null;
  if (!screen.isReferee && !town) return null;
  const u = ui(screen);
  const go = (cmd) => sendShowing(screen, u, cmd);
  const own = screen.mine().filter((id) => isParty(screen.creatures[id]) && screen.creatures[id]?.creature?.alive !== false);
  return section(
    "town",
    t("town"),
    town ? h("p", { id: "town-status" }, t("town-status", { day: (town.day ?? 0) + 1 })) : h("p", { class: "hint", id: "town-status" }, t("town-outside")),
    town ? h("p", { class: "hint" }, t("town-rules", { max: PER_DAY, hours: ACTIVITY_MINUTES / 60 })) : null,
    screen.isReferee
      ? h(
          "div",
          { class: "row wrap controls" },
          town
            ? h("button", { type: "button", id: "leave-town", onclick: () => go({ leave_town: {} }) }, t("leave-town"))
            : h("button", { type: "button", id: "enter-town", class: "primary", disabled: !!ex?.visit, onclick: () => go({ enter_town: {} }) }, t("enter-town")),
          ex?.visit
            ? null
            : [
                h("label", { for: "pass-minutes" }, t("pass-time")),
                h(
                  "select",
                  { id: "pass-minutes", onchange: (e) => (u.minutes = e.target.value) },
                  ["30", "60", "120", "240", "480"].map((m) => h("option", { value: m, selected: m === u.minutes }, t("minutes-n", { count: Number(m) }))),
                ),
                h("button", { type: "button", id: "pass-time", onclick: () => go({ pass_time: { minutes: Number(u.minutes) } }) }, t("pass-time-go")),
              ],
        )
      : null,
    town && own.length ? h("ul", { class: "town-chars" }, own.map((id) => characterRow(screen, town, id))) : null,
    town && own.length
      ? h(
          "form",
          {
            class: "row wrap",
            id: "town-sleep-form",
            onsubmit: (e) => {
              e.preventDefault();
              go({ town_sleep: { creatures: own, hours: Number(u.hours) || 8 } });
            },
          },
          h("label", { for: "town-sleep-hours" }, t("town-sleep-hours")),
          h("input", { id: "town-sleep-hours", type: "number", class: "num", min: 1, max: 24, value: u.hours, oninput: (e) => (u.hours = e.target.value) }),
          h("button", { type: "submit", id: "town-sleep" }, t("town-sleep", { count: own.length })),
        )
      : null,
    u.refusal ? h("p", { class: "refusal", id: "town-refusal", role: "alert" }, `${t("refused")}: ${u.refusal}`) : null,
  );
}
