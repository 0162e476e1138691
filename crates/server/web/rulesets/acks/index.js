// The ACKS screen (crates/acks/src/ruleset/), loaded by the shell (js/table.js) when an acks
// table opens. Preact + htm, three panels drawn only from the viewer's projection and log:
// the character sheet (monsters as the view shows them: the Judge's cards, a player's names),
// the dungeon turn (turn, light, rest, marching order, doors, traps, listen and search — a
// player sees a secret roll's result only as the masked event says it), and combat (the order
// by initiative count, declarations, an attack with the `attack_odds` query's chances asked
// before the throw, the Judge's morale check and mortal-wound treatment with its breakdown), and
// the encounter (the Judge starts it, rolls surprise and the secret reaction; a player sees it
// only once the server's view carries its open parts), the wilderness day (the hex map near the party; a player sees the hex the party believes it
// is in, the Judge also the true one; the Judge's travel, rest and lost-course controls, a
// player's foraging). The sheet shows XP, the next level's threshold and this adventure's cap.
// No rule lives here: every number shown is the server's. Messages: en.ftl / ru.ftl here,
// refusals in refusals.<lang>.ftl (loaded with the seat's first command).

import { h } from "../../vendor/preact/preact.module.js";
import { useState } from "../../vendor/preact/hooks.module.js";
import htm from "../../vendor/htm/htm.module.js";
import { t, addMessages } from "../../js/i18n.js";
import { laterMessages } from "../../js/api.js";
import { refusalText, args as logArgs } from "../../js/log.js";
import { Mounting, LandMap, ZeroLevel } from "./land.js";
import { Voyage, Naval } from "./sea.js";

const html = htm.bind(h);

/** The Referee's fight forecast panel (js/forecast.js, loaded on first show; issue 24). */
let forecastJs = null;
function FightForecast(props) {
  const [, loaded] = useState(0);
  if (!props.screen.isReferee || !(props.screen.forecasts || []).includes("fight")) return null;
  if (!forecastJs) import("../../js/forecast.js").then((m) => ((forecastJs = m), loaded(1)));
  return forecastJs ? h(forecastJs.FightForecast, props) : null;
}

/** The Judge's Tables panel (./tables.js, loaded on first show, never by players). */
let tablesJs = null;
function JudgeTables(props) {
  const [, loaded] = useState(0);
  if (!props.screen.isReferee) return null;
  if (!tablesJs) import("./tables.js").then((m) => ((tablesJs = m), loaded(1)));
  return tablesJs ? h(tablesJs.JudgeTables, props) : null;
}

const go = (screen, cmd) => screen.send({ rules: cmd }).catch(() => []);
const ABILITIES = ["strength", "intelligence", "wisdom", "dexterity", "constitution", "charisma"];
/** Most log lines a panel lists (the newest). */
const RECENT = 5;

/** What this seat has typed, kept on the screen across renders. */
const form = (screen) =>
  (screen.forms.acks ||= {
    who: "",
    at: "",
    area: "",
    looking: "secret_doors",
    light: "torch",
    activity: "explore",
    attacker: "",
    target: "",
    weapon: "1d8",
    declaration: "none",
    morale: "",
    judgeMod: "0",
    wounded: "",
    timing: "round",
    spell: "0",
    healer: false,
    heading: "north",
    forced: false,
    following: false,
    flying: false,
    q: "0",
    r: "0",
    terrain: "clear",
    road: false,
    shown: true,
    drift: "0",
  });

/** A creature's sheet from either projection: the Judge's whole record or a player's view. */
export function sheetOf(c) {
  if (!c) return null;
  const ch = c.kind?.character;
  if (ch) {
    return { ...ch, id: c.id, name: c.name, hp: c.hp, max_hp: c.max_hp, nonlethal: c.nonlethal?.tally ?? 0, character: true, slain: c.slain, sheet: c.sheet };
  }
  if (c.kind === "character") return { ...c, character: true };
  const m = c.kind?.monster;
  if (m) return { id: c.id, name: c.name, hp: c.hp, max_hp: c.max_hp, card: m.card, revealed: m.revealed, monster: true };
  return { id: c.id, name: c.name, what: c.what, monster: true };
}

/** The creature ids this seat acts for among `ids`. */
const own = (screen, ids) => {
  const mine = new Set(screen.mine());
  return ids.filter((id) => mine.has(id));
};
const characters = (screen) => Object.values(screen.creatures).map(sheetOf).filter((s) => s?.character);
const name = (screen, id) => screen.creatures[id]?.name || id;

/** The newest `RECENT` events of the loaded log with one of `names`, newest first. */
function recent(screen, names) {
  const out = [];
  for (let i = screen.events.length - 1; i >= 0 && out.length < RECENT; i--) {
    const e = screen.events[i].body;
    if (e?.type !== "rules") continue;
    const key = Object.keys(e.event || {})[0];
    if (names.includes(key)) out.push({ n: screen.events[i].n, name: key, data: e.event[key] });
  }
  return out;
}

function Select({ id, label, value, options, onChange }) {
  return html`<label class="field">${label}
    <select id=${id} value=${value} onChange=${(e) => onChange(e.target.value)}>
      ${options.map(([v, l]) => html`<option key=${v} value=${v}>${l}</option>`)}
    </select></label>`;
}

// ---------- the sheet ----------

