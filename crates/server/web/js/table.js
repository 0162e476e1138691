// The table screen: one for the Referee and one for a player, chosen by what the token is
// (the view's `viewer`). Everything shown comes from GET /view and the live stream, so a
// player's screen holds only what the server projects for that player.
//
// Rendering: each panel is rebuilt from the state on every change (cheap at this size);
// the focused element is found again by its id afterwards so keyboard users keep their place.

import { h, clear, section, announce, $ } from "./dom.js";
import { t, lang } from "./i18n.js";
import { Seat } from "./api.js";
import { remember } from "./lobby.js";
import * as log from "./log.js";
import { creatureCard, isParty, displayName } from "./sheet.js";
import { inventoryPanel } from "./inventory.js";
import { testPanel } from "./testpanel.js";
import { mapsPanel } from "./maps.js";
import { dungeonPanel } from "./dungeon.js";
import { characterRequestPanel } from "./player.js";
import { decisionDetails } from "./referee.js";

const EXPLORATION_TIMER = "exploration_turn";

export class TableScreen {
  constructor(main, table, token) {
    this.main = main;
    this.seat = new Seat(table, token);
    this.view = null;
    this.viewer = null;
    this.events = [];
    this.lastN = 0;
    this.selected = null;
    this.filter = "";
    this.forms = { test: {}, creature: {}, command: "" };
    this.lastRoll = null;
    this.refreshing = null;
    this.timer = null;
    this.invites = [];
    this.clockSkew = 0;
    this.openDetails = {};
    this.dirty = false;
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

  async start() {
    clear(this.main, h("p", { class: "loading" }, t("loading")));
    try {
      await this.refresh();
      const page = await this.seat.log(0, 1000);
      this.events = page.events;
      this.lastN = page.last_n;
      // Older events beyond one page: read on (a long campaign).
      let next = page.next_after;
      let more = page.more;
      while (more) {
        const p = await this.seat.log(next, 1000);
        this.events.push(...p.events);
        next = p.next_after;
        more = p.more;
      }
    } catch (e) {
      clear(this.main, h("div", { class: "panel error", role: "alert" }, h("h1", {}, t("table-unavailable")), h("p", {}, e.message), h("p", {}, h("a", { href: "#" }, t("back-to-lobby")))));
      return;
    }
    remember({
      table: this.seat.table,
      token: this.seat.token,
      name: this.view.table.name,
      role: this.isReferee ? "referee" : "player",
      player: this.viewer?.name,
    });
    const own = this.mine();
    this.selected = this.isReferee ? Object.keys(this.creatures).find((id) => isParty(this.creatures[id])) || null : own[0] || null;
    this.render();
    this.seat.live(this.lastN, (ev) => this.onEvent(ev), (s) => this.onConn(s));
    this.timer = setInterval(() => this.tick(), 250);
  }

  close() {
    this.seat.close();
    clearInterval(this.timer);
  }

  onConn(state) {
    const el = $("#conn");
    if (!el) return;
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
    const list = $("#log-list");
    if (list) {
      const li = log.entry(ev);
      this.applyFilter(li);
      list.prepend(li);
    }
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
        this.render();
      } catch (e) {
        announce(e.message, "error");
      } finally {
        this.refreshing = null;
        if (this.dirty) this.scheduleRefresh();
      }
    });
  }

  async refresh() {
    const v = await this.seat.view();
    this.view = v.view;
    this.viewer = v.viewer;
  }

  /** Sends a command; shows the refusal (message and rule) on failure. Returns the events. */
  async send(cmd, { quiet = false } = {}) {
    try {
      const r = await this.seat.command(cmd);
      for (const ev of r.events || []) this.onEvent(ev);
      return r.events || [];
    } catch (e) {
      const why = e.rule && !String(e.message ?? "").includes(e.rule) ? `${e.message} (${e.rule})` : e.message;
      if (!quiet) announce(`${t("refused")}: ${why}`, "error");
      throw e;
    }
  }

  // ---------- rendering ----------

  render() {
    if (!this.view) return;
    const focusId = document.activeElement?.id;
    // Keep open/closed panels as the user left them.
    for (const d of document.querySelectorAll("details[id]")) this.openDetails[d.id] = d.open;
    const role = this.isReferee ? t("role-referee") : t("role-player-named", { name: this.viewer?.name ?? "" });
    $("#where").textContent = `${this.view.table.name} · ${role}`;
    document.title = `${this.view.table.name} — Delve`;
    const cols = this.isReferee ? this.refereeLayout() : this.playerLayout();
    clear(this.main, h("div", { class: `table-screen ${this.isReferee ? "referee" : "player"}`, id: "screen" }, cols));
    for (const d of document.querySelectorAll("details[id]")) if (d.id in this.openDetails) d.open = this.openDetails[d.id];
    if (focusId) {
      const el = document.getElementById(focusId);
      if (el) el.focus({ preventScroll: true });
    }
    this.tick();
  }

  refereeLayout() {
    const party = Object.values(this.creatures).filter(isParty);
    const others = Object.values(this.creatures).filter((c) => !isParty(c));
    return [
      h("div", { class: "col col-a" }, this.clockPanel(), this.decisionsPanel(), dungeonPanel(this), section("party", t("party"), party.length ? h("div", { class: "cards" }, party.map((c) => this.card(c))) : h("p", { class: "hint" }, t("no-party")))),
      h(
        "div",
        { class: "col col-b" },
        mapsPanel(this),
        this.selectedPanels(),
        section("monsters", t("monsters-npcs"), others.length ? h("div", { class: "cards" }, others.map((c) => this.card(c))) : h("p", { class: "hint" }, t("none"))),
        this.refereeTools(),
      ),
      h("div", { class: "col col-c" }, this.logPanel()),
    ];
  }

  playerLayout() {
    const own = this.mine();
    const others = Object.values(this.creatures).filter((c) => !own.includes(c.id));
    return [
      h(
        "div",
        { class: "col col-a" },
        this.clockPanel(),
        this.decisionsPanel(),
        dungeonPanel(this),
        characterRequestPanel(this),
        own.map((id) => this.card(this.creatures[id], { full: true })),
      ),
      h("div", { class: "col col-b" }, mapsPanel(this), this.selectedPanels(), others.length ? section("others", t("others"), h("div", { class: "cards" }, others.map((c) => this.card(c)))) : null),
      h("div", { class: "col col-c" }, this.logPanel()),
    ];
  }

  card(c, opts = {}) {
    return creatureCard(c, {
      ...opts,
      selected: c.id === this.selected,
      selectable: this.isReferee || this.mine().includes(c.id),
      referee: this.isReferee,
      controllers: this.controllersOf(c.id),
      onSelect: () => {
        this.selected = c.id;
        this.render();
        document.getElementById("inventory-h")?.scrollIntoView({ block: "nearest" });
      },
    });
  }

  controllersOf(id) {
    const players = this.view?.participants?.players || {};
    return Object.entries(players)
      .filter(([, cs]) => cs.includes(id))
      .map(([p]) => p);
  }

  selectedPanels() {
    const c = this.selected && this.creatures[this.selected];
    if (!c || !c.creature) return null;
    return [inventoryPanel(this, c), testPanel(this, c), this.isReferee ? this.actionsPanel(c) : null];
  }

  /** Referee: damage, conditions and light for the selected creature. */
  actionsPanel(c) {
    const f = (this.forms.actions ||= { amount: 1, piercing: false, condition: "prone", light: "bright" });
    const conds = ["blessed", "prone", "vulnerable", "unconscious", "weakened"];
    const current = (c.creature?.conditions?.active || []).map((a) => a.kind);
    const go = (cmd) => this.send({ rules: cmd }).catch(() => {});
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
      this.waiveRow(c, f, go),
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
  waiveRow(c, f, go) {
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

  // ---------- clock ----------

  exploration() {
    return this.view?.clock?.exploration || null;
  }

  remainingMs(timer) {
    const now = Date.now() + this.clockSkew;
    const run = timer.running_since_ms == null ? 0 : Math.max(0, now - timer.running_since_ms);
    return timer.duration_ms - timer.elapsed_ms - run;
  }

  clockPanel() {
    const clock = this.view.clock || {};
    const ex = clock.exploration;
    const timer = (clock.timers || []).find((x) => x.id === EXPLORATION_TIMER);
    const running = timer && timer.running_since_ms != null;
    const parts = [];
    if (ex) {
      parts.push(
        h("div", { class: "turn-line" }, h("span", { class: "turn-label" }, t("dungeon-turn")), " ", h("strong", { id: "turn-number", class: "turn-number" }, String(ex.turn))),
        timer
          ? h("div", { id: "countdown", class: `countdown${running ? "" : " paused"}`, role: "timer", "aria-live": "off", "aria-label": t("time-left") }, "--:--")
          : h("div", { class: "countdown manual" }, t(ex.length?.kind === "manual" ? "turn-manual" : "turn-game-minutes", { minutes: ex.length?.minutes ?? 0 })),
        timer && !running ? h("div", { class: "paused-label" }, t("paused")) : null,
      );
    } else {
      parts.push(h("p", { class: "hint", id: "no-exploration" }, t("no-exploration")));
    }
    if (clock.combat) {
      const who = clock.combat.order?.[clock.combat.current];
      parts.push(h("p", { class: "combat-line" }, t("combat-round", { round: clock.combat.round, who: displayName(this.creatures[who]) || who || "?" })));
    }
    if (clock.resting) parts.push(h("p", { class: "badge" }, t("resting")));
    parts.push(h("p", { class: "hint" }, t("game-day", { day: (clock.day ?? 0) + 1, rests: clock.rests_completed ?? 0 })));
    for (const other of (clock.timers || []).filter((x) => x.id !== EXPLORATION_TIMER)) {
      parts.push(h("p", { class: "timer-line", dataset: { timer: other.id } }, `${other.label}: `, h("span", { class: "timer-left" }, fmt(this.remainingMs(other)))));
    }
    if (this.isReferee) parts.push(this.clockControls(ex, timer, running, clock));
    parts.push(this.turnResults());
    return section("clock", t("clock"), parts);
  }

  clockControls(ex, timer, running, clock) {
    const b = (id, label, cmd, cls = "") =>
      h("button", { id, type: "button", class: cls, onclick: () => this.send({ clock: cmd }).catch(() => {}) }, label);
    const row = [];
    if (!ex) {
      const minutes = h("input", { id: "turn-minutes", type: "number", min: 0, max: 240, step: "any", value: this.rules.dungeon_turn_minutes ?? 30, "aria-label": t("dungeon-turn-minutes"), inputmode: "decimal" });
      row.push(
        h("label", { for: "turn-minutes" }, t("dungeon-turn-minutes")),
        minutes,
        h(
          "button",
          {
            id: "start-exploration",
            type: "button",
            class: "primary",
            onclick: () => {
              const m = Number(minutes.value);
              const length = m > 0 ? { kind: "real_time", ms: Math.round(m * 60000) } : { kind: "manual" };
              this.send({ clock: { start_exploration: { length } } }).catch(() => {});
            },
          },
          t("start-exploration"),
        ),
      );
    } else {
      if (timer && this.rules.explore?.visit) {
        // In a dungeon entered with `enter_dungeon`, the explore family pauses its turn.
        const r = (id, label, cmd, cls = "") => h("button", { id, type: "button", class: cls, onclick: () => this.send({ rules: cmd }).catch(() => {}) }, label);
        row.push(running ? r("pause-clock", t("pause"), { pause_dungeon_turn: {} }) : r("resume-clock", t("resume"), { resume_dungeon_turn: {} }, "primary"));
      } else if (timer) row.push(running ? b("pause-clock", t("pause"), { pause_timer: { id: EXPLORATION_TIMER } }) : b("resume-clock", t("resume"), { resume_timer: { id: EXPLORATION_TIMER } }, "primary"));
      row.push(b("end-turn", t("end-turn"), "end_exploration_turn", "primary"), b("end-exploration", t("end-exploration"), "end_exploration"));
    }
    if (!clock.resting) row.push(b("start-rest", t("start-rest"), "start_rest"));
    else row.push(b("end-rest", t("end-rest"), { end_rest: { completed: true } }), b("abort-rest", t("abort-rest"), { end_rest: { completed: false } }));
    return h("div", { class: "row wrap controls" }, row);
  }

  /** The events of the last end of a dungeon turn (between the boundary and the next turn). */
  turnResults() {
    let end = -1;
    for (let i = this.events.length - 1; i >= 0; i--) {
      const b = this.events[i].body;
      const kind = b.type === "boundary_passed" ? (typeof b.boundary === "string" ? b.boundary : b.boundary?.kind) : null;
      if (kind === "exploration_turn_end") {
        end = i;
        break;
      }
    }
    if (end < 0) return null;
    const out = [];
    for (let i = end + 1; i < this.events.length; i++) {
      const b = this.events[i].body;
      if (b.type === "exploration_turn_started") {
        out.push(this.events[i]);
        break;
      }
      out.push(this.events[i]);
    }
    return h("details", { class: "turn-results", open: true, id: "turn-results" }, h("summary", {}, t("turn-results")), h("ul", { class: "log" }, out.map((ev) => log.entry(ev))));
  }

  tick() {
    const ex = this.exploration();
    const timer = (this.view?.clock?.timers || []).find((x) => x.id === EXPLORATION_TIMER);
    const el = document.getElementById("countdown");
    if (el && ex && timer) {
      const left = this.remainingMs(timer);
      el.textContent = fmt(left);
      el.classList.toggle("low", left < 60000);
      el.setAttribute("aria-label", `${t("time-left")}: ${fmt(left)}`);
    }
    for (const line of document.querySelectorAll("[data-timer]")) {
      const tm = (this.view?.clock?.timers || []).find((x) => x.id === line.dataset.timer);
      if (tm) line.querySelector(".timer-left").textContent = fmt(this.remainingMs(tm));
    }
  }

  // ---------- decisions ----------

  canAnswer(d) {
    if (this.isReferee) return true;
    const a = d.answerer || {};
    if (a.kind === "player") return a.name === this.viewer?.name;
    if (a.kind === "controller") return this.mine().includes(a.name);
    return false;
  }

  decisionsPanel() {
    const ds = (this.view.decisions || []).filter((d) => this.isReferee || this.canAnswer(d));
    const items = ds.map((d) => {
      const text = h("input", { id: `dtext-${d.id}`, class: "free-text", placeholder: t("decision-text"), "aria-label": t("decision-text") });
      const who = d.answerer?.kind === "referee" ? t("role-referee") : d.answerer?.kind === "controller" ? t("controller-of", { name: displayName(this.creatures[d.answerer.name]) || d.answerer.name }) : d.answerer?.name;
      return h(
        "li",
        { class: `decision kind-${d.kind.replace(/[^a-z0-9_-]/gi, "-")}${d.kind.startsWith("crows.combat.") && this.canAnswer(d) ? " urgent" : ""}`, dataset: { decision: d.id } },
        h("div", { class: "decision-head" }, h("strong", {}, d.prompt || d.kind), " ", h("span", { class: "badge" }, who)),
        decisionDetails(this, d),
        h(
          "div",
          { class: "row wrap", role: "group", "aria-label": d.prompt || d.kind },
          d.options.map((o) =>
            h(
              "button",
              {
                type: "button",
                class: o.id === d.default ? "primary" : "",
                disabled: !this.canAnswer(d),
                dataset: { option: o.id },
                onclick: () => this.send({ answer: { decision: d.id, option: o.id, ...(d.free_text && text.value.trim() ? { text: text.value.trim() } : {}) } }).catch(() => {}),
              },
              o.label || o.id,
            ),
          ),
        ),
        d.free_text ? text : null,
      );
    });
    return section("decisions", t("decisions", { count: ds.length }), ds.length ? h("ul", { class: "decisions" }, items) : h("p", { class: "hint" }, t("no-decisions")));
  }

  // ---------- log ----------

  applyFilter(li) {
    li.hidden = !!this.filter && !(li.dataset.creatures || "").split(" ").includes(this.filter);
  }

  logPanel() {
    const ids = Object.keys(this.creatures);
    const sel = h(
      "select",
      {
        id: "log-filter",
        "aria-label": t("log-filter"),
        onchange: (e) => {
          this.filter = e.target.value;
          for (const li of document.querySelectorAll("#log-list > li")) this.applyFilter(li);
        },
      },
      h("option", { value: "" }, t("log-all")),
      ids.map((id) => h("option", { value: id, selected: id === this.filter }, displayName(this.creatures[id]))),
    );
    const list = h("ol", { id: "log-list", class: "log", reversed: true, "aria-live": "polite", "aria-relevant": "additions" });
    for (const ev of this.events) {
      const li = log.entry(ev);
      this.applyFilter(li);
      list.prepend(li);
    }
    return section("log", t("log"), h("label", { class: "row" }, h("span", {}, t("log-filter")), sel), list);
  }

  // ---------- Referee tools ----------

  refereeTools() {
    return [this.createCreaturePanel(), this.invitePanel(), this.packPanel(), this.commandPanel()];
  }

  createCreaturePanel() {
    const f = this.forms.creature;
    const field = (key, label, attrs = {}) => {
      const id = `cc-${key}`;
      const input = h("input", { id, value: f[key] ?? attrs.value ?? "", ...attrs, oninput: (e) => (f[key] = e.target.value) });
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
          const id = (f.id || "").trim();
          const cmd = {
            create_creature: {
              id,
              kind: f.kind || "crow",
              characteristics: { agility: num("agility", 0), mind: num("mind", 0), strength: num("strength", 0) },
              stamina: num("stamina", 6),
              speed: { walk: num("walk", 6) },
            },
          };
          if ((f.name || "").trim()) cmd.create_creature.name = f.name.trim();
          try {
            await this.send({ rules: cmd });
            this.forms.creature = { kind: f.kind };
            this.selected = id;
            this.render();
          } catch {
            /* shown */
          }
        },
      },
      field("id", t("creature-id"), { required: true, pattern: "[A-Za-z0-9_\\-]+", autocomplete: "off" }),
      h("label", { for: "cc-kind", class: "field" }, h("span", {}, t("kind")), kind),
      field("agility", t("char-agility"), { type: "number", min: -5, max: 5, value: 0 }),
      field("mind", t("char-mind"), { type: "number", min: -5, max: 5, value: 0 }),
      field("strength", t("char-strength"), { type: "number", min: -5, max: 5, value: 0 }),
      field("stamina", t("stamina"), { type: "number", min: 1, max: 99, value: 6 }),
      field("walk", t("speed"), { type: "number", min: 0, max: 30, value: 6 }),
      h("button", { type: "submit", class: "primary", id: "cc-submit" }, t("create-creature")),
    );
    return h("details", { class: "panel tool", id: "create-creature" }, h("summary", {}, h("h2", {}, t("create-creature"))), form);
  }

  invitePanel() {
    const crows = Object.values(this.creatures).filter(isParty);
    const sel = h("select", { id: "invite-character", "aria-label": t("invite-for") }, h("option", { value: "" }, t("invite-open")), crows.map((c) => h("option", { value: c.id }, displayName(c))));
    const list = h(
      "ul",
      { class: "invites" },
      this.invites.map((inv) =>
        h(
          "li",
          { class: "invite" },
          h("div", {}, h("strong", {}, inv.character ? displayName(this.creatures[inv.character]) || inv.character : t("invite-open"))),
          h("input", { readonly: true, value: inv.link, class: "invite-link", "aria-label": t("invite-link"), onfocus: (e) => e.target.select() }),
          h("button", { type: "button", onclick: () => navigator.clipboard?.writeText(inv.link).then(() => announce(t("copied"))) }, t("copy")),
          inv.revoked
            ? h("em", { class: "revoked" }, t("invite-revoked"))
            : h("button", { type: "button", class: "revoke-invite", onclick: () => this.revokeInvite(inv) }, t("revoke-invite")),
          inv.revoked ? null : h("div", { class: "qr", "aria-label": t("qr-code"), role: "img", dataset: { link: inv.link } }),
        ),
      ),
    );
    queueMicrotask(() => drawQrs());
    const players = this.view.participants?.players || {};
    const bindRows = Object.entries(players).map(([p, cs]) =>
      h(
        "li",
        {},
        h("strong", {}, p),
        ": ",
        cs.length ? cs.map((c) => displayName(this.creatures[c]) || c).join(", ") : t("no-character"),
        " ",
        h(
          "select",
          {
            "aria-label": t("bind-character", { player: p }),
            onchange: (e) => e.target.value && this.send({ bind: { player: p, character: e.target.value } }).catch(() => {}),
          },
          h("option", { value: "" }, t("bind")),
          crows.filter((c) => !cs.includes(c.id)).map((c) => h("option", { value: c.id }, displayName(c))),
        ),
        " ",
        h("button", { type: "button", class: "revoke-player", onclick: () => this.revokePlayer(p) }, t("revoke-player")),
        this.reissued?.[p] ? h("input", { readonly: true, value: this.reissued[p], class: "invite-link", "aria-label": t("new-player-link", { player: p }), onfocus: (e) => e.target.select() }) : null,
      ),
    );
    return section(
      "invites",
      t("players-invites"),
      h("ul", { class: "players" }, bindRows),
      h(
        "div",
        { class: "row wrap" },
        sel,
        h(
          "button",
          {
            id: "make-invite",
            type: "button",
            class: "primary",
            onclick: async () => {
              try {
                const inv = await this.seat.invite(sel.value || null);
                this.invites.unshift(inv);
                this.render();
              } catch (e) {
                announce(e.message, "error");
              }
            },
          },
          t("make-invite"),
        ),
      ),
      list,
      h("p", { class: "row wrap" }, h("button", { type: "button", id: "rotate-referee", onclick: () => this.rotateReferee() }, t("rotate-referee")), h("span", { class: "hint" }, t("rotate-referee-hint"))),
    );
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

  packPanel() {
    const packs = this.rules.content?.packs || [];
    const file = h("input", { id: "pack-files", type: "file", multiple: true, accept: ".json,.toml,.txt,.yaml,.yml" });
    return h(
      "details",
      { class: "panel tool", id: "packs" },
      h("summary", {}, h("h2", {}, t("content-packs", { count: packs.length }))),
      packs.length ? h("ul", {}, packs.map((p) => h("li", {}, p))) : h("p", { class: "hint" }, t("no-packs")),
      h("label", { for: "pack-files" }, t("load-pack")),
      file,
      h(
        "button",
        {
          type: "button",
          onclick: async () => {
            const files = await Promise.all([...file.files].map(async (f) => ({ name: f.name, text: await f.text() })));
            if (files.length) this.send({ rules: { load_pack: { files } } }).then(() => announce(t("pack-loaded"))).catch(() => {});
          },
        },
        t("load"),
      ),
      this.rules.content?.items?.length ? h("p", { class: "hint" }, t("cards-loaded", { items: this.rules.content.items.length, creatures: this.rules.content.creatures?.length ?? 0 })) : null,
    );
  }

  commandPanel() {
    const area = h("textarea", { id: "raw-command", rows: 3, spellcheck: false, placeholder: '{"rules": {"rest_halfway": {}}}', oninput: (e) => (this.forms.command = e.target.value) }, this.forms.command);
    return h(
      "details",
      { class: "panel tool", id: "commands" },
      h("summary", {}, h("h2", {}, t("undo-and-commands"))),
      h("div", { class: "row wrap" }, h("button", { id: "undo", type: "button", onclick: () => this.send({ undo: { count: 1 } }).then(() => announce(t("undone"))).catch(() => {}) }, "↶ " + t("undo"))),
      h("label", { for: "raw-command" }, t("raw-command")),
      area,
      h(
        "button",
        {
          type: "button",
          id: "send-command",
          onclick: () => {
            let cmd;
            try {
              cmd = JSON.parse(area.value);
            } catch (e) {
              announce(`JSON: ${e.message}`, "error");
              return;
            }
            this.send(cmd).catch(() => {});
          },
        },
        t("send"),
      ),
      h("p", { class: "hint" }, t("raw-command-hint")),
    );
  }
}

export function fmt(ms) {
  const neg = ms < 0;
  const s = Math.floor(Math.abs(ms) / 1000);
  const m = Math.floor(s / 60);
  const txt = `${String(m).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
  return neg ? `−${txt}` : txt;
}

let qrModule = null;
/** Draws QR codes for invite links (the generator is loaded only when needed). */
async function drawQrs() {
  const boxes = [...document.querySelectorAll(".qr[data-link]")].filter((b) => !b.firstChild);
  if (!boxes.length) return;
  qrModule = qrModule || (await import("../vendor/qrcode/qrcode.mjs"));
  for (const box of boxes) {
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
