// Crows log lines the generic ones (js/log.js: `ev-rules-<name>` with the event's scalar
// fields) would say badly: tests with their faces, a creature's record changing, rulings,
// one attack against several targets, a rest's interruption and encounter check, a miss.

import { t, has } from "../../js/i18n.js";
import { args, humanize } from "../../js/log.js";

function testLine(name, data) {
  const r = name === "test_resolved" ? data.resolved : data.rolled;
  const a = {
    creature: data.creature,
    characteristic: t(`char-${r?.spec?.characteristic ?? "agility"}`),
    d1: r?.faces?.[0],
    d2: r?.faces?.[1],
    total: r?.total,
    tier: name === "test_resolved" ? r?.final_tier : r?.tier_before_expertise,
  };
  let text = t(`ev-rules-${name}`, a);
  if (r?.crit) text += " — " + t("crit");
  else if (r?.natural_kind === "crit") text += " — " + t("crit");
  if (r?.doom || r?.natural_kind === "doom") text += " — " + t("doom");
  if (name === "test_resolved" && r?.expertise) text += " — " + t("expertise-spent", { expertise: t(`exp-${r.expertise}`) });
  const dice = r?.faces ? [{ notation: "2d10", faces: r.faces, kept: [true, true] }] : [];
  const cls = r?.crit || r?.natural_kind === "crit" ? "crit" : r?.doom || r?.natural_kind === "doom" ? "doom" : "";
  return { text, dice, cls };
}

/** A Crows event `{name: data}` as {text, dice, cls} (and extra `creatures`), or null for the generic line. */
export function describeRules(name, data) {
  if (name === "test_rolled" || name === "test_resolved") return testLine(name, data);
  // A creature's whole record or public part (`creature_set`, `creature_seen`), or what
  // changed in it (`creature_changed`, `creature_seen_changed`: a merge patch); the screens
  // show the state from the view, the log says what happened.
  if (["creature_set", "creature_seen", "creature_changed", "creature_seen_changed"].includes(name)) {
    const what = data.what || "";
    const label = has(`what-${what}`) ? t(`what-${what}`) : humanize(what);
    return { text: t(`ev-rules-${name}`, { id: data.id, what: label }) };
  }
  if (name === "ruled") {
    const r = data.ruling || {};
    return { text: t("ev-rules-ruled", { creature: r.creature ?? "", option: humanize(r.option ?? ""), text: r.text ?? "" }), creatures: r.creature ? [r.creature] : [] };
  }
  if (name === "attack_made" && Array.isArray(data.also) && data.also.length) {
    // One roll against several targets (CR-ATK-14).
    return { text: t("ev-rules-attack_made-also", { attacker: data.attacker, target: data.target, also: data.also.join(", "), weapon: data.weapon ?? "" }), creatures: data.also.filter((x) => typeof x === "string") };
  }
  if (name === "rest_interrupted") {
    return { text: data.reason ? t("ev-rules-rest_interrupted-why", { reason: data.reason }) : t("ev-rules-rest_interrupted") };
  }
  if (name === "rest_encounter_checked") {
    // `{"rules": "dungeon", "check": {face, threshold, outcome}}` or the road's flat fields.
    const c = data.result?.check || data.result || {};
    const o = typeof c.outcome === "string" ? c.outcome : c.outcome?.outcome ?? "";
    const outcome = has(`encounter-${o}`) ? t(`encounter-${o}`, { turn: c.outcome?.due_turn ?? data.due_turn ?? "?" }) : humanize(o);
    return { text: t("ev-rules-rest_encounter_checked", { face: c.face ?? "?", threshold: c.threshold ?? "?", outcome }) };
  }
  // A miss deals no damage: the field is absent.
  if (name === "attack_resolved" && data.damage == null) return { text: t("ev-rules-attack_resolved-miss", args(data)) };
  return null;
}
