// The D&D 2024 screen (crates/dnd2024/src/ruleset/), loaded by the shell (js/table.js) when a
// dnd2024 table opens. Preact + htm components over the viewer's projection (`rules`):
// character sheets (the whole record of a creature the seat plays, the Referee's every
// character), the Referee's monster stat blocks (a player's projection has none: only a
// creature's plain view), a d20 panel with the exact odds asked of the server's `d20_odds`
// query before the roll, the turn budget in a fight, the battle grid (a move picked square by
// square, an attack on a creature picked on the grid), the area picker, death saves and rests,
// the urgent prompt of an interrupt window (its default and its timeout), a faces field for
// physical dice beside every roll, and every event of the ruleset as a log line (`words`). No
// rule lives here: modifiers shown on the sheet are the record's numbers added up; a move's
// cost, an attack's Advantage and hit, the odds and every roll come from the server.
// Messages: this folder's en.ftl / ru.ftl (refusals in refusals.<lang>.ftl, loaded later).

import { h } from "../../vendor/preact/preact.module.js";
import { useEffect, useState } from "../../vendor/preact/hooks.module.js";
import htm from "../../vendor/htm/htm.module.js";
import { t, has } from "../../js/i18n.js";
import * as log from "../../js/log.js";
import { Grid, plainLook } from "../../js/grid.js";

const html = htm.bind(h);

/** The Referee's fight forecast panel (js/forecast.js, loaded on first show; issue 24). */
let forecastJs = null;
function FightForecast(props) {
  const [, loaded] = useState(0);
  if (!props.screen.isReferee || !(props.screen.forecasts || []).includes("fight")) return null;
  if (!forecastJs) import("../../js/forecast.js").then((m) => ((forecastJs = m), loaded(1)));
  return forecastJs ? h(forecastJs.FightForecast, props) : null;
}

export const ABILITIES = ["strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma"];
/** Each skill and the ability it goes with by default (the d20 panel may pick another). */
export const SKILLS = {
  acrobatics: "dexterity",
  animal_handling: "wisdom",
  arcana: "intelligence",
  athletics: "strength",
  deception: "charisma",
  history: "intelligence",
  insight: "wisdom",
  intimidation: "charisma",
  investigation: "intelligence",
  medicine: "wisdom",
  nature: "intelligence",
  perception: "wisdom",
  performance: "charisma",
  persuasion: "charisma",
  religion: "intelligence",
  sleight_of_hand: "dexterity",
  stealth: "dexterity",
  survival: "wisdom",
};
/** The interrupt windows this ruleset opens (their decisions are urgent). */
const WINDOW_KINDS = ["opportunity_attack", "readied_trigger", "legendary_actions", "reaction_spell"];

const signed = (n) => (n >= 0 ? `+${n}` : `${n}`);
const mod = (score) => Math.floor((score - 10) / 2);
const go = (screen, cmd) => screen.send({ rules: cmd }).catch(() => {});
/** Whether this seat may enter physical dice (the Referee's table option, `js/table.js`). */
const bringsDice = (screen) => !!screen.mayBringDice?.();
/** Sends a command that rolls, with the faces typed in form `f` (physical dice, used in
 * order for the command's dice; cleared once accepted). Resolves to the events, or null when
 * refused (the shell shows the refusal). */
const rollWith = (screen, cmd, f) =>
  screen.send({ rules: cmd }, { faces: bringsDice(screen) ? f.faces || "" : "" }).then(
    (evs) => ((f.faces = ""), evs),
    () => null,
  );

/** A faces field for physical dice beside a command that rolls, while the table allows them. */
function Faces({ screen, id, f }) {
  if (!bringsDice(screen)) return null;
  return html`<span class="field dice-faces"><label for=${id}>${t("faces")}</label>
    <input id=${id} inputmode="numeric" autocomplete="off" pattern="[0-9, ]*" value=${f.faces || ""} onInput=${(e) => (f.faces = e.target.value)} aria-describedby=${`${id}-hint`} />
    <span class="hint" id=${`${id}-hint`}>${t("faces-hint")}</span></span>`;
}
const isFull = (c) => !!c?.spec;
const nameOf = (screen, id) => screen.rules.creatures?.[id]?.spec?.name || screen.rules.creatures?.[id]?.name || id;

/** The creatures whose whole record this seat sees, by kind. */
function full(screen, kind) {
  return Object.entries(screen.rules.creatures || {}).filter(([, c]) => isFull(c) && (kind ? c.spec.kind === kind : true));
}
/** Creatures this seat may roll for (a player's own; the Referee's every one). */
function rollers(screen) {
  return full(screen).filter(([id]) => screen.isReferee || screen.mine().includes(id));
}

/** The source of a condition held: the condition effect the view shows for that hold, else
 * the hold itself (an unseen source's hold is an opaque `unseen-…`). */
function sourceOf(screen, id, [condition, hold]) {
  const e = (screen.view.effects || []).find((x) => x.kind === "dnd2024.condition" && x.target === id && x.data?.condition === condition && x.data?.hold === hold);
  const src = e?.data?.source ?? hold;
  if (!src || String(src).startsWith("unseen-")) return t("dnd-source-unseen");
  return screen.rules.creatures?.[src] ? nameOf(screen, src) : src;
}

function Abilities({ c, saves }) {
  const pb = c.spec.proficiency_bonus;
  return html`<table class="dnd-abilities">
    <thead><tr><th scope="col">${t("dnd-ability")}</th><th scope="col">${t("dnd-score")}</th><th scope="col">${t("dnd-modifier")}</th>${saves ? html`<th scope="col">${t("dnd-save")}</th>` : null}</tr></thead>
    <tbody>
      ${ABILITIES.map((a) => {
        const s = c.spec.abilities[a];
        const prof = c.spec.saving_throws.includes(a);
        return html`<tr key=${a} data-ability=${a}>
          <th scope="row">${t(`dnd-ab-${a}`)}</th><td>${s}</td><td class="dnd-mod">${signed(mod(s))}</td>
          ${saves ? html`<td class="dnd-save">${signed(mod(s) + (prof ? pb : 0))}${prof ? html` <span class="badge">${t("dnd-proficient")}</span>` : null}</td>` : null}
        </tr>`;
      })}
    </tbody>
  </table>`;
}

function Skills({ c }) {
  const pb = c.spec.proficiency_bonus;
  return html`<ul class="dnd-skills">
    ${Object.entries(SKILLS).map(([s, a]) => {
      const exp = c.spec.expertise.includes(s);
      const prof = exp || c.spec.skills.includes(s);
      const n = mod(c.spec.abilities[a]) + (exp ? 2 * pb : prof ? pb : 0);
      return html`<li key=${s} data-skill=${s} class=${prof ? "dnd-trained" : ""}>${t(`dnd-skill-${s}`)} <span class="dnd-mod">${signed(n)}</span>${exp ? html` <span class="badge">${t("dnd-expertise")}</span>` : prof ? html` <span class="badge">${t("dnd-proficient")}</span>` : null}</li>`;
    })}
  </ul>`;
}

function Conditions({ screen, id, c }) {
  const held = c.conditions?.held || [];
  const exhaustion = c.conditions?.exhaustion?.levels?.length || 0;
  return html`<div class="dnd-conditions">
    <p><strong>${t("dnd-exhaustion")}</strong>: <span class="dnd-exhaustion">${exhaustion}</span></p>
    ${held.length
      ? html`<ul class="dnd-held">${held.map((hd, i) => html`<li key=${i} data-condition=${hd[0]}>${t(`dnd-cond-${hd[0]}`)} — ${t("dnd-from", { source: sourceOf(screen, id, hd) })}</li>`)}</ul>`
      : html`<p class="hint">${t("dnd-no-conditions")}</p>`}
  </div>`;
}

function Slots({ c }) {
  const max = c.slots?.max || [];
  const levels = max.map((m, i) => [i + 1, m, m - (c.slots.spent?.[i] || 0)]).filter(([, m]) => m > 0);
  if (!levels.length) return null;
  return html`<p class="dnd-slots"><strong>${t("dnd-spell-slots")}</strong>: ${levels.map(([l, m, left], i) => html`<span key=${l} data-level=${l}>${i ? ", " : ""}${t("dnd-slot-level", { level: l, left, max: m })}</span>`)}</p>`;
}

function Vitals({ c }) {
  const hd = c.hit_dice;
  return html`<dl class="dnd-vitals">
    <dt>${t("dnd-ac")}</dt><dd class="dnd-ac">${c.spec.armor_class + (c.ac_bonus || 0)}</dd>
    <dt>${t("dnd-hp")}</dt><dd class="dnd-hp">${c.hp.current} / ${c.hp.max}</dd>
    <dt>${t("dnd-temp-hp")}</dt><dd class="dnd-temp-hp">${c.hp.temp}</dd>
    ${hd ? html`<dt>${t("dnd-hit-dice")}</dt><dd class="dnd-hit-dice">${t("dnd-hit-dice-left", { left: hd.total - hd.spent, total: hd.total, sides: hd.sides })}</dd>` : null}
    <dt>${t("dnd-speed")}</dt><dd>${t("dnd-feet", { count: c.spec.speed.walk })}</dd>
    <dt>${t("dnd-concentration")}</dt><dd class="dnd-concentration">${c.concentration?.effect || t("dnd-none")}</dd>
  </dl>`;
}

const deathForm = (screen, id) => ((screen.forms.dndDeath ||= {})[id] ||= { faces: "" });

/** Death Saving Throws: the tally, and for a dying creature that is not Stable the roll
 * (`death_save`, in a fight on the creature's own turn: the server says when it is not). */
function DeathSaves({ screen, id, c }) {
  if (c.dead) return html`<p class="dnd-death"><span class="badge">${t("dnd-dead")}</span></p>`;
  if (!c.dying) return null;
  const s = c.dying.saves || {};
  const f = deathForm(screen, id);
  const roll = !c.dying.stable && !c.death_save_rolled;
  return html`<div class="dnd-death">
    <p><strong>${t("dnd-death-saves")}</strong>: <span class="dnd-death-tally">${t("dnd-death-successes", { count: s.successes ?? 0 })}, ${t("dnd-death-failures", { count: s.failures ?? 0 })}</span>${c.dying.stable ? html` <span class="badge">${t("dnd-stable")}</span>` : null}</p>
    ${roll
      ? html`<div class="row wrap">
          <${Faces} screen=${screen} id=${`dnd-death-faces-${id}`} f=${f} />
          <button type="button" id=${`dnd-death-save-${id}`} class="primary" onClick=${() => rollWith(screen, { death_save: { creature: id } }, f)}>${t("dnd-death-save-roll")}</button>
        </div>`
      : null}
  </div>`;
}