function Sheet({ screen, s }) {
  if (s.monster) return html`<${MonsterCard} screen=${screen} s=${s} />`;
  const light = s.light ? t("acks-light-burning", { kind: t(`acks-light-${s.light.kind}`), turns: s.light.turns_left }) : t("acks-light-none");
  return html`<article class="card acks-sheet" id=${`acks-sheet-${s.id}`} aria-labelledby=${`acks-sheet-${s.id}-h`}>
    <h3 id=${`acks-sheet-${s.id}-h`}>${s.name}</h3>
    <p class="acks-class">${s.level === 0 && !s.class ? t("acks-zero-level") : t("acks-class-level", { class: screen.rules.content?.classes?.[s.class]?.name || s.class, level: s.level })}</p>
    <dl class="acks-facts">
      <dt>${t("acks-hp")}</dt><dd class="acks-hp">${t("acks-hp-value", { hp: s.hp, max: s.max_hp })}</dd>
      <dt>${t("acks-nonlethal")}</dt><dd class="acks-nonlethal">${s.nonlethal ?? 0}</dd>
      <dt>${t("acks-armour-class")}</dt><dd>${s.armour_class ?? 0}</dd>
      <dt>${t("acks-speed")}</dt><dd>${t("acks-feet", { feet: s.speed_ft ?? 0 })}</dd>
      <dt>${t("acks-light")}</dt><dd class="acks-light">${light}</dd>
      <dt>${t("acks-xp")}</dt><dd class="acks-xp">${xpLine(screen, s.id)}</dd>
      ${s.powers?.length ? html`<dt>${t("acks-powers")}</dt><dd class="acks-powers">${s.powers.join(", ")}</dd>` : null}
      <dt>${t("acks-rest")}</dt><dd class="acks-rest">${t("acks-rest-state", { turns: s.rest?.turns_active ?? 0 })}${s.rest_due || s.rest?.fatigued ? html` <span class="badge">${t("acks-rest-due")}</span>` : null}${s.fatigue_penalty ? html` <span class="badge">${t("acks-fatigue", { penalty: s.fatigue_penalty })}</span>` : null}</dd>
    </dl>
    <table class="acks-abilities"><caption>${t("acks-abilities")}</caption>
      <tbody>${ABILITIES.map((a) => html`<tr key=${a}><th scope="row">${t(`acks-ability-${a}`)}</th><td data-ability=${a}>${s.abilities?.[a] ?? "—"}</td></tr>`)}</tbody>
    </table>
    ${s.wounds?.length ? html`<ul class="acks-wounds">${s.wounds.map((w, i) => html`<li key=${i}>${w.wound}${w.bed_rest_days ? ` · ${t("acks-bed-rest", { days: w.bed_rest_days })}` : ""}</li>`)}</ul>` : null}
    ${s.side_effects?.length ? html`<p class="hint">${s.side_effects.join(", ")}</p>` : null}
    <${Throws} s=${s} />
  </article>`;
}

