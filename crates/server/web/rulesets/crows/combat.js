// The combat screen's controls, from the view's `rules.combat` (`grid`, `creatures`, `fight`;
// see crates/crows/src/ruleset/combat/mod.rs for the commands and their JSON):
// - everyone: the round, whose turn it is and that creature's budget (maneuvers, actions,
//   extra actions from crits, squares left of the Move), the order, the battle grid: its light
//   as the view's `light` map gives it for this viewer (dim squares hatched, dark ones shaded),
//   tokens named with name, side and whose turn (the Referee's also with the players who cannot
//   see them, drawn dashed); one tab stop, the arrow keys move a cursor square, Enter/Space
//   acts on it as a click would, Escape cancels a pick;
// - the acting creature's controller (a player for their crow, the Referee for anyone): build a
//   path by clicking squares (or Enter/Space on a focused square) and send `combat_move`;
//   pick a target by clicking it (or from the list) and a weapon from the hands, `attack`
//   (optionally `ranged` for a thrown weapon and a `guess`ed square, picked on the grid, for a
//   target it cannot see, CR-LOE-08; the Referee also adds `targets` to the same roll,
//   CR-ATK-14, and names the weapon card a held object hits `like`, CR-ATK-12); `end_turn`;
// - the Referee: place a creature, `start_combat`, `roll_initiative` (the player who rolls),
//   `end_combat`.
// - everyone with a placed creature: "more actions", one form per rarer command (shift, jump,
//   stand_up, grab, escape_grab, reposition_grabbed (CR-COND-03), knockback, taunt,
//   ready/fire_readied, command_pet, the inventory maneuvers, order_side; the Referee also
//   free_act, force_move, teleport, topple, flyer_falls, unplace). Creatures and squares are picked on the grid; a refusal's reason
//   (message and rule) stays shown under the form until the next command;
// - the Referee: a Forecast (the fight played forward many times on the server with the real
//   rules, `POST /forecasts/fight`; nothing logged), its chart from js/forecast.js, loaded
//   only when first asked for;
// - the Referee: the map editor for `set_grid` (brushes for obstacles, terrain, elevation,
//   water, climbing, hazards, concealment and drops, painted by clicking squares).
// Reactions and counters come as pending decisions; this panel points at them.

import { h, section } from "../../js/vdom.js";
import { Grid, Brushes, occupancy, startDraft, paintDraft, draftChanges } from "../../js/grid.js";
import { t, tOr } from "../../js/i18n.js";
import { displayName, isParty, storedItems } from "./sheet.js";
import { nameOf, refusalText } from "../../js/log.js";

const key = (p) => `${p.x},${p.y}`;

/** The UI state of the combat controls (kept on the screen across re-renders). */
function ui(screen) {
  return (screen.combatUi ||= {
    mode: null,
    path: [],
    target: "",
    weapon: "",
    // The attack's extras: more targets (Referee), `like` (Referee), thrown, a guessed square
    // (`guessPick`: the next grid click names it).
    also: [],
    like: "",
    ranged: false,
    guess: null,
    guessPick: false,
    place: { creature: "", x: 0, y: 0, side: "enemies" },
    roller: "",
    // "More actions": the chosen command, who acts, its fields, the field a grid click fills.
    act: { kind: "grab", creature: "", f: {} },
    pick: null,
    refusal: "",
    // The map editor: on/off, the brush and its values, the draft squares and those touched.
    edit: null,
  });
}

/** Sends a rules command; a refusal's reason is kept to show under the controls. */
export function sendShowing(screen, u, cmd, after) {
  return screen
    .send({ rules: cmd })
    .then(() => {
      u.refusal = "";
      after?.();
      screen.render();
    })
    .catch((e) => {
      // The rule once: many messages already end with it.
      u.refusal = e?.message ? refusalText(e) : String(e);
      screen.render();
    });
}

function refusalLine(u, id) {
  return u.refusal ? h("p", { class: "refusal", id, role: "alert" }, `${t("refused")}: ${u.refusal}`) : null;
}

/** CSS classes, words and corner notes for one square's Crows features (the shell's grid draws them). */
function cellLook(cell) {
  const cls = [];
  const words = [];
  const notes = [];
  if (cell.obstacle) {
    cls.push("obstacle", `obstacle-${cell.obstacle}`);
    words.push(t(`cell-obstacle-${cell.obstacle}`));
  }
  if (cell.difficult) cls.push("difficult"), words.push(t("difficult-terrain"));
  if (cell.water) cls.push(cell.submerging ? "water deep" : "water"), words.push(t(cell.submerging ? "cell-submerging" : "cell-water"));
  if (cell.climb) cls.push("climb"), words.push(t(`cell-climb-${cell.climb}`));
  if (cell.hazard) cls.push("hazard"), words.push(t("cell-hazard-named", { hazard: cell.hazard }));
  if (cell.concealment && cell.concealment !== "none") cls.push(`conceal-${cell.concealment}`), words.push(t(`cell-concealment-${cell.concealment}`));
  if (cell.drop_feet) cls.push("drop"), words.push(t("cell-drop-named", { feet: cell.drop_feet })), notes.push([`↓${cell.drop_feet}`, "bl"]);
  if (cell.elevation) words.push(t("cell-elevation-named", { elevation: cell.elevation })), notes.push([`${cell.elevation > 0 ? "+" : ""}${cell.elevation}`, "br"]);
  return { cls, words, notes };
}

/** The field of the "more actions" form waiting for a grid click, if any. */
function pickField(u) {
  if (!u.pick) return null;
  return (ACTS[u.act.kind]?.fields || []).find(([name]) => name === u.pick) || null;
}

/** Escape: the pick waiting for a square is cancelled (else the Move's path is cleared). */
function cancelPick(u) {
  if (u.edit?.on) return false;
  if (u.placePick || u.pick || u.guessPick) {
    Object.assign(u, { placePick: false, pick: null, guessPick: false });
    return true;
  }
  if (u.mode === "move" && u.path.length) {
    u.path = [];
    return true;
  }
  return false;
}

