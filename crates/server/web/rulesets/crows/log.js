// Crows log lines the generic ones (js/log.js: `ev-rules-<name>` with the event's scalar
// fields) would say badly: tests with their faces, a creature's record changing (what changed,
// with the report's facts: damage, the item, the condition), rulings, a rest's interruption
// and encounter check; and, through the table `LINES` below, the arguments every other event
// needs: names for ids, codes in words, facts nested deeper than one level, counts of lists.

import { t, has } from "../../js/i18n.js";
import { args, humanize, nameOf, optionLabel } from "../../js/log.js";

function testLine(name, data) {
  const r = name === "test_resolved" ? data.resolved : data.rolled;
  const a = {
    creature: nameOf(data.creature),
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

/** An item's name in a creature's record or patch (`creature.inventory.items[].item`). */
function itemName(data, id) {
  const items = data?.patch?.creature?.inventory?.items || data?.record?.creature?.inventory?.items || [];
  const found = Array.isArray(items) ? items.find((x) => x?.item?.id === id) : null;
  return found?.item?.name ?? "";
}

/** What changed in a creature (`what`), with the facts its `report` gives. */
function creatureLine(name, data) {
  const what = slugOf(data.what);
  const r = data.report && typeof data.report === "object" ? data.report : {};
  const itemId = typeof data.report === "number" ? data.report : r.item ?? r.id;
  // The public forms (`creature_seen…`) carry no report: their patch may name a condition.
  const conditions = Array.isArray(data.patch?.conditions) ? data.patch.conditions : [];
  const condition = typeof data.report === "string" ? data.report : r.kind ?? r.condition ?? (what === "condition_added" ? conditions[conditions.length - 1] : null);
  const a = {
    known: String(typeof r.total === "number"),
    total: r.total ?? 0,
    stamina: r.stamina_lost ?? 0,
    wounds: r.wounds_pending ?? 0,
    died: String(r.outcome?.outcome === "died"),
    item: orNoneKey(itemName(data, itemId) || r.name),
    condition: orNoneKey(condition ? word("cond", condition) : ""),
    slot: r.slot ?? "?",
    ended: orNoneKey((r.conditions_ended || []).map((c) => word("cond", c)).join(", ")),
  };
  // A backlash row's change names the row (`backlash 83–84`, `… resistance roll` with the
  // roll's tier and what it left: squares the creature may move, damage while held), or the
  // Referee's call it answered (`backlash: hand_slot`).
  const row = /^backlash (\d+)–(\d+)( resistance roll)?$/.exec(String(data.what ?? ""));
  const call = /^backlash: (\w+)$/.exec(String(data.what ?? ""));
  const label = row
    ? t(row[3] ? "what-backlash-resistance" : "what-backlash", { low: Number(row[1]), high: Number(row[2]), tier: r.tier ?? 0, move: r.may_move ?? 0, held: String(!!r.held_damage) })
    : call
      ? t("what-backlash-call", { call: word("backlash-call", call[1]) })
      : has(`what-${what}`)
        ? t(`what-${what}`, a)
        : humanize(data.what ?? "");
  return { text: t(`ev-rules-${name}`, { id: nameOf(data.id), what: label }) };
}

/** A Crows event `{name: data}` as {text, dice, cls} (and extra `creatures`), or null for the generic line. */
export function describeRules(name, data) {
  if (name === "test_rolled" || name === "test_resolved") return testLine(name, data);
  // A creature's whole record or public part (`creature_set`, `creature_seen`), or what
  // changed in it (`creature_changed`, `creature_seen_changed`: a merge patch); the screens
  // show the state from the view, the log says what happened.
  if (["creature_set", "creature_seen", "creature_changed", "creature_seen_changed"].includes(name)) return creatureLine(name, data);
  if (name === "ruled") {
    const r = data.ruling || {};
    // The option in the words the decision offered it (the shell's `opt-…` look-up).
    const kind = `crows.${String(r.kind ?? "").replace(/^crows\./, "")}`;
    const option = optionLabel({ kind, args: {} }, { id: String(r.option ?? ""), label: humanize(r.option ?? "") });
    return { text: t("ev-rules-ruled", { creature: nameOf(r.creature ?? ""), option, text: orNoneKey(r.text) }), creatures: r.creature ? [r.creature] : [] };
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
  const line = LINES[name]?.(data);
  if (line) {
    const extra = line.args ? line : { args: line };
    // Ids among the added arguments are named too (nameOf keeps any other words as they are).
    const added = Object.fromEntries(Object.entries(extra.args).map(([k, v]) => [k, typeof v === "string" ? nameOf(v) : v]));
    return { text: t(`ev-rules-${name}`, { ...args(data), ...added }), creatures: extra.creatures || [] };
  }
  return null;
}

// ---- Every other event (issue 23): its message `ev-rules-<name>` gets the event's scalar
// fields (js/log.js `args`) plus what a table entry below adds: the facts nested too deep for
// the generic flattening, lists of objects, and codes put into words. An entry returns the
// extra arguments (or `{args, creatures}`).

const word = (prefix, code) => (code == null || code === "" ? "" : has(`${prefix}-${code}`) ? t(`${prefix}-${code}`) : humanize(code));
const names = (list) => (Array.isArray(list) ? list.map((x) => nameOf(typeof x === "string" ? x : x?.creature ?? "")).join(", ") : "");
/** A square or hex as "(x, y)": `[x, y]`, `{x, y}` or `{q, r}`. */
const sq = (p) => (Array.isArray(p) ? `(${p[0]}, ${p[1]})` : p && typeof p === "object" ? `(${p.x ?? p.q}, ${p.y ?? p.r})` : "");
/** An enum as serde writes it: `"unit"`, `{"variant": value}`, or internally tagged by `tag`. */
const variant = (v, tag) => (typeof v === "string" ? [v, null] : v && typeof v === "object" ? (tag && typeof v[tag] === "string" ? [v[tag], v] : [Object.keys(v)[0] ?? "", Object.values(v)[0]]) : ["", null]);
const len = (x) => (Array.isArray(x) ? x.length : x && typeof x === "object" ? Object.keys(x).length : 0);
/** Free English words from the rules (`its caster died`) as a message id's tail. */
const slugOf = (s) => String(s ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
/** A list or text that may be empty: a dash to read. */
const orNone = (s) => (s === "" || s == null ? "—" : s);
/** A field a message selects on (`[none]`) when it is absent. */
const orNoneKey = (s) => (s === "" || s == null ? "none" : s);

/** A rest or town activity (`{"activity": "craft", "item": …}`) in words. */
function activityWords(a) {
  const [kind, v] = variant(a, "activity");
  return t(`rest-act-${has(`rest-act-${kind}`) ? kind : "other"}`, {
    item: v?.item ?? "",
    corpse: nameOf(v?.corpse ?? ""),
    size: word("size", v?.size),
    task: v?.task ?? "",
    target: nameOf(v?.target ?? ""),
    name: v?.name ?? humanize(kind),
  });
}

/** A travel task's effect (`"lost"`, `{"hexes": 1}`, `{"miasma_edge": "edge"}`, …) in words. */
function effectWords(e) {
  const [kind, v] = variant(e);
  const n = typeof v === "number" ? v : 0;
  const edge = kind === "miasma_edge" ? word("edge", v) : "";
  return has(`effect-${kind}`) ? t(`effect-${kind}`, { n, sign: n > 0 ? "+" : "", edge }) : humanize(kind);
}

/** Objects' names from `object_placed`, spells' from `spell_started` (their later events
 * carry only the id). */
const objectNames = new Map();
const spellNames = new Map();

const spellArgs = (d) => ({ caster: d.record?.spell?.caster ?? "", spell: d.record?.spell?.spell ?? "", duration: d.record?.spell?.duration ?? "instant", targets: orNone(names(d.record?.targets)) });

const LINES = {
  pack_loaded: (d) => ({ files: len(d.files), items: len(d.items), cards: len(d.creatures), tables: len(d.tables) }),
  house_rules_set: (d) => ({ changed: orNone((d.changed || []).map((k) => word("house", String(k).replace(/\./g, "-"))).join(", ")) }),
  light_set: (d) => ({ level: word("light", d.level) }),
  ambient_light_set: (d) => ({ level: word("light", d.level) }),
  light_placed: (d) => ({ at: sq(d.light?.at), bright: d.light?.output?.bright ?? 0, dim: d.light?.output?.dim ?? 0 }),
  positioned: (d) => ({ at: d.at ? sq(d.at) : "none" }),
  square_guessed: (d) => ({ square: sq(d.square) }),
  object_placed: (d) => {
    if (d.placed?.object?.name) objectNames.set(d.id, d.placed.object.name);
    return { name: d.placed?.object?.name ?? d.id, size: word("size", d.placed?.object?.size) };
  },
  object_damaged: (d) => ({ id: objectNames.get(d.id) ?? d.id }),
  on_ground: (d) => ({ items: (d.items || []).map((g) => g.item?.name ?? "?").join(", "), count: len(d.items), from: names([...new Set((d.items || []).map((g) => g.from).filter(Boolean))]) }),
  assist_pending: (d) => ({ args: { helper: d.record?.helper ?? "" }, creatures: d.record?.helper ? [d.record.helper] : [] }),
  assist_charged: (d) => ({ args: { helper: d.charge?.helper ?? "", assisted: d.charge?.assisted ?? "", cost: d.charge?.cost ?? "", round: d.charge?.round ?? 0 }, creatures: [d.charge?.helper, d.charge?.assisted].filter(Boolean) }),
  test_waived: (d) => ({ expertise: word("exp", d.expertise) }),
  character_request_refused: (d) => ({ reason: orNoneKey(d.reason) }),
  // combat
  placed: (d) => ({ at: sq(d.placement?.at), side: d.placement?.side ?? "", flying: String(!!d.placement?.flying) }),
  fight_started: (d) => ({ crows: names((d.participants || []).filter((p) => p.side === "crows")), enemies: names((d.participants || []).filter((p) => p.side !== "crows")), surprised: orNone(names((d.participants || []).filter((p) => p.surprised))) }),
  side_ordered: (d) => ({ order: names(d.order) }),
  round_started: (d) => ({ crows: names(d.crows), enemies: names(d.enemies) }),
  budget_set: (d) => ({ shape: d.budget?.shape ?? "full", actions: (d.budget?.actions ?? 0) + (d.budget?.extra_actions ?? 0), maneuvers: d.budget?.maneuvers ?? 0, squares: d.budget?.move_left ?? 0 }),
  allowance_set: (d) => ({ cost: d.cost ?? "none" }),
  moved: (d) => ({ from: sq(d.from), to: sq(d.to), movement: d.movement ?? "move" }),
  reaction_used: (d) => {
    const [kind, v] = variant(d.kind, "kind");
    return { kind, name: v?.name ?? "" };
  },
  readied_set: (d) => ({ act: d.readied?.act?.kind ?? "none", what: humanize(d.readied?.act?.name ?? ""), trigger: d.readied?.trigger ?? "" }),
  attack_made: (d) => ({ args: { also: orNoneKey(names(d.also)), weapon: has(`weapon-${slugOf(d.weapon)}`) ? t(`weapon-${slugOf(d.weapon)}`) : d.weapon ?? "" }, creatures: (d.also || []).filter((x) => typeof x === "string") }),
  attack_resolved: (d) => ({ damage: d.damage ?? 0, effect: orNoneKey(d.effect), crit: String(!!d.crit), doom: String(!!d.doom), hit: String(!!d.hit) }),
  toppled: (d) => ({ size: word("size", d.object), onto: orNone(names(d.onto)) }),
  // dungeon
  dungeon_entered: (d) => {
    const [kind, v] = variant(d.length);
    return { length: kind, minutes: typeof v === "number" ? v : 0, greed: String(!!d.greed_open) };
  },
  encounter_checked: (d) => {
    const c = d.check || {};
    const [reason, r] = variant(c.reason, "reason");
    const [o, ov] = variant(c.outcome, "outcome");
    return { face: c.face ?? "?", threshold: c.threshold ?? "?", reason, loud: r?.what ?? "", outcome: has(`encounter-${o}`) ? t(`encounter-${o}`, { turn: ov?.due_turn ?? "?" }) : humanize(o) };
  },
  encounter_table: (d) => ({ roll: d.roll ?? "none", result: orNone(d.result) }),
  finds_rolled: (d) => ({ result: orNoneKey(d.result) }),
  rest_started: (d) => ({ party: names(d.party), hungry: orNone(names(d.hungry)) }),
  rest_midpoint: (d) => ({ count: len(d.effects_ended) }),
  rest_asleep: (d) => ({ creatures: names(d.creatures) }),
  rest_activity_chosen: (d) => ({ activity: activityWords(d.activity) }),
  town_activity_started: (d) => ({ activity: activityWords(d.activity) }),
  task_ruled: (d) => ({ approved: String(!!d.approved) }),
  rest_finishing: (d) => ({
    picks: orNone(Object.entries(d.picks || {}).map(([c, n]) => `${nameOf(c)} ${n}`).join(", ")),
    unrested: orNone(Object.keys(d.unrested || {}).map(nameOf).join(", ")),
  }),
  rest_finished: (d) => ({ party: names(d.party) }),
  activity_resolved: (d) => {
    const [kind, v] = variant(d.outcome, "outcome");
    const o = v || {};
    return {
      args: { outcome: t(`rest-out-${has(`rest-out-${kind}`) ? kind : "other"}`, { character: nameOf(o.character ?? d.creature), item: o.item ?? "", corpse: nameOf(o.corpse ?? ""), parts: o.parts ?? 0, task: o.task ?? "", bonus: o.bonus ?? 0, defense: o.defense ?? 0, target: nameOf(o.target ?? ""), name: o.name ?? humanize(kind) }) },
      creatures: [o.character, o.target].filter((x) => typeof x === "string"),
    };
  },
  town_tended: (d) => ({ count: len(d.wounds_removed), list: orNone((d.wounds_removed || []).join(", ")) }),
  // magic
  cast_begun: (d) => ({ spell: d.cast?.spell ?? "", rank: d.cast?.rank ?? 0, targets: orNone(names(d.cast?.targets)) }),
  cast_resolved: (d) => {
    const r = d.report || {};
    const [kind, v] = variant(r.effect);
    return { result: kind, tier: v?.tier ?? r.counted_tier ?? 0, rank: v?.rank ?? 0, crit: String(!!r.crit), chaos: r.chaos_face ?? "—" };
  },
  spell_started: (d) => {
    if (d.record?.effect && d.record?.spell?.spell) spellNames.set(d.record.effect, d.record.spell.spell);
    return spellArgs(d);
  },
  spell_dice_rolled: (d) => ({ spell: orNoneKey(spellNames.get(d.effect)) }),
  spell_ended: (d) => ({ spell: orNoneKey(spellNames.get(d.effect)), why: word("spell-end", slugOf(d.why)) }),
  backlashes_set: (d) => ({ count: len(d.active) }),
  project_set: (d) => ({ owner: d.project?.owner ?? "", item: d.project?.project?.recipe?.item ?? "?", points: d.project?.project?.points ?? 0, goal: d.project?.project?.recipe?.goal ?? 0, finished: d.project?.project?.finished ?? 0 }),
  craft_queued: (d) => ({ crafter: d.queued?.crafter ?? "" }),
  craft_rolled: (d) => ({ total: d.roll?.total ?? 0, points: d.roll?.points ?? 0, finished: d.progress?.finished_now ?? 0, now: d.progress?.points_now ?? 0 }),
  magic_item_set: (d) => ({ hidden: len(d.record?.hidden_properties), magic: String(!!d.record?.magic) }),
  identified: (d) => ({ method: d.method ?? "test", properties: orNone((d.properties || []).join(", ")), complete: String(!!d.complete) }),
  called: (d) => ({ call: word("call", d.call), option: word("call-opt", d.option), text: orNoneKey(d.text) }),
  // travel
  hexes_set: (d) => ({ count: len(d.hexes) }),
  hexes_removed: (d) => ({ count: len(d.hexes) }),
  site_set: (d) => ({ name: d.site?.name ?? "", kind: d.site?.kind ?? "", hex: sq(d.site?.hex), known: String(!!d.site?.known) }),
  site_seen: (d) => ({ hex: d.hex ? sq(d.hex) : "—" }),
  party_set: (d) => ({ members: orNone(names(d.party?.members)) }),
  position_set: (d) => ({ hex: sq(d.position?.true_hex), believed: sq(d.position?.believed_hex), lost: String(!!d.position?.lost), why: word("why", slugOf(d.why)) }),
  position_seen: (d) => ({ hex: sq(d.believed_hex), lost: String(!!d.lost), why: word("why", slugOf(d.why)) }),
  day_begun: (d) => ({ pace: word("pace", d.tally?.pace) }),
  role_declared: (d) => {
    const r = d.role || {};
    return { args: { creature: r.creature ?? "", task: word("task", r.task), characteristic: word("char", r.characteristic), quarry: orNoneKey(r.quarry ? nameOf(r.quarry) : "") }, creatures: r.creature ? [r.creature] : [] };
  },
  assist_declared: (d) => {
    const a = d.assist || {};
    return { args: { helper: a.helper ?? "", holder: a.holder ?? "", characteristic: word("char", a.characteristic) }, creatures: [a.helper, a.holder].filter(Boolean) };
  },
  role_tests_started: (d) => ({ creatures: orNone(Object.keys(d.approved || {}).map(nameOf).join(", ")) }),
  role_resolved: (d) => ({ task: word("task", d.task) }),
  choice_made: (d) => ({ option: word("choice", d.option) }),
  support_given: (d) => ({ to: names(d.to) }),
  miasma_edge_given: (d) => ({ to: names(d.to), edge: word("edge", d.edge) }),
  rewarded: (d) => {
    const r = d.reward || {};
    return { args: { creature: r.creature ?? "", effect: effectWords(r.effect), rations: r.rations ?? 0 }, creatures: r.creature ? [r.creature] : [] };
  },
  encounter_ruled: (d) => ({ timing: word("opt-crows-travel-encounter", d.timing), text: orNoneKey(d.text) }),
  site_ruled: (d) => ({ choice: word("opt-crows-travel-site_reached", d.choice) }),
  rest_snapshot: (d) => ({ count: len(d.snapshot) }),
  miasma_round_started: (d) => ({ rollers: names(d.rollers) }),
  miasma_choice: (d) => {
    const [kind, v] = variant(d.pick);
    return { pick: kind, target: nameOf(v?.target ?? "") };
  },
  miasma_set: (d) => ({ cruelty: d.state?.cruelty ?? 0, rows: orNone((d.state?.rows || []).map((r) => word("miasma-row", r)).join(", ")), rolled: orNone((d.rows_rolled || []).map((r) => word("miasma-row", r)).join(", ")) }),
  expertise_granted: (d) => ({ expertise: d.expertise ? word("exp", d.expertise) : "none" }),
  step_set: (d) => ({ step: word("step", d.step) }),
};