/** A character's sheet, for its player and the Referee. */
function Sheet({ screen, id, c }) {
  return html`<section id=${`dnd-sheet-${id}`} class="panel dnd-sheet" aria-labelledby=${`dnd-sheet-${id}-h`} data-creature=${id}>
    <h2 id=${`dnd-sheet-${id}-h`}>${c.spec.name}</h2>
    <p class="hint">${t(`dnd-size-${c.spec.size}`)} · ${t("dnd-pb", { pb: signed(c.spec.proficiency_bonus) })}</p>
    <${Vitals} c=${c} />
    <${DeathSaves} screen=${screen} id=${id} c=${c} />
    <${Abilities} c=${c} saves=${true} />
    <details><summary>${t("dnd-skills")}</summary><${Skills} c=${c} /></details>
    <${Slots} c=${c} />
    <${Conditions} screen=${screen} id=${id} c=${c} />
  </section>`;
}

/** A monster's stat block: the Referee's alone (a player's projection carries none). */
function StatBlock({ screen, id, c }) {
  const s = c.spec;
  const list = (key, xs, word) => (xs?.length ? html`<p><strong>${t(key)}</strong>: ${xs.map((x) => t(`${word}${x}`)).join(", ")}</p>` : null);
  const senses = Object.entries(s.senses || {}).filter(([, v]) => v > 0);
  return html`<section id=${`dnd-statblock-${id}`} class="panel dnd-statblock" aria-labelledby=${`dnd-statblock-${id}-h`} data-creature=${id}>
    <h2 id=${`dnd-statblock-${id}-h`}>${s.name}${c.hidden ? html` <span class="badge">${t("dnd-hidden")}</span>` : null}</h2>
    <p class="hint">${t(`dnd-size-${s.size}`)} · ${t("dnd-monster")}</p>
    <${Vitals} c=${c} />
    <${Abilities} c=${c} saves=${s.saving_throws.length > 0} />
    ${s.skills.length ? html`<p><strong>${t("dnd-skills")}</strong>: ${s.skills.map((k) => t(`dnd-skill-${k}`)).join(", ")}</p>` : null}
    ${senses.length ? html`<p><strong>${t("dnd-senses")}</strong>: ${senses.map(([k, v]) => t(`dnd-sense-${k}`, { feet: v })).join(", ")}</p>` : null}
    ${list("dnd-resistances", s.resistances, "dnd-dmg-")}
    ${list("dnd-vulnerabilities", s.vulnerabilities, "dnd-dmg-")}
    ${list("dnd-immunities", s.immunities, "dnd-dmg-")}
    ${list("dnd-condition-immunities", s.condition_immunities, "dnd-cond-")}
    ${s.attacks.length
      ? html`<ul class="dnd-attacks">${s.attacks.map(
          (a) => html`<li key=${a.name}><strong>${a.name}</strong>: ${signed(a.bonus)}, ${a.reach_ft ? t("dnd-reach", { feet: a.reach_ft }) : t("dnd-range", { feet: a.range_ft ?? 0, long: a.long_range_ft ?? a.range_ft ?? 0 })}; ${a.damage.map((d) => `${d.dice} ${t(`dnd-dmg-${d.damage_type}`)}`).join(" + ")}</li>`,
        )}</ul>`
      : null}
    <${Conditions} screen=${screen} id=${id} c=${c} />
    ${c.hidden ? html`<button type="button" id=${`dnd-reveal-${id}`} onClick=${() => go(screen, { reveal_creature: { creature: id } })}>${t("dnd-reveal")}</button>` : null}
  </section>`;
}

/** What a player sees of a creature that is not theirs (its plain view). */
function Others({ screen }) {
  const others = Object.entries(screen.rules.creatures || {}).filter(([, c]) => !isFull(c));
  if (!others.length) return null;
  return html`<section id="dnd-others" class="panel" aria-labelledby="dnd-others-h">
    <h2 id="dnd-others-h">${t("dnd-others")}</h2>
    <ul>
      ${others.map(
        ([id, c]) => html`<li key=${id} data-creature=${id}><strong>${c.name}</strong>${c.bloodied ? html` <span class="badge">${t("dnd-bloodied")}</span>` : null}${c.status && c.status !== "up" ? html` <span class="badge">${t(`dnd-status-${c.status}`)}</span>` : null}${(c.conditions || []).length ? ` — ${c.conditions.map((k) => t(`dnd-cond-${k}`)).join(", ")}` : ""}</li>`,
      )}
    </ul>
  </section>`;
}

/** The d20 panel's form, kept on the screen across renders. */
const form = (screen) =>
  (screen.forms.dnd ||= { creature: "", kind: "check", ability: "dexterity", skill: "stealth", dc: "15", advantage: "", disadvantage: "" });
const names = (text) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 20);

/** The test the form describes (the `d20_test` command's and the `d20_odds` query's body). */
export function request(f) {
  const test = f.kind === "save" ? { saving_throw: { ability: f.ability } } : { ability_check: { ability: f.ability, ...(f.skill ? { skill: f.skill } : {}) } };
  return { creature: f.creature, test, dc: Number(f.dc) || 0, advantage: names(f.advantage), disadvantage: names(f.disadvantage) };
}

const oddsCache = new Map();

/** The D20 Test panel: what to roll, its Advantage and Disadvantage sources, the exact odds
 * from the server before rolling, then the roll. */
function D20Panel({ screen }) {
  const own = rollers(screen);
  const f = form(screen);
  if (!own.some(([id]) => id === f.creature)) f.creature = own[0]?.[0] || "";
  const [, bump] = useState(0);
  const set = (k) => (e) => {
    f[k] = e.target.type === "checkbox" ? e.target.checked : e.target.value;
    bump((n) => n + 1);
  };
  const args = request(f);
  // The record's own part of the odds changes with it: the key includes the record.
  const key = JSON.stringify([args, screen.rules.creatures?.[f.creature]]);
  const [odds, setOdds] = useState(null);
  useEffect(() => {
    if (!f.creature) return;
    const hit = oddsCache.get(key);
    if (hit) return setOdds(hit);
    let live = true;
    screen.query("d20_odds", args).then(
      (a) => {
        if (oddsCache.size > 200) oddsCache.clear();
        const got = { key, answer: a };
        oddsCache.set(key, got);
        if (live) setOdds(got);
      },
      (e) => live && setOdds({ key, error: e.message }),
    );
    return () => (live = false);
  }, [key]);
  if (!own.length) return null;
  // Only the answer to the question the form asks now (an older one is not shown).
  const shown = odds?.key === key ? odds : null;
  const plan = shown?.answer?.plan;
  const last = [...screen.events].reverse().find((ev) => ev.body?.type === "rules" && ev.body.event?.test_rolled?.creature === f.creature)?.body.event.test_rolled;
  return html`<section id="dnd-d20" class="panel" aria-labelledby="dnd-d20-h">
    <h2 id="dnd-d20-h">${t("dnd-d20")}</h2>
    <div class="row wrap">
      <label>${t("dnd-creature")} <select id="dnd-d20-creature" value=${f.creature} onChange=${set("creature")}>${own.map(([id, c]) => html`<option key=${id} value=${id}>${c.spec.name}</option>`)}</select></label>
      <label>${t("dnd-test")} <select id="dnd-d20-kind" value=${f.kind} onChange=${set("kind")}>
        <option value="check">${t("dnd-check")}</option><option value="save">${t("dnd-saving-throw")}</option>
      </select></label>
      <label>${t("dnd-ability")} <select id="dnd-d20-ability" value=${f.ability} onChange=${set("ability")}>${ABILITIES.map((a) => html`<option key=${a} value=${a}>${t(`dnd-ab-${a}`)}</option>`)}</select></label>
      ${f.kind === "check"
        ? html`<label>${t("dnd-skill")} <select id="dnd-d20-skill" value=${f.skill} onChange=${set("skill")}>
            <option value="">${t("dnd-none")}</option>
            ${Object.keys(SKILLS).map((s) => html`<option key=${s} value=${s}>${t(`dnd-skill-${s}`)}</option>`)}
          </select></label>`
        : null}
      <label>${t("dnd-dc")} <input id="dnd-d20-dc" type="number" min="1" max="40" value=${f.dc} onInput=${set("dc")} /></label>
    </div>
    <div class="row wrap">
      <label>${t("dnd-advantage-sources")} <input id="dnd-d20-advantage" maxlength="300" value=${f.advantage} onInput=${set("advantage")} /></label>
      <label>${t("dnd-disadvantage-sources")} <input id="dnd-d20-disadvantage" maxlength="300" value=${f.disadvantage} onInput=${set("disadvantage")} /></label>
    </div>
    <div id="dnd-d20-odds" aria-live="polite">
      ${shown?.error
        ? html`<p class="inv-error">${shown.error}</p>`
        : plan
          ? html`<p><strong>${t("dnd-bonus")}</strong>: ${signed(plan.base_bonus)}${plan.exhaustion_penalty ? html` · ${t("dnd-exhaustion-penalty", { n: Math.abs(plan.exhaustion_penalty) })}` : null}</p>
              <p id="dnd-d20-adv"><strong>${t("dnd-advantage")}</strong>: ${plan.advantage.length ? plan.advantage.join(", ") : t("dnd-none")}</p>
              <p id="dnd-d20-dis"><strong>${t("dnd-disadvantage")}</strong>: ${plan.disadvantage.length ? plan.disadvantage.join(", ") : t("dnd-none")}</p>
              <p id="dnd-d20-chance"><strong>${t("dnd-chance")}</strong>: ${plan.auto_fail ? t("dnd-auto-fail") : t("dnd-odds", { percent: shown.answer.success_percent.toFixed(2), exact: shown.answer.success })}</p>`
          : html`<p class="hint">${t("dnd-odds-wait")}</p>`}
    </div>
    <div class="row wrap">
      <${Faces} screen=${screen} id="dnd-d20-faces" f=${f} />
      <button type="button" id="dnd-d20-roll" class="primary" onClick=${() => rollWith(screen, { d20_test: args }, f)}>${t("dnd-roll")}</button>
    </div>
    ${last?.outcome
      ? html`<p id="dnd-d20-result" class=${last.success ? "dnd-success" : "dnd-failure"}>${t("dnd-result", { faces: last.outcome.faces.join(", "), total: last.outcome.total, success: last.success ? "yes" : "no" })}</p>`
      : null}
  </section>`;
}

