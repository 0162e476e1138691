// The table: the game-free shell around a ruleset's screens. One for the Referee and one for a
// player, chosen by what the token is (the view's `viewer`). Everything shown comes from
// GET /view and the live stream, so a player's screen holds only what the server projects.
//
// The shell knows no game: clock, decisions, log, invites, packs, undo and the raw command
// form. When a table opens, the shell imports its ruleset's screen module
// (`rulesets/<name>/index.js`, listed in SCREENS) and loads that folder's Fluent messages; a
// table of a ruleset without a screen gets the generic view (its raw state, the command form
// for every seat).
//
// Rendering: Preact (vendor/preact, with htm templates). An update re-renders the tree and
// Preact patches the page, so focus, caret, scroll and half-typed input stay where they were.
// A ruleset's panels may still be DOM builders (js/dom.js): `DomPart` places them.

import { h, render, Component } from "../vendor/preact/preact.module.js";
import { useEffect, useLayoutEffect, useReducer, useRef } from "../vendor/preact/hooks.module.js";
import htm from "../vendor/htm/htm.module.js";
import { announce, $ } from "./dom.js";
import { t, lang, addRulesetMessages, addMessages, messagesVersion } from "./i18n.js";
import { Seat, preload, laterMessages } from "./api.js";
import { remember } from "./lobby.js";
import * as log from "./log.js";
import { Chat } from "./chat.js";

const html = htm.bind(h);
const EXPLORATION_TIMER = "exploration_turn";

/** The width at which a ruleset's tabs split the screen (app.css). */
const PHONE = matchMedia("(max-width: 759px)");

/** Events per page of the log: the newest page on opening, older ones on request. */
export const LOG_PAGE = 50;

/** Rulesets with a screen of their own (a folder `rulesets/<name>/` with `index.js`, `en.ftl`, `ru.ftl`). */
export const SCREENS = ["acks", "crows", "demo", "dnd2024"];

/** The screen module of `name`, or null (the generic view). Loads its messages too. */
export async function loadScreen(name) {
  if (!SCREENS.includes(name)) return null;
  // Its modules download together (the page lists them), not one import level at a time.
  preload(`rulesets/${name}/index.js`);
  const [mod] = await Promise.all([import(`../rulesets/${name}/index.js`), addRulesetMessages(name)]);
  return mod.default;
}

export class TableScreen {
  constructor(main, table, token) {
    // Preact renders into a root of its own, so the lobby's DOM never mixes with its tree.
    this.main = document.createElement("div");
    this.main.className = "table-root";
    main.replaceChildren(this.main);
    this.seat = new Seat(table, token);
    this.view = null;
    this.viewer = null;
    this.ruleset = null;
    // The loaded part of the caller's log (oldest first): the newest page, the live events,
    // and older pages as asked for. `olderBefore`: the `before` of the next older page (null:
    // all loaded).
    this.events = [];
    this.lastN = 0;
    this.olderBefore = null;
    this.loadingOlder = false;
    this.viewLastN = 0;
    this.selected = null;
    this.filter = "";
    this.forms = { test: {}, creature: {}, command: "", decisions: {} };
    this.refreshing = null;
    this.invites = [];
    this.clockSkew = 0;
    this.dirty = false;
    // Focus kept across renders (keepFocus); news said once; `localGen`: see README.
    this.focused = null;
    this.focusPanel = null;
    this.main.addEventListener("focusin", (e) => {
      this.focused = e.target;
      this.focusPanel = e.target.closest?.("section[id], details[id]")?.id || null;
    });
    this.main.addEventListener("focusout", (e) => {
      // Moved away by the user, not removed or disabled by a render (checked once it is done).
      const el = e.target;
      if (this.main.contains(e.relatedTarget)) return;
      setTimeout(() => {
        if (this.focused === el && el.isConnected && !el.disabled && document.activeElement !== el) this.focused = null;
      }, 0);
    });
    this.spoken = null;
    this.localGen = 0;
    this.live = false;
  }

  get isReferee() {
    return this.viewer?.role === "referee";
  }
  get rules() {
    return this.view?.rules || {};
  }
  get creatures() {
    return this.rules.creatures || {};
  }
  /** The characters this player controls (all creatures for the Referee). */
  mine() {
    if (this.isReferee) return Object.keys(this.creatures);
    const bound = this.view?.participants?.players?.[this.viewer?.name] || [];
    return bound.filter((id) => this.creatures[id]);
  }
  /** A character's name as the ruleset shows it (its id otherwise). */
  nameOf(id) {
    return (id && this.ruleset?.displayName?.(this, id)) || id;
  }
  /** The table's characters as the ruleset lists them: [{id, name, party}]. */
  characters() {
    return this.ruleset?.characters?.(this) || [];
  }

