// "Cast a spell" (Preact, through js/vdom.js), loaded lazily by index.js once the selected
// creature holds a spellbook: the caster's player or the Referee picks the book in hand, sees
// its spell from the card (rank, casting time, target line, range, area), picks the targets
// among the creatures the view shows, edges, banes, bonus and (Referee) the expertises that
// may apply, and the exact odds of the Mind test before the roll (the server's `odds` query).
// In a fight a cube or a line is placed on the combat panel's grid (combat.js asks
// `screen.castAim()` what is being placed): a click there sets the origin square, the next one
// the direction; the squares and the creatures inside come from the server's `spell_area`
// query (never computed here), drawn as that grid's area overlay and named here before the
// cast is sent. Outside a fight the table's measurements go in `aim` (a small form). The command is
// `cast` (crates/crows/src/ruleset/magic.rs); chaos and backlash come as decisions.

import { h, section } from "../../js/vdom.js";
import { useEffect, useState } from "../../vendor/preact/hooks.module.js";
import { t, tOr } from "../../js/i18n.js";
import { testOdds } from "./odds.js";
import { displayName, storedItems } from "./sheet.js";
import { refusalText } from "../../js/log.js";

/** The spellbooks `c` holds in its hands: [{item, card}] (the card's `spellbook` part). */
export function booksInHand(screen, c) {
  const cards = screen.rules.content?.items || {};
  return storedItems(c)
    .filter((s) => s.at?.kind === "hand" && cards[s.item.card]?.spellbook)
    .map((s) => ({ item: s.item, card: cards[s.item.card].spellbook }));
}

const form = (screen, c) => (screen.forms.cast ||= {})[c.id] ||= { item: null, targets: [], edges: 0, banes: 0, bonus: 0, approved: [], at: null, step: "origin", aim: {}, refusal: "" };

/** A number field kept in `f[key]` within min…max. */
function num(f, key, label, min, max, render, id) {
  return h(
    "label",
    { class: "field" },
    h("span", {}, label),
    h("input", {
      id,
      type: "number",
      min,
      max,
      value: f[key],
      inputmode: "numeric",
      oninput: (e) => {
        if (e.target.value.trim() === "" || !Number.isFinite(Number(e.target.value))) return;
        f[key] = Math.min(max, Math.max(min, Math.round(Number(e.target.value))));
        render();
      },
    }),
  );
}

/** The exact odds of the casting test (a Mind test) as set up here. */
function CastOdds({ screen, args }) {
  const [o, setO] = useState(null);
  const key = JSON.stringify([args, screen.rules.test_rules]);
  useEffect(() => {
    let current = true;
    setO(null);
    testOdds(screen.seat, args).then(
      (x) => current && setO(x),
      (e) => current && setO({ error: e?.message ? refusalText(e) : String(e) }),
    );
    return () => (current = false);
  }, [key]);
  if (!o) return h("p", { class: "hint", id: "cast-odds", "aria-busy": "true" }, "…");
  if (o.error) return h("p", { class: "inv-error", id: "cast-odds", role: "alert" }, o.error);
  const line = (w) => t("cast-odds-line", { t1: w.tier1, t2: w.tier2, t3: w.tier3, crit: w.crit, doom: w.doom });
  return h("div", { id: "cast-odds", class: "odds-box" }, h("p", {}, line(o.without)), h("p", { class: "hint" }, t("cast-odds-expertise"), " ", line(o.withExpertise)), h("p", { class: "hint" }, t(`net-${o.net}`)));
}

/** Whether a card's area is placed on the grid (a cube, a line; not an aura around the caster). */
const placedArea = (book) => !!book.area && !/^(aura|аура)/i.test(book.area);

/** The key of one `spell_area` question: the caster, the book, the aim and the grid as shown. */
const areaKey = (cid, itemId, at, cv) => JSON.stringify([cid, itemId, at, cv?.grid, cv?.creatures]);

/** The server's answer for the aim as it stands now (null while asked or not placed). */
function areaAnswer(screen, c, f) {
  return f.at?.toward && f.area?.key === areaKey(c.id, f.item, f.at, screen.rules.combat) ? f.area.answer : null;
}