/** The battle grid, drawn by the shell's grid from the view's cells, creatures and light. */
function battleGrid(screen, cv, acting, canAct) {
  const u = ui(screen);
  const creatures = cv.creatures || {};
  const editing = !!u.edit?.on;
  // A spell's area being placed (cast.js, loaded lazily): its picks and overlay on this grid.
  const aim = editing || !cv.fight ? null : screen.castAim?.() || null;
  const field = editing || aim ? null : pickField(u);
  const tokens = Object.entries(creatures).map(([id, c]) => ({
    id,
    at: c.at,
    space: c.space,
    side: c.side,
    name: displayName(screen.creatures[id]) || nameOf(id),
    sideLabel: t(`side-${c.side}`),
    acting: id === acting,
    notes: c.hidden_from?.length ? [t("token-hidden", { players: c.hidden_from.join(", ") })] : [],
    cls: [c.hidden_from?.length ? "unseen" : "", field && u.act.f[field[0]] === id ? "picked" : ""],
  }));
  const occ = occupancy(tokens);
  const actPath = field && field[1] === "path" ? u.act.f[field[0]] || [] : [];
  const marks = new Map((field ? actPath : u.path).map((p, i) => [key(p), i + 1]));
  const classes = new Map();
  const add = (k, ...c) => classes.set(k, [...(classes.get(k) || []), ...c]);
  if (u.mode === "attack" && u.target) for (const [k, id] of occ) if (id === u.target) add(k, "target");
  if (field && ["square", "path"].includes(field[1]) && u.act.f[field[0]]?.x !== undefined) add(key(u.act.f[field[0]]), "picked");
  if (!field && !aim && u.mode === "attack" && u.guess) add(key(u.guess), "picked", "guess");
  if (aim?.origin) add(key(aim.origin), "picked", "aim-origin");
  // The keyboard cursor starts on the viewer's first creature, and goes to the acting
  // creature when a turn the viewer plays begins.
  const mine = Object.keys(creatures).find((id) => screen.mine?.().includes(id));
  const grid = h(Grid, {
    id: "battle-grid",
    keysId: "grid-keys",
    label: (width, height) => t("combat-grid-aria", { width, height }),
    keys: t("combat-grid-keys"),
    cells: editing ? [...u.edit.draft.values()] : cv.grid || [],
    look: cellLook,
    tokens,
    light: cv.light,
    marks,
    classes,
    editing,
    width: editing ? u.edit.width + 1 : 0,
    height: editing ? u.edit.height + 1 : 0,
    start: creatures[acting]?.at || creatures[mine]?.at,
    startKey: canAct ? acting : null,
    area: aim?.squares ? { squares: aim.squares } : null,
    interactive: (x, y, who) => !!(aim || u.placePick || (field && (field[1] !== "creature" || who)) || (!field && canAct && (u.mode === "move" || (u.mode === "attack" && (u.guessPick || (who && who !== acting)))))),
    onPick: (x, y, who) => {
      if (editing) paintDraft(u.edit, { x, y }, brushOf(u.edit));
      else if (aim) aim.pick(x, y);
      else if (u.placePick) {
        Object.assign(u.place, { x, y });
        u.placePick = false;
      } else if (field) {
        if (!fillFromGrid(u, field, { x, y }, who)) return;
      } else if (u.mode === "attack" && u.guessPick) {
        u.guess = { x, y };
        u.guessPick = false;
      } else if (u.mode === "move") u.path.push({ x, y });
      else if (u.mode === "attack" && who && who !== acting) u.target = who;
      else return;
      screen.render();
    },
    onCancel: () => {
      if (aim) aim.stop();
      else if (!cancelPick(u)) return false;
      screen.render();
      return true;
    },
  });
  // Always [bar, grid], so the grid (its cursor square, its focus) stays as placing starts and ends.
  return [
    aim &&
    h(
      "div",
      { class: "cast-aim-bar", id: "cast-aim-bar" },
      h("p", { id: "cast-step", role: "status" }, h("strong", {}, t("cast-aiming", { spell: aim.spell })), " ", aim.step),
      h("button", { type: "button", id: "cast-aim-done", onclick: () => (aim.stop(), screen.render()) }, t("cast-aim-stop")),
    ),
    grid,
  ];
}

/** What is left of a turn budget (the view holds what was spent: CR-CBT-10's limit of two). */
export function budgetLeft(b) {
  const limit = b.shape === "single" ? 1 : 2;
  const used = (b.maneuvers || 0) + (b.actions || 0);
  return {
    maneuvers: Math.max(0, limit - used),
    actions: (!b.actions && (b.maneuvers || 0) < limit ? 1 : 0) + (b.extra_actions || 0),
    move: b.move_left || 0,
  };
}

function budgetLine(fight, id) {
  const b = fight.budgets?.[id];
  if (!b) return fight.allowances?.[id] ? h("p", { class: "budget" }, t("combat-allowance", { cost: fight.allowances[id] })) : null;
  const left = budgetLeft(b);
  return h(
    "p",
    { class: "budget", id: "combat-budget" },
    h("span", { class: "badge" }, t("combat-maneuvers", { count: left.maneuvers })),
    " ",
    h("span", { class: "badge" }, t("combat-actions", { count: left.actions })),
    " ",
    h("span", { class: "badge" }, t("combat-move-left", { count: left.move })),
  );
}

/** The held items of a creature (weapons or not: the server checks). */
function handItems(c) {
  return storedItems(c).filter((s) => (s.at?.kind ?? s.slot?.kind) === "hand");
}

