// The ACKS screen's land-side panels (issue 20), imported by index.js:
// - Mounting (combat tab): who rides what and how high a flyer is, from the combat view's
//   `mount` and `flying_ft`; the Judge seats a rider (`mount`) and sets a flyer's height
//   (`set_flying_height`); the seat acting for a rider dismounts it or charges (`dismount`,
//   `move` kind `charge`); the newest saddle saves, falls and heights in words.
// - LandMap (wilderness tab): the hex map as this seat knows it (a player's view holds only
//   the shown hexes, so nothing hidden is drawn) with the shell's hex map widget, and the
//   Judge's drawing tools: paint a hex's terrain, road, obstacle (canyon, broad river, river —
//   with the Judge's pace across it, AC-WILD-05) and whether players see it; place the party;
//   set the true hex. Painted hexes wait in a draft until sent as one `set_hexes`.
// - ZeroLevel (party tab): 0-level characters' way to 100 XP and the old proficiencies a
//   former 0-level character must still forget (`drop_proficiency`, its player's or the
//   Judge's choice, AC-ZERO-03).
// No rule lives here: every number shown is the server's.

import { h } from "../../vendor/preact/preact.module.js";
import { useState } from "../../vendor/preact/hooks.module.js";
import htm from "../../vendor/htm/htm.module.js";
import { t } from "../../js/i18n.js";
import { args as logArgs } from "../../js/log.js";
import { HexMap, hexKey, hexRange, hexDraft, paintHex, sameHex } from "../../js/hexmap.js";

const html = htm.bind(h);
const go = (screen, cmd) => screen.send({ rules: cmd }).catch(() => []);
const name = (screen, id) => screen.creatures[id]?.name || id;
/** Most result lines a panel lists. */
const RECENT = 5;

/** What this seat typed in these panels, kept across renders. */
const form = (screen) =>
  (screen.forms.acksLand ||= {
    rider: "",
    mount: "",
    warMount: true,
    warSaddle: false,
    riding: true,
    flyer: "",
    height: "30",
    chargeFt: "30",
    chargeWeapon: "lance",
    tool: "paint",
    terrain: "clear",
    road: false,
    feature: "none",
    pace: "50",
    shown: true,
    drop: {},
    ...hexDraft(),
  });

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

const Results = ({ id, rows, empty }) =>
  rows.length
    ? html`<ul id=${id}>${rows.map((r) => html`<li key=${r.n} data-event=${r.name}>${t(`ev-rules-${r.name}`, logArgs(r.data))}</li>`)}</ul>`
    : html`<p class="hint" id=${id}>${t(empty)}</p>`;

// ---------- mounting (combat tab) ----------

const CHARGE_WEAPONS = ["lance", "spear", "polearm", "suitable_natural", "other"];