  async start() {
    render(html`<p class="loading">${t("loading")}</p>`, this.main);
    try {
      await this.refresh();
      // The screen's modules and the newest page of the log, in parallel; older pages load
      // when the log is scrolled to its end or on "show older".
      const [ruleset, page] = await Promise.all([loadScreen(this.view.table.ruleset), this.seat.logBefore(null, LOG_PAGE)]);
      this.ruleset = ruleset;
      log.describeRulesWith(this.ruleset?.describeRules);
      log.optionWordsWith(this.ruleset?.optionLabel);
      // Log lines and prompts name creatures, not their ids (a name only the view knows).
      log.nameWith((id) => (this.creatures[id] ? this.ruleset?.displayName?.(this, id) || null : null));
      this.events = page.events;
      this.lastN = page.last_n;
      this.olderBefore = page.older ? page.before : null;
    } catch (e) {
      render(
        html`<div class="panel error" role="alert"><h1>${t("table-unavailable")}</h1><p>${e.message}</p><p><a href="#">${t("back-to-lobby")}</a></p></div>`,
        this.main,
      );
      return;
    }
    remember({
      table: this.seat.table,
      token: this.seat.token,
      name: this.view.table.name,
      role: this.isReferee ? "referee" : "player",
      player: this.viewer?.name,
    });
    this.ruleset?.init?.(this);
    this.render();
    // Events committed between reading the view and the log: read the view again.
    if (this.lastN > this.viewLastN) this.scheduleRefresh();
    this.seat.live(this.lastN, (ev) => this.onEvent(ev), (s) => this.onConn(s));
  }

  close() {
    this.seat.close();
    log.describeRulesWith(null);
    log.nameWith(null);
    log.optionWordsWith(null);
    render(null, this.main);
  }

  onConn(state) {
    const el = $("#conn");
    if (!el) return;
    // Words, not only a coloured dot; re-worded when the language changes (translateStatic).
    el.dataset.l10nId = `conn-${state}`;
    el.textContent = t(`conn-${state}`);
    el.className = `conn ${state}`;
  }

  onEvent(ev) {
    if (ev.n <= this.lastN && this.events.some((e) => e.n === ev.n)) return;
    this.events.push(ev);
    // A command's reply and the live stream may bring events in either order.
    if (this.events.length > 1 && this.events[this.events.length - 2].n > ev.n) this.events.sort((a, b) => a.n - b.n);
    this.lastN = Math.max(this.lastN, ev.n);
    // Server time of the newest event against ours: keeps the countdown honest on phones.
    this.clockSkew = Math.max(this.clockSkew, ev.at_ms - Date.now());
    this.scheduleRefresh();
  }

  /** Re-reads the view after new events (coalesced; once more if events came meanwhile). */
  scheduleRefresh() {
    if (this.refreshing) {
      this.dirty = true;
      return;
    }
    this.dirty = false;
    this.refreshing = Promise.resolve().then(async () => {
      try {
        await this.refresh();
        this.live = true;
        this.render();
      } catch (e) {
        announce(e.message, "error");
      } finally {
        this.live = false;
        this.refreshing = null;
        if (this.dirty) this.scheduleRefresh();
      }
    });
  }

  async refresh() {
    const v = await this.seat.view();
    this.view = v.view;
    this.viewer = v.viewer;
    this.viewLastN = v.last_n;
    // The forecast kinds the table offers (the Referee's view only lists them).
    this.forecasts = v.forecasts || [];
  }

  /** Loads the next older page of the log (after the newest page loaded on opening). */
  async loadOlder() {
    if (this.olderBefore == null || this.loadingOlder) return;
    this.loadingOlder = true;
    this.render();
    try {
      const p = await this.seat.logBefore(this.olderBefore, LOG_PAGE);
      const have = new Set(this.events.map((e) => e.n));
      this.events = [...p.events.filter((e) => !have.has(e.n)), ...this.events];
      this.olderBefore = p.older ? p.before : null;
      // Placed while the log is not a live region (a screen reader would read the whole
      // page); one short announcement instead.
      this.render();
      announce(t("log-older-loaded", { count: p.events.length }));
    } catch (e) {
      announce(e.message, "error");
    } finally {
      // The log announces new events again once the older ones are in place.
      setTimeout(() => {
        this.loadingOlder = false;
        this.render();
      }, 0);
    }
  }

  /** Sends a command; shows the refusal (message and rule) on failure. Returns the events. */
  async send(cmd, { quiet = false, faces = "" } = {}) {
    // The ruleset's refusal words load with the seat's first command (not with the page), in
    // parallel with it; a refusal waits for them, so it is worded in the UI language.
    const words = Promise.all(laterMessages(this.view?.table?.ruleset).map((p) => addMessages(`${p}.`).catch(() => {})));
    try {
      const r = await this.seat.command(cmd, faces.replace(/\s+/g, ""));
      for (const ev of r.events || []) this.onEvent(ev);
      return r.events || [];
    } catch (e) {
      await words;
      if (!quiet) announce(`${t("refused")}: ${log.refusalText(e)}`, "error");
      throw e;
    }
  }

  /** Whether the screens offer faces fields for physical dice: while the Referee's
   * `players_physical_dice` option is on (the Referee may always send faces through the API). */
  mayBringDice() {
    return !!this.view?.options?.players_physical_dice;
  }

  /** Asks the ruleset a read-only question (`POST /queries/<name>`): odds, previews. */
  query(name, args = {}) {
    return this.seat.query(name, args);
  }