function actorControls(screen, cv, fight, acting) {
  const u = ui(screen);
  const go = (cmd, after) => sendShowing(screen, u, cmd, after);
  const name = displayName(screen.creatures[acting]) || acting;
  const targets = Object.keys(cv.creatures || {}).filter((id) => id !== acting);
  const held = handItems(screen.creatures[acting]);
  const mode = (m) => () => {
    u.mode = u.mode === m ? null : m;
    u.pick = null;
    u.guessPick = false;
    if (u.mode !== "move") u.path = [];
    screen.render();
  };
  // Its card's natural attacks (a monster's fang or claws), listed for whoever controls it.
  const natural = (cv.creatures?.[acting]?.attacks || []).map((a) => a.name);
  const choices = [...held.map((s) => String(s.item.id)), ...natural.map((n) => `natural:${n}`)];
  const weapon = u.weapon && choices.includes(u.weapon) ? u.weapon : choices[0] || "";
  return h(
    "div",
    { class: "combat-actor", role: "group", "aria-label": t("combat-your-turn", { who: name }) },
    h("p", { class: "your-turn" }, t("combat-your-turn", { who: name })),
    h(
      "div",
      { class: "row wrap" },
      h("button", { type: "button", id: "combat-mode-move", "aria-pressed": String(u.mode === "move"), class: u.mode === "move" ? "primary" : "", onclick: mode("move") }, t("combat-move")),
      h("button", { type: "button", id: "combat-mode-attack", "aria-pressed": String(u.mode === "attack"), class: u.mode === "attack" ? "primary" : "", onclick: mode("attack") }, t("combat-attack")),
      h("button", { type: "button", id: "combat-end-turn", onclick: () => go({ end_turn: { creature: acting } }, () => Object.assign(u, { mode: null, path: [], target: "" })) }, t("combat-end-turn")),
    ),
    u.mode === "move"
      ? h(
          "div",
          { class: "row wrap" },
          h("span", { class: "hint" }, u.path.length ? t("combat-path", { path: u.path.map((p) => `(${p.x}, ${p.y})`).join(" → ") }) : t("combat-path-hint")),
          h("button", { type: "button", id: "combat-path-undo", disabled: !u.path.length, onclick: () => (u.path.pop(), screen.render()) }, t("combat-path-undo")),
          h("button", { type: "button", id: "combat-send-move", class: "primary", disabled: !u.path.length, onclick: () => go({ combat_move: { creature: acting, path: u.path } }, () => (u.path = [])) }, t("combat-send-move")),
        )
      : null,
    u.mode === "attack"
      ? h(
          "div",
          { class: "row wrap" },
          h("label", { for: "combat-target" }, t("combat-target")),
          h(
            "select",
            { id: "combat-target", onchange: (e) => ((u.target = e.target.value), screen.render()) },
            h("option", { value: "" }, t("combat-target-hint")),
            targets.map((id) => h("option", { value: id, selected: id === u.target }, displayName(screen.creatures[id]) || id)),
          ),
          h("label", { for: "combat-weapon" }, t("combat-weapon")),
          h(
            "select",
            { id: "combat-weapon", onchange: (e) => (u.weapon = e.target.value) },
            held.map((s) => h("option", { value: String(s.item.id), selected: String(s.item.id) === weapon }, s.item.name || `#${s.item.id}`)),
            natural.map((n) => h("option", { value: `natural:${n}`, selected: weapon === `natural:${n}` }, t("combat-natural-attack", { name: n }))),
            h("option", { value: "unarmed", selected: weapon === "" || u.weapon === "unarmed" }, t("combat-unarmed")),
          ),
          h(
            "button",
            {
              type: "button",
              id: "combat-send-attack",
              class: "primary",
              disabled: !u.target,
              onclick: () => {
                const w = document.getElementById("combat-weapon")?.value;
                const cmd = { creature: acting, target: u.target };
                if (w?.startsWith("natural:")) cmd.natural = w.slice("natural:".length);
                else if (w && w !== "unarmed") cmd.weapon = Number(w);
                if (u.ranged) cmd.ranged = true;
                if (u.guess) cmd.guess = u.guess;
                if (screen.isReferee) {
                  const also = u.also.filter((id) => id !== u.target && id !== acting);
                  if (also.length) cmd.targets = also;
                  if (u.like.trim()) cmd.like = u.like.trim();
                }
                go({ attack: cmd }, () => Object.assign(u, { mode: null, target: "", also: [], like: "", ranged: false, guess: null, guessPick: false }));
              },
            },
            t("combat-send-attack"),
          ),
        )
      : null,
    u.mode === "attack" ? attackExtras(screen, u, targets, acting) : null,
  );
}

/** The weapon cards of the loaded packs (the Referee's view lists them), as [id, name]. */
function weaponCards(screen) {
  return Object.entries(screen.rules.content?.items || {})
    .filter(([, c]) => c && c.weapon)
    .map(([id, c]) => [id, c.name || id]);
}

