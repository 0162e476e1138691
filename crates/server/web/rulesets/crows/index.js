// The Crows screens, loaded by the shell (js/table.js) when a Crows table opens: creature
// cards, the selected creature's inventory, test panel and the Referee's actions, the map
// column (combat, travel), the dungeon and town panels, a player's character request, and the
// Referee's creature form. The cards, the Referee's actions, the creature form, the
// character request, the inventory, the test panel and the dungeon and town panels are
// Preact elements (js/vdom.js); the map column (combat, travel) is still DOM builders
// (js/dom.js) the shell places. Messages: this folder's en.ftl / ru.ftl.

import { h, section } from "../../js/vdom.js";
import { t, has, lang, messagesVersion } from "../../js/i18n.js";
import { creatureCard, isParty, displayName } from "./sheet.js";
import { inventoryPanel } from "./inventory.js";
import { testPanel } from "./testpanel.js";
import { mapsPanel } from "./maps.js";
import { dungeonPanel } from "./dungeon.js";
import { characterRequestPanel } from "./player.js";
import { decisionDetails } from "./referee.js";
import { describeRules } from "./log.js";

function card(screen, c, opts = {}) {
  return creatureCard(c, {
    ...opts,
    selected: c.id === screen.selected,
    selectable: screen.isReferee || screen.mine().includes(c.id),
    referee: screen.isReferee,
    controllers: screen.controllersOf(c.id),
    onSelect: () => {
      screen.selected = c.id;
      screen.render();
      document.getElementById("inventory-h")?.scrollIntoView({ block: "nearest" });
    },
  });
}

// The cast panel (cast.js) is fetched only once a creature this seat plays holds a spellbook.
let castModule = null;
let castLoading = false;

/** Whether a creature this seat plays holds a spellbook card in a hand. */
function holdsSpellbook(screen) {
  const cards = screen.rules.content?.items || {};
  return screen.mine().some((id) => (screen.creatures[id]?.creature?.inventory?.items || []).some((s) => s.at?.kind === "hand" && cards[s.item?.card]?.spellbook));
}

function castSlot(screen) {
  if (!holdsSpellbook(screen)) return null;
  if (castModule) return castModule.castPanel(screen);
  if (!castLoading) {
    castLoading = true;
    import("./cast.js").then(
      (m) => ((castModule = m), screen.render()),
      () => (castLoading = false),
    );
  }
  return null;
}

function selectedPanels(screen) {
  const c = screen.selected && screen.creatures[screen.selected];
  if (!c || !c.creature) return null;
  return [inventoryPanel(screen, c), testPanel(screen, c), screen.isReferee ? actionsPanel(screen, c) : null];
}

/** Referee: damage, conditions and light for the selected creature. */
function actionsPanel(screen, c) {
  const f = (screen.forms.actions ||= { amount: 1, piercing: false, condition: "prone", light: "bright" });
  const conds = ["blessed", "prone", "vulnerable", "unconscious", "weakened"];
  const current = (c.creature?.conditions?.active || []).map((a) => a.kind);
  const go = (cmd) => screen.send({ rules: cmd }).catch(() => {});
  return section(
    "actions",
    t("referee-actions", { name: displayName(c) }),
    h(
      "div",
      { class: "row wrap" },
      h("label", { for: "act-amount" }, t("damage")),
      h("input", { id: "act-amount", type: "number", min: 1, max: 99, value: f.amount, oninput: (e) => (f.amount = Number(e.target.value)) }),
      h("label", { class: "radio" }, h("input", { type: "checkbox", id: "act-piercing", checked: f.piercing, onchange: (e) => (f.piercing = e.target.checked) }), " " + t("piercing")),
      h("button", { type: "button", id: "act-damage", onclick: () => go({ damage: { creature: c.id, amount: f.amount, piercing: f.piercing } }) }, t("deal-damage")),
    ),
    h(
      "div",
      { class: "row wrap" },
      h("select", { id: "act-condition", "aria-label": t("conditions"), onchange: (e) => (f.condition = e.target.value) }, conds.map((k) => h("option", { value: k, selected: f.condition === k }, t(`cond-${k}`)))),
      h("button", { type: "button", id: "act-add-condition", onclick: () => go({ add_condition: { creature: c.id, condition: f.condition } }) }, t("add-condition")),
      current.map((k) => h("button", { type: "button", class: "chip cond", "aria-label": t("remove-condition", { condition: t(`cond-${k}`) }), onclick: () => go({ remove_condition: { creature: c.id, condition: k } }) }, `${t(`cond-${k}`)} ✕`)),
    ),
    h(
      "div",
      { class: "row wrap" },
      h("select", { id: "act-light", "aria-label": t("light-level"), onchange: (e) => (f.light = e.target.value) }, ["bright", "dim", "darkness"].map((k) => h("option", { value: k, selected: f.light === k }, t(`light-${k}`)))),
      h("button", { type: "button", onclick: () => go({ set_light_level: { creature: c.id, level: f.light } }) }, t("set-light")),
    ),
    waiveRow(screen, c, f, go),
    editCreatureRow(screen, c),
    c.unrevealed
      ? h(
          "div",
          { class: "row wrap" },
          h("span", { class: "hint" }, t("unrevealed-note")),
          h("button", { type: "button", id: "act-reveal", onclick: () => go({ reveal: { creature: c.id } }) }, t("reveal-to-players")),
        )
      : null,
  );
}