  /** Patches the page from the state (Preact keeps focus, caret, scroll and typed input). */
  render() {
    if (!this.view) return;
    const role = this.isReferee ? t("role-referee") : t("role-player-named", { name: this.viewer?.name ?? "" });
    $("#where").textContent = `${this.view.table.name} · ${role}`;
    document.title = `${this.view.table.name} — Delve`;
    if (!this.live) this.localGen++;
    render(html`<${Table} screen=${this} lang=${lang()} />`, this.main);
    this.keepFocus();
    this.announceNews();
  }

  /** Focus taken out of the page (or disabled) by a render goes to the same id, the next decision or the panel's heading. */
  keepFocus() {
    const gone = this.focused;
    if (!gone || (gone.isConnected && !gone.disabled)) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected && !active.disabled) return;
    const again = gone.id && document.getElementById(gone.id);
    let target = again && again !== gone && this.main.contains(again) && !again.disabled ? again : null;
    if (!target) {
      const panel = this.focusPanel && document.getElementById(this.focusPanel);
      if (panel) target = (panel.id === "decisions" && panel.querySelector(".decision button:not(:disabled)")) || panel.querySelector("h2");
    }
    if (!target) target = document.getElementById("screen-title");
    if (!target) return;
    if (!target.matches("a[href], button, input, select, textarea, [tabindex]")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }

  /** Says once, in the page's status line: a decision this seat may answer, "your turn", log lines. */
  announceNews() {
    const ds = (this.view.decisions || []).filter((d) => this.canAnswer(d));
    const c = this.view.clock?.combat;
    const who = c?.order?.[c.current];
    const turn = c && who && !this.isReferee && this.mine().includes(who) ? `${c.round}/${c.current}/${who}` : null;
    const first = !this.spoken;
    const spoken = (this.spoken ||= { decisions: new Set(), turn: null, n: this.lastN });
    const news = [];
    // New log lines speak through the log's own live region; while it is hidden (another
    // phone tab), here.
    // (From the tab state, not the layout: asking the layout would force it at every event.)
    const pane = this.tabs && document.getElementById("log-list")?.closest(".pane");
    const hidden = pane && !pane.classList.contains("on") && PHONE.matches;
    if (hidden) for (const ev of this.events) if (ev.n > spoken.n) news.push(log.describe(ev).text);
    spoken.n = Math.max(spoken.n, this.lastN);
    for (const d of ds) {
      if (!spoken.decisions.has(d.id)) news.push(t("news-decision", { prompt: log.decisionPrompt(d) }));
      spoken.decisions.add(d.id);
    }
    if (turn && turn !== spoken.turn) news.push(t("news-your-turn", { name: this.nameOf(who) }));
    spoken.turn = turn;
    if (!first && news.length) announce(news.join(" "), "sr");
  }

  /** Picks the phone tab holding the element `id`. */
  showTabOf(id) {
    const pane = document.getElementById(id)?.closest(".pane[data-tab]");
    if (pane && this.tabs && pane.dataset.tab !== this.tab) {
      this.tab = pane.dataset.tab;
      this.render();
    }
  }

  // ---------- clock ----------

  remainingMs(timer) {
    const now = Date.now() + this.clockSkew;
    const run = timer.running_since_ms == null ? 0 : Math.max(0, now - timer.running_since_ms);
    return timer.duration_ms - timer.elapsed_ms - run;
  }

  // ---------- decisions ----------

  canAnswer(d) {
    if (this.isReferee) return true;
    const a = d.answerer || {};
    if (a.kind === "player") return a.name === this.viewer?.name;
    if (a.kind === "controller") return this.mine().includes(a.name);
    return false;
  }

  controllersOf(id) {
    const players = this.view?.participants?.players || {};
    return Object.entries(players)
      .filter(([, cs]) => cs.includes(id))
      .map(([p]) => p);
  }

  // ---------- access ----------

  async makeInvite(character) {
    try {
      const inv = await this.seat.invite(character || null);
      this.invites.unshift(inv);
      this.render();
    } catch (e) {
      announce(e.message, "error");
    }
  }

  async revokeInvite(inv) {
    try {
      await this.seat.revokeInvite(inv.invite_id);
      inv.revoked = true;
      announce(t("invite-revoked"));
      this.render();
    } catch (e) {
      announce(e.message, "error");
    }
  }

  /** Revokes every token of a player and hands their seat one new link (shown here once). */
  async revokePlayer(player) {
    try {
      const out = await this.seat.revokePlayer(player, true);
      this.reissued = { ...this.reissued, [player]: out.link };
      announce(t("player-revoked", { player }));
      this.render();
    } catch (e) {
      announce(e.message, "error");
    }
  }

  async rotateReferee() {
    try {
      const out = await this.seat.rotateReferee();
      // This browser keeps the Referee's seat under the new link; the old one is dead.
      history.replaceState(null, "", `#table=${this.seat.table}&token=${out.referee_token}`);
      announce(t("referee-rotated"));
      this.render();
    } catch (e) {
      announce(e.message, "error");
    }
  }
}