/** The attack's rarer parts: thrown, a guessed square; the Referee's extra targets and `like`. */
function attackExtras(screen, u, targets, acting) {
  const name = (id) => displayName(screen.creatures[id]) || id;
  const cards = screen.isReferee ? weaponCards(screen) : [];
  const others = targets.filter((id) => id !== u.target && id !== acting);
  const also = u.also.filter((id) => others.includes(id));
  return h(
    "div",
    { class: "attack-extras", id: "combat-attack-extras" },
    h(
      "div",
      { class: "row wrap" },
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "combat-ranged", checked: u.ranged, onchange: (e) => (u.ranged = e.target.checked) }), t("combat-ranged")),
      h("span", { class: "label" }, t("combat-guess"), ": "),
      h("output", { id: "combat-guess", for: "combat-guess-pick" }, u.guess ? `(${u.guess.x}, ${u.guess.y})` : t("act-none-yet")),
      h(
        "button",
        { type: "button", id: "combat-guess-pick", "aria-pressed": String(u.guessPick), class: u.guessPick ? "primary" : "", onclick: () => ((u.guessPick = !u.guessPick), screen.render()) },
        u.guessPick ? t("act-picking", { what: t("combat-guess") }) : t("act-pick-on-grid"),
      ),
      h("button", { type: "button", id: "combat-guess-clear", disabled: !u.guess, onclick: () => ((u.guess = null), (u.guessPick = false), screen.render()) }, t("act-clear")),
    ),
    h("p", { class: "hint" }, t("combat-guess-hint")),
    screen.isReferee
      ? h(
          "div",
          { class: "row wrap" },
          others.length
            ? h(
                "fieldset",
                { class: "act-field list", id: "combat-also" },
                h("legend", {}, t("combat-also")),
                others.map((id) =>
                  h(
                    "label",
                    { class: "check" },
                    h("input", {
                      type: "checkbox",
                      id: `combat-also-${id}`,
                      checked: also.includes(id),
                      onchange: (e) => {
                        const now = u.also.filter((x) => x !== id && others.includes(x));
                        u.also = e.target.checked ? [...now, id] : now;
                      },
                    }),
                    name(id),
                  ),
                ),
              )
            : null,
          h(
            "span",
            { class: "act-field" },
            h("label", { for: "combat-like" }, t("combat-like")),
            cards.length
              ? h(
                  "select",
                  { id: "combat-like", onchange: (e) => (u.like = e.target.value) },
                  h("option", { value: "" }, t("combat-like-none")),
                  cards.map(([id, n]) => h("option", { value: id, selected: id === u.like }, n)),
                )
              : h("input", { id: "combat-like", value: u.like, placeholder: t("combat-like-none"), oninput: (e) => (u.like = e.target.value) }),
          ),
        )
      : null,
  );
}

function refereeControls(screen, cv, fight) {
  const u = ui(screen);
  const go = (cmd) => sendShowing(screen, u, cmd);
  const players = Object.keys(screen.view?.participants?.players || {});
  const roller = players.includes(u.roller) ? u.roller : players[0] || "";
  const roundRunning = fight && fight.current;
  const place = u.place;
  const ids = Object.keys(screen.creatures);
  // The side follows the creature (a crow, hireling or pet is the crows'; a monster or NPC
  // an enemy) until the Referee picks one for it.
  const placing = screen.creatures[place.creature || ids[0]];
  const side = place.sideSet ? place.side : isParty(placing) ? "crows" : "enemies";
  return h(
    "div",
    { class: "combat-referee" },
    h(
      "details",
      { id: "combat-place" },
      h("summary", {}, t("combat-place")),
      h(
        "form",
        {
          class: "row wrap",
          onsubmit: (e) => {
            e.preventDefault();
            const creature = place.creature || ids[0];
            if (!creature) return;
            go({ place: { creature, at: { x: Number(place.x) || 0, y: Number(place.y) || 0 }, side } });
          },
        },
        h("label", { for: "place-creature" }, t("creature")),
        h("select", { id: "place-creature", onchange: (e) => ((place.creature = e.target.value), (place.sideSet = false), screen.render()) }, ids.map((id) => h("option", { value: id, selected: id === place.creature }, displayName(screen.creatures[id]) || id))),
        h("label", { for: "place-x" }, "x"),
        h("input", { id: "place-x", type: "number", min: 0, class: "num", value: place.x, oninput: (e) => (place.x = e.target.value) }),
        h("label", { for: "place-y" }, "y"),
        h("input", { id: "place-y", type: "number", min: 0, class: "num", value: place.y, oninput: (e) => (place.y = e.target.value) }),
        h("button", { type: "button", id: "place-pick", "aria-pressed": String(!!u.placePick), class: u.placePick ? "primary" : "", onclick: () => ((u.placePick = !u.placePick), screen.render()) }, u.placePick ? t("act-picking", { what: t("square", { x: "?", y: "?" }) }) : t("act-pick-on-grid")),
        h("label", { for: "place-side" }, t("combat-side")),
        h(
          "select",
          { id: "place-side", onchange: (e) => ((place.side = e.target.value), (place.sideSet = true)) },
          ["crows", "enemies"].map((sd) => h("option", { value: sd, selected: sd === side }, t(`side-${sd}`))),
        ),
        h("button", { type: "submit", id: "place-submit" }, t("combat-place-submit")),
      ),
    ),
    h(
      "div",
      { class: "row wrap" },
      !fight ? h("button", { type: "button", id: "combat-start", class: "primary", disabled: !Object.keys(cv?.creatures || {}).length, onclick: () => go({ start_combat: { surprised: [] } }) }, t("combat-start")) : null,
      fight && !roundRunning
        ? [
            h("label", { for: "initiative-roller" }, t("combat-roller")),
            h("select", { id: "initiative-roller", onchange: (e) => (u.roller = e.target.value) }, players.map((p) => h("option", { value: p, selected: p === roller }, p))),
            h("button", { type: "button", id: "combat-initiative", class: "primary", disabled: !roller, onclick: () => go({ roll_initiative: { roller } }) }, t("combat-initiative")),
          ]
        : null,
      fight ? h("button", { type: "button", id: "combat-end", onclick: () => go({ end_combat: {} }) }, t("combat-end")) : null,
      forecastButton(screen, cv),
      u.edit?.on ? null : gridEditor(screen, cv),
    ),
    forecastResult(screen),
    u.edit?.on ? gridEditor(screen, cv) : null,
  );
}

// ---------- the Referee's forecast: the fight played forward (issue 24) ----------

/** Runs of a forecast when the field is left as it is. */
const FORECAST_RUNS = 2000;

function forecastUi(screen) {
  const u = ui(screen);
  return (u.forecast ||= { runs: FORECAST_RUNS, busy: false, report: null, refusal: "", chart: null });
}

