// The test panel (Preact, through js/vdom.js): characteristic, edges, banes and bonus → the
// exact odds of each tier, updated on every change before anything is rolled (odds.js: the
// server's `odds` query, remembered per question so a re-render shows them at once).
// The Referee rolls (`test` is the Referee's command); the creature's player sees the same
// odds and, after the roll, both d10 faces, the total and the tier, crit or doom
// highlighted, and the expertise offer at the commit point (a pending decision).

import { h, section } from "../../js/vdom.js";
import { useEffect, useReducer, useState } from "../../vendor/preact/hooks.module.js";
import { t, tOr } from "../../js/i18n.js";
import { testOdds } from "./odds.js";
import { displayName } from "./sheet.js";
import { refusalText } from "../../js/log.js";

const CHARS = ["agility", "mind", "strength"];

function oddsBar(o, id) {
  return h(
    "div",
    { class: "odds-bar", id, role: "img", "aria-label": t("odds-aria", { t1: o.tier1, t2: o.tier2, t3: o.tier3 }) },
    [1, 2, 3].map((n) => h("span", { class: `seg tier-${n}`, style: `flex-grow:${o["tier" + n]}` }, o["tier" + n] >= 8 ? `${o["tier" + n]}%` : "")),
  );
}

function oddsTable(odds) {
  const row = (label, o, cls) =>
    h("tr", { class: cls }, h("th", { scope: "row" }, label), [1, 2, 3].map((n) => h("td", { class: `tier-${n}`, dataset: { tier: n } }, `${o["tier" + n]}%`)), h("td", {}, `${o.crit}%`), h("td", {}, `${o.doom}%`));
  return h(
    "table",
    { class: "odds", id: "odds-table" },
    h("caption", { class: "sr" }, t("odds")),
    h("thead", {}, h("tr", {}, h("td", {}), [1, 2, 3].map((n) => h("th", { scope: "col" }, t("tier-n", { n }))), h("th", { scope: "col" }, t("crit")), h("th", { scope: "col" }, t("doom")))),
    h("tbody", {}, row(t("odds-plain"), odds.without, "plain"), row(t("odds-with-expertise"), odds.withExpertise, "with-exp")),
  );
}

/** The last test of this creature in the log: {rolled|resolved, n}. */
function lastTest(screen, id) {
  for (let i = screen.events.length - 1; i >= 0; i--) {
    const b = screen.events[i].body;
    if (b.type !== "rules") continue;
    const e = b.event || {};
    if (e.test_resolved?.creature === id) return { resolved: e.test_resolved.resolved, n: screen.events[i].n };
    if (e.test_rolled?.creature === id) return { rolled: e.test_rolled.rolled, n: screen.events[i].n };
  }
  const r = screen.rules.last_tests?.[id];
  return r ? { resolved: r, n: 0 } : null;
}

function resultView(screen, c) {
  const last = lastTest(screen, c.id);
  if (!last) return h("p", { class: "hint", id: "test-result" }, t("no-test-yet"));
  const r = last.resolved || last.rolled;
  const crit = last.resolved ? r.crit : r.natural_kind === "crit";
  const doom = last.resolved ? r.doom : r.natural_kind === "doom";
  const tier = last.resolved ? r.final_tier : r.tier_before_expertise;
  const pending = !last.resolved;
  const offer = (screen.view.decisions || []).find((d) => d.kind === "crows.expertise" && (d.context?.creature === c.id || d.answerer?.name === c.id));
  return h(
    "div",
    { id: "test-result", class: `result${crit ? " crit" : ""}${doom ? " doom" : ""}`, "aria-live": "polite", dataset: { tier, n: last.n } },
    h(
      "div",
      { class: "faces" },
      r.faces.map((f, i) => h("span", { class: "d10", id: `face-${i + 1}`, "aria-label": t("die-face", { face: f }) }, String(f))),
      h("span", { class: "total", id: "test-total" }, `= ${r.total}`),
    ),
    h("div", { class: "result-line" }, h("strong", { class: `tier tier-${tier}`, id: "test-tier" }, t("tier-n", { n: tier })), crit ? h("span", { class: "badge crit", id: "test-crit" }, t("crit")) : null, doom ? h("span", { class: "badge doom", id: "test-doom" }, t("doom")) : null, pending ? h("span", { class: "badge" }, t("commit-point")) : null),
    h("p", { class: "hint" }, t("test-breakdown", { characteristic: t(`char-${r.spec?.characteristic ?? "agility"}`), natural: r.natural, net: t(`net-${r.net}`), bonus: r.bonus_total })),
    last.resolved?.expertise ? h("p", {}, t("expertise-spent", { expertise: tOr(`exp-${last.resolved.expertise}`, last.resolved.expertise) })) : null,
    offer ? h("p", { class: "offer" }, t("expertise-offer")) : null,
    offer
      ? h(
          "div",
          { class: "row wrap", role: "group", "aria-label": t("expertise-offer") },
          offer.options.map((o) => h("button", { type: "button", class: o.id === "commit" ? "" : "primary", disabled: !screen.canAnswer(offer), dataset: { option: o.id }, onclick: () => screen.send({ answer: { decision: offer.id, option: o.id } }).catch(() => {}) }, o.id === "commit" ? t("commit-no-expertise") : tOr(`exp-${o.id}`, o.label || o.id))),
        )
      : null,
  );
}