export function Mounting({ screen }) {
  const c = screen.rules.combat;
  const [, bump] = useState(0);
  if (!c) return null;
  const f = form(screen);
  const set = (k) => (v) => ((f[k] = v), bump((x) => x + 1));
  const tick = (k) => (e) => ((f[k] = e.target.checked), bump((x) => x + 1));
  const ids = Object.keys(c.combatants || {}).filter((id) => !(c.fallen || []).includes(id));
  const riders = ids.filter((id) => c.combatants[id].mount);
  const flyers = ids.filter((id) => c.combatants[id].flying_ft);
  const mine = new Set(screen.mine());
  const myRiders = riders.filter((id) => screen.isReferee || mine.has(id));
  if (!ids.includes(f.rider)) f.rider = ids[0] || "";
  if (!ids.includes(f.mount)) f.mount = ids.find((id) => id !== f.rider) || "";
  if (!ids.includes(f.flyer)) f.flyer = ids[0] || "";
  const acting = myRiders.includes(f.rider) ? f.rider : myRiders[0] || "";
  const results = recent(screen, ["mounted", "dismounted", "saddle_save", "unhorsed", "flying_height_set", "mount_morale_due"]);
  return html`<section id="acks-mounting" class="panel" aria-labelledby="acks-mounting-h">
    <h2 id="acks-mounting-h">${t("acks-mounting")}</h2>
    ${riders.length || flyers.length
      ? html`<ul id="acks-pairs">
          ${riders.map((id) => {
            const m = c.combatants[id].mount;
            const height = c.combatants[m]?.flying_ft;
            return html`<li key=${id} data-rider=${id}>${t("acks-pair", { rider: name(screen, id), mount: name(screen, m) })}${height ? html` <span class="badge acks-flying">${t("acks-flying-at", { height })}</span>` : null}</li>`;
          })}
          ${flyers
            .filter((id) => !riders.some((r) => c.combatants[r].mount === id))
            .map((id) => html`<li key=${`f${id}`} data-flyer=${id}>${name(screen, id)} <span class="badge acks-flying">${t("acks-flying-at", { height: c.combatants[id].flying_ft })}</span></li>`)}
        </ul>`
      : html`<p class="hint" id="acks-pairs">${t("acks-mounting-none")}</p>`}
    ${screen.isReferee
      ? html`<fieldset id="acks-mount-form"><legend>${t("acks-mount")}</legend>
            <div class="row wrap">
              <${Select} id="acks-mount-rider" label=${t("acks-mount-rider")} value=${f.rider} options=${ids.map((id) => [id, name(screen, id)])} onChange=${set("rider")} />
              <${Select} id="acks-mount-mount" label=${t("acks-mount-mount")} value=${f.mount} options=${ids.filter((id) => id !== f.rider).map((id) => [id, name(screen, id)])} onChange=${set("mount")} />
              <label class="radio"><input type="checkbox" id="acks-war-mount" checked=${f.warMount} onChange=${tick("warMount")} /> ${t("acks-war-mount")}</label>
              <label class="radio"><input type="checkbox" id="acks-war-saddle" checked=${f.warSaddle} onChange=${tick("warSaddle")} /> ${t("acks-war-saddle")}</label>
              <label class="radio"><input type="checkbox" id="acks-riding" checked=${f.riding} onChange=${tick("riding")} /> ${t("acks-riding")}</label>
              <button type="button" id="acks-mount" onClick=${() => go(screen, { mount: { rider: f.rider, mount: f.mount, war_mount: f.warMount, war_saddle: f.warSaddle, riding: f.riding } })}>${t("acks-mount")}</button>
            </div>
            <div class="row wrap">
              <${Select} id="acks-fly-who" label=${t("acks-fly-who")} value=${f.flyer} options=${ids.map((id) => [id, name(screen, id)])} onChange=${set("flyer")} />
              <label class="field">${t("acks-fly-height")}<input id="acks-fly-ft" type="number" min="0" max="1000" step="10" value=${f.height} onInput=${(e) => (f.height = e.target.value)} /></label>
              <button type="button" id="acks-fly" onClick=${() => go(screen, { set_flying_height: { creature: f.flyer, height_ft: Number(f.height) || 0 } })}>${t("acks-fly")}</button>
            </div>
          </fieldset>`
      : null}
    ${acting
      ? html`<fieldset id="acks-rider-form"><legend>${name(screen, acting)}</legend>
          <div class="row wrap">
            <button type="button" id="acks-dismount" onClick=${() => go(screen, { dismount: { rider: acting } })}>${t("acks-dismount")}</button>
            <label class="field">${t("acks-charge-feet")}<input id="acks-charge-ft" type="number" min="20" max="1000" value=${f.chargeFt} onInput=${(e) => (f.chargeFt = e.target.value)} /></label>
            <${Select} id="acks-charge-weapon" label=${t("acks-charge-weapon")} value=${f.chargeWeapon} options=${CHARGE_WEAPONS.map((k) => [k, t(`acks-charge-weapon-${k}`)])} onChange=${set("chargeWeapon")} />
            <button type="button" id="acks-charge" onClick=${() => go(screen, { move: { creature: acting, kind: "charge", feet: Number(f.chargeFt) || 0, path_clear: true, weapon: f.chargeWeapon } })}>${t("acks-charge")}</button>
          </div>
        </fieldset>`
      : null}
    <h3>${t("acks-mount-results")}</h3>
    <${Results} id="acks-mount-results" rows=${results} empty="acks-mount-no-results" />
  </section>`;
}

// ---------- the map (wilderness tab) ----------

const TERRAINS = ["clear", "coast", "desert", "hills", "woods", "jungle", "swamp", "mountains"];
const FEATURES = ["none", "canyon", "broad_river", "river", "other"];
const TOOLS = ["paint", "party", "true"];

/** A hex's words: where, terrain, road, obstacle, hidden. */
function hexWords(hx, at) {
  const parts = [t("acks-land-hex", { q: at.q, r: at.r })];
  if (!hx) parts.push(t("acks-land-empty"));
  else {
    parts.push(t(`acks-terrain-${hx.terrain}`));
    if (hx.road) parts.push(t("acks-wild-road"));
    if (hx.feature) parts.push(`${t(`acks-land-feature-${hx.feature.kind}`)} ${hx.feature.pace_percent} %`);
    if (hx.shown === false) parts.push(t("acks-land-hidden"));
  }
  return parts.join(", ");
}

const hexClass = (hx) =>
  hx ? [`terrain-set terrain-${hx.terrain}`, hx.road ? "road" : "", hx.feature ? `river feature-${hx.feature.kind}` : "", hx.draft ? "draft" : "", hx.shown === false ? "hidden" : ""].filter(Boolean).join(" ") : "empty";