/** The Forecast button and its runs field, when the table offers the `fight` forecast. */
function forecastButton(screen, cv) {
  if (!(screen.forecasts || []).includes("fight")) return null;
  const fc = forecastUi(screen);
  const runs = Number(fc.runs) || FORECAST_RUNS;
  return h(
    "span",
    { class: "row combat-forecast" },
    h("label", { for: "combat-forecast-runs" }, t("combat-forecast-runs")),
    h("input", { id: "combat-forecast-runs", type: "number", min: 1, max: 20000, step: 100, class: "num", value: fc.runs, oninput: (e) => (fc.runs = e.target.value) }),
    h(
      "button",
      { type: "button", id: "combat-forecast", title: t("combat-forecast-hint"), "aria-busy": fc.busy ? "true" : null, disabled: fc.busy || !Object.keys(cv?.creatures || {}).length, onclick: () => runForecast(screen, fc) },
      fc.busy ? t("combat-forecast-running", { count: runs }) : t("combat-forecast"),
    ),
  );
}

/** Asks the server for the forecast and loads the chart module (lazily) at the same time. */
async function runForecast(screen, fc) {
  fc.busy = true;
  fc.refusal = "";
  screen.render();
  try {
    // A seed the page draws (and shows), so the same figures can be asked for again.
    const seed = Math.floor(Math.random() * 2 ** 32);
    const [chart, report] = await Promise.all([import("../../js/forecast.js"), screen.seat.forecast("fight", { runs: Number(fc.runs) || FORECAST_RUNS, seed })]);
    fc.chart = chart;
    fc.report = report;
  } catch (e) {
    fc.refusal = refusalText(e);
  } finally {
    fc.busy = false;
    screen.render();
  }
}

/** The report as the chart module's spec: the sides' chances, each creature's, the rounds. */
function forecastSpec(screen, r) {
  const name = (id) => displayName(screen.creatures[id]) || id;
  const side = (k, field) => ({ key: k, label: k === "draw" ? t("combat-forecast-draw") : t(`side-${k}`), p: r.sides?.[k]?.[field], ci95: r.sides?.[k]?.ci95 });
  const order = { crows: 0, enemies: 1 };
  const rows = Object.entries(r.creatures || {}).sort(([a, x], [b, y]) => (order[x.side] ?? 2) - (order[y.side] ?? 2) || name(a).localeCompare(name(b)));
  return {
    id: "combat-forecast-report",
    title: t("combat-forecast-title"),
    note: t("combat-forecast-note", { count: r.runs, seed: String(r.seed), policy: tOr(`combat-forecast-policy-${r.policy}`, r.policy) }),
    bars: [side("crows", "win"), side("enemies", "win"), side("draw", "p")],
    groups: {
      label: t("combat-forecast-creatures"),
      metrics: [t("combat-forecast-dies"), t("combat-forecast-knocked-out"), t("combat-forecast-gains-wounds")],
      rows: rows.map(([id, c]) => ({
        key: id,
        label: `${name(id)} (${t(`side-${c.side}`)})`,
        values: [
          { p: c.dies, ci95: c.dies_ci95 },
          { p: c.knocked_out, ci95: c.knocked_out_ci95 },
          { p: c.gains_wounds, ci95: c.gains_wounds_ci95 },
        ],
      })),
    },
    histogram: { label: t("combat-forecast-rounds"), value: t("combat-forecast-round"), counts: r.rounds || [], mean: r.rounds_mean, ci95: r.rounds_ci95 },
  };
}

/** The last forecast's chart and figures (or its refusal), under the Referee's buttons. */
function forecastResult(screen) {
  const fc = screen.combatUi?.forecast;
  if (!fc || !(screen.forecasts || []).includes("fight")) return null;
  return h(
    "div",
    { id: "combat-forecast-out", "aria-live": "polite" },
    fc.refusal ? h("p", { class: "refusal", role: "alert", id: "combat-forecast-refusal" }, `${t("refused")}: ${fc.refusal}`) : null,
    fc.report && fc.chart
      ? [
          fc.chart.forecastView(forecastSpec(screen, fc.report)),
          h("button", { type: "button", id: "combat-forecast-close", onclick: () => ((fc.report = null), screen.render()) }, t("combat-forecast-close")),
        ]
      : null,
  );
}

// ---------- "more actions": one form per rarer combat command ----------

const CHARS = ["agility", "strength"];
const SIZES = ["tiny", "small", "medium", "large", "huge", "holy_shit"];

/**
 * The rarer commands (crates/crows/src/ruleset/combat/mod.rs) as data: [field, type, options].
 * Types: creature / creatures (picked on the grid or from a list), square (a grid click),
 * path (grid clicks in order), choice (options), text, number, bool, hand (1 or 2),
 * item (an item of the acting creature in that slot kind), items (several), order (creatures
 * in the order clicked). `referee`: only the Referee sends it. `build` turns the fields into
 * the command's JSON (default: the fields as they are, with `creature`).
 */