export function fmt(ms) {
  const neg = ms < 0;
  const s = Math.floor(Math.abs(ms) / 1000);
  const m = Math.floor(s / 60);
  const txt = `${String(m).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
  return neg ? `−${txt}` : txt;
}

// ---------- components ----------

/** A panel: a section with a heading, labelled for screen readers. */
function Section({ id, title, children }) {
  return html`<section id=${id} class="panel" aria-labelledby=${`${id}-h`}><h2 id=${`${id}-h`}>${title}</h2>${children}</section>`;
}

/** A collapsible tool panel (kept open or closed as the user left it: Preact leaves `open` alone). */
function Tool({ id, title, children }) {
  return html`<details class="panel tool" id=${id}><summary><h2>${title}</h2></summary>${children}</details>`;
}

/**
 * A ruleset's panels built as DOM nodes (js/dom.js), rebuilt on every render. Until a panel
 * is a component, its inner focus and open `<details>` are carried over here by id.
 */
function DomPart({ build }) {
  const ref = useRef(null);
  useLayoutEffect(() => {
    const box = ref.current;
    const nodes = [build()].flat(Infinity).filter((n) => n instanceof Node);
    // The same nodes (a kept panel): left alone, so no alert in it is said again.
    const now = box.childNodes;
    if (nodes.length === now.length && nodes.every((n, i) => n === now[i])) return;
    const active = document.activeElement;
    const focusId = active && box.contains(active) ? active.id : null;
    const open = {};
    for (const d of box.querySelectorAll("details[id]")) open[d.id] = d.open;
    box.replaceChildren(...nodes);
    for (const d of box.querySelectorAll("details[id]")) if (d.id in open) d.open = open[d.id];
    if (focusId) document.getElementById(focusId)?.focus({ preventScroll: true });
  });
  return html`<div class="dom-part" ref=${ref}></div>`;
}

/** Re-renders itself every quarter second (a countdown). */
function useTicking() {
  const [, tick] = useReducer((n) => n + 1, 0);
  useEffect(() => {
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, []);
}

function Countdown({ screen, timer, running }) {
  useTicking();
  const left = screen.remainingMs(timer);
  return html`<div id="countdown" class=${`countdown${running ? "" : " paused"}${left < 60000 ? " low" : ""}`} role="timer" aria-live="off" aria-label=${`${t("time-left")}: ${fmt(left)}`}>${fmt(left)}</div>`;
}

function TimerLeft({ screen, timer }) {
  useTicking();
  return html`<span class="timer-left">${fmt(screen.remainingMs(timer))}</span>`;
}

/**
 * A ruleset's part of a column: Preact elements as they are; each run of DOM-built panels in
 * one `DomPart` (so focus moving between them is carried over); `{tab, items}`: a tab's pane.
 */
function place(items, prefix, pane) {
  const out = [];
  let run = null;
  for (const x of [items].flat(Infinity).filter(Boolean)) {
    if (x instanceof Node) {
      if (!run) {
        const nodes = (run = []);
        out.push(html`<${DomPart} key=${`${prefix}-${out.length}`} build=${() => nodes} />`);
      }
      run.push(x);
    } else if (typeof x.tab === "string" && "items" in x) {
      run = null;
      const key = `${prefix}-${out.length}`;
      out.push(pane(x.tab, key, place(x.items, key, pane)));
    } else {
      run = null;
      out.push(x);
    }
  }
  return out;
}

/** The phone tab shown: picked by hand, else the layout's suggestion, else the first. */
function currentTab(screen, tabs, suggested) {
  const known = (id) => tabs.some((x) => x.id === id);
  return known(screen.tab) ? screen.tab : known(suggested) ? suggested : tabs[0].id;
}

function TabBar({ screen, tabs, current }) {
  const pick = (id, focus) => {
    screen.tab = id;
    screen.render();
    if (focus) document.getElementById(`tab-${id}`)?.focus();
  };
  const keys = (e) => {
    const i = tabs.findIndex((x) => x.id === current);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    pick(tabs[(to + tabs.length) % tabs.length].id, true);
  };
  return html`<div class="tab-bar" role="tablist" aria-label=${t("screen-parts")} onKeyDown=${keys}>
    ${tabs.map(
      (x) => html`<button key=${x.id} type="button" role="tab" id=${`tab-${x.id}`} aria-selected=${x.id === current ? "true" : "false"} tabindex=${x.id === current ? 0 : -1} onClick=${() => pick(x.id)}>${x.label}</button>`,
    )}
  </div>`;
}

function Table({ screen }) {
  const role = screen.isReferee ? "referee" : "player";
  const part = screen.ruleset ? screen.ruleset.layout(screen) : null;
  const tabs = part?.tabs?.length ? part.tabs : null;
  const current = tabs ? currentTab(screen, tabs, part.tab) : null;
  screen.tabs = tabs;
  // A pane of one phone tab (README: "Phone tabs").
  const pane = (tab, key, children, always = false) =>
    tabs ? html`<div key=${key} class=${`pane${tab === current || always ? " on" : ""}`} data-tab=${tab}>${children}</div>` : children;
  const shellTab = (name) => (tabs.find((x) => x.shell?.includes(name)) || tabs[0]).id;
  const shellPane = (name, el, always = false) => (tabs ? pane(shellTab(name), name, el, always) : el);
  const waiting = (screen.view.decisions || []).some((d) => screen.isReferee || screen.canAnswer(d));
  const a = [
    shellPane("clock", html`<${Clock} key="clock" screen=${screen} />`),
    shellPane("decisions", html`<${Decisions} key="decisions" screen=${screen} />`, waiting),
    shellPane("chat", html`<${Chat} key="chat" screen=${screen} />`),
  ];
  const b = [];
  if (part) {
    a.push(...place(part.a, "a", pane));
    b.push(...place(part.b, "b", pane));
  } else {
    b.push(html`<${RawState} key="state" screen=${screen} />`);
  }
  if (screen.isReferee) {
    if (part) b.push(...place(part.tools, "tools", pane));
    b.push(
      shellPane("invites", html`<${Invites} key="invites" screen=${screen} />`),
      shellPane("packs", html`<${Packs} key="packs" screen=${screen} />`),
      shellPane("settings", html`<${TableSettings} key="settings" screen=${screen} />`),
      shellPane("commands", html`<${Commands} key="commands" screen=${screen} />`),
    );
  } else if (!part) {
    b.push(html`<${Commands} key="commands" screen=${screen} />`);
  }
  // One h1 per screen (for screen readers' heading list): the table and whose seat this is.
  const heading = screen.isReferee ? t("screen-title-referee", { table: screen.view.table.name ?? "" }) : t("screen-title-player", { table: screen.view.table.name ?? "", player: screen.viewer?.name ?? "" });
  return html`<div class=${`table-screen ${role}${tabs ? " tabbed" : ""}`} id="screen" data-ruleset=${screen.view.table.ruleset} data-tab=${current}>
    <h1 class="sr" id="screen-title">${heading}</h1>
    ${tabs ? html`<${TabBar} screen=${screen} tabs=${tabs} current=${current} />` : null}
    <div class="col col-a">${a}</div>
    <div class="col col-b">${b}</div>
    <div class="col col-c">${shellPane("log", html`<${Log} screen=${screen} />`)}</div>
  </div>`;
}

/** The generic view of a ruleset without a screen: its whole projection for this seat. */
function RawState({ screen }) {
  return html`<${Section} id="state" title=${t("table-state")}>
    <p class="hint">${t("no-ruleset-screen", { ruleset: screen.view.table.ruleset })}</p>
    <pre class="raw-state">${JSON.stringify(screen.rules, null, 2)}</pre>
  <//>`;
}