/** The turn budget of the creatures this seat plays that are in the fight. */
function Budget({ screen }) {
  const combat = screen.view.clock?.combat;
  if (!combat) return null;
  const acting = combat.order?.[combat.current];
  const mine = rollers(screen).filter(([id]) => combat.order?.includes(id));
  if (!mine.length) return null;
  return html`<section id="dnd-budget" class="panel" aria-labelledby="dnd-budget-h">
    <h2 id="dnd-budget-h">${t("dnd-budget")}</h2>
    <ul>
      ${mine.map(([id, c]) => {
        const tn = c.turn || {};
        const left = Math.max(0, (tn.speed || 0) + (tn.dash_bonus || 0) - (tn.moved || 0));
        const mark = (ok) => (ok ? t("dnd-available") : t("dnd-spent"));
        return html`<li key=${id} data-creature=${id} class=${id === acting ? "dnd-acting" : ""}>
          <strong>${c.spec.name}</strong>${id === acting ? html` <span class="badge">${t("dnd-acting")}</span>` : null}${": "}
          <span class="dnd-b-action">${t("dnd-action")} ${mark(!tn.action_used)}</span>${", "}
          <span class="dnd-b-bonus">${t("dnd-bonus-action")} ${mark(!tn.bonus_action_used)}</span>${", "}
          <span class="dnd-b-reaction">${t("dnd-reaction")} ${mark(tn.reaction_available)}</span>${", "}
          <span class="dnd-b-move">${t("dnd-movement-left", { count: left })}</span>
        </li>`;
      })}
    </ul>
  </section>`;
}

const restForm = (screen) => (screen.forms.dndRest ||= { who: {}, fed: true, why: "took_damage", resume: false });

/** Short and Long Rests: the Referee starts one for the characters ticked (`start_rest`),
 * interrupts it (`interrupt_rest`) or ends it (the clock's `end_rest`); after a Short Rest a
 * creature's player (or the Referee) spends its Hit Point Dice (`spend_hit_die`). */
function Rest({ screen }) {
  const rest = screen.rules.rest;
  const chars = full(screen, "character");
  const f = restForm(screen);
  const [, bump] = useState(0);
  const clock = (cmd) => screen.send({ clock: cmd }).catch(() => {});
  // Hit Point Dice are spent once a Short Rest has finished (the record's `short_rest`).
  const rested = rollers(screen).filter(([, c]) => c.short_rest);
  if (!screen.isReferee && !rest && !rested.length) return null;
  const dice = rested.length
    ? html`<div class="row wrap"><${Faces} screen=${screen} id="dnd-hit-die-faces" f=${f} />${rested.map(([id, c]) => html`<button key=${id} type="button" id=${`dnd-hit-die-${id}`} disabled=${!c.hit_dice || c.hit_dice.spent >= c.hit_dice.total} onClick=${() => rollWith(screen, { spend_hit_die: { creature: id } }, f)}>${t("dnd-spend-hit-die", { name: c.spec.name })}</button>`)}</div>`
    : null;
  return html`<section id="dnd-rest" class="panel" aria-labelledby="dnd-rest-h">
    <h2 id="dnd-rest-h">${t("dnd-rest")}</h2>
    ${dice}
    ${rest
      ? html`<p id="dnd-rest-status">${t(`dnd-rest-${rest.kind}`)}: ${rest.creatures.map((id) => nameOf(screen, id)).join(", ")}${rest.interruptions ? ` · ${t("dnd-rest-interruptions", { count: rest.interruptions })}` : ""}</p>
          ${screen.isReferee
            ? html`<div class="row wrap">
                <select id="dnd-rest-why" aria-label=${t("dnd-rest-why")} value=${f.why} onChange=${(e) => ((f.why = e.target.value), bump((n) => n + 1))}>
                  ${["took_damage", "rolled_initiative", "hour_of_exertion"].map((w) => html`<option key=${w} value=${w}>${t(`dnd-why-${w}`)}</option>`)}
                </select>
                ${rest.kind === "long" ? html`<label class="radio"><input type="checkbox" id="dnd-rest-resume" checked=${f.resume} onChange=${(e) => (f.resume = e.target.checked)} /> ${t("dnd-rest-resume")}</label>` : null}
                <button type="button" id="dnd-rest-interrupt" onClick=${() => go(screen, { interrupt_rest: { why: f.why, ...(rest.kind === "long" && f.resume ? { resume: true } : {}) } })}>${t("dnd-rest-interrupt")}</button>
                <button type="button" id="dnd-rest-finish" class="primary" onClick=${() => clock({ end_rest: { completed: true } })}>${t("dnd-rest-finish")}</button>
              </div>`
            : null}`
      : html`<fieldset><legend>${t("dnd-rest-who")}</legend>
            ${chars.map(([id, c]) => html`<label key=${id} class="radio"><input type="checkbox" id=${`dnd-rest-${id}`} checked=${f.who[id] !== false} onChange=${(e) => (f.who[id] = e.target.checked)} /> ${c.spec.name}</label>`)}
          </fieldset>
          <label class="radio"><input type="checkbox" id="dnd-rest-fed" checked=${f.fed} onChange=${(e) => (f.fed = e.target.checked)} /> ${t("dnd-rest-fed")}</label>
          <div class="row wrap">
            ${["short", "long"].map(
              (kind) => html`<button key=${kind} type="button" id=${`dnd-rest-start-${kind}`} onClick=${() => go(screen, { start_rest: { kind, creatures: chars.map(([id]) => id).filter((id) => f.who[id] !== false), fed_and_watered: f.fed } })}>${t(`dnd-rest-start-${kind}`)}</button>`,
            )}
          </div>`}
  </section>`;
}

const DAMAGE_TYPES = ["acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison", "psychic", "radiant", "slashing", "thunder"];
const SHAPES = ["sphere", "cylinder", "cube", "cone", "line", "emanation"];
const SPACE = { tiny: 1, small: 1, medium: 1, large: 2, huge: 3, gargantuan: 4 };

/** The battle grid this seat sees: a player's projection has `grid: {map, positions, light}`;
 * the Referee's is the whole state (its light rows in `grid_light`). `light`: the lighting the
 * seat may know and each square's level (`rows`, `null` while all is Bright). */
const gridOf = (screen) => screen.rules.grid || { map: screen.rules.map, positions: screen.rules.positions, light: screen.rules.grid_light };
/** The map's squares in the shared grid's shape, with the fog or foliage obscuring them. */
const cellsOf = (g) => {
  const cells = new Map((g.map?.cells || []).map((c) => [`${c.x},${c.y}`, { ...c, at: { x: c.x, y: c.y } }]));
  for (const l of g.light?.squares || []) {
    if (!l.obscured || l.obscured === "not") continue;
    const k = `${l.x},${l.y}`;
    cells.set(k, { ...(cells.get(k) || { x: l.x, y: l.y, at: { x: l.x, y: l.y } }), obscured: l.obscured });
  }
  // The Referee's projection names the squares of magical Darkness.
  for (const [x, y] of g.light?.magical || []) cells.set(`${x},${y}`, { ...(cells.get(`${x},${y}`) || { x, y, at: { x, y } }), magical: true });
  return [...cells.values()];
};
/** A square's look: walls and difficult terrain, then what obscures it (DD-VIS-04, -05). */
function dndLook(cell) {
  const l = plainLook(cell);
  if (cell?.obscured && cell.obscured !== "not") l.cls.push(`obscured-${cell.obscured}`), l.words.push(t(`dnd-obscured-${cell.obscured}`));
  if (cell?.height) l.notes = [...(l.notes || []), [t("dnd-height-mark", { feet: cell.height }), "br"]];
  if (cell?.magical) l.cls.push("magical-darkness"), l.words.push(t("dnd-magical-darkness")), (l.notes = [...(l.notes || []), [t("dnd-magical-darkness-mark"), "bl"]]);
  return l;
}
/** The Referee's light brushes: a square's light, what obscures it, a torch, or clearing it. */
const BRUSHES = ["bright", "dim", "darkness", "magical", "lightly", "heavily", "torch", "clear"];
/** The lighting with the brush applied on square (x, y), as `set_light` takes it. */
function paintLight(lighting, brush, x, y) {
  const l = { ambient: lighting?.ambient || "bright", squares: [...(lighting?.squares || [])], sources: [...(lighting?.sources || [])], darkness: [...(lighting?.darkness || [])] };
  const at = (s) => s.x === x && s.y === y;
  const old = l.squares.find(at) || { x, y };
  l.squares = l.squares.filter((s) => !at(s));
  const placedHere = (s) => s.at && s.at[0] === x && s.at[1] === y;
  if (brush === "clear") {
    l.sources = l.sources.filter((s) => !placedHere(s));
    return l;
  }
  if (brush === "torch") {
    if (l.sources.some(placedHere)) l.sources = l.sources.filter((s) => !placedHere(s));
    else l.sources.push({ at: [x, y], bright_ft: 20, dim_ft: 20 });
    if (old.light || (old.obscured && old.obscured !== "not")) l.squares.push(old);
    return l;
  }
  const next = { ...old };
  if (brush === "lightly" || brush === "heavily") next.obscured = brush;
  else if (brush === "magical") next.magical_darkness = true;
  else next.light = brush;
  l.squares.push(next);
  return l;
}
const kindOf = (c) => c?.spec?.kind || c?.kind;
/** Tokens for the shared grid: every creature on it this seat sees, named, with its side;
 * `notes(id)` adds words to a token's name. */
function tokensOf(screen, g, { acting = null, picked = null, notes = () => [] } = {}) {
  return Object.entries(g.positions || {}).map(([id, at]) => {
    const c = screen.rules.creatures?.[id] || {};
    const party = kindOf(c) === "character";
    return { id, at, space: SPACE[c.spec?.size || c.size] || 1, name: nameOf(screen, id), side: party ? "party" : "enemies", sideLabel: t(party ? "dnd-side-party" : "dnd-side-foe"), acting: id === acting, notes: notes(id), cls: id === picked ? ["picked"] : [] };
  });
}
/** The squares of a token's space, as the grid's `classes` map with `cls` on each. */
function spaceClasses(tokens, id, cls) {
  const tk = tokens.find((x) => x.id === id);
  const out = new Map();
  if (!tk) return out;
  for (let dx = 0; dx < tk.space; dx++) for (let dy = 0; dy < tk.space; dy++) out.set(`${tk.at.x + dx},${tk.at.y + dy}`, [cls]);
  return out;
}
const areaForm = (screen) =>
  (screen.forms.dndArea ||= { caster: "", name: "", shape: "sphere", size: "20", ability: "dexterity", dc: "13", dice: "8d6", type: "fire", half: true, origin: null, toward: null });