/** "You're an expert" (CR-EXP-11): the creature's expertise settles a trivial matter, no test, no use. */
function waiveRow(screen, c, f, go) {
  const known = Object.keys(c.creature?.expertises?.uses || {});
  if (!known.length) return null;
  if (!known.includes(f.waive)) f.waive = known[0];
  return h(
    "div",
    { class: "row wrap" },
    h("select", { id: "act-waive-expertise", "aria-label": t("waive-expertise"), onchange: (e) => (f.waive = e.target.value) }, known.map((k) => h("option", { value: k, selected: f.waive === k }, t(`exp-${k}`)))),
    h("input", { id: "act-waive-task", type: "text", maxlength: 200, placeholder: t("waive-task"), "aria-label": t("waive-task"), value: f.waiveTask || "", oninput: (e) => (f.waiveTask = e.target.value) }),
    h("button", { type: "button", id: "act-waive", onclick: () => go({ waive_test: { creature: c.id, expertise: f.waive, task: f.waiveTask || "" } }) }, t("waive-test")),
  );
}

/** Every expertise (CR-EXP), in the rulebook's order; their words are the `exp-<name>` messages. */
export const EXPERTISES = [
  "alchemy", "athletics", "blacksmithing", "enchanting", "endurance", "gymnastics", "handle_pet", "historical_lore",
  "lift", "magic_lore", "monster_lore", "nature_lore", "navigate", "pick_lock", "religious_lore", "search", "stealth",
  "thievery", "alteration", "benefaction", "conjuration", "elemental", "illusion", "necromancy", "bashing", "bow",
  "chopping", "slashing", "stabbing", "unarmed",
];

const CYRILLIC = { а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "i", к: "k", л: "l", м: "m", н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "h", ц: "ts", ч: "ch", ш: "sh", щ: "sch", ы: "y", э: "e", ю: "yu", я: "ya" };

/** A fresh creature id from a name ("Вера Пепел" → `vera-pepel`, then `-2`, `-3` if taken). */
export function idFor(screen, name) {
  const base =
    [...String(name).toLowerCase()]
      .map((ch) => CYRILLIC[ch] ?? ch)
      .join("")
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "creature";
  let id = base;
  for (let n = 2; screen.creatures[id]; n++) id = `${base}-${n}`;
  return id;
}

/** Expertises as chips with their uses, plus a picker to add one: edits `list` ({name: uses}). */
function expertiseEditor(screen, prefix, list) {
  const f = (screen.forms[`${prefix}-exp`] ||= { pick: EXPERTISES[0], uses: 1 });
  const left = EXPERTISES.filter((e) => !(e in list));
  if (!left.includes(f.pick)) f.pick = left[0];
  return h(
    "fieldset",
    { class: "field expertise-editor", id: `${prefix}-expertises` },
    h("legend", {}, t("expertises-field")),
    Object.entries(list).map(([e, uses]) =>
      h("button", { type: "button", class: "chip", "aria-label": t("expertise-remove", { expertise: t(`exp-${e}`) }), onclick: () => (delete list[e], screen.render()) }, `${t(`exp-${e}`)} ×${uses} ✕`),
    ),
    left.length
      ? h(
          "span",
          { class: "row wrap" },
          h("select", { id: `${prefix}-exp-pick`, "aria-label": t("expertise-pick"), onchange: (e) => (f.pick = e.target.value) }, left.map((e) => h("option", { value: e, selected: f.pick === e }, t(`exp-${e}`)))),
          h("input", { id: `${prefix}-exp-uses`, type: "number", min: 1, max: 9, value: f.uses, "aria-label": t("expertise-uses"), oninput: (e) => (f.uses = Number(e.target.value) || 1) }),
          h("button", { type: "button", id: `${prefix}-exp-add`, onclick: () => ((list[f.pick] = Math.max(1, f.uses)), screen.render()) }, t("expertise-add")),
        )
      : null,
  );
}