const SAVES = ["paralysis", "death", "breath", "wands", "spells"];
const THIEF_SKILLS = ["open_locks", "find_remove_traps", "pick_pockets", "move_silently", "climb_walls", "hide_in_shadows", "hear_noise"];
const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** The attack throw, the five saving throws and the thief skills, as the server works them
 * out from the tables (the view's `sheet`); nothing is computed here. */
function Throws({ s }) {
  const x = s.sheet;
  if (!x) return html`<p class="hint acks-not-in-view">${t("acks-sheet-gaps")}</p>`;
  const rest = (x.skipped_rest || 0) + (x.missed_rest_days || 0);
  return html`<div class="acks-throws">
    <dl class="acks-facts">
      <dt>${t("acks-attack-throw-label")}</dt>
      <dd class="acks-attack-throw">${t("acks-attack-throw-value", { throw: x.attack_throw, melee: signed(x.melee_modifier), missile: signed(x.missile_modifier) })}${rest ? html` <span class="badge acks-rest-penalty">${t("acks-rest-penalty", { penalty: rest })}</span>` : null}</dd>
      <dt>${t("acks-hp-nonlethal")}</dt>
      <dd class="acks-hp-tally">${t("acks-hp-tally", { hp: x.hp, max: x.max_hp, nonlethal: x.nonlethal })}</dd>
    </dl>
    <table class="acks-saves"><caption>${t("acks-saves")}</caption>
      <tbody>${SAVES.map((k) => html`<tr key=${k}><th scope="row">${t(`acks-save-${k}`)}</th><td data-save=${k}>${x.saves?.[k] ?? "—"}+</td></tr>`)}</tbody>
    </table>
    ${x.thief_skills
      ? html`<table class="acks-thief-skills"><caption>${t("acks-thief-skills")}</caption>
          <tbody>${THIEF_SKILLS.map((k) => html`<tr key=${k}><th scope="row">${t(`acks-skill-${k}`)}</th><td data-skill=${k}>${x.thief_skills[k]}+</td></tr>`)}</tbody>
        </table>`
      : null}
  </div>`;
}

/** An attack's named modifiers (the server's breakdown), e.g. "Strength +2, missed rest days −2". */
function modifiersLine(mods) {
  if (!mods?.length) return null;
  return html`<span class="acks-modifiers">${mods.map((m) => t("acks-atk-mod", { name: t(`acks-atkmod-${m.name}`), attack: signed(m.attack), damage: signed(m.damage) })).join("; ")}</span>`;
}

/** XP, the next level's threshold and the most this adventure may bring (the server's). */
function xpLine(screen, id) {
  const x = screen.rules.experience?.characters?.[id];
  if (!x) return "—";
  const cap = x.cap ?? null;
  return html`${t("acks-xp-value", { xp: x.xp, next: x.next_level_xp ?? "—" })}${cap !== null ? html` · <span class="acks-xp-cap">${t("acks-xp-cap", { cap })}</span>` : null}`;
}

function MonsterCard({ screen, s }) {
  const card = s.card ? screen.rules.content?.monsters?.[s.card] : null;
  return html`<article class="card acks-monster" id=${`acks-sheet-${s.id}`}>
    <h3>${s.name}${s.monster && s.card && !s.revealed ? html` <span class="badge">${t("acks-hidden")}</span>` : null}</h3>
    ${card
      ? html`<dl class="acks-facts">
          <dt>${t("acks-hp")}</dt><dd>${t("acks-hp-value", { hp: s.hp, max: s.max_hp })}</dd>
          <dt>${t("acks-hit-dice")}</dt><dd>${card.hit_dice}</dd>
          <dt>${t("acks-armour-class")}</dt><dd>${card.armour_class}</dd>
          <dt>${t("acks-morale")}</dt><dd>${card.morale}</dd>
          <dt>${t("acks-attacks")}</dt><dd>${(card.attacks || []).map((a) => `${a.name} ${a.damage}`).join(", ")}</dd>
        </dl>`
      : html`<p class="hint">${s.what || ""}</p>`}
    ${screen.isReferee && s.card && !s.revealed
      ? html`<button type="button" id=${`acks-reveal-${s.id}`} onClick=${() => go(screen, { reveal: { creature: s.id } })}>${t("acks-reveal")}</button>`
      : null}
  </article>`;
}

function Party({ screen }) {
  const all = Object.values(screen.creatures).map(sheetOf).filter(Boolean);
  const pcs = all.filter((s) => s.character);
  const monsters = all.filter((s) => s.monster);
  return html`<section id="acks-party" class="panel" aria-labelledby="acks-party-h">
    <h2 id="acks-party-h">${t("acks-party", { count: pcs.length })}</h2>
    ${pcs.length ? pcs.map((s) => html`<${Sheet} key=${s.id} screen=${screen} s=${s} />`) : html`<p class="hint">${t("acks-no-characters")}</p>`}
    ${monsters.length
      ? html`<h2 id="acks-monsters-h">${t("acks-monsters", { count: monsters.length })}</h2>
          ${monsters.map((s) => html`<${Sheet} key=${s.id} screen=${screen} s=${s} />`)}`
      : null}
  </section>`;
}

// ---------- the encounter ----------

const REACTIONS = ["hostile", "unfriendly", "neutral", "indifferent", "friendly"];
/** "brena, odo" of a map of who is surprised. */
const surprisedOf = (screen, m) => {
  const who = Object.entries(m || {}).filter(([, v]) => v).map(([id]) => name(screen, id));
  return who.length ? who.join(", ") : "—";
};

/** T-07 (`dungeon`) and T-08's rows: where an encounter's distance is rolled. */
const SIGHTING_TERRAINS = ["dungeon", "badlands", "desert", "fields_fallow", "fields_ripe", "fields_wild", "heavy_forest_or_jungle", "light_forest", "marsh", "mountains", "plains", "sea"];

/** Outdoors, a rolled distance scales by the tallest creature's height and the observers'
 * elevation (AC-ENC-07). */
const sightingOf = (f) => {
  const terrain = f.encTerrain || "dungeon";
  if (terrain === "dungeon") return {};
  const out = { terrain };
  if (!f.encDistance && f.encHeight) out.creature_height_ft = Number(f.encHeight);
  if (!f.encDistance && f.encElevation) out.observer_elevation_ft = Number(f.encElevation);
  return out;
};

/** The encounter: the Judge starts one (distance rolled in secret unless given), rolls
 * surprise (the party's die in the open, the monsters' secret) and the reaction (secret), may
 * replace the reaction, and ends it; every secret number is in the Judge's projection only.
 * A player sees an encounter only once the server's view carries it (its open parts), and may
 * flee. */
function Encounter({ screen }) {
  const e = screen.rules.encounter;
  const f = form(screen);
  const [, bump] = useState(0);
  const set = (k) => (v) => ((f[k] = v), bump((x) => x + 1));
  const monsters = Object.values(screen.creatures).map(sheetOf).filter((x) => x?.monster);
  const pcs = characters(screen).map((x) => x.id);
  if (!pcs.includes(f.leader)) f.leader = pcs[0] || "";
  f.encMonsters ||= {};
  const chosen = monsters.map((m) => m.id).filter((id) => f.encMonsters[id]);
  const mine = own(screen, pcs);
  const judge = screen.isReferee;
  return html`<section id="acks-encounter" class="panel" aria-labelledby="acks-encounter-h">
    <h2 id="acks-encounter-h">${t("acks-encounter")}</h2>
    ${e
      ? html`<dl class="acks-facts" id="acks-encounter-state">
          ${judge ? html`<dt>${t("acks-enc-monsters")}</dt><dd>${(e.monsters || []).map((id) => name(screen, id)).join(", ")}</dd>
            <dt>${t("acks-enc-distance")}</dt><dd id="acks-enc-distance">${e.sighting ? t("acks-enc-yards", { yards: e.sighting.yards, rolled: e.sighting.rolled_yards }) : t("acks-feet", { feet: e.distance_ft ?? 0 })}</dd>` : null}
          <dt>${t("acks-enc-party-surprised")}</dt><dd id="acks-enc-party-surprised">${e.party_surprised ? surprisedOf(screen, e.party_surprised) : t("acks-enc-not-rolled")}</dd>
          ${judge ? html`<dt>${t("acks-enc-monsters-surprised")}</dt><dd id="acks-enc-monsters-surprised">${e.monsters_surprised ? surprisedOf(screen, e.monsters_surprised) : t("acks-enc-not-rolled")}</dd>
            <dt>${t("acks-enc-reaction")}</dt><dd id="acks-enc-reaction">${e.reaction ? t(`acks-reaction-${e.reaction}`) : t("acks-enc-not-rolled")}</dd>` : null}
          ${e.fled ? html`<dt>${t("acks-enc-fled")}</dt><dd>${t("acks-enc-fled-value", { who: (e.fled.characters || e.fled[0] || []).map((id) => name(screen, id)).join(", "), escaped: String(e.fled.escaped ?? e.fled[1]) })}</dd>` : null}
        </dl>`
      : html`<p class="hint" id="acks-encounter-none">${t("acks-no-encounter")}</p>`}
    ${judge && !e
      ? html`<fieldset id="acks-enc-begin"><legend>${t("acks-enc-begin")}</legend>
          ${monsters.length
            ? html`<div class="row wrap">${monsters.map((m) => html`<label class="radio" key=${m.id}><input type="checkbox" id=${`acks-enc-m-${m.id}`} checked=${!!f.encMonsters[m.id]} onChange=${(ev) => ((f.encMonsters[m.id] = ev.target.checked), bump((x) => x + 1))} /> ${m.name}</label>`)}</div>`
            : html`<p class="hint">${t("acks-enc-no-monsters")}</p>`}
          <div class="row wrap">
            <${Select} id="acks-enc-origin" label=${t("acks-enc-origin")} value=${f.origin || "random"} options=${["random", "planned"].map((k) => [k, t(`acks-enc-origin-${k}`)])} onChange=${set("origin")} />
            <label class="field">${t("acks-enc-distance-given")}<input id="acks-enc-distance-ft" type="number" min="0" max="10000" value=${f.encDistance || ""} onInput=${(ev) => (f.encDistance = ev.target.value)} /></label>
            <${Select} id="acks-enc-terrain" label=${t("acks-enc-terrain")} value=${f.encTerrain || "dungeon"} options=${SIGHTING_TERRAINS.map((k) => [k, t(`acks-enc-terrain-${k}`)])} onChange=${set("encTerrain")} />
            ${(f.encTerrain || "dungeon") !== "dungeon" && !f.encDistance
              ? html`<label class="field">${t("acks-enc-height")}<input id="acks-enc-height" type="number" min="1" max="1000" value=${f.encHeight || ""} onInput=${(ev) => (f.encHeight = ev.target.value)} /></label>
                <label class="field">${t("acks-enc-elevation")}<input id="acks-enc-elevation" type="number" min="0" max="30000" value=${f.encElevation || ""} onInput=${(ev) => (f.encElevation = ev.target.value)} /></label>`
              : null}
            <button type="button" id="acks-enc-start" class="primary" disabled=${!chosen.length} onClick=${() => go(screen, { begin_encounter: { monsters: chosen, origin: f.origin || "random", ...(f.encDistance ? { distance_ft: Number(f.encDistance) } : {}), ...sightingOf(f) } })}>${t("acks-enc-start")}</button>
          </div>
        </fieldset>`
      : null}
    ${judge && e
      ? html`<div class="row wrap">
          <label class="radio"><input type="checkbox" id="acks-enc-light" checked=${!!f.monstersLight} onChange=${(ev) => ((f.monstersLight = ev.target.checked), bump((x) => x + 1))} /> ${t("acks-enc-monsters-light")}</label>
          <button type="button" id="acks-enc-surprise" disabled=${!!e.party_surprised} onClick=${() => go(screen, { roll_surprise: { monsters_carry_light: !!f.monstersLight } })}>${t("acks-enc-roll-surprise")}</button>
        </div>
        <div class="row wrap">
          <${Select} id="acks-enc-leader" label=${t("acks-enc-leader")} value=${f.leader} options=${pcs.map((id) => [id, name(screen, id)])} onChange=${set("leader")} />
          <button type="button" id="acks-enc-reaction-roll" onClick=${() => go(screen, { roll_reaction: { leader: f.leader } })}>${t("acks-enc-roll-reaction")}</button>
          ${e.reaction
            ? html`<${Select} id="acks-enc-judged" label=${t("acks-enc-judge-reaction")} value=${f.judged || e.reaction} options=${REACTIONS.map((k) => [k, t(`acks-reaction-${k}`)])} onChange=${set("judged")} />
              <button type="button" id="acks-enc-judge" onClick=${() => go(screen, { judge_reaction: { reaction: f.judged || e.reaction } })}>${t("acks-enc-settle")}</button>`
            : null}
        </div>
        <div class="row wrap">
          <label class="field">${t("acks-enc-rounds")}<input id="acks-enc-rounds" type="number" min="0" max="600" value=${f.encRounds || "1"} onInput=${(ev) => (f.encRounds = ev.target.value)} /></label>
          <button type="button" id="acks-enc-end" onClick=${() => go(screen, { end_encounter: { rounds: Number(f.encRounds) || 0 } })}>${t("acks-enc-end")}</button>
        </div>`
      : null}
    ${judge && e && e.terrain && e.terrain !== "dungeon" && !e.fled
      ? html`<div class="row wrap">
          <label class="radio"><input type="checkbox" id="acks-enc-dense" checked=${!!f.denseWoods} onChange=${(ev) => ((f.denseWoods = ev.target.checked), bump((x) => x + 1))} /> ${t("acks-enc-dense-woods")}</label>
          <button type="button" id="acks-enc-evade" disabled=${!pcs.length} onClick=${() => go(screen, { evade_in_wilderness: { characters: pcs, dense_woods: !!f.denseWoods } })}>${t("acks-enc-evade")}</button>
        </div>`
      : null}
    ${judge && e && e.terrain && e.terrain !== "dungeon" && e.fled && (Array.isArray(e.fled) ? e.fled[1] === false : e.fled.escaped === false)
      ? html`<div class="row wrap" id="acks-chase">
          <label class="radio"><input type="checkbox" id="acks-chase-faster" checked=${!!f.chaseFaster} onChange=${(ev) => ((f.chaseFaster = ev.target.checked), bump((x) => x + 1))} /> ${t("acks-chase-faster")}</label>
          <button type="button" id="acks-chase-day" onClick=${() => go(screen, { chase_day: { pursuers_faster: !!f.chaseFaster } })}>${t("acks-chase-day")}</button>
        </div>`
      : null}
    ${!judge && e && !e.outdoors && mine.length
      ? html`<button type="button" id="acks-enc-flee" onClick=${() => go(screen, { flee: { characters: mine } })}>${t("acks-enc-flee")}</button>`
      : null}
  </section>`;
}

// ---------- the dungeon turn ----------

function Dungeon({ screen }) {
  const d = screen.rules.dungeon || {};
  const f = form(screen);
  const pcs = own(screen, characters(screen).map((s) => s.id));
  if (!pcs.includes(f.who)) f.who = pcs[0] || "";
  const doors = Object.values(d.doors || {});
  const traps = Object.values(d.traps || {});
  const [, bump] = useState(0);
  const set = (k) => (v) => ((f[k] = v), bump((x) => x + 1));
  const results = recent(screen, ["listened", "listen_result", "searched", "search_result", "door_forced", "door_unlocked", "trap_sprung", "wandering_checked"]);
  const line = (r) => {
    const who = name(screen, r.data.character);
    switch (r.name) {
      case "listened":
        return t("acks-listened", { who, at: r.data.at, heard: String(r.data.heard), face: r.data.face, something: String(r.data.something) });
      case "listen_result":
        return t("acks-listen-result", { who, at: r.data.at, heard: String(r.data.heard) });
      case "searched":
      case "search_result":
        return t("acks-search-result", { who, area: r.data.area, count: r.data.found?.length ?? 0, found: (r.data.found || []).join(", ") });
      case "door_forced":
        return t("acks-door-forced", { door: r.data.door, opened: String(r.data.opened), face: r.data.face });
      case "door_unlocked":
        return t("acks-door-unlocked", { door: r.data.door, opened: String(r.data.opened) });
      case "trap_sprung":
        return t("acks-trap-sprung", { who, trap: r.data.trap });
      default:
        return t("acks-wandering", { turn: r.data.turn, face: r.data.face, come: String(r.data.monsters_come) });
    }
  };
  return html`<section id="acks-dungeon" class="panel" aria-labelledby="acks-dungeon-h">
    <h2 id="acks-dungeon-h">${t("acks-dungeon")}</h2>
    <p id="acks-turn">${t("acks-turn", { turn: d.turn ?? 0 })}</p>
    <ul class="acks-lights" id="acks-lights">
      ${characters(screen).map(
        (s) => html`<li key=${s.id}>${s.name}: ${s.light ? t("acks-light-burning", { kind: t(`acks-light-${s.light.kind}`), turns: s.light.turns_left }) : t("acks-light-none")} · ${t("acks-rest-state", { turns: s.rest?.turns_active ?? 0 })}${s.rest_due || s.rest?.fatigued ? html` <span class="badge">${t("acks-rest-due")}</span>` : null}</li>`,
      )}
    </ul>
    ${d.marching_order ? html`<p>${t("acks-marching", { order: (d.marching_order.ranks || d.marching_order).map?.((r) => (Array.isArray(r) ? r.map((id) => name(screen, id)).join(" + ") : name(screen, r))).join(" / ") ?? "" })}</p>` : null}
    ${doors.length ? html`<p id="acks-doors">${t("acks-doors")}: ${doors.map((x) => `${x.id} (${x.area}${x.open || x.state === "open" ? ", " + t("acks-open") : ""})`).join(", ")}</p>` : null}
    ${traps.length ? html`<p id="acks-traps">${t("acks-traps")}: ${traps.map((x) => `${x.id} (${x.area})`).join(", ")}</p>` : null}
    ${pcs.length
      ? html`<div class="row wrap">
            <${Select} id="acks-who" label=${t("acks-character")} value=${f.who} options=${pcs.map((id) => [id, name(screen, id)])} onChange=${set("who")} />
            <${Select} id="acks-activity" label=${t("acks-activity")} value=${f.activity} options=${["explore", "search", "rest"].map((a) => [a, t(`acks-activity-${a}`)])} onChange=${set("activity")} />
            <button type="button" id="acks-declare-turn" onClick=${() => go(screen, { declare_turn: { character: f.who, activity: f.activity } })}>${t("acks-declare-turn")}</button>
          </div>
          <div class="row wrap">
            <${Select} id="acks-light-kind" label=${t("acks-light")} value=${f.light} options=${["torch", "lantern"].map((k) => [k, t(`acks-light-${k}`)])} onChange=${set("light")} />
            <button type="button" id="acks-light" onClick=${() => go(screen, { light: { character: f.who, kind: f.light } })}>${t("acks-light-it")}</button>
            <button type="button" id="acks-refill" onClick=${() => go(screen, { refill_lantern: { character: f.who } })}>${t("acks-refill")}</button>
            <button type="button" id="acks-douse" onClick=${() => go(screen, { douse: { character: f.who } })}>${t("acks-douse")}</button>
          </div>
          <div class="row wrap">
            <label class="field">${t("acks-at")}<input id="acks-at" value=${f.at} maxlength="64" onInput=${(e) => (f.at = e.target.value.trim())} /></label>
            <button type="button" id="acks-listen" onClick=${() => go(screen, { listen: { character: f.who, at: f.at } })}>${t("acks-listen")}</button>
            <button type="button" id="acks-force" onClick=${() => go(screen, { force_door: { characters: [f.who], door: f.at } })}>${t("acks-force")}</button>
            <button type="button" id="acks-unlock" onClick=${() => go(screen, { unlock_door: { character: f.who, door: f.at, method: "open_locks" } })}>${t("acks-unlock")}</button>
          </div>
          <div class="row wrap">
            <label class="field">${t("acks-area")}<input id="acks-area" value=${f.area} maxlength="64" onInput=${(e) => (f.area = e.target.value.trim())} /></label>
            <${Select} id="acks-looking" label=${t("acks-looking-for")} value=${f.looking} options=${["secret_doors", "traps"].map((k) => [k, t(`acks-looking-${k}`)])} onChange=${set("looking")} />
            <button type="button" id="acks-search" onClick=${() => go(screen, { search: { character: f.who, area: f.area, looking_for: f.looking } })}>${t("acks-search")}</button>
          </div>`
      : null}
    ${screen.isReferee
      ? html`<div class="row wrap">
          ${screen.view.clock?.exploration
            ? html`<button type="button" id="acks-end-turn" class="primary" onClick=${() => screen.send({ clock: "end_exploration_turn" }).catch(() => {})}>${t("acks-end-turn")}</button>`
            : html`<button type="button" id="acks-start-turns" class="primary" onClick=${() => screen.send({ clock: { start_exploration: { length: { kind: "manual" } } } }).catch(() => {})}>${t("acks-start-turns")}</button>`}
          <button type="button" id="acks-check-wandering" onClick=${() => go(screen, { check_wandering: {} })}>${t("acks-check-wandering")}</button>
        </div>
        <div class="row wrap">
          <label class="field">${t("acks-trap")}<input id="acks-trap" value=${f.trap || ""} maxlength="64" onInput=${(e) => (f.trap = e.target.value.trim())} /></label>
          <button type="button" id="acks-trap-check" onClick=${() => go(screen, { trap_check: { trap: f.trap || "", character: f.who } })}>${t("acks-trap-check")}</button>
        </div>`
      : null}
    <h3>${t("acks-results")}</h3>
    ${results.length ? html`<ul id="acks-results">${results.map((r) => html`<li key=${r.n} data-event=${r.name}>${line(r)}</li>`)}</ul>` : html`<p class="hint" id="acks-results">${t("acks-no-results")}</p>`}
  </section>`;
}

// ---------- the wilderness day ----------

const HEADINGS = ["north", "north_east", "south_east", "south", "south_west", "north_west"];
const TERRAINS = ["clear", "coast", "desert", "hills", "woods", "jungle", "swamp", "mountains"];
/** Most hexes the map list shows (the nearest to the party). */
const MAP_HEXES = 37;
const hexText = (h) => (h ? `${h.q}, ${h.r}` : "—");
const same = (a, b) => !!a && !!b && a.q === b.q && a.r === b.r;
/** Hexes apart on the axial map (geometry only, for the list's order). */
const apart = (a, b) => (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.q + a.r - b.q - b.r)) / 2;