function Clock({ screen }) {
  const clock = screen.view.clock || {};
  const ex = clock.exploration;
  const timer = (clock.timers || []).find((x) => x.id === EXPLORATION_TIMER);
  const running = timer && timer.running_since_ms != null;
  const who = clock.combat?.order?.[clock.combat.current];
  return html`<${Section} id="clock" title=${t("clock")}>
    ${ex
      ? html`<div class="turn-line"><span class="turn-label">${t("dungeon-turn")}</span> <strong id="turn-number" class="turn-number">${String(ex.turn)}</strong></div>
          ${timer
            ? html`<${Countdown} screen=${screen} timer=${timer} running=${running} />`
            : html`<div class="countdown manual">${t(ex.length?.kind === "manual" ? "turn-manual" : "turn-game-minutes", { minutes: ex.length?.minutes ?? 0 })}</div>`}
          ${timer && !running ? html`<div class="paused-label">${t("paused")}</div>` : null}`
      : html`<p class="hint" id="no-exploration">${t("no-exploration")}</p>`}
    ${clock.combat ? html`<p class="combat-line">${t("combat-round", { round: clock.combat.round, who: screen.nameOf(who) || "?" })}</p>` : null}
    ${clock.resting ? html`<p class="badge">${t("resting")}</p>` : null}
    <p class="hint">${t("game-day", { day: (clock.day ?? 0) + 1, rests: clock.rests_completed ?? 0 })}</p>
    ${(clock.timers || [])
      .filter((x) => x.id !== EXPLORATION_TIMER)
      .map((other) => html`<p class="timer-line" key=${other.id} data-timer=${other.id}>${other.label}: <${TimerLeft} screen=${screen} timer=${other} /></p>`)}
    ${screen.isReferee ? html`<${ClockControls} screen=${screen} ex=${ex} timer=${timer} running=${running} clock=${clock} />` : null}
    <${TurnResults} screen=${screen} />
  <//>`;
}