/**
 * The spell being placed on the combat panel's grid (`screen.forms.castAiming`: caster and
 * book), read by combat.js through `screen.castAim()`; null when nothing is being placed or it
 * no longer can be (no fight, the caster off the grid, the book no longer in hand).
 */
function liveAim(screen) {
  const a = screen.forms.castAiming;
  const c = a && screen.creatures[a.caster];
  const cv = screen.rules.combat;
  if (!c || !cv?.fight || !cv.creatures?.[c.id]) return null;
  const f = form(screen, c);
  const book = booksInHand(screen, c).find((b) => b.item.id === a.item);
  if (!book || f.item !== a.item || !placedArea(book.card)) return null;
  const answer = areaAnswer(screen, c, f);
  return {
    caster: c.id,
    spell: book.card.spell,
    step: t(f.at?.toward ? "cast-aim-placed" : f.at?.origin && f.step === "toward" ? "cast-pick-toward" : "cast-pick-origin"),
    origin: f.at?.origin || null,
    squares: answer?.squares || null,
    pick(x, y) {
      if (f.step === "toward" && f.at?.origin) {
        f.at = { ...f.at, toward: { x, y } };
        f.step = "origin";
      } else {
        f.at = { origin: { x, y } };
        f.step = "toward";
      }
    },
    stop: () => (screen.forms.castAiming = null),
  };
}

/** Asks the server which squares the aim covers and who is inside (never computed here). */
function AreaQuery({ screen, c, f, item }) {
  const key = areaKey(c.id, item.id, f.at, screen.rules.combat);
  useEffect(() => {
    if (!f.at?.toward || f.area?.key === key) return undefined;
    let current = true;
    const done = (answer) => {
      if (!current) return;
      f.area = { key, answer };
      screen.render();
    };
    screen.seat.query("spell_area", { caster: c.id, item: item.id, at: f.at }).then(done, (e) => done({ error: e?.message ? refusalText(e) : String(e) }));
    return () => (current = false);
  }, [key]);
  const answer = areaAnswer(screen, c, f);
  const names = (answer?.inside || []).map((id) => displayName(screen.creatures[id]) || id);
  if (answer?.error) return h("p", { class: "inv-error", id: "cast-area-error", role: "alert" }, answer.error);
  if (answer?.squares) return h("p", { id: "cast-inside", role: "status" }, t("cast-inside", { count: answer.squares.length, names: names.length ? names.join(", ") : t("cast-inside-nobody") }));
  return h("p", { class: "hint", id: "cast-not-placed" }, t(f.at?.toward ? "cast-area-asking" : "cast-not-placed"));
}

/**
 * In a fight a cube or line is placed on the combat panel's grid: this button starts (or
 * stops) placing it there, and on a phone shows the combat tab with the grid focused.
 */
function aimOnGrid(screen, c, f, item) {
  const aiming = liveAim(screen)?.caster === c.id;
  const start = () => {
    screen.forms.castAiming = { caster: c.id, item: item.id };
    if (screen.tabs?.some((x) => x.id === "combat")) screen.tab = "combat";
    screen.render();
    const sq = document.querySelector("#battle-grid [tabindex='0']");
    sq?.scrollIntoView({ block: "nearest" });
    sq?.focus({ preventScroll: true });
  };
  const stop = () => ((screen.forms.castAiming = null), screen.render());
  return h(
    "div",
    { class: "cast-area" },
    h(
      "p",
      { class: "row wrap" },
      aiming
        ? h("button", { type: "button", id: "cast-aim-stop", onclick: stop }, t("cast-aim-stop"))
        : h("button", { type: "button", id: "cast-aim-grid", onclick: start }, t(f.at?.toward ? "cast-aim-again" : "cast-aim-grid")),
      aiming ? h("span", { class: "hint", id: "cast-aim-where" }, t("cast-aim-where")) : null,
    ),
    h(AreaQuery, { screen, c, f, item }),
  );
}