function Wilderness({ screen }) {
  const w = screen.rules.wilderness || {};
  const f = form(screen);
  const [, bump] = useState(0);
  const set = (k) => (v) => ((f[k] = v), bump((x) => x + 1));
  const tick = (k) => (e) => ((f[k] = e.target.checked), bump((x) => x + 1));
  const num = (k) => (e) => (f[k] = e.target.value);
  const party = w.party || null;
  const believed = party?.believed_hex || null;
  // Only the Judge's projection carries the true hex.
  const truth = screen.isReferee ? party?.true_hex || null : null;
  const centre = believed || { q: 0, r: 0 };
  const hexes = Object.values(w.hexes || {})
    .sort((a, b) => apart(a, centre) - apart(b, centre) || a.r - b.r || a.q - b.q)
    .slice(0, MAP_HEXES);
  const pcs = own(screen, characters(screen).map((s) => s.id));
  if (!pcs.includes(f.who)) f.who = pcs[0] || "";
  const results = recent(screen, ["day_travelled", "day_travelled_seen", "navigated", "sailed", "sailed_seen", "sea_navigated", "wind_rolled", "storm_hour", "fished", "foraged", "hunted", "wild_wandering_checked", "day_provisioned", "party_placed"]);
  return html`<section id="acks-wilderness" class="panel" aria-labelledby="acks-wilderness-h">
    <h2 id="acks-wilderness-h">${t("acks-wilderness")}</h2>
    <p id="acks-wild-day">${t("acks-wild-day", { day: w.day ?? 0 })}${w.today ? html` · ${t("acks-wild-today", { kind: w.today })}` : null}</p>
    <p id="acks-wild-rest">${t("acks-wild-travel-days", { days: w.travel_days ?? 0 })}${w.missed_rest_penalty ? html` <span class="badge">${t("acks-wild-penalty", { penalty: w.missed_rest_penalty })}</span>` : null}${w.rest_owed ? html` <span class="badge">${t("acks-wild-rest-owed")}</span>` : null}</p>
    ${party
      ? html`<p id="acks-wild-believed">${t("acks-wild-believed", { hex: hexText(believed) })}</p>
          ${truth ? html`<p id="acks-wild-true">${t("acks-wild-true", { hex: hexText(truth) })}${party.lost ? html` <span class="badge">${t("acks-wild-lost")}</span>` : null}</p>` : null}`
      : html`<p class="hint" id="acks-wild-believed">${t("acks-wild-no-party")}</p>`}
    <p>${t("acks-wild-fresh", { count: w.fresh_food ?? 0 })}</p>
    <h3>${t("acks-wild-map")}</h3>
    <ul id="acks-hexes" class="acks-hexes">
      ${hexes.map(
        (h) => html`<li key=${`${h.q},${h.r}`} data-hex=${`${h.q},${h.r}`} class=${same(h, believed) ? "party" : ""}>${hexText(h)}: ${t(`acks-terrain-${h.terrain}`)}${h.road ? ` (${t("acks-wild-road")})` : ""}${same(h, believed) ? html` <span class="badge">${t("acks-wild-here")}</span>` : null}${truth && !same(truth, believed) && same(h, truth) ? html` <span class="badge">${t("acks-wild-truly-here")}</span>` : null}</li>`,
      )}
    </ul>
    ${pcs.length && !screen.isReferee
      ? html`<div class="row wrap">
          <${Select} id="acks-wild-who" label=${t("acks-character")} value=${f.who} options=${pcs.map((id) => [id, name(screen, id)])} onChange=${set("who")} />
          <button type="button" id="acks-forage" onClick=${() => go(screen, { forage: { character: f.who } })}>${t("acks-wild-forage")}</button>
        </div>`
      : null}
    ${screen.isReferee
      ? html`<fieldset id="acks-wild-day-form"><legend>${t("acks-wild-travel")}</legend>
            <div class="row wrap">
              <${Select} id="acks-heading" label=${t("acks-wild-heading")} value=${f.heading} options=${HEADINGS.map((k) => [k, t(`acks-heading-${k}`)])} onChange=${set("heading")} />
              <label class="radio"><input type="checkbox" id="acks-forced" checked=${f.forced} onChange=${tick("forced")} /> ${t("acks-wild-forced")}</label>
              <label class="radio"><input type="checkbox" id="acks-following" checked=${f.following} onChange=${tick("following")} /> ${t("acks-wild-following")}</label>
              <label class="radio"><input type="checkbox" id="acks-flying" checked=${f.flying} onChange=${tick("flying")} /> ${t("acks-wild-flying")}</label>
              <button type="button" id="acks-travel" class="primary" onClick=${() => go(screen, { travel_day: { toward: f.heading, forced_march: f.forced, following: f.following, flying: f.flying } })}>${t("acks-wild-travel")}</button>
              <button type="button" id="acks-rest-day" onClick=${() => go(screen, { rest_day: {} })}>${t("acks-wild-rest")}</button>
              <button type="button" id="acks-hunt" onClick=${() => go(screen, { hunt: { characters: characters(screen).map((s) => s.id) } })}>${t("acks-wild-hunt")}</button>
              <button type="button" id="acks-end-day" onClick=${() => go(screen, { end_day: {} })}>${t("acks-wild-end-day")}</button>
            </div>
          </fieldset>
          <fieldset id="acks-wild-hex-form"><legend>${t("acks-wild-hex")}</legend>
            <div class="row wrap">
              <label class="field">${t("acks-wild-q")}<input id="acks-q" type="number" value=${f.q} onInput=${num("q")} /></label>
              <label class="field">${t("acks-wild-r")}<input id="acks-r" type="number" value=${f.r} onInput=${num("r")} /></label>
              <${Select} id="acks-terrain" label=${t("acks-terrain")} value=${f.terrain} options=${TERRAINS.map((k) => [k, t(`acks-terrain-${k}`)])} onChange=${set("terrain")} />
              <label class="radio"><input type="checkbox" id="acks-road" checked=${f.road} onChange=${tick("road")} /> ${t("acks-wild-road")}</label>
              <label class="radio"><input type="checkbox" id="acks-shown" checked=${f.shown} onChange=${tick("shown")} /> ${t("acks-wild-shown")}</label>
              <button type="button" id="acks-draw" onClick=${() => go(screen, { set_hexes: { hexes: [{ q: Number(f.q) || 0, r: Number(f.r) || 0, terrain: f.terrain, road: f.road, shown: f.shown }] } })}>${t("acks-wild-draw")}</button>
              <button type="button" id="acks-place" onClick=${() => go(screen, { place_party: { q: Number(f.q) || 0, r: Number(f.r) || 0 } })}>${t("acks-wild-place")}</button>
            </div>
            <div class="row wrap">
              <label class="field">${t("acks-wild-drift")}<input id="acks-drift" type="number" min="0" max="5" value=${f.drift} onInput=${num("drift")} /></label>
              <button type="button" id="acks-true-course" onClick=${() => go(screen, { set_true_course: { q: Number(f.q) || 0, r: Number(f.r) || 0, drift: Number(f.drift) || 0 } })}>${t("acks-wild-true-course")}</button>
              <button type="button" id="acks-found-way" onClick=${() => go(screen, { found_way: {} })}>${t("acks-wild-found")}</button>
            </div>
          </fieldset>`
      : null}
    <h3>${t("acks-results")}</h3>
    ${results.length
      ? html`<ul id="acks-wild-results">${results.map((r) => html`<li key=${r.n} data-event=${r.name}>${t(`ev-rules-${r.name}`, logArgs(r.data))}</li>`)}</ul>`
      : html`<p class="hint" id="acks-wild-results">${t("acks-wild-no-results")}</p>`}
  </section>`;
}