/** The generic clock controls, but none for what the ruleset's `ownClockControls` gives. */
function ClockControls({ screen, ex, timer, running, clock }) {
  const f = screen.forms;
  const own = screen.ruleset?.ownClockControls?.(screen) || {};
  const send = (cmd) => screen.send(cmd).catch(() => {});
  const b = (id, label, cmd, cls = "") => html`<button id=${id} type="button" class=${cls} onClick=${() => send({ clock: cmd })}>${label}</button>`;
  const row = [];
  if (!ex) {
    if (own.exploration) row.push(html`<${GoTo} screen=${screen} to=${own.exploration} />`);
    else {
      if (f.turnMinutes === undefined) f.turnMinutes = "30";
      const start = () => {
        const m = Number(f.turnMinutes);
        const length = m > 0 ? { kind: "real_time", ms: Math.round(m * 60000) } : { kind: "manual" };
        send({ clock: { start_exploration: { length } } });
      };
      row.push(
        html`<label for="turn-minutes">${t("dungeon-turn-minutes")}</label>`,
        html`<input id="turn-minutes" type="number" min="0" max="240" step="any" inputmode="decimal" value=${f.turnMinutes} onInput=${(e) => (f.turnMinutes = e.target.value)} />`,
        html`<button id="start-exploration" type="button" class="primary" onClick=${start}>${t("start-exploration")}</button>`,
      );
    }
  } else {
    if (timer && !own.exploration)
      row.push(running ? b("pause-clock", t("pause"), { pause_timer: { id: EXPLORATION_TIMER } }) : b("resume-clock", t("resume"), { resume_timer: { id: EXPLORATION_TIMER } }, "primary"));
    row.push(b("end-turn", t("end-turn"), "end_exploration_turn", "primary"));
    if (!own.exploration) row.push(b("end-exploration", t("end-exploration"), "end_exploration"));
  }
  if (!own.rest) {
    if (!clock.resting) row.push(b("start-rest", t("start-rest"), "start_rest"));
    else row.push(b("end-rest", t("end-rest"), { end_rest: { completed: true } }), b("abort-rest", t("abort-rest"), { end_rest: { completed: false } }));
  }
  return row.length ? html`<div class="row wrap controls">${row}</div>` : null;
}

/** An empty state's pointer at the ruleset's control: its tab shown, the focus on it. */
function GoTo({ screen, to }) {
  const go = () => {
    screen.showTabOf(to.id);
    requestAnimationFrame(() => {
      const el = document.getElementById(to.id);
      el?.scrollIntoView({ block: "center" });
      el?.focus();
    });
  };
  return html`<button type="button" class="link go-to" data-go-to=${to.id} onClick=${go}>${t("go-to-control", { control: to.label })}</button>`;
}