/** The area-of-effect picker: the battle grid (the view's map and positions), a shape placed
 * by picking squares (origin, then where a cone, cube or line spreads toward), the squares and
 * the creatures inside asked of the server's `area_preview` query before `area_effect` rolls. */
function AreaPicker({ screen }) {
  const own = rollers(screen);
  const g = gridOf(screen);
  const f = areaForm(screen);
  const [, bump] = useState(0);
  const [preview, setPreview] = useState(null);
  if (!own.some(([id]) => id === f.caster)) f.caster = own[0]?.[0] || "";
  const aimed = f.shape === "emanation" || (f.origin && (["sphere", "cylinder"].includes(f.shape) || f.toward));
  const body = () => ({
    caster: f.caster,
    name: f.name.trim() || t("dnd-area-default-name"),
    shape: f.shape,
    size_ft: Number(f.size) || 5,
    ...(f.shape === "emanation" ? {} : { origin: f.origin }),
    ...(f.toward && ["cube", "cone", "line"].includes(f.shape) ? { toward: f.toward } : {}),
    ...(f.dc ? { save: { ability: f.ability, dc: Number(f.dc) } } : {}),
    damage: f.dice.trim() ? [{ dice: f.dice.trim(), damage_type: f.type }] : [],
    half_on_success: f.half,
  });
  const key = JSON.stringify([aimed && body(), g.positions]);
  useEffect(() => {
    if (!aimed || !f.caster) return setPreview(null);
    let live = true;
    screen.query("area_preview", body()).then(
      (a) => live && setPreview({ key, answer: a }),
      (e) => live && setPreview({ key, error: e.message }),
    );
    return () => (live = false);
  }, [key]);
  if (!own.length || !g.positions || !Object.keys(g.positions).length) return null;
  const change = (k) => (e) => {
    f[k] = e.target.type === "checkbox" ? e.target.checked : e.target.value;
    if (k === "shape") f.toward = null;
    bump((n) => n + 1);
  };
  const onPick = (x, y) => {
    // First pick: the point of origin (the square's top-left corner); a cone, cube or line
    // then spreads toward the centre of the second square picked.
    if (!f.origin || ["sphere", "cylinder"].includes(f.shape) || f.toward) {
      f.origin = { x2: 2 * x, y2: 2 * y };
      f.toward = null;
    } else f.toward = { x2: 2 * x + 1, y2: 2 * y + 1 };
    bump((n) => n + 1);
  };
  const cells = cellsOf(g);
  const tokens = tokensOf(screen, g);
  const shown = preview?.key === key ? preview : null;
  const ans = shown?.answer;
  return html`<section id="dnd-area" class="panel" aria-labelledby="dnd-area-h">
    <h2 id="dnd-area-h">${t("dnd-area")}</h2>
    <div class="row wrap">
      <label>${t("dnd-area-caster")} <select id="dnd-area-caster" value=${f.caster} onChange=${change("caster")}>${own.map(([id, c]) => html`<option key=${id} value=${id}>${c.spec.name}</option>`)}</select></label>
      <label>${t("dnd-area-name")} <input id="dnd-area-name" maxlength="100" value=${f.name} onInput=${change("name")} /></label>
      <label>${t("dnd-area-shape")} <select id="dnd-area-shape" value=${f.shape} onChange=${change("shape")}>${SHAPES.map((x) => html`<option key=${x} value=${x}>${t(`dnd-shape-${x}`)}</option>`)}</select></label>
      <label>${t("dnd-area-size")} <input id="dnd-area-size" type="number" min="5" max="500" step="5" value=${f.size} onInput=${change("size")} /></label>
    </div>
    <div class="row wrap">
      <label>${t("dnd-save")} <select id="dnd-area-ability" value=${f.ability} onChange=${change("ability")}>${ABILITIES.map((a) => html`<option key=${a} value=${a}>${t(`dnd-ab-${a}`)}</option>`)}</select></label>
      <label>${t("dnd-dc")} <input id="dnd-area-dc" type="number" min="1" max="40" value=${f.dc} onInput=${change("dc")} /></label>
      <label>${t("dnd-area-damage")} <input id="dnd-area-dice" maxlength="40" value=${f.dice} onInput=${change("dice")} /></label>
      <label>${t("dnd-area-type")} <select id="dnd-area-type" value=${f.type} onChange=${change("type")}>${DAMAGE_TYPES.map((d) => html`<option key=${d} value=${d}>${t(`dnd-dmg-${d}`)}</option>`)}</select></label>
      <label class="radio"><input type="checkbox" id="dnd-area-half" checked=${f.half} onChange=${change("half")} /> ${t("dnd-area-half")}</label>
    </div>
    <p class="hint" id="dnd-area-step">${f.shape === "emanation" ? t("dnd-area-from-caster") : !f.origin ? t("dnd-area-pick-origin") : ["cube", "cone", "line"].includes(f.shape) && !f.toward ? t("dnd-area-pick-toward") : t("dnd-area-pick-again")}</p>
    <${Grid} id="dnd-area-grid" sq="dsq" cells=${cells} tokens=${tokens} area=${ans ? { squares: ans.squares } : null} interactive=${() => f.shape !== "emanation"} onPick=${onPick} />
    <div id="dnd-area-preview" aria-live="polite">
      ${shown?.error
        ? html`<p class="inv-error">${shown.error}</p>`
        : ans
          ? html`<p id="dnd-area-targets">${t("dnd-area-targets", { count: ans.targets.length, names: ans.targets.map((id) => nameOf(screen, id)).join(", ") || t("dnd-none") })}</p>
              ${ans.behind_cover.length ? html`<p>${t("dnd-area-behind-cover", { names: ans.behind_cover.map((id) => nameOf(screen, id)).join(", ") })}</p>` : null}`
          : null}
    </div>
    <div class="row wrap">
      <${Faces} screen=${screen} id="dnd-area-faces" f=${f} />
      <button type="button" id="dnd-area-place" class="primary" disabled=${!ans} onClick=${() => rollWith(screen, { area_effect: body() }, f).then((evs) => evs && ((f.origin = null), (f.toward = null), bump((n) => n + 1)))}>${t("dnd-area-place")}</button>
    </div>
  </section>`;
}

const battleForm = (screen) =>
  (screen.forms.dndBattle ||= { who: "", mode: "move", path: [], attack: "", target: "", advantage: "", disadvantage: "", knockOut: false, faces: "", turnOf: undefined });
const sq = ([x, y]) => `(${x}, ${y})`;
/** Movement left this turn: the record's speed and Dash, less what it moved. */
const movementLeft = (c) => Math.max(0, (c.turn?.speed || 0) + (c.turn?.dash_bonus || 0) - (c.turn?.moved || 0));
/** An attack as its sheet gives it: bonus, reach or range, damage dice and types. */
const attackText = (a) =>
  t("dnd-attack-plan", {
    bonus: signed(a.bonus),
    reach: a.reach_ft ? t("dnd-reach", { feet: a.reach_ft }) : t("dnd-range", { feet: a.range_ft ?? 0, long: a.long_range_ft ?? a.range_ft ?? 0 }),
    damage: (a.damage || []).map((d) => `${d.dice} ${t(`dnd-dmg-${d.damage_type}`)}`).join(" + "),
  });

/** The last attack `who` made, as the log words it, with the damage it dealt after it. */
function lastAttack(screen, who) {
  const evs = screen.events;
  for (let i = evs.length - 1; i >= 0; i--) {
    const a = evs[i].body?.type === "rules" ? evs[i].body.event?.attack_rolled : null;
    if (!a || a.attacker !== who) continue;
    const lines = [words("attack_rolled", a)];
    for (let j = i + 1; j < evs.length; j++) {
      const e = evs[j].body?.type === "rules" ? evs[j].body.event : null;
      if (!e) continue;
      if (e.attack_rolled || e.area_placed) break;
      if (e.damage_taken?.creature === a.target) lines.push(words("damage_taken", e.damage_taken));
    }
    return { n: evs[i].n, lines, hit: a.hit };
  }
  return null;
}

/** The last move `who` made, as the log words it (the feet the server counted). */
function lastMove(screen, who) {
  const ev = [...screen.events].reverse().find((e) => e.body?.type === "rules" && e.body.event?.moved?.creature === who);
  return ev ? words("moved", ev.body.event.moved) : null;
}

/** Asks the server's query `name` with `args` (none: nothing to ask) whenever `key` changes;
 * returns only the answer to the question asked now (`{answer}` or `{error}`), never an older
 * one. */
function useQuery(screen, name, args, key) {
  const [got, setGot] = useState(null);
  useEffect(() => {
    if (!args) return setGot(null);
    let live = true;
    screen.query(name, args).then(
      (a) => live && setGot({ key, answer: a }),
      (e) => live && setGot({ key, error: log.refusalText(e) }),
    );
    return () => (live = false);
  }, [key]);
  return got?.key === key ? got : null;
}

/** The path's cost before the move (`move_preview`): the feet the server counts with the
 * move's own rules (Difficult Terrain, crawling, squeezing, others' spaces as this seat sees
 * them), the movement left after it in a fight, or why the move would be refused. */
function MovePreview({ screen, f, g }) {
  const args = f.path.length ? { creature: f.who, path: f.path.map(([x, y]) => [x, y]), ...(f.how && f.how !== "walk" ? { how: f.how } : {}) } : null;
  const key = JSON.stringify([args, screen.rules.creatures?.[f.who], g.positions, g.map, screen.view.clock?.combat]);
  const shown = useQuery(screen, "move_preview", args, key);
  if (!args) return null;
  const a = shown?.answer;
  return html`<p id="dnd-move-preview" aria-live="polite" data-cost=${a ? a.cost_ft : ""} data-legal=${a ? String(a.legal) : ""}>
    ${shown?.error
      ? html`<span class="inv-error">${shown.error}</span>`
      : !a
        ? t("dnd-move-preview-wait")
        : html`<span id="dnd-move-preview-cost">${t("dnd-move-preview-cost", { cost: a.cost_ft })}</span>${a.left_after != null && a.legal ? html` · <span id="dnd-move-preview-left">${t("dnd-move-preview-left", { left: a.left_after })}</span>` : null}${!a.legal && a.refusal ? html` · <span id="dnd-move-preview-refused" class="inv-error">${t("dnd-move-preview-refused", { reason: log.refusalText(a.refusal) })}</span>` : null}`}
  </p>`;
}