/** Referee: a new creature from a bestiary card of the loaded packs, or by hand. The id is made
 * from the name; ancestry and expertises may be given at once. */
function createCreaturePanel(screen) {
  const f = screen.forms.creature;
  f.expertises ||= {};
  const cards = Object.entries(screen.rules.content?.creatures || {}).map(([id, c]) => ({ ...c, id }));
  const card = cards.find((c) => c.id === f.card) || null;
  const field = (key, label, attrs = {}) => {
    const id = `cc-${key}`;
    const input = h("input", { id, ...attrs, value: f[key] ?? attrs.value ?? "", oninput: (e) => (f[key] = e.target.value) });
    return h("label", { for: id, class: "field" }, h("span", {}, label), input);
  };
  const kind = h(
    "select",
    { id: "cc-kind", onchange: (e) => (f.kind = e.target.value) },
    ["crow", "hireling", "animal", "monster", "npc"].map((k) => h("option", { value: k, selected: (f.kind || "crow") === k }, t(`kind-${k}`))),
  );
  const form = h(
    "form",
    {
      class: "grid-form",
      onsubmit: async (e) => {
        e.preventDefault();
        const num = (k, d) => (f[k] === undefined || f[k] === "" ? d : Number(f[k]));
        const name = (f.name || card?.name || "").trim();
        const id = idFor(screen, name);
        const cmd = card
          ? { id, card: card.id, name }
          : {
              id,
              name,
              kind: f.kind || "crow",
              characteristics: { agility: num("agility", 0), mind: num("mind", 0), strength: num("strength", 0) },
              stamina: num("stamina", 6),
              speed: { walk: num("walk", 6) },
            };
        if (Object.keys(f.expertises).length) cmd.expertises = { ...f.expertises };
        try {
          await screen.send({ rules: { create_creature: cmd } });
          if ((f.ancestry || "").trim()) await screen.send({ rules: { set_ancestry: { creature: id, ancestry: f.ancestry.trim() } } });
          screen.forms.creature = { kind: f.kind, card: f.card };
          screen.selected = id;
          screen.render();
        } catch {
          /* shown */
        }
      },
    },
    cards.length
      ? h(
          "label",
          { for: "cc-card", class: "field" },
          h("span", {}, t("creature-card")),
          h(
            "select",
            { id: "cc-card", onchange: (e) => ((f.card = e.target.value), screen.render()) },
            h("option", { value: "" }, t("creature-by-hand")),
            cards.map((c) => h("option", { value: c.id, selected: f.card === c.id }, c.name || c.id)),
          ),
        )
      : null,
    field("name", t("creature-name"), { required: !card, maxlength: 64, autocomplete: "off", placeholder: card?.name || "" }),
    card
      ? h("p", { class: "hint", id: "cc-card-facts" }, t("creature-card-facts", { stamina: card.stamina, attacks: (card.attacks || []).map((a) => a.name).join(", ") || t("none"), ad: card.armor_defense ?? 0 }))
      : [
          h("label", { for: "cc-kind", class: "field" }, h("span", {}, t("kind")), kind),
          field("agility", t("char-agility"), { type: "number", min: -5, max: 5, value: 0 }),
          field("mind", t("char-mind"), { type: "number", min: -5, max: 5, value: 0 }),
          field("strength", t("char-strength"), { type: "number", min: -5, max: 5, value: 0 }),
          field("stamina", t("stamina"), { type: "number", min: 1, max: 99, value: 6 }),
          field("walk", t("speed"), { type: "number", min: 0, max: 30, value: 6 }),
        ],
    field("ancestry", t("ancestry"), { maxlength: 64, autocomplete: "off" }),
    expertiseEditor(screen, "cc", f.expertises),
    h("button", { type: "submit", class: "primary", id: "cc-submit" }, t("create-creature")),
  );
  return h("details", { key: "create-creature", class: "panel tool", id: "create-creature" }, h("summary", {}, h("h2", {}, t("create-creature"))), form);
}

