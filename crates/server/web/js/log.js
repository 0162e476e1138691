// Readable log lines for every event the API sends (engine events and ruleset events).
//
// Each event becomes {text, dice, creatures, cls}: `text` through the Fluent message
// `ev-<type>` (engine) or `ev-rules-<name>` (ruleset event `{<name>: {…}}`), with the event's
// scalar fields as arguments; an event without a message is shown as its name and its fields,
// so commands added later appear readably without a change here.

import { h } from "../vendor/preact/preact.module.js";
import { t, has, lang, messagesVersion } from "./i18n.js";

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

/** A roll's label in the UI language: a ruleset names its rolls in English (`encounter
 * check`, `usage dice: Torch`); a message `roll-<words-joined-by-dashes>` words a known one,
 * with the part after a colon (an item's or a table's name) as `$detail`. */
export function rollLabel(label) {
  const text = String(label ?? "");
  const at = text.indexOf(": ");
  const [head, detail] = at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + 2)];
  const id = `roll-${head.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
  return has(id) ? t(id, { detail }) : text;
}

let namer = null;
/** How the open table names a creature or character id (`null`: ids stay as they are). */
export function nameWith(f) {
  namer = f || null;
}
/** A creature's or character's name for an id (the id itself when the table has no name for it). */
export function nameOf(id) {
  return (typeof id === "string" && namer?.(id)) || id;
}

let rulesDescriber = null;
/** The open table's ruleset describes its own events first (`null`: only the generic lines). */
export function describeRulesWith(f) {
  rulesDescriber = f || null;
}

/** Scalar fields of an object, flattened one level (`a_b`), for Fluent arguments; a creature's
 * or character's id becomes its name. */
export function args(obj, { flags = false } = {}) {
  const a = {};
  const put = (k, v) => {
    if (v === null || v === undefined) return;
    if (typeof v === "string") a[k] = nameOf(v);
    else if (typeof v === "number") a[k] = v;
    // `flags`: "true"/"false" for a message's selectors; otherwise the words yes/no.
    else if (typeof v === "boolean") a[k] = flags ? String(v) : t(v ? "yes" : "no");
    else if (Array.isArray(v) && v.every((x) => typeof x !== "object")) a[k] = v.map(nameOf).join(", ");
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

const slug = (kind) => String(kind ?? "").replace(/[^a-zA-Z0-9_-]+/g, "-");

/** A decision's prompt in the UI language: the message `dec-<kind>` (dots as dashes) filled
 * from the decision's `args`, or the ruleset's English prompt when there is no message. */
export function decisionPrompt(d) {
  const id = `dec-${slug(d?.kind)}`;
  return has(id) ? t(id, args(d.args, { flags: true })) : d?.prompt || d?.kind || "";
}

let rulesOption = null;
/** The open table's ruleset may word some options itself (`(decision, option) => text|null`). */
export function optionWordsWith(f) {
  rulesOption = f || null;
}

/** An option's label. An id may carry numbers (`slot_3`, `push_2_-1`: `$n`, `$x`, `$y`) or a
 * subject after a colon (`raise:vera`: `$option`, named); the first message found among
 * `opt-<kind>-<id>`, `opt-<kind>-<head>`, `opt-<id>`, `opt-<head>`, `opt-<kind>-any` words it,
 * filled also from the option's `data` and the decision's `args`; else the ruleset's label. */
export function optionLabel(d, o) {
  const own = rulesOption?.(d, o);
  if (own) return own;
  const k = slug(d?.kind);
  const colon = o.id.indexOf(":");
  const head = colon >= 0 ? o.id.slice(0, colon) : o.id.replace(/(_-?\d+)+$/, "");
  const nums = (colon >= 0 ? [] : o.id.slice(head.length).match(/-?\d+/g) || []).map(Number);
  const a = {
    ...args(d?.args, { flags: true }),
    ...args(o.data && typeof o.data === "object" ? o.data : {}, { flags: true }),
    option: nameOf(colon >= 0 ? o.id.slice(colon + 1) : o.id),
    n: nums[0] ?? "",
    x: nums[0] ?? "",
    y: nums[1] ?? "",
  };
  for (const id of [`opt-${k}-${o.id}`, `opt-${k}-${head}`, `opt-${o.id}`, `opt-${head}`, `opt-${k}-any`]) if (has(id)) return t(id, a);
  return o.label || humanize(o.id);
}

/** A refusal as one sentence in the UI language, naming its rule once: the first message
 * among `err-<code>-<reason>` (this code's own words for that reason), `err-<source>-<reason>`
 * (the pure rules' words for the reason, e.g. `err-inventory-occupied`) and `err-<code>`, filled
 * from the refusal's `args` (creature ids shown as names); else the server's English words
 * without a leading "CR-…:" (the rule is added once, at the end). */
export function refusalText(e) {
  const code = slug(e?.code);
  const reason = typeof e?.args?.reason === "string" ? slug(e.args.reason) : "";
  const source = typeof e?.args?.source === "string" ? slug(e.args.source) : "";
  const ids = [];
  if (reason) {
    ids.push(`err-${code}-${reason}`);
    if (source) ids.push(`err-${source}-${reason}`);
  }
  ids.push(`err-${code}`);
  const id = ids.find((i) => has(i));
  let text = id ? t(id, args(e.args, { flags: true })) : String(e?.message ?? "");
  if (e?.rule) {
    const lead = `${e.rule}: `;
    if (text.startsWith(lead)) text = text.slice(lead.length);
    text = text.replace(` (${e.rule})`, "").replace(` (rule ${e.rule})`, "");
    text = `${text} (${e.rule})`;
  }
  return text;
}

/** Decisions seen opening in the log, so an answer names the option's words, not its id. */
const opened = new Map();
function remember(d) {
  if (!d?.id) return;
  opened.set(d.id, d);
  // A bounded memory: the oldest go first.
  if (opened.size > 500) opened.delete(opened.keys().next().value);
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
    // A roll made in secret: the masked form names only what it was for.
    if (name === "secret_roll") return { text: t("ev-secret_roll", { label: rollLabel(data) }), dice: [], creatures: [], cls: "secret" };
    const id = `ev-rules-${name}`;
    const fields = data && typeof data === "object" ? data : { value: data };
    const text = has(id) ? t(id, args(fields)) : `${humanize(name)} — ${compact(fields)}`;
    return { text, dice: [], creatures, cls: "" };
  }
  if (type === "rolled") {
    const dice = diceOf(b.result);
    // A free roll (the chat panel's dice roller) may have no label; the actor is shown beside it.
    const id = b.free ? (b.label ? "ev-rolled-free-label" : "ev-rolled-free") : "ev-rolled";
    return { text: t(id, { label: rollLabel(b.label), expr: b.expr, total: b.result?.total ?? "?" }), dice, creatures: [], cls: b.free ? "chat roll" : "" };
  }
  if (type === "said") {
    // Table chat: to everyone, or a whisper naming its recipients (the Referee by role).
    const to = [...(b.to_referee ? [t("role-referee")] : []), ...(b.to || [])];
    const text = to.length ? t("ev-said-whisper", { to: to.join(", "), text: b.text }) : t("ev-said", { text: b.text });
    return { text, dice: [], creatures: [], cls: to.length ? "chat whisper" : "chat" };
  }
  if (type === "decision_opened") {
    const d = b.decision || {};
    remember(d);
    return { text: t("ev-decision_opened", { prompt: decisionPrompt(d) }), dice: [], creatures: [], cls: "" };
  }
  if (type === "decision_answered") {
    const a = b.answer || {};
    const d = opened.get(a.decision);
    const o = d?.options?.find((x) => x.id === a.option);
    const option = o ? optionLabel(d, o) : has(`opt-${a.option}`) ? t(`opt-${a.option}`) : humanize(a.option ?? "");
    return { text: t("ev-decision_answered", { option, by: actorName(b.by), text: a.text || "" }), dice: [], creatures: [], cls: "" };
  }
  // A timer the engine names (the dungeon turn's) has a message; others keep their label.
  if (type === "timer_started") return { text: t("ev-timer_started", { label: has(`timer-${b.timer?.id}`) ? t(`timer-${b.timer?.id}`) : b.timer?.label ?? b.timer?.id, minutes: Math.round((b.timer?.duration_ms ?? 0) / 6000) / 10 }), dice: [], creatures: [], cls: "" };
  if (type === "boundary_passed") {
    // `"round_end"`, or `{"turn_end": {"who": …}}`, `{"custom": {"name": …}}`, `{"named_rest_end": {"rest": …}}`.
    const kind = typeof b.boundary === "string" ? b.boundary : b.boundary?.kind ?? Object.keys(b.boundary || {})[0];
    // The engine tags it inside (`{"kind": "turn_end", "who": …}`); older logs nest it.
    const inner = (b.boundary && typeof b.boundary === "object" && (b.boundary[kind] ?? b.boundary)) || {};
    const sub = inner.name ?? inner.rest;
    const id = sub && has(`boundary-${kind}-${sub}`) ? `boundary-${kind}-${sub}` : `boundary-${kind}`;
    const who = inner.who ? nameOf(inner.who) : "";
    const boundary = has(id) ? t(id, { who, name: humanize(sub ?? "") }) : humanize(sub ?? kind);
    return { text: t("ev-boundary_passed", { boundary }), dice: [], creatures: inner.who ? [inner.who] : [], cls: "" };
  }
  if (type === "access_changed") {
    const c = b.change || {};
    return { text: t(`ev-access-${c.kind}`, { invite: c.invite ?? "", character: c.character ?? "-", player: c.player ?? "", tokens: c.tokens ?? 0, reissued: c.reissued ? "yes" : "no" }), dice: [], creatures: [], cls: "" };
  }
  const id = `ev-${type}`;
  const rest = { ...b };
  delete rest.type;
  if (type === "window_opened" || type === "effect_started" || type === "linked_effect_started") {
    // The kind in words: the ruleset's `window-kind-…` / `effect-kind-…` message, else the
    // kind's last dotted part (`dnd2024.concentration` → "concentration").
    const field = type === "window_opened" ? "window" : "effect";
    const kind = String(b[field]?.kind ?? "");
    const key = `${field}-kind-${kind.replace(/[^A-Za-z0-9_-]/g, "-")}`;
    const a = args(rest);
    a[`${field}_kind`] = has(key) ? t(key) : humanize(kind.split(".").pop());
    return { text: t(id, a), dice: [], creatures: creaturesOf(type, rest), cls: "" };
  }
  // The engine counts turns from 0; people count from 1.
  if (type === "combat_turn" && typeof b.current === "number") return { text: t(id, { ...args(rest), current: b.current + 1 }), dice: [], creatures: creaturesOf(type, rest), cls: "" };
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
  // The clock in the UI's language, not the browser's (24-hour in Russian).
  const time = new Date(ev.at_ms).toLocaleTimeString(lang(), { hour: "2-digit", minute: "2-digit", second: "2-digit" });
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
