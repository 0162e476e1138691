// The ACKS "Sea" tab (issue 20): the voyage and the naval fight, drawn only from the viewer's
// projection (`rules.sea`, `rules.naval`, `rules.combat`) and log. No rule lives here: speeds,
// the day's distance, the storm's saves, the ship order by initiative count and every damage
// are the server's. A player sees the day's voyage as the masked `sailed_seen` says it (never
// a lost ship's true hex, which only the Judge's `sailed` carries), and the Judge's controls
// only as the Judge. Messages: en.ftl / ru.ftl (section `## h-naval`).

import { h } from "../../vendor/preact/preact.module.js";
import { useState } from "../../vendor/preact/hooks.module.js";
import htm from "../../vendor/htm/htm.module.js";
import { t } from "../../js/i18n.js";
import { args as logArgs } from "../../js/log.js";

const html = htm.bind(h);
const go = (screen, cmd) => screen.send({ rules: cmd }).catch(() => []);
/** Most log lines a panel lists (the newest). */
const RECENT = 6;
const VESSELS = ["river_boat", "sailing_boat", "canoe", "large_galley", "small_galley", "war_galley", "lifeboat", "longship", "raft", "large_sailing_ship", "small_sailing_ship", "large_troop_transport", "small_troop_transport"];
const HEADINGS = ["north", "north_east", "south_east", "south", "south_west", "north_west"];
const PIECES = ["ballista", "light_catapult", "heavy_catapult"];
const SEA_EVENTS = ["ship_set", "anchor_set", "wind_rolled", "sailed", "sailed_seen", "storm_hour", "beached", "fished", "scurvy_week"];
const NAVAL_EVENTS = ["ship_joined", "crew_assigned", "ship_moved", "ship_damaged", "ship_sinking", "rowers_lost", "ship_repaired", "rammed", "shot_fired", "shot_at_creatures", "grapple_tried", "boarded", "fire_fought", "ship_burned", "naval_round_ended", "pitch_burning", "pitch_area_set", "pitch_burned", "pitch_out"];

/** What this seat has typed on the Sea tab, kept across renders. */
const form = (screen) =>
  (screen.forms.acksSea ||= {
    vessel: "small_galley",
    shp: "80",
    heading: "north",
    waters: "coast",
    against: false,
    nights: false,
    openCoast: false,
    fresh: false,
    fisher: "",
    shipId: "",
    shipName: "",
    shipAc: "1",
    shipShp: "20",
    shipSpeed: "150",
    shipRowers: "0",
    pieceKind: "ballista",
    pieceName: "",
    ship: "",
    target: "",
    piece: "",
    feet: "",
    size: "small",
    throw: "10",
    distance: "0",
    crew: "4",
    ammunition: "shot",
    bothWant: false,
    judgeMod: "0",
    captain: "",
    gunner: "",
    marines: {},
    hit: {},
    inPitch: {},
    boarders: {},
    onto: "",
  });

function Select({ id, label, value, options, onChange }) {
  return html`<label class="field">${label}
    <select id=${id} value=${value} onChange=${(e) => onChange(e.target.value)}>
      ${options.map(([v, l]) => html`<option key=${v} value=${v}>${l}</option>`)}
    </select></label>`;
}

function NumberField({ id, label, value, min, max, onInput }) {
  return html`<label class="field">${label}<input id=${id} type="number" min=${min} max=${max} value=${value} onInput=${(e) => onInput(e.target.value)} /></label>`;
}

const name = (screen, id) => screen.creatures[id]?.name || id;
const isCharacter = (c) => !!(c?.kind?.character || c?.kind === "character");
/** Creatures everyone sees (characters and revealed monsters): the only ones a ship names. */
const visible = (screen) =>
  Object.values(screen.creatures)
    .filter((c) => isCharacter(c) || !c.kind?.monster || c.kind.monster.revealed)
    .map((c) => c.id);

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