export function LandMap({ screen }) {
  const w = screen.rules.wilderness || {};
  const f = form(screen);
  const [, bump] = useState(0);
  const redraw = () => bump((x) => x + 1);
  const set = (k) => (v) => ((f[k] = v), redraw());
  const tick = (k) => (e) => ((f[k] = e.target.checked), redraw());
  const party = w.party || null;
  const believed = party?.believed_hex || null;
  // Only the Judge's projection carries the true hex.
  const truth = screen.isReferee ? party?.true_hex || null : null;
  const stored = new Map(Object.values(w.hexes || {}).map((hx) => [hexKey(hx), hx]));
  const slowed = recent(screen, ["travel_slowed"]);
  const known = [...stored.values()].map((hx) => ({ q: hx.q, r: hx.r, cls: hexClass(hx), title: hexWords(hx, hx), text: t(`acks-terrain-${hx.terrain}`) }));
  const seen = html`<div id="acks-land-seen">
    ${known.length || believed
      ? h(HexMap, { id: "acks-land-map", label: t("acks-land-map"), hexes: known, party: { believed, truth, believedLabel: believed && t("acks-wild-believed", { hex: `${believed.q}, ${believed.r}` }), trueLabel: truth && t("acks-wild-true", { hex: `${truth.q}, ${truth.r}` }) } })
      : html`<p class="hint">${t("acks-wild-no-party")}</p>`}
  </div>`;
  if (!screen.isReferee) {
    return html`<section id="acks-land" class="panel" aria-labelledby="acks-land-h">
      <h2 id="acks-land-h">${t("acks-land-map")}</h2>
      ${seen}
      ${slowed.length ? html`<h3>${t("acks-land-slowed")}</h3><${Results} id="acks-land-slowed" rows=${slowed} empty="acks-wild-no-results" />` : null}
    </section>`;
  }
  // The Judge's canvas: every hex around the drawn ones, each a button applying the tool.
  const drafted = new Map(stored);
  for (const [k, v] of f.painted) drafted.set(k, { ...v, draft: true });
  const cells = hexRange([...drafted.values(), ...(believed ? [believed] : []), ...(truth ? [truth] : []), { q: 0, r: 0 }]);
  const pick = (c) => () => {
    if (f.tool === "party") return go(screen, { place_party: { q: c.q, r: c.r } });
    if (f.tool === "true") return go(screen, { set_true_course: { q: c.q, r: c.r, drift: 0 } });
    const feature = f.feature === "none" ? undefined : { kind: f.feature, pace_percent: Math.min(100, Math.max(1, Number(f.pace) || 100)) };
    paintHex(f, c, { terrain: f.terrain, road: !!f.road, shown: !!f.shown, ...(feature ? { feature } : {}) });
    redraw();
  };
  const canvas = cells.map((c) => {
    const hx = drafted.get(hexKey(c));
    return { ...c, id: `acks-land-q${c.q}-r${c.r}`, cls: `${hexClass(hx)}${sameHex(c, believed) ? " party" : ""}`, label: hexWords(hx, c), text: hx ? t(`acks-terrain-${hx.terrain}`) : "", onPick: pick(c) };
  });
  const changes = f.painted.size;
  const send = () =>
    screen
      .send({ rules: { set_hexes: { hexes: [...f.painted.values()] } } })
      .then(() => (f.painted.clear(), redraw()))
      .catch(() => []);
  return html`<section id="acks-land" class="panel" aria-labelledby="acks-land-h">
    <h2 id="acks-land-h">${t("acks-land")}</h2>
    <p class="hint">${t("acks-land-hint")}</p>
    <fieldset id="acks-land-form"><legend>${t("acks-land-tool")}</legend>
      <div class="row wrap">
        <${Select} id="acks-land-tool" label=${t("acks-land-tool")} value=${f.tool} options=${TOOLS.map((k) => [k, t(`acks-land-tool-${k}`)])} onChange=${set("tool")} />
        <${Select} id="acks-land-terrain" label=${t("acks-terrain")} value=${f.terrain} options=${TERRAINS.map((k) => [k, t(`acks-terrain-${k}`)])} onChange=${set("terrain")} />
        <label class="radio"><input type="checkbox" id="acks-land-road" checked=${f.road} onChange=${tick("road")} /> ${t("acks-wild-road")}</label>
        <${Select} id="acks-land-feature" label=${t("acks-land-feature")} value=${f.feature} options=${FEATURES.map((k) => [k, t(`acks-land-feature-${k}`)])} onChange=${set("feature")} />
        <label class="field">${t("acks-land-pace")}<input id="acks-land-pace" type="number" min="1" max="100" value=${f.pace} onInput=${(e) => (f.pace = e.target.value)} /></label>
        <label class="radio"><input type="checkbox" id="acks-land-shown" checked=${f.shown} onChange=${tick("shown")} /> ${t("acks-wild-shown")}</label>
      </div>
    </fieldset>
    ${h(HexMap, { id: "acks-land-canvas", label: t("acks-land-canvas", { count: drafted.size }), hexes: canvas, party: { believed, truth }, editing: true })}
    <div class="row wrap">
      <button type="button" id="acks-land-send" class="primary" disabled=${!changes} onClick=${send}>${t("acks-land-send", { count: changes })}</button>
      <button type="button" id="acks-land-discard" disabled=${!changes} onClick=${() => (f.painted.clear(), redraw())}>${t("acks-land-discard")}</button>
    </div>
    <h3>${t("acks-land-map")}</h3>
    ${seen}
    ${slowed.length ? html`<h3>${t("acks-land-slowed")}</h3><${Results} id="acks-land-slowed" rows=${slowed} empty="acks-wild-no-results" />` : null}
  </section>`;
}

