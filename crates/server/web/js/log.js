// Readable log lines for every event the API sends (engine events and ruleset events).
//
// Each event becomes {text, dice, creatures, cls}: `text` through the Fluent message
// `ev-<type>` (engine) or `ev-rules-<name>` (ruleset event `{<name>: {…}}`), with the event's
// scalar fields as arguments; an event without a message is shown as its name and its fields,
// so commands added later appear readably without a change here.

import { h } from "../vendor/preact/preact.module.js";
import { t, has, messagesVersion } from "./i18n.js";

/** Every d-face in a dice result tree, as [{notation, faces:[…]}]. */
export function diceOf(result) {
  const out = [];
  const walk = (node) => {
    if (!node || typeof node !== "object") return;
    if (node.kind === "dice" && Array.isArray(node.dice)) {
      // A plain die is stored as its bare face (dice crate, `Die`), any other as an object.
      out.push({ notation: node.notation, faces: node.dice.map((d) => (typeof d === "number" ? d : d.face)), kept: node.dice.map((d) => (typeof d === "number" ? true : d.kept)) });
    }
    for (const k of ["expr", "lhs", "rhs"]) walk(node[k]);
  };
  walk(result?.root);
  return out;
}

export function actorName(actor) {
  if (!actor) return "";
  if (actor.role === "referee") return t("role-referee");
  if (actor.role === "system") return t("role-system");
  return actor.name || actor.role;
}

export const humanize = (s) => String(s).replace(/_/g, " ");

let rulesDescriber = null;
/** The open table's ruleset describes its own events first (`null`: only the generic lines). */
export function describeRulesWith(f) {
  rulesDescriber = f || null;
}

/** Scalar fields of an object, flattened one level (`a_b`), for Fluent arguments. */
export function args(obj) {
  const a = {};
  const put = (k, v) => {
    if (v === null || v === undefined) return;
    if (typeof v === "string" || typeof v === "number") a[k] = v;
    else if (typeof v === "boolean") a[k] = t(v ? "yes" : "no");
    else if (Array.isArray(v) && v.every((x) => typeof x !== "object")) a[k] = v.join(", ");
  };
  for (const [k, v] of Object.entries(obj || {})) {
    put(k, v);
    if (v && typeof v === "object" && !Array.isArray(v)) for (const [k2, v2] of Object.entries(v)) put(`${k}_${k2}`, v2);
  }
  return a;
}

function compact(obj) {
  const parts = [];
  for (const [k, v] of Object.entries(obj || {})) {
    if (v === null || v === undefined) continue;
    const s = typeof v === "object" ? JSON.stringify(v) : String(v);
    parts.push(`${humanize(k)}: ${s.length > 80 ? s.slice(0, 77) + "…" : s}`);
  }
  return parts.join("; ");
}

/** The creatures an event is about (for the filter). */
function creaturesOf(name, data) {
  const ids = new Set();
  for (const k of ["creature", "id", "character", "assisted", "corpse"]) if (typeof data?.[k] === "string") ids.add(data[k]);
  return [...ids];
}