/** The table's measurements outside a fight (`aim`): each target's distance, line of effect and side; an area's origin. */
function aimForm(screen, f, book) {
  const render = () => screen.render();
  const rows = f.targets.map((id) => {
    const a = (f.aim[id] ||= { distance: 1, loe: true, friendly: false });
    return h(
      "fieldset",
      { class: "row wrap cast-aim", key: id },
      h("legend", {}, displayName(screen.creatures[id]) || id),
      num(a, "distance", t("cast-distance"), 0, 999, render, `cast-aim-distance-${id}`),
      h("label", { class: "radio" }, h("input", { type: "checkbox", id: `cast-aim-loe-${id}`, checked: a.loe, onchange: (e) => (a.loe = e.target.checked) }), " " + t("cast-line-of-effect")),
      h("label", { class: "radio" }, h("input", { type: "checkbox", id: `cast-aim-friendly-${id}`, checked: a.friendly, onchange: (e) => (a.friendly = e.target.checked) }), " " + t("cast-friendly")),
    );
  });
  const o = (f.aim.origin ||= { distance: 1, loe: true });
  const origin = book.area && !/^(aura|аура)/i.test(book.area)
    ? h("fieldset", { class: "row wrap cast-aim" }, h("legend", {}, t("cast-origin")), num(o, "distance", t("cast-distance"), 0, 999, render, "cast-aim-origin"), h("label", { class: "radio" }, h("input", { type: "checkbox", id: "cast-aim-origin-loe", checked: o.loe, onchange: (e) => (o.loe = e.target.checked) }), " " + t("cast-line-of-effect")))
    : null;
  return h("div", { id: "cast-aim" }, h("p", { class: "hint" }, t("cast-aim-hint")), rows, origin);
}

/** A card's casting time in words (a reaction's trigger after it). */
function castingTime(ct) {
  const kind = typeof ct === "string" ? ct : Object.keys(ct || {})[0] || "";
  const trigger = typeof ct === "object" ? ct?.[kind]?.trigger : null;
  return tOr(`cast-time-${kind}`, kind) + (trigger ? ` (${trigger})` : "");
}

/** The `cast` command the panel's choices make. */
function command(c, f, book, inFight) {
  const cmd = { creature: c.id, item: f.item, edges: f.edges, banes: f.banes, bonus: f.bonus };
  if (f.targets.length) Object.assign(cmd, { targets: f.targets, target: "creature" });
  if (f.approved.length) cmd.approved_expertises = f.approved;
  const placed = placedArea(book);
  if (inFight && placed && f.at) cmd.at = f.at;
  if (!inFight && (book.target || book.range || book.area)) {
    const cand = (id) => ({ id, is_creature: true, is_caster: id === c.id, attended_by_other: false, friendly: id === c.id || !!f.aim[id]?.friendly, distance: f.aim[id]?.distance ?? 0, line_of_effect: f.aim[id]?.loe ?? true });
    const chosen = f.targets.map(cand);
    cmd.aim = { chosen, eligible: chosen };
    if (placed) cmd.aim.origin = { distance: f.aim.origin?.distance ?? 0, line_of_effect: f.aim.origin?.loe ?? true };
  }
  return cmd;
}

/** The creatures this seat may cast for (its own crows; any for the Referee) holding a spellbook. */
export function casters(screen) {
  return screen.mine().filter((id) => screen.creatures[id] && booksInHand(screen, screen.creatures[id]).length);
}