// ---------- 0-level characters (party tab) ----------

export function ZeroLevel({ screen }) {
  const f = form(screen);
  const [, bump] = useState(0);
  const mine = new Set(screen.mine());
  const xp = screen.rules.experience?.characters || {};
  const rows = Object.values(screen.creatures)
    .map((c) => ({ id: c.id, name: c.name, ch: c.kind?.character || (c.kind === "character" ? c : null), c }))
    .filter((r) => r.ch);
  const zero = rows.filter((r) => r.ch.level === 0);
  const owing = rows.filter((r) => (r.c.proficiency_drops_due ?? r.ch.proficiency_drops_due ?? 0) > 0);
  // AC-ZERO-02: a former 0-level character's class proficiency still to pick, from its card's list.
  const picking = rows.filter((r) => (r.c.class_proficiency_choices || []).length > 0);
  if (!zero.length && !owing.length && !picking.length) return null;
  return html`<section id="acks-zero" class="panel" aria-labelledby="acks-zero-h">
    <h2 id="acks-zero-h">${t("acks-zero")}</h2>
    <ul id="acks-zero-list">
      ${zero.map((r) => html`<li key=${r.id} data-zero=${r.id}>${t("acks-zero-line", { name: r.name, xp: xp[r.id]?.xp ?? 0, next: xp[r.id]?.next_level_xp ?? 100 })}</li>`)}
    </ul>
    ${owing.map((r) => {
      const due = r.c.proficiency_drops_due ?? r.ch.proficiency_drops_due ?? 0;
      const old = r.c.old_proficiencies || r.ch.old_proficiencies || [];
      const may = screen.isReferee || mine.has(r.id);
      if (!old.includes(f.drop[r.id])) f.drop[r.id] = old[0] || "";
      return html`<fieldset key=${r.id} id=${`acks-drop-${r.id}`}><legend>${t("acks-drops-due", { name: r.name, count: due })}</legend>
        ${may
          ? html`<div class="row wrap">
              <${Select} id=${`acks-drop-which-${r.id}`} label=${t("acks-drop-which")} value=${f.drop[r.id]} options=${old.map((p) => [p, p])} onChange=${(v) => ((f.drop[r.id] = v), bump((x) => x + 1))} />
              <button type="button" id=${`acks-drop-go-${r.id}`} onClick=${() => go(screen, { drop_proficiency: { character: r.id, proficiency: f.drop[r.id] } })}>${t("acks-drop")}</button>
            </div>`
          : null}
      </fieldset>`;
    })}
    ${picking.map((r) => {
      const choices = r.c.class_proficiency_choices;
      const may = screen.isReferee || mine.has(r.id);
      f.pick ||= {};
      if (!choices.includes(f.pick[r.id])) f.pick[r.id] = choices[0];
      return html`<fieldset key=${`pick-${r.id}`} id=${`acks-pick-${r.id}`}><legend>${t("acks-class-proficiency-due", { name: r.name })}</legend>
        ${may
          ? html`<div class="row wrap">
              <${Select} id=${`acks-pick-which-${r.id}`} label=${t("acks-class-proficiency")} value=${f.pick[r.id]} options=${choices.map((p) => [p, p])} onChange=${(v) => ((f.pick[r.id] = v), bump((x) => x + 1))} />
              <button type="button" id=${`acks-pick-go-${r.id}`} onClick=${() => go(screen, { choose_class_proficiency: { character: r.id, proficiency: f.pick[r.id] } })}>${t("acks-class-proficiency-pick")}</button>
            </div>`
          : null}
      </fieldset>`;
    })}
  </section>`;
}