// ---------- combat ----------

/** A character's attack names its weapon's damage dice; a monster's uses its card's attacks. */
const weaponOf = (screen, f) => (sheetOf(screen.creatures[f.attacker])?.monster ? undefined : f.weapon || undefined);

function Odds({ screen, f }) {
  const [odds, setOdds] = useState(null);
  const ask = () =>
    screen.query("attack_odds", { attacker: f.attacker, target: f.target, weapon: weaponOf(screen, f) }).then(
      (a) => setOdds({ ...a, key: `${f.attacker}/${f.target}/${f.weapon}` }),
      // A refused question is worded like a refused command (its words load on demand).
      (e) =>
        Promise.all(laterMessages("acks").map((p) => addMessages(`${p}.`).catch(() => {}))).then(() =>
          setOdds({ error: refusalText(e) }),
        ),
    );
  // The server's exact fractions ("3/5") as decimals for reading; the fraction stays shown.
  const num = (fr) => {
    const [n, d] = String(fr).split("/").map(Number);
    return d ? n / d : n;
  };
  return html`<div class="row wrap">
    <button type="button" id="acks-odds" onClick=${ask}>${t("acks-odds")}</button>
    ${odds
      ? html`<p id="acks-odds-out" class=${odds.error ? "inv-error" : "hint"} aria-live="polite">
          ${odds.error || t("acks-odds-result", { needed: odds.needed, hit: (100 * num(odds.hit)).toFixed(1), exact: String(odds.hit), damage: num(odds.expected_damage).toFixed(2) })}
          ${odds.error ? null : html` ${modifiersLine(odds.modifiers)}`}
        </p>`
      : null}
  </div>`;
}