const pct = (x) => (Math.round(x * 10) / 10).toFixed(1);
const dmg = (x) => (Math.round(x * 100) / 100).toFixed(2);

/** The attack's odds before the roll (`attack_odds`): hit, Critical Hit and expected damage
 * against the target's Armor Class when this seat may know it, else for each Armor Class (the
 * server never tells a player a monster's AC). */
function AttackOdds({ screen, f, g }) {
  const args = f.target && f.attack ? { attacker: f.who, attack: f.attack, target: f.target, advantage_sources: names(f.advantage), disadvantage_sources: names(f.disadvantage) } : null;
  const key = JSON.stringify([args, screen.rules.creatures?.[f.who], screen.rules.creatures?.[f.target], g.positions, g.map]);
  const shown = useQuery(screen, "attack_odds", args, key);
  if (!args) return null;
  const a = shown?.answer;
  const line = (r) => t("dnd-odds-attack", { hit: pct(r.hit_percent), critical: pct(r.critical_percent), damage: dmg(r.expected_damage_value) });
  return html`<div id="dnd-attack-odds" aria-live="polite">
    ${shown?.error
      ? html`<p class="inv-error">${shown.error}</p>`
      : !a
        ? html`<p>${t("dnd-odds-wait")}</p>`
        : a.armor_class_known
          ? html`<p id="dnd-attack-odds-line" data-hit=${a.hit} data-critical=${a.critical} data-damage=${a.expected_damage}>${line(a)}</p>
              <p class="hint" id="dnd-attack-odds-exact">${t("dnd-odds-attack-exact", { hit: a.hit, critical: a.critical, damage: a.expected_damage })}</p>`
          : html`<p id="dnd-attack-odds-line">${t("dnd-odds-bands")}</p>
              <table id="dnd-attack-odds-bands" class="odds">
                <thead><tr><th scope="col">${t("dnd-odds-band-ac")}</th><th scope="col">${t("dnd-odds-band-hit")}</th><th scope="col">${t("dnd-odds-band-critical")}</th><th scope="col">${t("dnd-odds-band-damage")}</th></tr></thead>
                <tbody>${a.by_armor_class.map((r) => html`<tr key=${r.armor_class} data-ac=${r.armor_class} data-hit=${r.hit}><th scope="row">${r.armor_class}</th><td>${pct(r.hit_percent)} %</td><td>${pct(r.critical_percent)} %</td><td>${dmg(r.expected_damage_value)}</td></tr>`)}</tbody>
              </table>`}
  </div>`;
}

/** The battle panel (DD-MOVE, DD-CBT-04): the grid with the creatures this seat sees; a move
 * picked square by square (`move_path`: the squares, those in Difficult Terrain, the movement
 * the turn has left; the server counts the cost and refuses a move that does not fit), an
 * attack with one of the creature's attacks on a creature picked on the grid or in the list
 * (`attack`: the server measures distance, cover and sight on the grid and finds the rules'
 * Advantage and Disadvantage; the named ones are typed here), its result and damage; ending the
 * turn (`finish_turn`, which offers Legendary Actions first) and, for the Referee, the combat. */
/** The last Search this creature made, as its `searched` event (`null`: none). */
function lastSearch(screen, id) {
  const evs = screen.events || [];
  for (let i = evs.length - 1; i >= 0; i--) {
    const d = evs[i].body?.type === "rules" ? evs[i].body.event?.searched : null;
    if (d && d.creature === id) return d;
  }
  return null;
}

/** The Referee's light tools (DD-VIS-01..05): the ambient light, then a brush painted on the
 * grid square by square (each pick sends the whole lighting as `set_light`). */
function LightTools({ screen, f, redraw }) {
  const l = screen.rules.lighting || {};
  const setAmbient = (e) => go(screen, { set_light: { ambient: e.target.value, squares: l.squares || [], sources: l.sources || [], darkness: l.darkness || [] } });
  return html`<div class="row wrap" id="dnd-light-tools">
    <label>${t("dnd-light-ambient")} <select id="dnd-light-ambient" value=${l.ambient || "bright"} onChange=${setAmbient}>${["bright", "dim", "darkness"].map((k) => html`<option key=${k} value=${k}>${t(`dnd-light-${k}`)}</option>`)}</select></label>
    <label>${t("dnd-light-brush")} <select id="dnd-light-brush" value=${f.brush || "dim"} onChange=${(e) => ((f.brush = e.target.value), redraw())}>${BRUSHES.map((k) => html`<option key=${k} value=${k}>${t(`dnd-brush-${k}`)}</option>`)}</select></label>
    <p class="hint">${t("dnd-light-hint")}</p>
  </div>`;
}