const Results = ({ id, rows }) =>
  rows.length
    ? html`<ul id=${id} class="acks-sea-results">${rows.map((r) => html`<li key=${r.n} data-event=${r.name}>${t(`ev-rules-${r.name}`, logArgs(r.data))}</li>`)}</ul>`
    : null;

const dash = (v) => (v === null || v === undefined ? "—" : v);

/** The party's vessel and its day at sea: T-05's speeds and crew, the day's wind and distance,
 * storm hours and beaching, fishing and scurvy. */
export function Voyage({ screen }) {
  const sea = screen.rules.sea || {};
  const f = form(screen);
  const [, bump] = useState(0);
  const set = (k) => (v) => ((f[k] = v), bump((x) => x + 1));
  const tick = (k) => (e) => ((f[k] = e.target.checked), bump((x) => x + 1));
  const judge = screen.isReferee;
  const ship = sea.ship;
  const row = sea.vessel;
  const day = recent(screen, ["sailed", "sailed_seen"])[0];
  const storm = recent(screen, ["storm_hour"])[0];
  const mine = new Set(screen.mine());
  const fishers = Object.values(screen.creatures).filter((c) => isCharacter(c) && (judge || mine.has(c.id))).map((c) => c.id);
  if (!fishers.includes(f.fisher)) f.fisher = fishers[0] || "";
  const scurvy = Object.entries(sea.scurvy || {});
  return html`<section id="acks-voyage" class="panel" aria-labelledby="acks-voyage-h">
    <h2 id="acks-voyage-h">${t("acks-voyage")}</h2>
    ${ship
      ? html`<dl class="acks-facts" id="acks-voyage-ship">
          <dt>${t("acks-voyage-vessel")}</dt>
          <dd id="acks-voyage-vessel">${t(`acks-vessel-${ship.vessel}`)}${ship.sunk ? html` <span class="badge">${t("acks-sunk")}</span>` : null}${sea.at_anchor ? html` <span class="badge">${t("acks-anchored")}</span>` : null}${sea.beached ? html` <span class="badge" id="acks-voyage-beached">${t("acks-voyage-beached")}</span>` : null}</dd>
          <dt>${t("acks-voyage-shp")}</dt><dd id="acks-voyage-shp">${t("acks-voyage-shp-value", { shp: ship.shp, most: ship.max_shp })}</dd>
          <dt>${t("acks-voyage-speed")}</dt><dd>${t("acks-voyage-speed-value", { sail: dash(row?.sail_ft_per_round), oar: dash(row?.oar_ft_per_round), sailmi: dash(row?.sail_miles_per_day), oarmi: dash(row?.oar_miles_per_day) })}</dd>
          <dt>${t("acks-voyage-crew")}</dt><dd>${t("acks-voyage-crew-value", { sailors: dash(row?.sailors), rowers: dash(row?.rowers), marines: dash(row?.marines) })}</dd>
          <dt>${t("acks-voyage-nights")}</dt><dd>${ship.stops_at_night ? t("acks-voyage-stops") : t("acks-voyage-sails-on")}</dd>
          <dt>${t("acks-voyage-wind")}</dt><dd id="acks-voyage-wind">${sea.wind ? t(`acks-wind-${sea.wind}`) : t("acks-no-wind")}</dd>
          <dt>${t("acks-voyage-day")}</dt><dd id="acks-voyage-day">${day ? t("acks-voyage-day-value", { day: day.data.day, miles: day.data.miles, rowing: t(day.data.rowing ? "yes" : "no") }) : "—"}</dd>
          <dt>${t("acks-voyage-storm")}</dt><dd id="acks-voyage-storm">${t("acks-voyage-storm-value", { n: sea.storm_hours || 0 })}${storm ? html` · ${t("ev-rules-storm_hour", logArgs(storm.data))}` : null}</dd>
          <dt>${t("acks-voyage-iron")}</dt><dd id="acks-voyage-iron">${t("acks-voyage-iron-value", { n: sea.days_on_iron || 0 })}</dd>
        </dl>
        ${scurvy.length
          ? html`<ul id="acks-voyage-scurvy">${scurvy.map(([id, r]) => html`<li key=${id}>${t("acks-voyage-scurvy", { who: name(screen, id), str: r.original?.[0] ?? "—", con: r.original?.[1] ?? "—", dead: String(!!r.dead) })}</li>`)}</ul>`
          : null}`
      : html`<p class="hint" id="acks-voyage-none">${t("acks-no-ship")}</p>`}
    ${judge
      ? html`<fieldset id="acks-voyage-set"><legend>${t("acks-voyage-set")}</legend>
          <div class="row wrap">
            <${Select} id="acks-voyage-vessel-kind" label=${t("acks-voyage-vessel")} value=${f.vessel} options=${VESSELS.map((v) => [v, t(`acks-vessel-${v}`)])} onChange=${set("vessel")} />
            <${NumberField} id="acks-voyage-shp-in" label=${t("acks-voyage-shp")} value=${f.shp} min="1" max="10000" onInput=${(v) => (f.shp = v)} />
            <button type="button" id="acks-voyage-set-ship" onClick=${() => go(screen, { set_ship: { vessel: f.vessel, shp: Number(f.shp) || 0 } })}>${t("acks-voyage-set-ship")}</button>
          </div>
        </fieldset>`
      : null}
    ${judge && ship && !ship.sunk
      ? html`<fieldset id="acks-voyage-day-form"><legend>${t("acks-voyage-the-day")}</legend>
          <div class="row wrap">
            <button type="button" id="acks-voyage-roll-wind" onClick=${() => go(screen, { roll_wind: {} })}>${t("acks-roll-wind")}</button>
            <${Select} id="acks-voyage-heading" label=${t("acks-voyage-heading")} value=${f.heading} options=${HEADINGS.map((k) => [k, t(`acks-heading-${k}`)])} onChange=${set("heading")} />
            <${Select} id="acks-voyage-waters" label=${t("acks-waters")} value=${f.waters} options=${["river_or_lake", "coast", "open_sea"].map((k) => [k, t(`acks-waters-${k}`)])} onChange=${set("waters")} />
            <label class="radio"><input type="checkbox" id="acks-voyage-against" checked=${f.against} onChange=${tick("against")} /> ${t("acks-against-wind")}</label>
            <label class="radio"><input type="checkbox" id="acks-voyage-nights" checked=${f.nights} onChange=${tick("nights")} /> ${t("acks-voyage-day-and-night")}</label>
            <button type="button" id="acks-voyage-sail" class="primary" onClick=${() => go(screen, { sail_day: { toward: f.heading, against_wind: f.against, day_and_night: f.nights, waters: f.waters } })}>${t("acks-sail")}</button>
          </div>
          <div class="row wrap">
            <label class="radio"><input type="checkbox" id="acks-voyage-open-coast" checked=${f.openCoast} onChange=${tick("openCoast")} /> ${t("acks-voyage-open-coast")}</label>
            <button type="button" id="acks-voyage-beach" onClick=${() => go(screen, { beach: { open_coast: f.openCoast } })}>${t("acks-voyage-beach")}</button>
            <button type="button" id="acks-voyage-storm-hour" onClick=${() => go(screen, { storm_hour: {} })}>${t("acks-storm")}</button>
            <button type="button" id="acks-voyage-anchor" onClick=${() => go(screen, { drop_anchor: { at_anchor: !sea.at_anchor } })}>${sea.at_anchor ? t("acks-voyage-weigh") : t("acks-voyage-drop")}</button>
          </div>
          <div class="row wrap">
            <label class="radio"><input type="checkbox" id="acks-voyage-fresh" checked=${f.fresh} onChange=${tick("fresh")} /> ${t("acks-voyage-fresh")}</label>
            <button type="button" id="acks-voyage-week" onClick=${() => go(screen, { scurvy_week: { fresh_food: f.fresh } })}>${t("acks-voyage-week")}</button>
          </div>
        </fieldset>`
      : null}
    ${ship && !ship.sunk && fishers.length
      ? html`<div class="row wrap" id="acks-voyage-fishing">
          <${Select} id="acks-voyage-fisher" label=${t("acks-character")} value=${f.fisher} options=${fishers.map((id) => [id, name(screen, id)])} onChange=${set("fisher")} />
          <button type="button" id="acks-voyage-fish" onClick=${() => go(screen, { fish: { character: f.fisher } })}>${t("acks-voyage-fish")}</button>
        </div>`
      : null}
    <h3>${t("acks-results")}</h3>
    <${Results} id="acks-voyage-results" rows=${recent(screen, SEA_EVENTS)} />
  </section>`;
}