/** The fight forecast's choices: who may fight (picked while no fight is under way), whose weapon is typed. */
function forecastChoice(screen) {
  const c = screen.rules.combat;
  const ids = c ? Object.keys(c.combatants || {}) : Object.keys(screen.creatures).filter((id) => { const s = sheetOf(screen.creatures[id]); return s && (s.character || s.revealed) && s.hp > 0; });
  return { ids, character: (id) => !!sheetOf(screen.creatures[id])?.character, pick: !c, weapons: true };
}

function Combat({ screen }) {
  const c = screen.rules.combat;
  const clock = screen.view.clock?.combat;
  const f = form(screen);
  const [, bump] = useState(0);
  const set = (k) => (v) => ((f[k] = v), bump((x) => x + 1));
  const visible = Object.keys(screen.creatures);
  const mine = own(screen, visible);
  if (!c) {
    return html`<section id="acks-combat" class="panel" aria-labelledby="acks-combat-h">
      <h2 id="acks-combat-h">${t("acks-combat")}</h2>
      <p class="hint">${t("acks-no-fight")}</p>
      ${screen.isReferee && visible.length
        ? html`<button type="button" id="acks-begin" onClick=${() => go(screen, { begin_combat: { combatants: visible.filter((id) => { const s = sheetOf(screen.creatures[id]); return s.character || s.revealed; }) } })}>${t("acks-begin")}</button>`
        : null}
    </section>`;
  }
  const ids = Object.keys(c.combatants || {});
  const order = clock?.order?.length ? clock.order : [...ids].sort((a, b) => (c.combatants[b].count ?? 0) - (c.combatants[a].count ?? 0));
  const now = clock?.order?.[clock.current];
  const acting = own(screen, ids);
  // The form follows the combatant acting now, when this seat acts for it.
  if (now && acting.includes(now) && f.lastNow !== now) {
    f.attacker = now;
    f.lastNow = now;
  }
  if (!acting.includes(f.attacker)) f.attacker = acting[0] || "";
  if (!ids.includes(f.target) || f.target === f.attacker) f.target = ids.find((id) => id !== f.attacker) || "";
  const monsters = ids.filter((id) => sheetOf(screen.creatures[id])?.monster);
  if (!monsters.includes(f.morale)) f.morale = monsters[0] || "";
  const pcs = characters(screen).map((s) => s.id);
  if (!pcs.includes(f.wounded)) f.wounded = pcs[0] || "";
  const treated = recent(screen, ["wound_treated"])[0];
  const morale = recent(screen, ["morale_checked"])[0];
  const attacks = recent(screen, ["attacked", "attack_seen"]);
  return html`<section id="acks-combat" class="panel" aria-labelledby="acks-combat-h">
    <h2 id="acks-combat-h">${t("acks-combat")}</h2>
    <p id="acks-round">${t("acks-round", { round: c.round ?? 0 })}${c.initiative_rolled ? "" : html` <span class="badge">${t("acks-declaring")}</span>`}</p>
    <table id="acks-tracker" class="acks-tracker"><caption>${t("acks-tracker")}</caption>
      <thead><tr><th scope="col">${t("acks-count")}</th><th scope="col">${t("acks-combatant")}</th><th scope="col">${t("acks-declaration")}</th><th scope="col">${t("acks-attacks-made")}</th></tr></thead>
      <tbody>${order.filter((id) => c.combatants[id]).map((id) => {
        const x = c.combatants[id];
        const decl = x.declaration == null ? "—" : typeof x.declaration === "string" ? t(`acks-decl-${x.declaration}`) : t("acks-decl-casting", { spell: x.declaration.spell ?? "" });
        return html`<tr key=${id} data-creature=${id} class=${id === now ? "acting" : ""}><td>${x.count ?? "—"}</td><th scope="row">${name(screen, id)}${id === now ? html` <span class="badge">${t("acks-acting")}</span>` : null}${(c.fallen || []).includes(id) ? html` <span class="badge">${t("acks-fallen")}</span>` : null}</th><td>${decl}</td><td>${x.attacks_made ?? 0}</td></tr>`;
      })}</tbody>
    </table>
    ${!c.initiative_rolled && acting.length
      ? html`<div class="row wrap">
          <${Select} id="acks-declare-who" label=${t("acks-combatant")} value=${f.attacker} options=${acting.map((id) => [id, name(screen, id)])} onChange=${set("attacker")} />
          <${Select} id="acks-declaration" label=${t("acks-declaration")} value=${f.declaration} options=${["none", "fighting_withdrawal", "full_retreat", "spell"].map((k) => [k, t(`acks-decl-${k}`)])} onChange=${set("declaration")} />
          ${f.declaration === "spell" ? html`<label class="field">${t("acks-spell")}<input id="acks-spell" value=${f.spellName || ""} maxlength="64" onInput=${(e) => (f.spellName = e.target.value.trim())} /></label>` : null}
          <button type="button" id="acks-declare" onClick=${() => go(screen, { declare: { creature: f.attacker, declaration: f.declaration === "spell" ? { spell: f.spellName || "" } : f.declaration } })}>${t("acks-declare")}</button>
          ${screen.isReferee ? html`<button type="button" id="acks-initiative" class="primary" onClick=${() => go(screen, { roll_initiative: {} })}>${t("acks-initiative")}</button>` : null}
        </div>`
      : null}
    ${c.initiative_rolled && acting.length
      ? html`<fieldset class="acks-attack"><legend>${t("acks-attack")}</legend>
          <div class="row wrap">
            <${Select} id="acks-attacker" label=${t("acks-attacker")} value=${f.attacker} options=${acting.map((id) => [id, name(screen, id)])} onChange=${set("attacker")} />
            <${Select} id="acks-target" label=${t("acks-target")} value=${f.target} options=${ids.filter((id) => id !== f.attacker).map((id) => [id, name(screen, id)])} onChange=${set("target")} />
            ${sheetOf(screen.creatures[f.attacker])?.monster ? null : html`<label class="field">${t("acks-weapon")}<input id="acks-weapon" value=${f.weapon} maxlength="16" onInput=${(e) => (f.weapon = e.target.value.trim())} /></label>`}
          </div>
          <${Odds} screen=${screen} f=${f} />
          <button type="button" id="acks-attack" class="primary" onClick=${() => go(screen, { attack: { attacker: f.attacker, target: f.target, weapon: weaponOf(screen, f) } })}>${t("acks-attack-throw")}</button>
        </fieldset>`
      : null}
    ${attacks.length ? html`<ul id="acks-attacks">${attacks.map((r) => html`<li key=${r.n}>${t("acks-attacked", { attacker: name(screen, r.data.attacker), target: name(screen, r.data.target), hit: String(r.data.hit), damage: r.data.damage ?? 0, face: r.data.face ?? "?", needed: r.data.needed ?? "?" })}${r.data.cleave ? html` <span class="badge acks-cleave">${t("acks-cleave")}</span>` : null}${r.data.cleave_earned ? html` <span class="badge acks-cleave-earned">${t("acks-cleave-earned")}</span>` : null} ${modifiersLine(r.data.modifiers)}</li>`)}</ul>` : null}
    ${screen.isReferee
      ? html`<fieldset id="acks-morale-form"><legend>${t("acks-morale")}</legend>
            ${monsters.length
              ? html`<div class="row wrap">
                  <${Select} id="acks-morale-who" label=${t("acks-combatant")} value=${f.morale} options=${monsters.map((id) => [id, name(screen, id)])} onChange=${set("morale")} />
                  <label class="field">${t("acks-judge-modifier")}<input id="acks-judge-mod" type="number" min="-10" max="10" value=${f.judgeMod} onInput=${(e) => (f.judgeMod = e.target.value)} /></label>
                  <button type="button" id="acks-morale" onClick=${() => go(screen, { morale_check: { creature: f.morale, judge_modifier: Number(f.judgeMod) || 0 } })}>${t("acks-morale-check")}</button>
                </div>`
              : null}
            ${morale ? html`<p id="acks-morale-out">${t("acks-morale-result", { who: name(screen, morale.data.creature), result: morale.data.result, total: morale.data.total ?? "—" })}</p>` : null}
          </fieldset>
          <fieldset id="acks-wound-form"><legend>${t("acks-mortal-wounds")}</legend>
            <div class="row wrap">
              <${Select} id="acks-wounded" label=${t("acks-character")} value=${f.wounded} options=${pcs.map((id) => [id, name(screen, id)])} onChange=${set("wounded")} />
              <${Select} id="acks-timing" label=${t("acks-timing")} value=${f.timing} options=${["round", "turn", "hour", "day", "later"].map((k) => [k, t(`acks-timing-${k}`)])} onChange=${set("timing")} />
              <label class="field">${t("acks-healing-spell")}<input id="acks-spell-level" type="number" min="0" max="9" value=${f.spell} onInput=${(e) => (f.spell = e.target.value)} /></label>
              <label class="radio"><input type="checkbox" id="acks-healer" checked=${f.healer} onChange=${(e) => (f.healer = e.target.checked)} /> ${t("acks-healer")}</label>
              <button type="button" id="acks-treat" onClick=${() => go(screen, { treat_wound: { character: f.wounded, timing: f.timing, healing_spell_level: Number(f.spell) || 0, healer: f.healer } })}>${t("acks-treat")}</button>
            </div>
            ${treated
              ? html`<table id="acks-breakdown"><caption>${t("acks-breakdown", { who: name(screen, treated.data.character) })}</caption><tbody>
                  ${Object.entries(treated.data.breakdown || {}).map(([k, v]) => html`<tr key=${k}><th scope="row">${t(`acks-mod-${k}`)}</th><td>${v}</td></tr>`)}
                  <tr><th scope="row">${t("acks-roll-total")}</th><td>${treated.data.total}</td></tr>
                </tbody></table>
                <p>${treated.data.wound} · ${treated.data.recovery}</p>`
              : null}
          </fieldset>
          <button type="button" id="acks-end-fight" onClick=${() => go(screen, { end_fight: {} })}>${t("acks-end-fight")}</button>`
      : null}
  </section>`;
}