function Battle({ screen }) {
  const g = gridOf(screen);
  const positions = g.positions || {};
  const combat = screen.view.clock?.combat;
  const acting = combat?.order?.[combat.current] ?? null;
  const own = rollers(screen).filter(([id]) => positions[id]);
  const f = battleForm(screen);
  const [, bump] = useState(0);
  const redraw = () => bump((n) => n + 1);
  if (!own.length) return null;
  // A new turn: the creature acting now takes the panel when this seat plays it.
  if (f.turnOf !== acting) {
    f.turnOf = acting;
    if (own.some(([id]) => id === acting)) Object.assign(f, { who: acting, path: [], target: "" });
  }
  if (!own.some(([id]) => id === f.who)) Object.assign(f, { who: own[0][0], path: [], target: "" });
  const me = screen.rules.creatures[f.who];
  const attacks = me.spec.attacks || [];
  if (!attacks.some((a) => a.name === f.attack)) f.attack = attacks[0]?.name || "";
  const attack = attacks.find((a) => a.name === f.attack);
  const alive = (id) => {
    const c = screen.rules.creatures?.[id];
    return c && !c.dead && c.status !== "dead";
  };
  const targets = Object.keys(positions).filter((id) => id !== f.who && alive(id));
  if (f.target && !targets.includes(f.target)) f.target = "";
  const set = (k) => (e) => {
    f[k] = e.target.type === "checkbox" ? e.target.checked : e.target.value;
    if (k === "who") Object.assign(f, { path: [], target: "" });
    redraw();
  };
  const difficult = new Set((g.map?.cells || []).filter((c) => c.difficult).map((c) => `${c.x},${c.y}`));
  const rough = f.path.filter(([x, y]) => difficult.has(`${x},${y}`)).length;
  const onPick = (x, y, who) => {
    if (f.mode === "search") {
      go(screen, { search: { creature: f.who, x, y } });
      return;
    }
    if (f.mode === "light") {
      go(screen, { set_light: paintLight(screen.rules.lighting, f.brush || "dim", x, y) });
      return;
    }
    if (f.mode === "attack") {
      if (who && who !== f.who) f.target = who;
    } else {
      const last = f.path[f.path.length - 1];
      if (last && last[0] === x && last[1] === y) f.path.pop();
      else if (f.path.length < 200) f.path.push([x, y]);
    }
    redraw();
  };
  const onCancel = () => {
    if (f.mode !== "move" || !f.path.length) return false;
    f.path = [];
    redraw();
    return true;
  };
  const marks = new Map(f.path.map((p, i) => [`${p[0]},${p[1]}`, i + 1]));
  const aiming = f.mode === "attack" && f.target ? f.target : null;
  const tokens = tokensOf(screen, g, { acting, picked: aiming, notes: (id) => [...(id === aiming ? [t("dnd-target")] : []), ...heightNotes(screen, id)] });
  const mine = own.some(([id]) => id === acting);
  const inFight = !!combat?.order?.includes(f.who);
  const result = lastAttack(screen, f.who);
  const moved = f.mode === "move" ? lastMove(screen, f.who) : null;
  const move = () =>
    screen
      .send({ rules: { move_path: { creature: f.who, path: f.path, ...(f.how && f.how !== "walk" ? { how: [f.how] } : {}) } } })
      .then(() => ((f.path = []), redraw()))
      .catch(() => {});
  const strike = () =>
    rollWith(screen, { attack: { attacker: f.who, target: f.target, attack: f.attack, advantage: names(f.advantage), disadvantage: names(f.disadvantage), ...(attack?.reach_ft && f.knockOut ? { knock_out: true } : {}) } }, f).then(redraw);
  return html`<section id="dnd-battle" class="panel" aria-labelledby="dnd-battle-h">
    <h2 id="dnd-battle-h">${t("dnd-battle")}</h2>
    <div class="row wrap">
      <label>${t("dnd-creature")} <select id="dnd-battle-who" value=${f.who} onChange=${set("who")}>${own.map(([id, c]) => html`<option key=${id} value=${id}>${c.spec.name}</option>`)}</select></label>
      <fieldset class="row wrap" role="radiogroup"><legend>${t("dnd-battle-mode")}</legend>
        ${["move", "attack", "search", ...(screen.isReferee ? ["light"] : [])].map((m) => html`<label key=${m} class="radio"><input type="radio" name="dnd-battle-mode" id=${`dnd-mode-${m}`} value=${m} checked=${f.mode === m} onChange=${set("mode")} /> ${t(`dnd-mode-${m}`)}</label>`)}
      </fieldset>
    </div>
    ${inFight ? html`<p class="hint" id="dnd-battle-turn">${mine && acting === f.who ? t("dnd-your-turn", { name: me.spec.name }) : t("dnd-turn-of", { name: nameOf(screen, acting) })}</p>` : null}
    ${screen.isReferee && f.mode === "light" ? html`<${LightTools} screen=${screen} f=${f} redraw=${redraw} />` : null}
    <${Grid} id="dnd-battle-grid" sq="dbq" cells=${withHeights(screen, cellsOf(g), positions)} look=${dndLook} light=${g.light?.rows ? g.light : null} width=${g.light?.width} height=${g.light?.height} tokens=${tokens} marks=${f.mode === "move" ? marks : new Map()} classes=${spaceClasses(tokens, aiming, "target")} start=${{ x: positions[f.who].x, y: positions[f.who].y }} startKey=${f.who}
      interactive=${(x, y, who) => (f.mode === "attack" ? !!who && who !== f.who : true)} onPick=${onPick} onCancel=${onCancel} />
    ${f.mode === "search" ? html`<p class="hint" id="dnd-search-hint">${t("dnd-search-pick", { name: me.spec.name })}</p>` : null}
    ${f.mode === "search" && lastSearch(screen, f.who) ? html`<p id="dnd-search-last" aria-live="polite">${words("searched", lastSearch(screen, f.who))}</p>` : null}
    ${f.mode === "search" || f.mode === "light"
      ? null
      : f.mode === "move"
      ? html`<div id="dnd-move">
          <p id="dnd-move-path">${f.path.length ? t("dnd-move-path", { path: f.path.map(sq).join(" → ") }) : t("dnd-move-pick", { name: me.spec.name, at: sq([positions[f.who].x, positions[f.who].y]) })}</p>
          <${MovePreview} screen=${screen} f=${f} g=${g} />
          <${AirControls} screen=${screen} f=${f} me=${me} id=${f.who} redraw=${redraw} />
          ${moved ? html`<p class="hint" id="dnd-move-last">${t("dnd-move-last", { move: moved })}</p>` : null}
          <p id="dnd-move-cost">${t("dnd-move-squares", { count: f.path.length })}${rough ? html` · <span id="dnd-move-difficult">${t("dnd-move-difficult", { count: rough })}</span>` : null}${inFight ? html` · <span id="dnd-move-left">${t("dnd-movement-left", { count: movementLeft(me) })}</span>` : null}</p>
          <div class="row wrap">
            <label>${t("dnd-move-how")} <select id="dnd-move-how" value=${f.how || "walk"} onChange=${set("how")}>${["walk", "climb", "swim"].map((k) => html`<option key=${k} value=${k}>${t(`dnd-move-how-${k}`)}</option>`)}</select></label>
            <button type="button" id="dnd-move-undo" disabled=${!f.path.length} onClick=${() => (f.path.pop(), redraw())}>${t("dnd-move-undo")}</button>
            <button type="button" id="dnd-move-send" class="primary" disabled=${!f.path.length} onClick=${move}>${t("dnd-move-send")}</button>
          </div>
        </div>`
      : html`<div id="dnd-attack">
          ${attacks.length
            ? html`<div class="row wrap">
                <label>${t("dnd-attack-with")} <select id="dnd-attack-name" value=${f.attack} onChange=${set("attack")}>${attacks.map((a) => html`<option key=${a.name} value=${a.name}>${a.name}</option>`)}</select></label>
                <label>${t("dnd-attack-target")} <select id="dnd-attack-target" value=${f.target} onChange=${set("target")}>
                  <option value="">${t("dnd-attack-pick")}</option>
                  ${targets.map((id) => html`<option key=${id} value=${id}>${nameOf(screen, id)}</option>`)}
                </select></label>
              </div>
              <p id="dnd-attack-plan">${attack ? html`<strong>${attack.name}</strong>: ${attackText(attack)}` : null}</p>
              <div class="row wrap">
                <label>${t("dnd-advantage-sources")} <input id="dnd-attack-advantage" maxlength="300" value=${f.advantage} onInput=${set("advantage")} /></label>
                <label>${t("dnd-disadvantage-sources")} <input id="dnd-attack-disadvantage" maxlength="300" value=${f.disadvantage} onInput=${set("disadvantage")} /></label>
                ${attack?.reach_ft ? html`<label class="radio"><input type="checkbox" id="dnd-attack-knock-out" checked=${f.knockOut} onChange=${set("knockOut")} /> ${t("dnd-attack-knock-out")}</label>` : null}
              </div>
              <p class="hint" id="dnd-attack-rules">${t("dnd-attack-rules")}</p>
              <${AttackOdds} screen=${screen} f=${f} g=${g} />
              <div class="row wrap">
                <${Faces} screen=${screen} id="dnd-attack-faces" f=${f} />
                <button type="button" id="dnd-attack-send" class="primary" disabled=${!f.target || !attack} onClick=${strike}>${f.target ? t("dnd-attack-send", { target: nameOf(screen, f.target) }) : t("dnd-attack-pick")}</button>
              </div>`
            : html`<p class="hint">${t("dnd-no-attacks")}</p>`}
          <${GlossaryActions} screen=${screen} f=${f} who=${f.who} redraw=${redraw} />
        </div>`}
    ${result ? html`<div id="dnd-attack-result" aria-live="polite" data-n=${result.n} class=${result.hit ? "dnd-success" : "dnd-failure"}>${result.lines.map((l, i) => html`<p key=${i}>${l}</p>`)}</div>` : null}
    ${mine || (screen.isReferee && combat)
      ? html`<div class="row wrap">
          ${mine && burningNow(screen, acting) ? html`<button type="button" id="dnd-roll-out-fire" onClick=${() => go(screen, { roll_out_fire: { creature: acting } })}>${t("dnd-roll-out-fire")}</button>` : null}
          ${mine ? html`<button type="button" id="dnd-finish-turn" onClick=${() => go(screen, { finish_turn: { creature: acting } })}>${t("dnd-finish-turn", { name: nameOf(screen, acting) })}</button>` : null}
          ${screen.isReferee && acting
            ? burningNow(screen, acting)
              ? html`<button type="button" id="dnd-put-out" onClick=${() => go(screen, { set_burning: { creature: acting, burning: false, how: "doused" } })}>${t("dnd-put-out")}</button>`
              : html`<button type="button" id="dnd-set-burning" onClick=${() => go(screen, { set_burning: { creature: acting, burning: true } })}>${t("dnd-set-burning")}</button>`
            : null}
          ${screen.isReferee && combat ? html`<button type="button" id="dnd-end-combat" onClick=${() => screen.send({ clock: "end_combat" }).catch(() => {})}>${t("dnd-end-combat")}</button>` : null}
        </div>`
      : null}
  </section>`;
}

/** Whether creature `id` burns now (DD-HAZ-01: the `burning` effect the seat may see). */
function burningNow(screen, id) {
  return (screen.view.effects || []).some((x) => x.target === id && (x.kind === "burning" || x.kind === "dnd2024.burning"));
}

// ---- The glossary's actions (h-dndacts): Dodge, Help against the target, and an Unarmed
// Strike's Grapple or Shove on it.

function GlossaryActions({ screen, f, who, redraw }) {
  const unarmed = f.unarmed || "grapple";
  const [option, shove] = unarmed.split("-");
  const act = (action, extra) => go(screen, { take_action: { creature: who, action, ...extra } }).then(redraw);
  const grab = () => rollWith(screen, { unarmed_strike: { attacker: who, target: f.target, option, ...(shove ? { shove } : {}) } }, f).then(redraw);
  return html`<div id="dnd-glossary-actions" class="row wrap">
    <button type="button" id="dnd-dodge" onClick=${() => act("dodge", {})}>${t("dnd-dodge")}</button>
    <button type="button" id="dnd-help" disabled=${!f.target} onClick=${() => act("help", { against: f.target })}>${f.target ? t("dnd-help-against", { target: nameOf(screen, f.target) }) : t("dnd-help")}</button>
    <label>${t("dnd-unarmed")} <select id="dnd-unarmed" value=${unarmed} onChange=${(e) => ((f.unarmed = e.target.value), redraw())}>${["grapple", "shove-push", "shove-prone"].map((k) => html`<option key=${k} value=${k}>${t(`dnd-unarmed-${k}`)}</option>`)}</select></label>
    <button type="button" id="dnd-unarmed-send" disabled=${!f.target} onClick=${grab}>${t("dnd-unarmed-send")}</button>
  </div>`;
}

// ---- Off the ground (h-dndair): a jump from the path's last square, a flyer's height, and
// the height on the token.

/** A creature's height in the air as words for its token (none on the ground). */
function heightNotes(screen, id) {
  const h = screen.rules.heights?.[id];
  return h ? [t("dnd-height", { feet: h })] : [];
}

/** The squares of creatures in the air marked with their height (drawn in the square's corner). */
function withHeights(screen, cells, positions) {
  const heights = Object.entries(screen.rules.heights || {});
  if (!heights.length) return cells;
  const byKey = new Map(cells.map((c) => [`${c.at.x},${c.at.y}`, c]));
  for (const [id, h] of heights) {
    const at = positions[id];
    if (!at) continue;
    const k = `${at.x},${at.y}`;
    byKey.set(k, { ...(byKey.get(k) || { x: at.x, y: at.y, at: { x: at.x, y: at.y } }), height: h });
  }
  return [...byKey.values()];
}

/** Jump (long: to the last square picked on the grid; high: a height) and, for a creature with
 * a Fly Speed, its height in the air. */
function AirControls({ screen, f, me, id, redraw }) {
  const last = f.path[f.path.length - 1];
  const height = screen.rules.heights?.[id] || 0;
  const flies = (me.spec?.speed?.fly || 0) > 0;
  if (f.flyTo === undefined || f.flyOf !== id) Object.assign(f, { flyTo: String(height), flyOf: id });
  const val = (k) => (e) => ((f[k] = e.target.value), redraw());
  const long = () => rollWith(screen, { jump: { creature: id, long: { to: last } } }, f).then((evs) => evs && ((f.path = []), redraw()));
  const high = () => rollWith(screen, { jump: { creature: id, high: { height_ft: Number(f.highFt || 0) } } }, f).then(redraw);
  const fly = () => go(screen, { fly: { creature: id, height_ft: Number(f.flyTo || 0) } }).then(redraw);
  return html`<div id="dnd-air" class="row wrap">
    <button type="button" id="dnd-jump-long" disabled=${!last || height > 0} onClick=${long}>${last ? t("dnd-jump-long-to", { at: sq(last) }) : t("dnd-jump-long")}</button>
    <label>${t("dnd-jump-high-ft")} <input id="dnd-jump-high-ft" type="number" min="1" max="30" inputmode="numeric" value=${f.highFt || ""} onInput=${val("highFt")} /></label>
    <button type="button" id="dnd-jump-high" disabled=${!(Number(f.highFt) > 0) || height > 0} onClick=${high}>${t("dnd-jump-high")}</button>
    ${flies
      ? html`<label>${t("dnd-fly-height")} <input id="dnd-fly-height" type="number" min="0" max="10000" step="5" inputmode="numeric" value=${f.flyTo} onInput=${val("flyTo")} /></label>
          <button type="button" id="dnd-fly-send" onClick=${fly}>${t("dnd-fly-send")}</button>`
      : null}
    <p class="hint" id="dnd-air-now">${height ? t("dnd-height-now", { name: me.spec?.name || id, feet: height }) : t("dnd-jump-hint")}</p>
  </div>`;
}