const ACTS = {
  shift: { fields: [["to", "square"]] },
  jump: { fields: [["to", "square"], ["characteristic", "choice", CHARS]] },
  stand_up: { fields: [] },
  grab: { fields: [["target", "creature"]] },
  escape_grab: { fields: [["characteristic", "choice", CHARS]] },
  reposition_grabbed: { fields: [["to", "square"]] },
  knockback: { fields: [["target", "creature"], ["push", "path"]] },
  taunt: { fields: [["target", "creature"]] },
  ready: {
    fields: [["act", "choice", ["action", "maneuver"]], ["name", "text"], ["trigger", "text"]],
    build: (c, f) => ({ creature: c, act: { kind: f.act, name: f.name || (f.act === "action" ? "attack" : "move") }, trigger: f.trigger || "" }),
  },
  fire_readied: { fields: [] },
  // A player's order goes to the Referee, who rules whether it needs the Mind test
  // (CR-REF-26); `dangerous` counts only when the Referee gives the command.
  command_pet: { fields: [["pet", "creature"], ["what", "text"], ["dangerous", "bool"]] },
  draw_from_pack: {
    fields: [["item", "item", "backpack"], ["hand", "hand"], ["choice", "choice", ["Swap", "DropHands"]]],
    build: (c, f) => ({ creature: c, item: Number(f.item), hands: [{ kind: "hand", number: Number(f.hand) || 1 }], choice: f.choice }),
  },
  draw_from_belt: {
    fields: [["item", "item", "belt"], ["hand", "hand"]],
    build: (c, f) => ({ creature: c, moves: [{ item: Number(f.item), to: [{ kind: "hand", number: Number(f.hand) || 1 }] }], drops: [] }),
  },
  pick_up_item: {
    fields: [["ground", "number"], ["hand", "hand"]],
    build: (c, f) => ({ creature: c, ground: Number(f.ground) || 0, slots: [{ kind: "hand", number: Number(f.hand) || 1 }] }),
  },
  dump_pack: { fields: [["items", "items", "backpack"]], build: (c, f) => ({ creature: c, items: (f.items || []).map(Number) }) },
  order_side: { fields: [["side", "choice", ["crows", "enemies"]], ["order", "order"]], build: (_c, f) => ({ side: f.side, order: f.order || [] }), noActor: true },
  free_act: { referee: true, fields: [["cost", "choice", ["free", "maneuver", "action"]], ["what", "text"]] },
  force_move: {
    referee: true,
    fields: [["by", "creature"], ["kind", "choice", ["push", "slide"]], ["distance", "number"], ["path", "path"], ["magic", "bool"], ["vertical", "bool"], ["altitude", "number"]],
    build: (c, f) => ({ creature: c, by: f.by, kind: f.kind, distance: Number(f.distance) || (f.path || []).length, magic: !!f.magic, vertical: !!f.vertical, path: f.path || [], altitude: Number(f.altitude) || 0 }),
  },
  teleport: {
    referee: true,
    fields: [["to", "square"], ["distance", "number"], ["by", "creature"]],
    build: (c, f) => ({ creature: c, to: f.to, distance: Number(f.distance) || 0, ...(f.by && f.by !== c ? { by: f.by } : {}) }),
  },
  topple: { referee: true, fields: [["object", "choice", SIZES], ["onto", "creatures"]], build: (c, f) => ({ creature: c, object: f.object, onto: f.onto || [] }) },
  flyer_falls: { referee: true, fields: [["feet", "number"]], build: (c, f) => ({ creature: c, feet: Number(f.feet) || 0 }) },
  unplace: { referee: true, fields: [] },
};

/** The defaults of a command's fields (the first option of a choice, hand 1…). */
function defaults(kind) {
  const f = {};
  for (const [name, type, opts] of ACTS[kind].fields) {
    if (type === "choice") f[name] = opts[0];
    else if (type === "hand") f[name] = "1";
    else if (type === "path" || type === "creatures" || type === "items" || type === "order") f[name] = [];
    else if (type === "bool") f[name] = false;
    else f[name] = "";
  }
  return f;
}

/** The first field a grid click fills (a creature, square or path not filled yet). */
function firstPick(kind, f) {
  const fl = ACTS[kind].fields.find(([name, type]) => (type === "creature" || type === "square") && !f[name]) || ACTS[kind].fields.find(([, type]) => type === "path");
  return fl ? fl[0] : null;
}

/** A grid click for the waiting field; false when the square does not fit it. */
function fillFromGrid(u, [name, type], at, who) {
  const f = u.act.f;
  if (type === "creature") {
    if (!who) return false;
    f[name] = who;
  } else if (type === "creatures" || type === "order") {
    if (!who) return false;
    const list = (f[name] ||= []);
    const i = list.indexOf(who);
    if (i >= 0 && type === "creatures") list.splice(i, 1);
    else if (i < 0) list.push(who);
  } else if (type === "square") f[name] = at;
  else if (type === "path") (f[name] ||= []).push(at);
  else return false;
  if (type === "creature" || type === "square") u.pick = firstPick(u.act.kind, f);
  return true;
}

const itemSlotKind = (s) => (Array.isArray(s.at) ? s.at[0] : s.at ?? s.slot)?.kind;