/** The odds of the question `args` (asked of the server once, then remembered). */
export function OddsBox({ screen, args, stat }) {
  const cache = (screen.oddsCache ||= new Map());
  // The answer depends on the creature's characteristic and the table's test rules too.
  const key = JSON.stringify([args, stat, screen.rules.test_rules]);
  const [, answered] = useReducer((n) => n + 1, 0);
  const [error, setError] = useState(null);
  useEffect(() => {
    if (cache.has(key)) return undefined;
    let current = true;
    setError(null);
    testOdds(screen.seat, args).then(
      (o) => {
        if (cache.size > 200) cache.clear();
        cache.set(key, o);
        if (current) answered();
      },
      (e) => current && setError(e?.message ? refusalText(e) : String(e)),
    );
    // A newer question replaces this one on screen.
    return () => {
      current = false;
    };
  }, [key]);
  const o = cache.get(key);
  if (!o) return h("div", { class: "odds-box", id: "odds-box", "aria-busy": "true" }, error ? h("p", { class: "inv-error", role: "alert" }, error) : null);
  return h("div", { class: "odds-box", id: "odds-box" }, oddsBar(o.without, "odds-bar"), oddsTable(o), h("p", { class: "hint", id: "net-edge" }, t(`net-${o.net}`)));
}