// ---- Log words: every event of the ruleset as a sentence in the UI language (the masked
// forms a player gets too: a monster's attack without its roll, damage without the amount).

const who = (id) => log.nameOf(id);
const listOf = (ids) => (ids || []).map(who).join(", ");
const word = (prefix, key) => (has(`${prefix}${key}`) ? t(`${prefix}${key}`) : String(key ?? "").replace(/_/g, " "));
/** An Advantage or Disadvantage source of an attack: a rule's (`{rule: …}`) or a named one. */
function sourceWords(s) {
  if (typeof s?.named === "string") return s.named;
  const r = s?.rule;
  if (typeof r === "string") return word("dnd-src-", r);
  if (r && typeof r === "object") {
    const [k, v] = Object.entries(r)[0] || [];
    return t(`dnd-src-${k}`, { condition: word("dnd-cond-", v) });
  }
  return "";
}
/** What a D20 Test tested: an ability check (with its skill) or a saving throw. */
function testWords(test) {
  if (test?.saving_throw) return t("dnd-test-save", { ability: word("dnd-ab-", test.saving_throw.ability) });
  const c = test?.ability_check || {};
  return c.skill ? t("dnd-test-skill", { ability: word("dnd-ab-", c.ability), skill: word("dnd-skill-", c.skill) }) : t("dnd-test-check", { ability: word("dnd-ab-", c.ability) });
}
const faces = (o) => (o?.faces?.length ? o.faces.join(", ") : "");
/** Why a rest stopped (`took_damage`, or `{cast_spell: {level}}`). */
const interruption = (i) => (typeof i === "string" ? word("dnd-why-", i) : i?.cast_spell ? t("dnd-why-cast_spell", { level: i.cast_spell.level }) : "");
/** A readied response (`{attack: {attack}}`, `{action: {action}}`, `{move: {feet}}`). */
function responseWords(r) {
  if (r?.attack) return r.attack.attack === "unseen" ? t("dnd-response-attack-unseen") : t("dnd-response-attack", { attack: r.attack.attack });
  if (r?.action) return t("dnd-response-action", { action: word("dnd-action-", r.action.action) });
  if (r?.move) return t("dnd-response-move", { feet: r.move.feet });
  return "";
}
/** A creature's state after a change: its Hit Points when the seat sees its sheet, its visible
 * marks (Bloodied, dying, dead), its conditions. */
function stateWords(c) {
  const parts = [];
  if (c?.spec) {
    parts.push(t("dnd-hp-of", { hp: c.hp?.current ?? 0, max: c.hp?.max ?? 0 }));
    if (c.hp?.temp) parts.push(t("dnd-temp-of", { temp: c.hp.temp }));
    if (c.dead) parts.push(t("dnd-dead"));
    else if (c.dying) parts.push(t(c.dying.stable ? "dnd-status-stable" : "dnd-status-dying"));
    const held = [...new Set((c.conditions?.held || []).map((x) => x[0]))];
    parts.push(...held.map((k) => word("dnd-cond-", k)));
    const ex = c.conditions?.exhaustion?.levels?.length || 0;
    if (ex) parts.push(t("dnd-exhaustion-level", { level: ex }));
    if (c.concentration?.effect) parts.push(t("dnd-concentrating-on", { effect: c.concentration.effect }));
  } else {
    if (c?.bloodied) parts.push(t("dnd-bloodied"));
    if (c?.status && c.status !== "up") parts.push(t(`dnd-status-${c.status}`));
    parts.push(...(c?.conditions || []).map((k) => word("dnd-cond-", k)));
    if (c?.exhaustion) parts.push(t("dnd-exhaustion-level", { level: c.exhaustion }));
    if (c?.concentrating) parts.push(t("dnd-concentrating"));
  }
  return parts.join("; ");
}

/** One event of this ruleset in words (`null`: not one of its events). */
export function words(name, d) {
  switch (name) {
    case "creature_set": {
      const state = stateWords(d.record);
      return t("ev-rules-creature_set", { name: d.record?.spec?.name ?? "?", state: state || t("dnd-none") });
    }
    case "creature_seen":
    case "creature_revealed": {
      const state = stateWords(d.view);
      return t(`ev-rules-${name}`, { name: d.view?.name ?? "?", state: state || t("dnd-unharmed") });
    }
    case "initiative_rolled":
      return t("ev-rules-initiative_rolled", { name: who(d.creature), total: d.total ?? d.outcome?.total ?? "?", faces: faces(d.outcome), mode: d.mode || "normal" });
    case "test_rolled": {
      const o = d.outcome;
      const a = { name: who(d.creature), test: testWords(d.test), success: d.success ? "yes" : "no" };
      if (o) return t("ev-rules-test_rolled", { ...a, total: o.total, faces: faces(o), dc: d.dc ?? "?" });
      return t(d.plan?.auto_fail ? "ev-rules-test_rolled-auto" : "ev-rules-test_rolled-secret", a);
    }
    case "attack_rolled": {
      const o = d.outcome;
      const a = { attacker: who(d.attacker), target: who(d.target), attack: d.attack, hit: d.critical ? "critical" : d.hit ? "yes" : "no" };
      let text = o
        ? t("ev-rules-attack_rolled", { ...a, faces: faces(o), total: o.total, ac: d.armor_class ?? "", known: d.armor_class == null ? "no" : "yes" })
        : t("ev-rules-attack_rolled-secret", a);
      const adv = (d.advantage || []).map(sourceWords).filter(Boolean);
      const dis = (d.disadvantage || []).map(sourceWords).filter(Boolean);
      if (adv.length) text += ` · ${t("dnd-advantage")}: ${adv.join(", ")}`;
      if (dis.length) text += ` · ${t("dnd-disadvantage")}: ${dis.join(", ")}`;
      return text;
    }
    case "damage_taken": {
      const type = word("dnd-dmg-", d.damage_type);
      if (d.dealt == null) return t(d.knocked_out ? "ev-rules-damage_taken-knocked" : "ev-rules-damage_taken-secret", { name: who(d.creature), type });
      const amount = d.amount ?? d.dealt;
      const defence = amount > 0 && d.dealt === 0 ? "immunity" : d.dealt < amount ? "resistance" : d.dealt > amount ? "vulnerability" : "none";
      let text = t("ev-rules-damage_taken", { name: who(d.creature), dealt: d.dealt, type, rolled: amount, defence });
      const r = d.report;
      if (r?.absorbed_by_temp) text += ` · ${t("dnd-absorbed", { temp: r.absorbed_by_temp })}`;
      if (d.knocked_out) text += ` · ${t("dnd-knocked-out")}`;
      else if (r?.dies) text += ` · ${t("dnd-damage-kills")}`;
      else if (r?.dropped_to_zero) text += ` · ${t("dnd-dropped-to-zero")}`;
      if (r?.death_save_failures) text += ` · ${t("dnd-death-failures", { count: r.death_save_failures })}`;
      return text;
    }
    case "concentration_save": {
      const o = d.outcome;
      const a = { name: who(d.creature), kept: d.kept ? "yes" : "no" };
      return o ? t("ev-rules-concentration_save", { ...a, total: o.total, faces: faces(o), dc: d.dc ?? "?" }) : t("ev-rules-concentration_save-secret", a);
    }
    case "death_save_rolled":
      return t("ev-rules-death_save_rolled", { name: who(d.creature), face: d.face, result: d.result, successes: d.successes, failures: d.failures });
    case "died":
      return t("ev-rules-died", { name: who(d.creature), cause: word("dnd-cause-", String(d.cause ?? "").replace(/ /g, "_")) });
    case "rest_started":
      return t("ev-rules-rest_started", { kind: word("dnd-rest-", d.kind), names: listOf(d.creatures) });
    case "rest_resumed":
      return t("ev-rules-rest_resumed", { kind: word("dnd-rest-", d.kind), count: d.interruptions ?? 1 });
    case "rest_finished":
      return d.interrupted_by
        ? t("ev-rules-rest_finished-interrupted", { kind: word("dnd-rest-", d.kind), why: interruption(d.interrupted_by), minutes: d.minutes_rested ?? 0, benefits: d.short_rest_benefits ? "yes" : "no" })
        : t("ev-rules-rest_finished", { kind: word("dnd-rest-", d.kind), completed: d.completed ? "yes" : "no", minutes: d.minutes_rested ?? 0 });
    case "map_set":
      return t("ev-rules-map_set", { count: (d.cells || []).length });
    case "placed":
      return t("ev-rules-placed", { name: who(d.creature), at: sq([d.at?.x, d.at?.y]) });
    case "creature_in_view":
      return t("ev-rules-creature_in_view", { name: d.view?.name ?? who(d.creature), at: d.at ? sq([d.at.x, d.at.y]) : "?", state: stateWords(d.view) || t("dnd-unharmed") });
    case "creature_out_of_view":
      return t("ev-rules-creature_out_of_view", { name: d.name ?? who(d.creature) });
    case "moved": {
      const end = d.path?.[d.path.length - 1];
      if (d.seen_only) return t("ev-rules-moved-seen", { name: who(d.creature), at: end ? sq([end.x, end.y]) : "?" });
      return t(d.held ? "ev-rules-moved-held" : "ev-rules-moved", { name: who(d.creature), count: d.path?.length ?? 0, at: end ? sq([end.x, end.y]) : "?", feet: d.spent_ft ?? 0 });
    }
    case "standing_orders_set": {
      const o = d.orders || {};
      return t("ev-rules-standing_orders_set-orders", { name: who(d.creature), oa: word("dnd-order-", o.opportunity_attacks ?? "never"), spells: word("dnd-order-", o.reaction_spells ?? "never"), legendary: word("dnd-order-", o.legendary_actions ?? "never") });
    }
    case "spell_stopped":
      return t("ev-rules-spell_stopped", { caster: who(d.caster), spell: d.spell ?? "", by: d.by === "unseen" ? t("dnd-unseen") : who(d.by), with: d.with ?? "", named: d.with ? "yes" : "no" })
        + (d.slot_kept ? t("dnd-spell-slot-kept", { level: d.slot_kept }) : "");
    case "ready_taken": {
      // Players' copy of a monster's has no trigger (the Referee's words) and may name an
      // unseen creature.
      const a = { name: d.creature === "unseen" ? t("dnd-unseen") : who(d.creature), response: responseWords(d.response), target: d.target ? who(d.target) : "", aimed: d.target ? "yes" : "no" };
      return d.trigger ? t("ev-rules-ready_taken", { ...a, trigger: d.trigger }) : t("ev-rules-ready_taken-masked", a);
    }
    case "light_set":
      return t("ev-rules-light_set", { ambient: word("dnd-light-", d.ambient ?? "bright"), squares: (d.squares || []).length, sources: (d.sources || []).length });
    case "searched":
      return d.cannot_see
        ? t("ev-rules-searched-blind", { name: who(d.creature), at: sq([d.at?.x, d.at?.y]) })
        : t("ev-rules-searched", { name: who(d.creature), at: sq([d.at?.x, d.at?.y]), total: d.total ?? "?", known: d.total == null ? "no" : "yes", disadvantage: d.disadvantage?.length ? "yes" : "no", count: (d.found || []).length, names: listOf(d.found) });
    case "hide_seen_through":
      return t("ev-rules-hide_seen_through", { name: who(d.creature), names: listOf(d.by), any: d.by?.length ? "yes" : "no" });
    case "area_placed": {
      const cover = Object.entries(d.cover || {}).map(([id, c]) => `${who(id)} (${word("dnd-cover-", c)})`);
      let text = t("ev-rules-area_placed", { name: who(d.caster), area: d.name, count: (d.targets || []).length, names: listOf(d.targets) || t("dnd-none") });
      if (d.behind_cover?.length) text += ` · ${t("dnd-area-behind-cover", { names: listOf(d.behind_cover) })}`;
      if (cover.length) text += ` · ${t("dnd-area-cover", { names: cover.join(", ") })}`;
      return text;
    }
    case "jumped":
      return t(d.kind === "high" ? "ev-rules-jumped-high" : "ev-rules-jumped", { name: who(d.creature), feet: d.feet ?? 0, at: sq([d.to?.x, d.to?.y]), running: d.running ? "yes" : "no", hit: d.hit_obstacle ? "yes" : "no", reach: d.reach_ft ?? 0, reaches: d.reach_ft == null ? "no" : "yes" });
    case "flew":
      return t("ev-rules-flew", { name: who(d.creature), feet: d.height_ft ?? 0, spent: d.spent_ft ?? 0 });
    case "fell":
      return t("ev-rules-fell", { name: who(d.creature), feet: d.feet ?? 0, dice: d.dice ?? 0, water: d.into_water ? "yes" : "no", cause: d.cause ?? "referee" });
    case "breath_held":
      return t("ev-rules-breath_held", { name: who(d.creature), rounds: d.rounds ?? 0 });
    case "out_of_breath":
      return t("ev-rules-out_of_breath", { name: who(d.creature) });
    case "fire":
      return t("ev-rules-fire", { name: who(d.creature), burning: d.burning ? "true" : "false", how: d.how ?? "none" });
    case "day_ended":
      return t("ev-rules-day_ended", { name: who(d.creature), dehydrated: d.dehydrated ? "true" : "false", hunger: d.hunger ?? "fine", saved: d.saved ? "true" : "false", days_without_food: d.days_without_food ?? 0 });
    case "dodged":
      return t("ev-rules-dodged", { name: who(d.creature) });
    case "helped":
      return d.against
        ? t("ev-rules-helped", { name: who(d.helper), target: who(d.against) })
        : t("ev-rules-helped-check", { name: who(d.helper), ally: who(d.ally), skill: word("dnd-skill-", d.skill) });
    case "unarmed_strike_resolved":
      return t("ev-rules-unarmed_strike_resolved", {
        name: d.attacker === "unseen" ? t("dnd-unseen") : who(d.attacker),
        target: who(d.target),
        option: word("dnd-unarmed-", d.shove ? `shove-${d.shove}` : "grapple"),
        save: word("dnd-ab-", d.save),
        saved: d.saved ? "yes" : "no",
        pushed: d.pushed_to ? "yes" : "no",
        at: d.pushed_to ? sq([d.pushed_to.x, d.pushed_to.y]) : "",
      });
    case "legendary_taken":
      return t("ev-rules-legendary_taken", { name: who(d.creature), action: d.action ?? "", cost: d.cost ?? 1, target: d.target ? who(d.target) : "", aimed: d.target ? "yes" : "no" });
    case "reaction_spell_cast":
      return t("ev-rules-reaction_spell_cast", { name: who(d.creature), spell: d.spell ?? "", bonus: signed(d.ac_bonus ?? 0) });
    default:
      return null;
  }
}