export function castPanel(screen) {
  const ids = casters(screen);
  if (!ids.length) return null;
  // The combat panel's grid asks what is being placed on it (index.js loads this module lazily).
  screen.castAim ||= () => liveAim(screen);
  const pick = (screen.forms.castCaster ||= { id: null });
  // The selected creature casts when it may; otherwise the one chosen here.
  if (ids.includes(screen.selected) && pick.follow !== false) pick.id = screen.selected;
  if (!ids.includes(pick.id)) pick.id = ids[0];
  const c = screen.creatures[pick.id];
  const books = booksInHand(screen, c);
  const f = form(screen, c);
  if (!books.some((b) => b.item.id === f.item)) Object.assign(f, { item: books[0].item.id, at: null, step: "origin" });
  const { item, card: book } = books.find((b) => b.item.id === f.item);
  const cv = screen.rules.combat;
  const inFight = !!cv?.fight;
  const placed = inFight && placedArea(book) && !!cv.creatures?.[c.id];
  // Another caster or book shown here than the one being placed: placing stops.
  const aiming = screen.forms.castAiming;
  if (aiming && (aiming.caster !== c.id || aiming.item !== item.id || !placed)) {
    screen.forms.castAiming = null;
    queueMicrotask(() => screen.render());
  }
  const render = () => screen.render();
  // Targets: the creatures this viewer is shown (the view carries no others).
  const others = Object.values(screen.creatures).filter((x) => (x.creature?.alive ?? x.alive) !== false);
  const facts = [
    [t("cast-rank"), String(book.rank)],
    [t("cast-time"), castingTime(book.casting_time)],
    book.target ? [t("cast-target"), book.target] : null,
    book.range ? [t("cast-range"), book.range] : null,
    book.area ? [t("cast-area"), book.area] : null,
  ].filter(Boolean);
  const exps = Object.entries(c.creature?.expertises?.uses || {});
  const send = () => {
    const cmd = command(c, f, book, inFight);
    screen
      .send({ rules: { cast: cmd } })
      .then(
        () => {
          Object.assign(f, { refusal: "", at: null, step: "origin", targets: [], area: null });
          screen.forms.castAiming = null;
        },
        (e) => (f.refusal = e?.message ? refusalText(e) : String(e)),
      )
      .finally(render);
  };
  return section(
    "cast",
    t("cast-title"),
    ids.length > 1
      ? h("label", { class: "field" }, h("span", {}, t("cast-caster")), h("select", { id: "cast-caster", onchange: (e) => ((pick.id = e.target.value), (pick.follow = false), (screen.forms.castAiming = null), render()) }, ids.map((id) => h("option", { value: id, selected: id === pick.id }, displayName(screen.creatures[id])))))
      : h("p", { id: "cast-caster-name" }, t("cast-caster-is", { name: displayName(c) })),
    books.length > 1
      ? h("label", { class: "field" }, h("span", {}, t("cast-book")), h("select", { id: "cast-book", onchange: (e) => ((f.item = Number(e.target.value)), (f.at = null), (screen.forms.castAiming = null), render()) }, books.map((b) => h("option", { value: b.item.id, selected: b.item.id === f.item }, `${b.item.name} — ${b.card.spell}`))))
      : null,
    h("h3", { id: "cast-spell" }, `${book.spell} (${item.name})`),
    h("dl", { class: "facts", id: "cast-facts" }, facts.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
    h(
      "fieldset",
      { class: "chars", id: "cast-targets" },
      h("legend", {}, t("cast-targets")),
      others.map((x) =>
        h(
          "label",
          { class: "radio" },
          h("input", { type: "checkbox", id: `cast-target-${x.id}`, checked: f.targets.includes(x.id), onchange: (e) => ((f.targets = e.target.checked ? [...new Set([...f.targets, x.id])] : f.targets.filter((y) => y !== x.id)), render()) }),
          " " + (displayName(x) || x.id),
        ),
      ),
    ),
    h("div", { class: "row wrap" }, num(f, "edges", t("edges"), 0, 4, render, "cast-edges"), num(f, "banes", t("banes"), 0, 4, render, "cast-banes"), num(f, "bonus", t("bonus"), -10, 10, render, "cast-bonus")),
    screen.isReferee && exps.length
      ? h(
          "fieldset",
          { class: "chars approvals" },
          h("legend", {}, t("approved-expertises")),
          exps.map(([k]) => h("label", { class: "radio" }, h("input", { type: "checkbox", id: `cast-approve-${k}`, checked: f.approved.includes(k), onchange: (e) => (f.approved = e.target.checked ? [...new Set([...f.approved, k])] : f.approved.filter((x) => x !== k)) }), ` ${tOr(`exp-${k}`, k)}`)),
        )
      : null,
    h(CastOdds, { screen, args: { creature: c.id, characteristic: "mind", edges: f.edges, banes: f.banes, bonus: f.bonus } }),
    h("p", { class: "hint" }, t("cast-odds-hint")),
    placed ? aimOnGrid(screen, c, f, item) : null,
    !inFight && (book.target || book.range || book.area) ? aimForm(screen, f, book) : null,
    f.refusal ? h("p", { class: "refusal", id: "cast-refusal", role: "alert" }, `${t("refused")}: ${f.refusal}`) : null,
    h("button", { type: "button", class: "primary big", id: "cast-send", disabled: placed && !f.at?.toward, onclick: send }, "✦ " + t("cast-send")),
  );
}