/** Describes one view event. */
export function describe(ev) {
  const b = ev.body || {};
  const type = b.type;
  if (type === "rules") {
    const e = b.event || {};
    const name = Object.keys(e)[0] ?? "?";
    const data = e[name] ?? {};
    const creatures = creaturesOf(name, data);
    // The table's ruleset may say it better (its screen module's `describeRules`).
    const own = rulesDescriber?.(name, data);
    if (own) return { dice: [], cls: "", ...own, creatures: [...creatures, ...(own.creatures || [])] };
    const id = `ev-rules-${name}`;
    const text = has(id) ? t(id, args(data)) : `${humanize(name)} — ${compact(data)}`;
    return { text, dice: [], creatures, cls: "" };
  }
  if (type === "rolled") {
    const dice = diceOf(b.result);
    // A free roll (the chat panel's dice roller) may have no label; the actor is shown beside it.
    const id = b.free ? (b.label ? "ev-rolled-free-label" : "ev-rolled-free") : "ev-rolled";
    return { text: t(id, { label: b.label, expr: b.expr, total: b.result?.total ?? "?" }), dice, creatures: [], cls: b.free ? "chat roll" : "" };
  }
  if (type === "said") {
    // Table chat: to everyone, or a whisper naming its recipients (the Referee by role).
    const to = [...(b.to_referee ? [t("role-referee")] : []), ...(b.to || [])];
    const text = to.length ? t("ev-said-whisper", { to: to.join(", "), text: b.text }) : t("ev-said", { text: b.text });
    return { text, dice: [], creatures: [], cls: to.length ? "chat whisper" : "chat" };
  }
  if (type === "decision_opened") {
    const d = b.decision || {};
    return { text: t("ev-decision_opened", { prompt: d.prompt || d.kind }), dice: [], creatures: [], cls: "" };
  }
  if (type === "decision_answered") {
    const a = b.answer || {};
    return { text: t("ev-decision_answered", { option: a.option, by: actorName(b.by), text: a.text || "" }), dice: [], creatures: [], cls: "" };
  }
  // A timer the engine names (the dungeon turn's) has a message; others keep their label.
  if (type === "timer_started") return { text: t("ev-timer_started", { label: has(`timer-${b.timer?.id}`) ? t(`timer-${b.timer?.id}`) : b.timer?.label ?? b.timer?.id, minutes: Math.round((b.timer?.duration_ms ?? 0) / 6000) / 10 }), dice: [], creatures: [], cls: "" };
  if (type === "boundary_passed") {
    const kind = typeof b.boundary === "string" ? b.boundary : b.boundary?.kind ?? Object.keys(b.boundary || {})[0];
    return { text: t("ev-boundary_passed", { boundary: has(`boundary-${kind}`) ? t(`boundary-${kind}`) : humanize(kind) }), dice: [], creatures: [], cls: "" };
  }
  if (type === "access_changed") {
    const c = b.change || {};
    return { text: t(`ev-access-${c.kind}`, { invite: c.invite ?? "", character: c.character ?? "-", player: c.player ?? "", tokens: c.tokens ?? 0, reissued: c.reissued ? "yes" : "no" }), dice: [], creatures: [], cls: "" };
  }
  const id = `ev-${type}`;
  const rest = { ...b };
  delete rest.type;
  const text = has(id) ? t(id, args(rest)) : `${humanize(type)} — ${compact(rest)}`;
  return { text, dice: [], creatures: creaturesOf(type, rest), cls: "" };
}

export function diceView(dice) {
  if (!dice.length) return null;
  return h(
    "span",
    { class: "dice" },
    dice.map((d) =>
      h(
        "span",
        { class: "dice-group", title: d.notation },
        d.faces.map((f, i) => h("span", { class: `die${d.kept?.[i] === false ? " dropped" : ""}`, "aria-label": t("die-face", { face: f }) }, String(f))),
      ),
    ),
  );
}

/** Each event's description, kept while the messages and the ruleset's describer stay the same. */
const described = new WeakMap();
function describeOnce(ev) {
  const v = messagesVersion();
  const had = described.get(ev);
  if (had && had.v === v && had.by === rulesDescriber) return had.d;
  const d = describe(ev);
  described.set(ev, { v, by: rulesDescriber, d });
  return d;
}

/** One log entry (a Preact element keyed by its number), hidden when `filter` names a creature it is not about. */
export function entry(ev, filter = "") {
  const d = describeOnce(ev);
  const hidden = !!filter && !d.creatures.includes(filter);
  const time = new Date(ev.at_ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return h(
    "li",
    { key: ev.n, hidden, class: `log-entry ${d.cls}${ev.private ? " private" : ""}`, "data-n": ev.n, "data-creatures": d.creatures.join(" ") },
    h("span", { class: "log-n" }, `#${ev.n}`),
    h("time", { datetime: new Date(ev.at_ms).toISOString() }, time),
    h("span", { class: "log-actor" }, actorName(ev.actor)),
    h("span", { class: "log-text" }, d.text),
    diceView(d.dice),
    ev.private ? h("span", { class: "badge", title: t("private-hint") }, t("private")) : null,
  );
}