/** The naval fight: the ships, the round's order by count (the captain's count moves the
 * ship, the gunners' counts fire its pieces), and the acts — a move for the captain's player or
 * the Judge, the Judge's crew posts, rams, shots at ships or at the creatures the Judge names,
 * grapples and boarders. */
export function Naval({ screen }) {
  const naval = screen.rules.naval;
  const f = form(screen);
  const [, bump] = useState(0);
  const set = (k) => (v) => ((f[k] = v), bump((x) => x + 1));
  const judge = screen.isReferee;
  const ships = naval?.ships || {};
  const ids = Object.keys(ships);
  const mine = new Set(screen.mine());
  const commanded = ids.filter((id) => judge || mine.has(ships[id].captain));
  if (!ids.includes(f.ship)) f.ship = (judge ? ids : commanded)[0] || "";
  if (!ids.includes(f.target) || f.target === f.ship) f.target = ids.find((id) => id !== f.ship) || "";
  if (!ids.includes(f.onto) || f.onto === f.ship) f.onto = ids.find((id) => id !== f.ship) || "";
  const pieces = (ships[f.ship]?.pieces || []).map((p) => p.name);
  if (!pieces.includes(f.piece)) f.piece = pieces[0] || "";
  const people = visible(screen);
  const shipName = (id) => ships[id]?.name || id;
  const checks = (key, prefix) =>
    html`<div class="row wrap" role="group" aria-label=${t(`acks-naval-${prefix}`)}>${people.map((id) => html`<label class="radio" key=${id}><input type="checkbox" id=${`acks-naval-${prefix}-${id}`} checked=${!!f[key][id]} onChange=${(e) => ((f[key][id] = e.target.checked), bump((x) => x + 1))} /> ${name(screen, id)}</label>`)}</div>`;
  const chosen = (key) => people.filter((id) => f[key][id]);
  const order = naval?.order || [];
  const acting = screen.view.clock?.combat;
  const now = acting?.order?.[acting.current];
  return html`<section id="acks-naval" class="panel" aria-labelledby="acks-naval-h">
    <h2 id="acks-naval-h">${t("acks-naval")}</h2>
    ${ids.length
      ? html`<h3 id="acks-naval-ships-h">${t("acks-naval-ships", { round: naval.round ?? 0 })}</h3>
        <div id="acks-naval-ships">${ids.map((id) => {
          const s = ships[id];
          return html`<article key=${id} class="card acks-ship" data-ship=${id} aria-labelledby=${`acks-ship-${id}-h`}>
            <h4 id=${`acks-ship-${id}-h`}>${s.name}${s.sunk ? html` <span class="badge">${t("acks-sunk")}</span>` : s.sinks_in ? html` <span class="badge">${t("acks-naval-sinking", { rounds: s.sinks_in })}</span>` : null}${s.fires ? html` <span class="badge">${t("acks-naval-burning", { fires: s.fires })}</span>` : null}</h4>
            <dl class="acks-facts">
              <dt>${t("acks-armour-class")}</dt><dd>${s.ac}</dd>
              <dt>${t("acks-voyage-shp")}</dt><dd class="acks-ship-shp">${t("acks-voyage-shp-value", { shp: s.shp, most: s.max_shp })}</dd>
              <dt>${t("acks-naval-speed")}</dt><dd>${t("acks-naval-speed-value", { speed: s.speed, went: dash(s.moved_ft) })}</dd>
              <dt>${t("acks-naval-rowers")}</dt><dd>${s.rowers}</dd>
              <dt>${t("acks-naval-captain")}</dt><dd>${s.captain ? name(screen, s.captain) : "—"}</dd>
              <dt>${t("acks-naval-pieces")}</dt><dd>${(s.pieces || []).map((p) => t("acks-naval-piece", { piece: p.name, kind: t(`acks-naval-kind-${p.kind}`), gunner: s.gunners?.[p.name] ? name(screen, s.gunners[p.name]) : "—", reloading: p.reloading })).join("; ") || "—"}</dd>
              ${(s.marines || []).length ? html`<dt>${t("acks-naval-marines")}</dt><dd>${s.marines.map((m) => name(screen, m)).join(", ")}</dd>` : null}
              ${(s.grappled || []).length ? html`<dt>${t("acks-naval-state")}</dt><dd>${t("acks-naval-grappled", { ships: s.grappled.map(shipName).join(", ") })}</dd>` : null}
            </dl>
          </article>`;
        })}</div>`
      : html`<p class="hint" id="acks-naval-none">${t("acks-naval-no-ships")}</p>`}
    ${order.length
      ? html`<ol id="acks-naval-order" aria-label=${t("acks-naval-order")}>${order.map((g, i) => html`<li key=${i} data-count=${g[0]?.count}>${t("acks-naval-count", { count: g[0]?.count })} ${g.map((x, k) => html`${k ? ", " : ""}<span key=${x.name} class=${`acks-naval-act${x.actor === "ship_movement" ? " moves" : ""}`} data-act=${x.name}>${x.actor === "ship_movement" ? t("acks-naval-moves", { ship: shipName(x.ship) }) : t("acks-naval-station", { ship: shipName(x.ship), station: ships[x.ship]?.pieces?.some((p) => p.name === x.name) ? x.name : name(screen, x.name) })}</span>`)}</li>`)}</ol>`
      : null}
    ${now ? html`<p id="acks-naval-now">${t("acks-naval-now", { who: name(screen, now) })}</p>` : null}
    ${commanded.length && screen.rules.combat
      ? html`<fieldset id="acks-naval-move-form"><legend>${t("acks-naval-move")}</legend>
          <div class="row wrap">
            <${Select} id="acks-naval-move-ship" label=${t("acks-naval-ship")} value=${f.ship} options=${commanded.map((id) => [id, shipName(id)])} onChange=${set("ship")} />
            <${NumberField} id="acks-naval-feet" label=${t("acks-naval-feet", { speed: ships[f.ship]?.speed ?? 0 })} value=${f.feet} min="1" max="10000" onInput=${(v) => (f.feet = v)} />
            <button type="button" id="acks-naval-move" class="primary" onClick=${() => go(screen, { move_ship: { ship: f.ship, feet: Number(f.feet) || 0 } })}>${t("acks-naval-move-go")}</button>
          </div>
        </fieldset>`
      : null}
    ${judge
      ? html`<fieldset id="acks-naval-join-form"><legend>${t("acks-naval-join")}</legend>
          <div class="row wrap">
            <label class="field">${t("acks-naval-id")}<input id="acks-naval-join-id" maxlength="64" value=${f.shipId} onInput=${(e) => (f.shipId = e.target.value.trim())} /></label>
            <label class="field">${t("acks-naval-name")}<input id="acks-naval-join-name" maxlength="64" value=${f.shipName} onInput=${(e) => (f.shipName = e.target.value)} /></label>
            <${NumberField} id="acks-naval-join-ac" label=${t("acks-armour-class")} value=${f.shipAc} min="-10" max="30" onInput=${(v) => (f.shipAc = v)} />
            <${NumberField} id="acks-naval-join-shp" label=${t("acks-voyage-shp")} value=${f.shipShp} min="1" max="10000" onInput=${(v) => (f.shipShp = v)} />
            <${NumberField} id="acks-naval-join-speed" label=${t("acks-naval-speed")} value=${f.shipSpeed} min="0" max="10000" onInput=${(v) => (f.shipSpeed = v)} />
            <${NumberField} id="acks-naval-join-rowers" label=${t("acks-naval-rowers")} value=${f.shipRowers} min="0" max="10000" onInput=${(v) => (f.shipRowers = v)} />
            <${Select} id="acks-naval-join-kind" label=${t("acks-naval-pieces")} value=${f.pieceKind} options=${[["", "—"], ...PIECES.map((k) => [k, t(`acks-naval-kind-${k}`)])]} onChange=${set("pieceKind")} />
            <label class="field">${t("acks-naval-piece-name")}<input id="acks-naval-join-piece" maxlength="64" value=${f.pieceName} onInput=${(e) => (f.pieceName = e.target.value.trim())} /></label>
            <button type="button" id="acks-naval-join" onClick=${() => go(screen, { join_ship: { ship: f.shipId, name: f.shipName || f.shipId, ac: Number(f.shipAc) || 0, shp: Number(f.shipShp) || 0, speed: Number(f.shipSpeed) || 0, rowers: Number(f.shipRowers) || 0, pieces: f.pieceKind ? [{ name: f.pieceName || f.pieceKind, kind: f.pieceKind }] : [] } })}>${t("acks-naval-join-go")}</button>
          </div>
        </fieldset>`
      : null}
    ${judge && ids.length
      ? html`<fieldset id="acks-naval-acts"><legend>${t("acks-naval-acts")}</legend>
          <div class="row wrap">
            <${Select} id="acks-naval-ship" label=${t("acks-naval-ship")} value=${f.ship} options=${ids.map((id) => [id, shipName(id)])} onChange=${set("ship")} />
            <${Select} id="acks-naval-target" label=${t("acks-naval-target")} value=${f.target} options=${ids.filter((id) => id !== f.ship).map((id) => [id, shipName(id)])} onChange=${set("target")} />
            <${Select} id="acks-naval-piece" label=${t("acks-naval-piece-name")} value=${f.piece} options=${pieces.map((p) => [p, p])} onChange=${set("piece")} />
          </div>
          <div class="row wrap">
            <${Select} id="acks-naval-captain" label=${t("acks-naval-captain")} value=${f.captain} options=${[["", "—"], ...people.map((id) => [id, name(screen, id)])]} onChange=${set("captain")} />
            <${Select} id="acks-naval-gunner" label=${t("acks-naval-gunner")} value=${f.gunner} options=${[["", "—"], ...people.map((id) => [id, name(screen, id)])]} onChange=${set("gunner")} />
          </div>
          ${checks("marines", "marines")}
          <button type="button" id="acks-naval-assign" onClick=${() => go(screen, { assign_crew: { ship: f.ship, ...(f.captain ? { captain: f.captain } : {}), gunners: f.gunner && f.piece ? { [f.piece]: f.gunner } : {}, marines: chosen("marines") } })}>${t("acks-naval-assign")}</button>
          <div class="row wrap">
            <${Select} id="acks-naval-size" label=${t("acks-naval-ram-size")} value=${f.size} options=${["small", "large"].map((k) => [k, t(`acks-naval-ram-${k}`)])} onChange=${set("size")} />
            <${NumberField} id="acks-naval-throw" label=${t("acks-naval-throw")} value=${f.throw} min="-10" max="30" onInput=${(v) => (f.throw = v)} />
            <button type="button" id="acks-naval-ram" onClick=${() => go(screen, { ram: { ship: f.ship, target: f.target, size: f.size, attack_throw: Number(f.throw) || 0 } })}>${t("acks-naval-ram")}</button>
          </div>
          <div class="row wrap">
            <${Select} id="acks-naval-ammo" label=${t("acks-naval-ammunition")} value=${f.ammunition} options=${["shot", "pitch"].map((k) => [k, t(`acks-naval-ammo-${k}`)])} onChange=${set("ammunition")} />
            <${NumberField} id="acks-naval-distance" label=${t("acks-naval-distance")} value=${f.distance} min="0" max="10000" onInput=${(v) => (f.distance = v)} />
            <${NumberField} id="acks-naval-crew" label=${t("acks-naval-crew")} value=${f.crew} min="0" max="10000" onInput=${(v) => (f.crew = v)} />
            <button type="button" id="acks-naval-fire" onClick=${() => go(screen, { fire: { ship: f.ship, piece: f.piece, target: f.target, ammunition: f.ammunition, distance: Number(f.distance) || 0, crew: Number(f.crew) || 0 } })}>${t("acks-naval-fire")}</button>
          </div>
          <p class="hint">${t("acks-naval-in-the-line")}</p>
          ${checks("hit", "hit")}
          <button type="button" id="acks-naval-fire-creatures" disabled=${!chosen("hit").length} onClick=${() => go(screen, { fire_at_creatures: { ship: f.ship, piece: f.piece, targets: chosen("hit"), pitch: f.ammunition === "pitch" } })}>${t("acks-naval-fire-creatures")}</button>
          <div class="row wrap">
            <label class="radio"><input type="checkbox" id="acks-naval-both" checked=${f.bothWant} onChange=${(e) => ((f.bothWant = e.target.checked), bump((x) => x + 1))} /> ${t("acks-naval-both-want")}</label>
            <${NumberField} id="acks-naval-judge-mod" label=${t("acks-judge-modifier")} value=${f.judgeMod} min="-10" max="10" onInput=${(v) => (f.judgeMod = v)} />
            <button type="button" id="acks-naval-grapple" onClick=${() => go(screen, { grapple: { ship: f.ship, target: f.target, both_want: f.bothWant, judge_modifier: Number(f.judgeMod) || 0 } })}>${t("acks-naval-grapple")}</button>
          </div>
          ${screen.rules.combat
            ? html`${checks("boarders", "boarders")}
              <button type="button" id="acks-naval-board" disabled=${!chosen("boarders").length} onClick=${() => go(screen, { board: { creatures: chosen("boarders"), from: f.ship, onto: f.target } })}>${t("acks-naval-board")}</button>`
            : html`<button type="button" id="acks-naval-end-round" onClick=${() => go(screen, { end_naval_round: {} })}>${t("acks-naval-end-round")}</button>`}
        </fieldset>`
      : null}
    ${Object.keys(naval?.burning || {}).length
      ? html`<fieldset id="acks-naval-pitch"><legend>${t("acks-naval-pitch")}</legend>
          ${Object.entries(naval.burning).map(([area, b]) => {
            f.inPitch[area] ||= Object.fromEntries(b.creatures.map((c) => [c, true]));
            const inside = people.filter((id) => f.inPitch[area][id]);
            return html`<div key=${area} data-pitch=${area}>
              <p>${t("acks-naval-pitch-area", { area, dice: b.dice, feet: b.area_ft, who: b.creatures.map((c) => name(screen, c)).join(", ") || "—" })}</p>
              ${judge
                ? html`<div class="row wrap" role="group" aria-label=${t("acks-naval-pitch-in", { area })}>${people.map((id) => html`<label class="radio" key=${id}><input type="checkbox" id=${`acks-naval-pitch-${area}-${id}`} checked=${!!f.inPitch[area][id]} onChange=${(e) => ((f.inPitch[area][id] = e.target.checked), bump((x) => x + 1))} /> ${name(screen, id)}</label>`)}</div>
                  <div class="row wrap">
                    <button type="button" id=${`acks-naval-pitch-set-${area}`} onClick=${() => go(screen, { pitch_area: { area, creatures: inside } })}>${t("acks-naval-pitch-set")}</button>
                    <button type="button" id=${`acks-naval-pitch-out-${area}`} onClick=${() => go(screen, { pitch_out: { area } })}>${t("acks-naval-pitch-out")}</button>
                  </div>`
                : null}
            </div>`;
          })}
        </fieldset>`
      : null}
    <h3>${t("acks-results")}</h3>
    <${Results} id="acks-naval-results" rows=${recent(screen, NAVAL_EVENTS)} />
  </section>`;
}