function actField(screen, u, cv, actor, [name, type, opts]) {
  const f = u.act.f;
  const id = `act-${name}`;
  const label = h("label", { for: id }, t(`act-field-${name}`));
  const who = (c) => displayName(screen.creatures[c]) || c;
  const pickButton = (hint) =>
    h(
      "button",
      {
        type: "button",
        id: `${id}-pick`,
        "aria-pressed": String(u.pick === name),
        class: u.pick === name ? "primary" : "",
        onclick: () => {
          u.pick = u.pick === name ? null : name;
          screen.render();
        },
      },
      u.pick === name ? t("act-picking", { what: hint }) : t("act-pick-on-grid"),
    );
  const placed = Object.keys(cv.creatures || {});
  switch (type) {
    case "choice":
      return h("span", { class: "act-field" }, label, h("select", { id, onchange: (e) => (f[name] = e.target.value) }, opts.map((o) => h("option", { value: o, selected: o === f[name] }, t(`act-opt-${name}-${o}`)))));
    case "text":
      return h("span", { class: "act-field" }, label, h("input", { id, value: f[name] || "", oninput: (e) => (f[name] = e.target.value) }));
    case "number":
      return h("span", { class: "act-field" }, label, h("input", { id, type: "number", class: "num", min: 0, value: f[name] ?? "", oninput: (e) => (f[name] = e.target.value) }));
    case "bool":
      return h("label", { class: "act-field check" }, h("input", { id, type: "checkbox", checked: !!f[name], onchange: (e) => (f[name] = e.target.checked) }), t(`act-field-${name}`));
    case "hand":
      return h("span", { class: "act-field" }, label, h("select", { id, onchange: (e) => (f[name] = e.target.value) }, ["1", "2"].map((n) => h("option", { value: n, selected: n === f[name] }, t("act-hand-n", { n })))));
    case "item":
    case "items": {
      const items = storedItems(screen.creatures[actor]).filter((st) => itemSlotKind(st) === opts);
      if (type === "item")
        return h(
          "span",
          { class: "act-field" },
          label,
          h("select", { id, onchange: (e) => (f[name] = e.target.value) }, h("option", { value: "" }, t("act-choose")), items.map((st) => h("option", { value: String(st.item.id), selected: String(st.item.id) === String(f[name]) }, st.item.name || `#${st.item.id}`))),
        );
      const list = f[name] || [];
      return h(
        "fieldset",
        { class: "act-field list", id },
        h("legend", {}, t(`act-field-${name}`)),
        items.length
          ? items.map((st) =>
              h(
                "label",
                { class: "check" },
                h("input", {
                  type: "checkbox",
                  checked: list.includes(String(st.item.id)),
                  onchange: (e) => {
                    const k = String(st.item.id);
                    f[name] = e.target.checked ? [...list.filter((x) => x !== k), k] : list.filter((x) => x !== k);
                  },
                }),
                st.item.name || `#${st.item.id}`,
              ),
            )
          : h("span", { class: "hint" }, t("act-no-items")),
      );
    }
    case "creature":
      return h(
        "span",
        { class: "act-field" },
        label,
        h("select", { id, onchange: (e) => ((f[name] = e.target.value), screen.render()) }, h("option", { value: "" }, t("act-choose")), placed.map((c) => h("option", { value: c, selected: c === f[name] }, who(c)))),
        pickButton(t(`act-field-${name}`)),
      );
    case "creatures":
    case "order": {
      const list = f[name] || [];
      return h(
        "span",
        { class: "act-field" },
        h("span", { class: "label" }, t(`act-field-${name}`), ": "),
        h("output", { id }, list.length ? list.map((c, i) => (type === "order" ? `${i + 1}. ${who(c)}` : who(c))).join(type === "order" ? "  " : ", ") : t("act-none-yet")),
        pickButton(t(`act-field-${name}`)),
        h("button", { type: "button", id: `${id}-clear`, disabled: !list.length, onclick: () => ((f[name] = []), screen.render()) }, t("act-clear")),
      );
    }
    case "square":
      return h(
        "span",
        { class: "act-field" },
        h("span", { class: "label" }, t(`act-field-${name}`), ": "),
        h("output", { id }, f[name] ? `(${f[name].x}, ${f[name].y})` : t("act-none-yet")),
        pickButton(t(`act-field-${name}`)),
      );
    case "path": {
      const list = f[name] || [];
      return h(
        "span",
        { class: "act-field" },
        h("span", { class: "label" }, t(`act-field-${name}`), ": "),
        h("output", { id }, list.length ? list.map((p) => `(${p.x}, ${p.y})`).join(" → ") : t("act-none-yet")),
        pickButton(t(`act-field-${name}`)),
        h("button", { type: "button", id: `${id}-undo`, disabled: !list.length, onclick: () => (list.pop(), screen.render()) }, t("combat-path-undo")),
      );
    }
    default:
      return null;
  }
}

/** The "more actions" form: pick a command, who acts, its fields; send; see the refusal. */
function moreActions(screen, cv, acting) {
  const u = ui(screen);
  const placed = Object.keys(cv?.creatures || {});
  const mine = placed.filter((id) => screen.isReferee || screen.mine().includes(id));
  if (!mine.length) return null;
  const kinds = Object.keys(ACTS).filter((k) => screen.isReferee || !ACTS[k].referee);
  const a = u.act;
  if (!kinds.includes(a.kind)) a.kind = kinds[0];
  if (!a.ready) {
    a.f = defaults(a.kind);
    a.ready = true;
  }
  const actor = mine.includes(a.creature) ? a.creature : mine.includes(acting) ? acting : mine[0];
  const spec = ACTS[a.kind];
  const send = (e) => {
    e.preventDefault();
    const cmd = spec.build ? spec.build(actor, a.f) : { creature: actor, ...a.f };
    sendShowing(screen, u, { [a.kind]: cmd }, () => {
      a.f = defaults(a.kind);
      u.pick = firstPick(a.kind, a.f);
    });
  };
  return h(
    "details",
    { id: "combat-more", class: "combat-more" },
    h("summary", {}, t("combat-more")),
    h(
      "form",
      { class: "act-form", id: "combat-act-form", onsubmit: send },
      h(
        "div",
        { class: "row wrap" },
        h("label", { for: "combat-act-kind" }, t("act-command")),
        h(
          "select",
          {
            id: "combat-act-kind",
            onchange: (e) => {
              a.kind = e.target.value;
              a.f = defaults(a.kind);
              u.pick = firstPick(a.kind, a.f);
              u.refusal = "";
              screen.render();
            },
          },
          kinds.map((k) => h("option", { value: k, selected: k === a.kind }, t(`act-${k}`))),
        ),
        spec.noActor
          ? null
          : [
              h("label", { for: "combat-act-creature" }, t("act-who")),
              h("select", { id: "combat-act-creature", onchange: (e) => ((a.creature = e.target.value), screen.render()) }, mine.map((id) => h("option", { value: id, selected: id === actor }, displayName(screen.creatures[id]) || id))),
            ],
      ),
      h("p", { class: "hint" }, t(`act-${a.kind}-hint`)),
      spec.fields.length ? h("div", { class: "row wrap act-fields" }, spec.fields.map((fl) => actField(screen, u, cv, actor, fl))) : null,
      h("div", { class: "row wrap" }, h("button", { type: "submit", id: "combat-act-send", class: "primary" }, t("act-send", { command: t(`act-${a.kind}`) }))),
    ),
  );
}

// ---------- the map editor (Referee): `set_grid` ----------

const BRUSHES = ["open", "solid", "flimsy", "difficult", "elevation", "water", "submerging", "climb_wall", "climb_ceiling", "hazard", "light", "heavy", "drop"];

function startEdit(cv) {
  return { on: true, brush: "solid", elevation: 1, hazard: "fire", drop: 30, ...startDraft(cv.grid) };
}