/** The ACKS screen, as the shell asks for it (see js/table.js). */
export default {
  layout(screen) {
    return {
      a: [
        { tab: "party", items: [html`<${Party} key="party" screen=${screen} />`] },
        { tab: "party", items: [html`<${JudgeTables} key="tables" screen=${screen} />`] },
        { tab: "party", items: [html`<${ZeroLevel} key="zero" screen=${screen} />`] },
      ],
      b: [
        { tab: "dungeon", items: [html`<${Dungeon} key="dungeon" screen=${screen} />`, html`<${Encounter} key="encounter" screen=${screen} />`] },
        { tab: "combat", items: [html`<${Combat} key="combat" screen=${screen} />`] },
        { tab: "combat", items: [html`<${Mounting} key="mounting" screen=${screen} />`] },
        { tab: "combat", items: [html`<${FightForecast} key="forecast" screen=${screen} prefix="acks" sides=${["characters", "monsters"]} metrics=${["dies", "knocked_out", "drops_to_0_hp", "flees"]} name=${(id) => screen.creatures[id]?.name} choose=${forecastChoice(screen)} />`] },
        { tab: "wilderness", items: [html`<${Wilderness} key="wilderness" screen=${screen} />`] },
        { tab: "wilderness", items: [html`<${LandMap} key="land" screen=${screen} />`] },
        { tab: "sea", items: [html`<${Voyage} key="voyage" screen=${screen} />`, html`<${Naval} key="naval" screen=${screen} />`] },
      ],
      tools: [],
      tabs: [
        { id: "party", label: t("acks-tab-party"), shell: ["decisions", "chat", "invites", "packs", "settings"] },
        { id: "dungeon", label: t("acks-tab-dungeon"), shell: ["clock"] },
        { id: "combat", label: t("acks-tab-combat"), shell: [] },
        { id: "wilderness", label: t("acks-tab-wilderness"), shell: [] },
        { id: "sea", label: t("acks-tab-sea"), shell: [] },
        { id: "log", label: t("acks-tab-log"), shell: ["log", "commands"] },
      ],
      tab: screen.rules.combat ? "combat" : undefined,
    };
  },
  characters(screen) {
    return Object.values(screen.creatures)
      .map(sheetOf)
      .filter(Boolean)
      .map((s) => ({ id: s.id, name: s.name, party: !!s.character }));
  },
  displayName(screen, id) {
    return screen.creatures[id]?.name || null;
  },
};