/** The events of the last end of a dungeon turn (between the boundary and the next turn). */
function TurnResults({ screen }) {
  const events = screen.events;
  let end = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    const b = events[i].body;
    const kind = b.type === "boundary_passed" ? (typeof b.boundary === "string" ? b.boundary : b.boundary?.kind) : null;
    if (kind === "exploration_turn_end") {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const out = [];
  for (let i = end + 1; i < events.length; i++) {
    out.push(events[i]);
    if (events[i].body.type === "exploration_turn_started") break;
  }
  return html`<details class="turn-results" open id="turn-results"><summary>${t("turn-results")}</summary><ul class="log">${out.map((ev) => log.entry(ev))}</ul></details>`;
}

function Decisions({ screen }) {
  const ds = (screen.view.decisions || []).filter((d) => screen.isReferee || screen.canAnswer(d));
  const texts = screen.forms.decisions;
  const items = ds.map((d) => {
    const who =
      d.answerer?.kind === "referee" ? t("role-referee") : d.answerer?.kind === "controller" ? t("controller-of", { name: screen.nameOf(d.answerer.name) }) : d.answerer?.name;
    const urgent = screen.ruleset?.urgent?.(d) && screen.canAnswer(d);
    const answer = (o) => {
      // What the field holds now (also text put there without an input event, e.g. autofill).
      const field = document.getElementById(`dtext-${d.id}`);
      const text = (field ? field.value : texts[d.id] || "").trim();
      screen
        .send({ answer: { decision: d.id, option: o.id, ...(d.free_text && text ? { text } : {}) } })
        .then(() => delete texts[d.id])
        .catch(() => {});
    };
    const details = screen.ruleset?.decisionDetails?.(screen, d);
    return html`<li key=${d.id} class=${`decision kind-${d.kind.replace(/[^a-z0-9_-]/gi, "-")}${urgent ? " urgent" : ""}`} data-decision=${d.id}>
      <div class="decision-head"><strong>${log.decisionPrompt(d)}</strong> <span class="badge">${who}</span></div>
      ${details instanceof Node ? html`<${DomPart} build=${() => details} />` : details}
      <div class="row wrap" role="group" aria-label=${log.decisionPrompt(d)}>
        ${d.options.map((o) => html`<button key=${o.id} type="button" class=${o.id === d.default ? "primary" : ""} disabled=${!screen.canAnswer(d)} data-option=${o.id} onClick=${() => answer(o)}>${log.optionLabel(d, o)}</button>`)}
      </div>
      ${d.free_text
        ? html`<input id=${`dtext-${d.id}`} class="free-text" placeholder=${t("decision-text")} aria-label=${t("decision-text")} value=${texts[d.id] || ""} onInput=${(e) => (texts[d.id] = e.target.value)} />`
        : null}
    </li>`;
  });
  return html`<${Section} id="decisions" title=${t("decisions", { count: ds.length })}>
    ${ds.length ? html`<ul class="decisions">${items}</ul>` : html`<p class="hint">${t("no-decisions")}</p>`}
  <//>`;
}

/**
 * One line of the log, re-rendered only when its event, the filter or the messages change
 * (a live event re-renders the table; the lines already shown stay as they are).
 */
class LogEntry extends Component {
  shouldComponentUpdate(next) {
    return next.ev !== this.props.ev || next.filter !== this.props.filter || next.v !== this.props.v;
  }
  render({ ev, filter }) {
    return log.entry(ev, filter);
  }
}

/** The log's lines, not even compared again while its events, filter and words are the same. */
class LogLines extends Component {
  shouldComponentUpdate(next) {
    return next.sig !== this.props.sig;
  }
  render({ screen }) {
    const list = [];
    const v = messagesVersion();
    for (let i = screen.events.length - 1; i >= 0; i--) {
      const ev = screen.events[i];
      list.push(html`<${LogEntry} key=${ev.n} ev=${ev} filter=${screen.filter} v=${v} />`);
    }
    return list;
  }
}

function Log({ screen }) {
  const subjects = screen.characters();
  const filter = screen.filter;
  const evs = screen.events;
  const sig = [evs.length, evs[0]?.n, evs[evs.length - 1]?.n, filter, messagesVersion(), lang()].join("/");
  return html`<${Section} id="log" title=${t("log")}>
    <label class="row"><span>${t("log-filter")}</span>
      <select id="log-filter" aria-label=${t("log-filter")} value=${filter} onChange=${(e) => {
        screen.filter = e.target.value;
        screen.render();
      }}>
        <option value="">${t("log-all")}</option>
        ${subjects.map((c) => html`<option key=${c.id} value=${c.id}>${c.name}</option>`)}
      </select>
    </label>
    <ol id="log-list" class="log" reversed tabindex="0" aria-labelledby="log-h" aria-live=${screen.loadingOlder ? "off" : "polite"} aria-busy=${screen.loadingOlder ? "true" : "false"} aria-relevant="additions" onScroll=${(e) => {
      // Scrolled to its end (the oldest loaded event): the next older page.
      const el = e.currentTarget;
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 40) screen.loadOlder();
    }}><${LogLines} screen=${screen} sig=${sig} /></ol>
    ${screen.olderBefore != null
      ? html`<button id="log-older" type="button" aria-busy=${screen.loadingOlder ? "true" : "false"} onClick=${() => screen.loadOlder()}>${screen.loadingOlder ? t("log-loading-older") : t("log-show-older")}</button>`
      : null}
  <//>`;
}

// ---------- Referee tools ----------

function Invites({ screen }) {
  const f = screen.forms;
  const party = screen.characters().filter((c) => c.party);
  const players = screen.view.participants?.players || {};
  useEffect(() => {
    drawQrs();
  });
  return html`<${Section} id="invites" title=${t("players-invites")}>
    <ul class="players">
      ${Object.entries(players).map(
        ([p, cs]) => html`<li key=${p}>
          <strong>${p}</strong>: ${cs.length ? cs.map((c) => screen.nameOf(c)).join(", ") : t("no-character")}${" "}
          <select aria-label=${t("bind-character", { player: p })} value="" onChange=${(e) => e.target.value && screen.send({ bind: { player: p, character: e.target.value } }).catch(() => {})}>
            <option value="">${t("bind")}</option>
            ${party.filter((c) => !cs.includes(c.id)).map((c) => html`<option key=${c.id} value=${c.id}>${c.name}</option>`)}
          </select>${" "}
          <button type="button" class="revoke-player" onClick=${() => screen.revokePlayer(p)}>${t("revoke-player")}</button>
          ${screen.reissued?.[p] ? html`<input readOnly value=${screen.reissued[p]} class="invite-link" aria-label=${t("new-player-link", { player: p })} onFocus=${(e) => e.target.select()} />` : null}
        </li>`,
      )}
    </ul>
    <div class="row wrap">
      <select id="invite-character" aria-label=${t("invite-for")} value=${f.inviteFor || ""} onChange=${(e) => (f.inviteFor = e.target.value)}>
        <option value="">${t("invite-open")}</option>
        ${party.map((c) => html`<option key=${c.id} value=${c.id}>${c.name}</option>`)}
      </select>
      <button id="make-invite" type="button" class="primary" onClick=${() => screen.makeInvite(f.inviteFor)}>${t("make-invite")}</button>
    </div>
    <ul class="invites">
      ${screen.invites.map(
        (inv) => html`<li key=${inv.invite_id} class="invite">
          <div><strong>${inv.character ? screen.nameOf(inv.character) : t("invite-open")}</strong></div>
          <input readOnly value=${inv.link} class="invite-link" aria-label=${t("invite-link")} onFocus=${(e) => e.target.select()} />
          <button type="button" onClick=${() => navigator.clipboard?.writeText(inv.link).then(() => announce(t("copied")))}>${t("copy")}</button>
          ${inv.revoked
            ? html`<em class="revoked">${t("invite-revoked")}</em>`
            : html`<button type="button" class="revoke-invite" onClick=${() => screen.revokeInvite(inv)}>${t("revoke-invite")}</button>`}
          ${inv.revoked ? null : html`<div class="qr" aria-label=${t("qr-code")} role="img" data-link=${inv.link}></div>`}
        </li>`,
      )}
    </ul>
    <p class="row wrap"><button type="button" id="rotate-referee" onClick=${() => screen.rotateReferee()}>${t("rotate-referee")}</button> <span class="hint">${t("rotate-referee-hint")}</span></p>
  <//>`;
}

function Packs({ screen }) {
  const packs = screen.rules.content?.packs || [];
  const file = useRef(null);
  const load = async () => {
    const files = await Promise.all([...file.current.files].map(async (f) => ({ name: f.name, text: await f.text() })));
    if (files.length)
      screen
        .send({ rules: { load_pack: { files } } })
        .then(() => announce(t("pack-loaded")))
        .catch(() => {});
  };
  // Card lists may come as arrays or as objects keyed by card id.
  const count = (x) => (Array.isArray(x) ? x.length : Object.keys(x || {}).length);
  const items = count(screen.rules.content?.items);
  return html`<${Tool} id="packs" title=${t("content-packs", { count: packs.length })}>
    ${packs.length ? html`<ul>${packs.map((p) => html`<li key=${p}>${p}</li>`)}</ul>` : html`<p class="hint">${t("no-packs")}</p>`}
    <label for="pack-files">${t("load-pack")}</label>
    <input id="pack-files" type="file" multiple accept=".json,.toml,.txt,.yaml,.yml" ref=${file} />
    <button type="button" onClick=${load}>${t("load")}</button>
    ${items ? html`<p class="hint">${t("cards-loaded", { items, creatures: count(screen.rules.content?.creatures) })}</p>` : null}
  <//>`;
}

function Commands({ screen }) {
  const f = screen.forms;
  const sendRaw = () => {
    let cmd;
    try {
      cmd = JSON.parse(f.command);
    } catch (e) {
      announce(`JSON: ${e.message}`, "error");
      return;
    }
    const faces = screen.mayBringDice() ? f.faces || "" : "";
    screen
      .send(cmd, { faces })
      .then(() => {
        f.faces = "";
        screen.render();
      })
      .catch(() => {});
  };
  return html`<${Tool} id="commands" title=${t("undo-and-commands")}>
    ${screen.isReferee
      ? html`<div class="row wrap"><button id="undo" type="button" onClick=${() => screen.send({ undo: { count: 1 } }).then(() => announce(t("undone"))).catch(() => {})}>↶ ${t("undo")}</button></div>`
      : null}
    <label for="raw-command">${t("raw-command")}</label>
    <textarea id="raw-command" rows="3" spellcheck=${false} placeholder='{"rules": {"rest_halfway": {}}}' value=${f.command} onInput=${(e) => (f.command = e.target.value)}></textarea>
    ${screen.mayBringDice() ? html`<${Faces} id="raw-faces" forms=${f} />` : null}
    <button type="button" id="send-command" onClick=${sendRaw}>${t("send")}</button>
    <p class="hint">${t("raw-command-hint")}</p>
  <//>`;
}

/**
 * The table options the engine knows (`set_option`, read back from the view's `options`), one
 * entry each: the option's key, the checkbox's id, its label and its hint. A later option is
 * one more entry here (and its two messages in both .ftl files).
 */
const TABLE_OPTIONS = [{ key: "players_physical_dice", id: "players-dice", label: () => t("players-dice"), hint: () => t("players-dice-hint") }];

/** The Referee's table settings (game-free): one checkbox per table option. */
function TableSettings({ screen }) {
  const options = screen.view.options || {};
  const set = (key, on) => screen.send({ set_option: { [key]: on } }).catch(() => screen.render());
  return html`<${Tool} id="table-settings" title=${t("table-settings")}>
    <p class="hint">${t("table-settings-hint")}</p>
    ${TABLE_OPTIONS.map(
      (o) => html`<div class="table-option" key=${o.key}>
        <label class="check"><input id=${o.id} type="checkbox" checked=${!!options[o.key]} aria-describedby=${`${o.id}-hint`} onChange=${(e) => set(o.key, e.target.checked)} /> ${o.label()}</label>
        <p class="hint" id=${`${o.id}-hint`}>${o.hint()}</p>
      </div>`,
    )}
  <//>`;
}

/** Physical dice for the command next to it: the faces as typed ("13,3"), kept in `forms.faces`. */
function Faces({ id, forms }) {
  return html`<span class="field dice-faces"><label for=${id}>${t("faces")}</label>
    <input id=${id} inputmode="numeric" autocomplete="off" pattern="[0-9, ]*" value=${forms.faces || ""} onInput=${(e) => (forms.faces = e.target.value)} aria-describedby=${`${id}-hint`} />
    <span class="hint" id=${`${id}-hint`}>${t("faces-hint")}</span></span>`;
}

let qrModule = null;
/** Draws QR codes for invite links (the generator is loaded only when needed). */
async function drawQrs() {
  const boxes = [...document.querySelectorAll(".qr[data-link]")].filter((b) => !b.firstChild);
  if (!boxes.length) return;
  qrModule = qrModule || (await import("../vendor/qrcode/qrcode.mjs"));
  for (const box of boxes) {
    if (box.firstChild) continue;
    const qr = qrModule.default(0, "M");
    qr.addData(box.dataset.link);
    qr.make();
    const img = document.createElement("img");
    img.src = qr.createDataURL(4, 2);
    img.alt = t("qr-code");
    img.width = img.height = qr.getModuleCount() * 4 + 16;
    box.append(img);
  }
}

export { lang };