/** Referee: rename the selected creature, change its ancestry, teach it expertises. */
function editCreatureRow(screen, c) {
  const key = `edit-${c.id}`;
  const rivalsNow = (c.creature?.rivals || []).join("\n");
  const f = (screen.forms[key] ||= { name: displayName(c), ancestry: c.creature?.ancestry || "", rivals: rivalsNow, expertises: {} });
  const go = async () => {
    const cmd = { id: c.id };
    if (f.name.trim() && f.name.trim() !== displayName(c)) cmd.name = f.name.trim();
    if (Object.keys(f.expertises).length) cmd.expertises = { ...f.expertises };
    try {
      if (cmd.name || cmd.expertises) await screen.send({ rules: { edit_creature: cmd } });
      const ancestry = f.ancestry.trim() || null;
      if (ancestry !== (c.creature?.ancestry || null)) await screen.send({ rules: { set_ancestry: { creature: c.id, ancestry } } });
      // One rival per line (CR-EXT-15); blank lines are dropped.
      const rivals = f.rivals.split("\n").map((r) => r.trim()).filter(Boolean);
      if (rivals.join("\n") !== rivalsNow) await screen.send({ rules: { set_rivals: { creature: c.id, rivals } } });
      delete screen.forms[key];
      screen.render();
    } catch {
      /* shown */
    }
  };
  return h(
    "details",
    { class: "edit-creature", id: "edit-creature" },
    h("summary", {}, t("edit-creature")),
    h("label", { class: "field" }, h("span", {}, t("creature-name")), h("input", { id: "ec-name", maxlength: 64, value: f.name, oninput: (e) => (f.name = e.target.value) })),
    h("label", { class: "field" }, h("span", {}, t("ancestry")), h("input", { id: "ec-ancestry", maxlength: 64, value: f.ancestry, oninput: (e) => (f.ancestry = e.target.value) })),
    h("label", { class: "field" }, h("span", {}, t("rivals-one-per-line")), h("textarea", { id: "ec-rivals", rows: 3, value: f.rivals, oninput: (e) => (f.rivals = e.target.value) })),
    expertiseEditor(screen, "ec", f.expertises),
    h("button", { type: "button", id: "ec-save", onclick: go }, t("save-changes")),
  );
}

/** Opens the creature form and puts the caret in its name field. */
function openCreateForm() {
  const d = document.getElementById("create-creature");
  if (d) d.open = true;
  (document.getElementById("cc-card") || document.getElementById("cc-name"))?.focus();
}

/** The phone tabs (party, dungeon, maps, log), with the shell panels each holds. */
function tabs() {
  return [
    { id: "party", label: t("party"), shell: ["decisions", "invites", "packs", "settings"] },
    { id: "dungeon", label: t("dungeon"), shell: ["clock"] },
    { id: "combat", label: t("combat") },
    { id: "log", label: t("log"), shell: ["log", "chat", "commands"] },
  ];
}

/**
 * A panel kept (the very elements or nodes of the last render, which Preact and the shell's
 * DomPart then leave alone) while the view parts it reads, the seat, the language and
 * `screen.localGen` (bumped by every render that is not a live update's) are the same.
 */
function keep(screen, name, parts, build) {
  const kept = (screen.crowsKept ||= {});
  const v = screen.view;
  const key = JSON.stringify([screen.localGen, lang(), messagesVersion(), v.viewer, v.participants, screen.selected, ...parts]);
  if (kept[name]?.key !== key) kept[name] = { key, out: build() };
  return kept[name].out;
}

const SEEN_BY_DUNGEON = new Set(["encounter_checked", "rest_encounter_checked", "treasure_valued"]);

/** The events the dungeon panel lists (encounter checks, treasure): their count and the last. */
function dungeonEvents(screen) {
  let count = 0;
  let last = 0;
  for (const ev of screen.events) {
    const e = ev.body?.type === "rules" ? ev.body.event : null;
    if (e && SEEN_BY_DUNGEON.has(Object.keys(e)[0])) (count++, (last = ev.n));
  }
  return [count, last];
}

function maps(screen) {
  const v = screen.view;
  const r = screen.rules;
  return keep(screen, "maps", [v.decisions, v.clock, r.combat, r.travel, r.creatures, r.content?.packs, Object.keys(r.content?.items || {}).length], () => mapsPanel(screen));
}