/** The creatures an event is about (the log's filter). */
function about(name, d) {
  const ids = [d.creature, d.attacker, d.target, d.caster, d.record?.spec?.id, ...(name === "area_placed" ? d.targets || [] : []), ...(name === "rest_started" ? d.creatures || [] : [])];
  return [...new Set(ids.filter((x) => typeof x === "string"))];
}

/** Seconds left on the timer of decision `d`'s interrupt window (null: it waits for answers). */
function secondsLeft(screen, d) {
  const w = (screen.view.windows || []).find((x) => x.id === d.window);
  if (!w?.timer) return null;
  const timers = screen.view.clock?.timers || {};
  const tm = Array.isArray(timers) ? timers.find((x) => x.id === w.timer) : timers[w.timer];
  if (!tm) return null;
  const run = tm.running_since_ms == null ? 0 : Date.now() - tm.running_since_ms;
  return Math.max(0, Math.ceil((tm.duration_ms - tm.elapsed_ms - run) / 1000));
}

const isWindowKind = (kind) => WINDOW_KINDS.some((k) => kind === k || kind?.endsWith(`.${k}`));

/** The D&D 2024 screen, as the shell asks for it (see js/table.js). */
export default {
  layout(screen) {
    const chars = full(screen, "character");
    const monsters = screen.isReferee ? full(screen, "monster") : [];
    const sheets = chars.map(([id, c]) => html`<${Sheet} key=${`s-${id}`} screen=${screen} id=${id} c=${c} />`);
    if (!chars.length) sheets.push(html`<p key="none" class="hint" id="dnd-no-sheet">${t("dnd-no-sheet")}</p>`);
    const onGrid = Object.keys(gridOf(screen).positions || {}).length > 0;
    const fight = onGrid ? "fight" : "play";
    return {
      a: [{ tab: "play", items: [html`<${Others} key="others" screen=${screen} />`] }],
      b: [
        { tab: fight, items: [html`<${Budget} key="budget" screen=${screen} />`, html`<${Battle} key="battle" screen=${screen} />`] },
        { tab: "play", items: [html`<${D20Panel} key="d20" screen=${screen} />`] },
        { tab: "sheet", items: sheets },
        { tab: fight, items: [html`<${AreaPicker} key="area" screen=${screen} />`] },
        { tab: fight, items: [html`<${FightForecast} key="forecast" screen=${screen} prefix="dnd" sides=${["characters", "monsters"]} metrics=${["dies", "knocked_out", "drops_to_0_hp"]} name=${(id) => nameOf(screen, id)} />`] },
        { tab: "play", items: [html`<${Rest} key="rest" screen=${screen} />`, ...monsters.map(([id, c]) => html`<${StatBlock} key=${`m-${id}`} screen=${screen} id=${id} c=${c} />`)] },
      ],
      tools: [],
      tabs: [
        { id: "play", label: t("dnd-tab-play"), shell: ["clock", "decisions", "chat"] },
        ...(onGrid ? [{ id: "fight", label: t("dnd-tab-fight"), shell: [] }] : []),
        { id: "sheet", label: t("dnd-tab-sheet"), shell: [] },
        { id: "log", label: t("dnd-tab-log"), shell: ["log", "invites", "packs", "settings", "commands"] },
      ],
      // During a fight on the grid the phone opens on the fight until the user picks a tab.
      tab: onGrid && screen.view.clock?.combat ? "fight" : null,
    };
  },
  /** The rest panel starts and ends rests: the shell's clock shows no rest buttons of its own. */
  ownClockControls() {
    return { rest: { id: "dnd-rest-start-short", label: t("dnd-rest-start-short") } };
  },
  /** Every event of this ruleset as a log line in the UI language (no raw fields). */
  describeRules(name, data) {
    const text = words(name, data || {});
    return text == null ? null : { text, creatures: about(name, data || {}) };
  },
  characters(screen) {
    return Object.entries(screen.rules.creatures || {}).map(([id, c]) => ({ id, name: c.spec?.name || c.name || id, party: (c.spec?.kind || c.kind) === "character" }));
  },
  displayName(screen, id) {
    return nameOf(screen, id);
  },
  /** An interrupt window's question waits on a clock: urgent. */
  urgent(d) {
    return !!d.window && isWindowKind(d.kind);
  },
  /** Under a window's question: whom it is about (read from the decision's context and its
   * window while the decision carries no `args` for it), what happens without an answer, and
   * when. */
  decisionDetails(screen, d) {
    if (!d.window) return null;
    const def = d.options?.find((o) => o.id === d.default);
    const secs = secondsLeft(screen, d);
    const about = windowAbout(screen, d);
    return html`<p class="dnd-window hint" data-window=${d.window}>
      ${about ? html`<span class="dnd-window-about">${about}</span> ` : null}
      ${def ? t("dnd-window-default", { option: log.optionLabel(d, def) }) : null}
      ${" "}${secs == null ? t("dnd-window-waits") : t("dnd-window-timeout", { count: secs })}
    </p>`;
  },
};

/** Whom a window's question is about, from what the decision and its window carry today: the
 * creature asked (`context.by`), a readied trigger's words from its record, the attack a
 * reaction spell answers (the window's context). Null for an Opportunity Attack, whose prompt
 * says it all through its `args`. */
function windowAbout(screen, d) {
  const kind = String(d.kind || "").split(".").pop();
  const by = d.context?.by;
  if (!by || kind === "opportunity_attack") return null;
  const name = nameOf(screen, by);
  if (kind === "readied_trigger") {
    const trigger = screen.rules.creatures?.[by]?.readied?.trigger;
    const target = d.context?.target;
    return t("dnd-about-readied", { name, trigger: trigger || t("dnd-none"), target: target ? nameOf(screen, target) : "", aimed: target ? "yes" : "no" });
  }
  if (kind === "reaction_spell") {
    const w = (screen.view.windows || []).find((x) => x.id === d.window);
    const a = w?.context?.attack;
    return a ? t("dnd-about-hit", { name, attacker: nameOf(screen, a.attacker), attack: a.attack }) : t("dnd-about", { name });
  }
  return t("dnd-about", { name });
}