export function testPanel(screen, c) {
  const f = (screen.forms.test[c.id] ||= { characteristic: "agility", edges: 0, banes: 0, bonus: 0, task: "" });
  const ch = c.creature.characteristics || {};
  const args = { creature: c.id, characteristic: f.characteristic, edges: f.edges, banes: f.banes, bonus: f.bonus };
  const oddsBox = h(OddsBox, { screen, args, stat: ch[f.characteristic] ?? 0 });
  const stepper = (key, label, min, max) => {
    const id = `test-${key}`;
    const input = h("input", {
      id,
      type: "number",
      min,
      max,
      value: f[key],
      inputmode: "numeric",
      oninput: (e) => {
        // Half-typed ("-", "") waits for a number; the field keeps what is typed.
        if (e.target.value.trim() === "" || !Number.isFinite(Number(e.target.value))) return;
        f[key] = Math.min(max, Math.max(min, Math.round(Number(e.target.value))));
        screen.render();
      },
    });
    const bump = (d) => () => {
      f[key] = Math.min(max, Math.max(min, f[key] + d));
      screen.render();
    };
    return h(
      "div",
      { class: "field stepper" },
      h("label", { for: id }, label),
      h("div", { class: "row" }, h("button", { type: "button", "aria-label": t("decrease", { what: label }), onclick: bump(-1) }, "−"), input, h("button", { type: "button", "aria-label": t("increase", { what: label }), onclick: bump(1) }, "+")),
    );
  };
  const chars = h(
    "fieldset",
    { class: "chars" },
    h("legend", {}, t("characteristic")),
    CHARS.map((k) =>
      h(
        "label",
        { class: "radio" },
        h("input", {
          type: "radio",
          name: `char-${c.id}`,
          id: `test-char-${k}`,
          value: k,
          checked: f.characteristic === k,
          onchange: () => {
            f.characteristic = k;
            screen.render();
          },
        }),
        ` ${t(`char-${k}`)} (${(ch[k] ?? 0) >= 0 ? "+" : ""}${ch[k] ?? 0})`,
      ),
    ),
  );
  // The Referee approves which of the creature's expertises may apply (CR-EXP-09); those of
  // a matching category are offered anyway.
  f.approved ||= [];
  const exps = Object.entries(c.creature.expertises?.uses || {});
  const approvals = screen.isReferee && exps.length
    ? h(
        "fieldset",
        { class: "chars approvals" },
        h("legend", {}, t("approved-expertises")),
        exps.map(([k, u]) =>
          h(
            "label",
            { class: "radio" },
            h("input", {
              type: "checkbox",
              id: `approve-${k}`,
              checked: f.approved.includes(k),
              onchange: (e) => {
                f.approved = e.target.checked ? [...new Set([...f.approved, k])] : f.approved.filter((x) => x !== k);
              },
            }),
            ` ${tOr(`exp-${k}`, k)} (${u.left}/${u.max})`,
          ),
        ),
      )
    : null;
  // Physical dice (while the table's players-dice option is on): the faces typed here go
  // with this panel's roll (the Referee's test, or the player's called test).
  const dice = !!screen.mayBringDice?.();
  const called = (screen.view.decisions || []).find((d) => d.kind === "crows.called_test" && (d.context?.creature ?? d.args?.creature) === c.id && screen.canAnswer(d));
  const faces = dice
    ? h(
        "span",
        { class: "field dice-faces" },
        h("label", { for: "test-faces" }, t("faces")),
        h("input", { id: "test-faces", inputmode: "numeric", autocomplete: "off", value: f.faces || "", oninput: (e) => (f.faces = e.target.value), "aria-describedby": "test-faces-hint" }),
        h("span", { class: "hint", id: "test-faces-hint" }, t("faces-hint")),
      )
    : null;
  const rollCalled =
    called && dice && !screen.isReferee
      ? h(
          "button",
          {
            type: "button",
            class: "primary big",
            id: "roll-called-test",
            onclick: () =>
              screen
                .send({ answer: { decision: called.id, option: "roll" } }, { faces: f.faces || "" })
                .then(() => ((f.faces = ""), screen.render()))
                .catch(() => {}),
          },
          t("opt-crows-called_test-roll"),
        )
      : null;
  const task = h("input", { id: "test-task", value: f.task, placeholder: t("task-placeholder"), oninput: (e) => (f.task = e.target.value) });
  const roll = screen.isReferee
    ? h(
        "button",
        {
          type: "button",
          class: "primary big",
          id: "roll-test",
          onclick: async () => {
            const cmd = { creature: c.id, characteristic: f.characteristic, edges: f.edges, banes: f.banes, bonus: f.bonus };
            if (f.task.trim()) cmd.task = f.task.trim();
            if (f.approved.length) cmd.approved_expertises = f.approved;
            try {
              await screen.send({ rules: { test: cmd } }, { faces: dice ? f.faces || "" : "" });
              f.retryBlocked = null;
              f.faces = "";
            } catch (e) {
              // The same task again waits for the Referee's word that things changed (CR-RETRY-01).
              f.retryBlocked = e?.code === "retry_refused" ? cmd.task : null;
              screen.render();
            }
          },
        },
        "⚄ " + t("roll-test"),
      )
    : rollCalled || h("p", { class: "hint" }, t("referee-rolls"));
  // A creature a player controls may roll its own test: the Referee calls for it.
  const call =
    screen.isReferee && (screen.controllersOf?.(c.id) || []).length
      ? h(
          "button",
          {
            type: "button",
            id: "call-test",
            onclick: async () => {
              const cmd = { creature: c.id, characteristic: f.characteristic, edges: f.edges, banes: f.banes, bonus: f.bonus };
              if (f.task.trim()) cmd.task = f.task.trim();
              if (f.approved.length) cmd.approved_expertises = f.approved;
              try {
                await screen.send({ rules: { call_test: cmd } });
                f.retryBlocked = null;
              } catch (e) {
                f.retryBlocked = e?.code === "retry_refused" ? cmd.task : null;
                screen.render();
              }
            },
          },
          t("call-test", { players: (screen.controllersOf(c.id) || []).join(", ") }),
        )
      : null;
  const changed =
    screen.isReferee && f.retryBlocked
      ? h(
          "button",
          {
            type: "button",
            id: "circumstances-changed",
            onclick: async () => {
              try {
                await screen.send({ rules: { circumstances_changed: { creature: c.id, task: f.retryBlocked } } });
                f.retryBlocked = null;
                screen.render();
              } catch {
                /* shown */
              }
            },
          },
          t("circumstances-changed", { task: f.retryBlocked }),
        )
      : null;
  return section(
    "test",
    t("test-for", { name: displayName(c) }),
    h("div", { class: "test-grid" }, h("div", {}, chars, h("div", { class: "row wrap" }, stepper("edges", t("edges"), 0, 4), stepper("banes", t("banes"), 0, 4), stepper("bonus", t("bonus"), -10, 10))), oddsBox),
    approvals,
    screen.isReferee ? h("label", { class: "field" }, h("span", {}, t("task")), task) : null,
    faces,
    h("div", { class: "row wrap" }, roll, call),
    changed,
    resultView(screen, c),
  );
}