function dungeon(screen) {
  const r = screen.rules;
  return keep(screen, "dungeon", [r.explore, r.travel?.day, r.creatures, Object.keys(r.content?.tables || {}), dungeonEvents(screen)], () => dungeonPanel(screen));
}

/** A fight under way (or, for a player, a battle map shown): the phone opens on its tab. */
function fighting(screen) {
  return !!(screen.view.clock?.combat || (!screen.isReferee && screen.rules.combat));
}

/** The Referee's columns and tools. */
function refereeLayout(screen) {
  const party = Object.values(screen.creatures).filter(isParty);
  const others = Object.values(screen.creatures).filter((c) => !isParty(c));
  return {
    a: [
      { tab: "dungeon", items: [dungeon(screen)] },
      {
        tab: "party",
        items: [
          keep(screen, "party", [screen.rules.creatures], () =>
            section(
              "party",
              t("party"),
              party.length
                ? h("div", { class: "cards" }, party.map((c) => card(screen, c)))
                : h("p", { class: "hint" }, t("no-party"), " ", h("button", { type: "button", id: "open-create-creature", onclick: openCreateForm }, t("create-creature"))),
            ),
          ),
        ],
      },
    ],
    b: [
      { tab: "combat", items: [maps(screen)] },
      { tab: "party", items: [selectedPanels(screen), castSlot(screen), section("monsters", t("monsters-npcs"), others.length ? h("div", { class: "cards" }, others.map((c) => card(screen, c))) : h("p", { class: "hint" }, t("none"), " ", h("button", { type: "button", id: "open-create-monster", onclick: openCreateForm }, t("create-creature"))))] },
    ],
    tools: [{ tab: "party", items: [keep(screen, "create", [Object.keys(screen.creatures), screen.rules.content?.creatures], () => createCreaturePanel(screen))] }],
    tabs: tabs(),
    tab: fighting(screen) ? "combat" : null,
  };
}

function playerLayout(screen) {
  const own = screen.mine();
  const others = Object.values(screen.creatures).filter((c) => !own.includes(c.id));
  return {
    a: [
      { tab: "dungeon", items: [dungeon(screen)] },
      { tab: "party", items: [characterRequestPanel(screen), own.map((id) => card(screen, screen.creatures[id], { full: true }))] },
    ],
    b: [
      { tab: "combat", items: [maps(screen)] },
      { tab: "party", items: [selectedPanels(screen), castSlot(screen), others.length ? section("others", t("others"), h("div", { class: "cards" }, others.map((c) => card(screen, c)))) : null] },
    ],
    tools: [],
    tabs: tabs(),
    tab: fighting(screen) ? "combat" : null,
  };
}

/** The Crows screen, as the shell asks for it (see js/table.js, `RulesetScreen`). */
export default {
  /** Picks the first creature to show. */
  init(screen) {
    const own = screen.mine();
    screen.selected = screen.isReferee ? Object.keys(screen.creatures).find((id) => isParty(screen.creatures[id])) || null : own[0] || null;
  },
  layout(screen) {
    // A player's first crow (approved after the page opened, say) is shown at once.
    if (!screen.isReferee && !screen.selected && screen.mine().length) screen.selected = screen.mine()[0];
    return screen.isReferee ? refereeLayout(screen) : playerLayout(screen);
  },
  /** Every creature, for the log filter; `party` ones may be bound to a player. */
  characters(screen) {
    return Object.values(screen.creatures).map((c) => ({ id: c.id, name: displayName(c), party: isParty(c) }));
  },
  displayName(screen, id) {
    return displayName(screen.creatures[id]);
  },
  decisionDetails,
  /** A combat reaction waiting for this seat is flagged. */
  urgent(d) {
    return d.kind.startsWith("crows.combat.");
  },
  describeRules,
  /** Options named by an expertise (spending one, or gaining one in the Miasma). */
  optionLabel(d, o) {
    if (!has(`exp-${o.id}`)) return null;
    const expertise = t(`exp-${o.id}`);
    if (d.kind === "crows.expertise") return t("opt-crows-expertise-spend", { expertise, tier: d.args?.tier_with ?? "?", uses: o.data?.uses_left ?? "?" });
    return expertise;
  },
  /** The dungeon panel enters, pauses and leaves dungeons and runs rests: no shell clock controls for them. */
  ownClockControls() {
    return { exploration: { id: "enter-dungeon", label: t("enter-dungeon") }, rest: { id: "start-rest-party", label: t("start-rest-party") } };
  },
};