/** The brush as a change of one cell (painting the same feature again removes it). */
function brushOf(ed) {
  return (old) => {
    if (ed.brush === "open") return { at: old.at };
    const cell = old;
    const flip = (prop, value) => {
      if (cell[prop] === value) delete cell[prop];
      else cell[prop] = value;
    };
    switch (ed.brush) {
      case "solid":
      case "flimsy":
        flip("obstacle", ed.brush);
        break;
      case "difficult":
      case "water":
        flip(ed.brush, true);
        break;
      case "submerging":
        if (cell.submerging) delete cell.submerging;
        else Object.assign(cell, { water: true, submerging: true });
        break;
      case "climb_wall":
      case "climb_ceiling":
        flip("climb", ed.brush.slice(6));
        break;
      case "elevation":
        flip("elevation", Number(ed.elevation) || 0);
        if (cell.elevation === 0) delete cell.elevation;
        break;
      case "hazard":
        flip("hazard", ed.hazard.trim() || "hazard");
        break;
      case "light":
      case "heavy":
        flip("concealment", ed.brush);
        break;
      case "drop":
        flip("drop_feet", Number(ed.drop) || 10);
        break;
    }
    return cell;
  };
}

function gridEditor(screen, cv) {
  const u = ui(screen);
  const ed = u.edit;
  if (!ed?.on)
    return h(
      "button",
      {
        type: "button",
        id: "grid-edit",
        onclick: () => {
          u.edit = startEdit(cv || {});
          Object.assign(u, { mode: null, path: [], pick: null });
          screen.render();
        },
      },
      t("grid-edit"),
    );
  const num = (id, prop, min) => h("input", { id, type: "number", class: "num", min, value: ed[prop], oninput: (e) => (ed[prop] = e.target.value) });
  const send = () => {
    sendShowing(screen, u, { set_grid: { cells: draftChanges(ed) } }, () => (u.edit = null));
  };
  return h(
    "div",
    { class: "grid-editor", id: "grid-editor", role: "group", "aria-label": t("grid-edit") },
    h("p", { class: "hint" }, t("grid-edit-hint")),
    h(Brushes, { id: "brush", label: t("grid-brush"), brushes: BRUSHES.map((b) => ({ id: b, label: t(`brush-${b}`) })), chosen: ed.brush, onChoose: (b) => ((ed.brush = b), screen.render()) }),
    h(
      "div",
      { class: "row wrap" },
      h("label", { for: "brush-elevation-value" }, t("brush-elevation")),
      num("brush-elevation-value", "elevation"),
      h("label", { for: "brush-hazard-value" }, t("brush-hazard")),
      h("input", { id: "brush-hazard-value", value: ed.hazard, oninput: (e) => (ed.hazard = e.target.value) }),
      h("label", { for: "brush-drop-value" }, t("brush-drop-feet")),
      num("brush-drop-value", "drop", 1),
      h("label", { for: "grid-width" }, t("grid-size")),
      h("input", { id: "grid-width", type: "number", class: "num", min: 4, max: 60, value: ed.width, onchange: (e) => ((ed.width = Math.min(60, Math.max(4, Number(e.target.value) || 12))), screen.render()) }),
      "×",
      h("input", { id: "grid-height", type: "number", class: "num", min: 4, max: 60, "aria-label": t("grid-size"), value: ed.height, onchange: (e) => ((ed.height = Math.min(60, Math.max(4, Number(e.target.value) || 8))), screen.render()) }),
    ),
    h(
      "div",
      { class: "row wrap" },
      h("button", { type: "button", id: "grid-send", class: "primary", disabled: !ed.touched.size, onclick: send }, t("grid-send", { count: ed.touched.size })),
      h("button", { type: "button", id: "grid-cancel", onclick: () => ((u.edit = null), screen.render()) }, t("grid-cancel")),
    ),
  );
}

/** The combat panel when the Crows combat part is in the view (or the Referee may start one). */
export function combatPanel(screen, ...more) {
  const cv = screen.rules.combat;
  const fight = cv?.fight || null;
  const acting = fight?.current || null;
  const canAct = !!acting && (screen.isReferee || screen.mine().includes(acting));
  const u = ui(screen);
  if (!canAct) Object.assign(u, { mode: null, path: [] });
  const waiting = (screen.view.decisions || []).filter((d) => d.kind.startsWith("crows.combat.") && screen.canAnswer(d));
  const clock = screen.view.clock?.combat;
  // Without a Crows fight, the engine's own combat clock (a raw `clock` command) is shown.
  const order = fight?.order || (clock ? clock.order || [] : []);
  const current = acting || (!fight && clock ? order[clock.current] : null);
  return section(
    "combat",
    t("combat"),
    fight
      ? h(
          "p",
          { class: "combat-status", id: "combat-status", "aria-live": "polite" },
          acting ? t("combat-round", { round: fight.round, who: displayName(screen.creatures[acting]) || acting }) : t("combat-between-rounds", { round: fight.round }),
        )
      : clock
        ? h("p", {}, t("combat-round", { round: clock.round, who: displayName(screen.creatures[current]) || current || "?" }))
        : h("p", { class: "hint" }, t("combat-not-started")),
    acting ? budgetLine(fight, acting) : null,
    waiting.length ? h("p", { class: "combat-waiting", role: "alert" }, h("a", { href: "#decisions" }, t("combat-decision-waiting", { count: waiting.length }))) : null,
    order.length ? h("ol", { class: "order" }, order.map((id) => h("li", { class: id === current ? "acting" : "", "aria-current": id === current ? "true" : null }, displayName(screen.creatures[id]) || id))) : null,
    canAct ? actorControls(screen, cv, fight, acting) : null,
    refusalLine(u, "combat-refusal"),
    // With nothing placed yet the Referee's "pick on the grid" shows an empty grid to pick on.
    cv || u.edit?.on || u.placePick ? battleGrid(screen, cv || {}, acting, canAct) : null,
    screen.isReferee ? refereeControls(screen, cv, fight) : null,
    cv ? moreActions(screen, cv, acting) : null,
    ...more,
  );
}
