// Forecast charts (issue 24), game-free: a ruleset's screen turns its forecast report
// (POST /api/tables/{id}/forecasts/{kind}, js/api.js `Seat.forecast`) into a spec of labelled
// proportions and a histogram; this module draws them as one SVG chart (bars with their 95 %
// interval whiskers; grouped bars per item; a histogram) and gives the same figures as tables
// for screen readers and for reading exact numbers. Crows loads it lazily (`import()`), so a
// table's first load does not carry it.
//
// `FightForecast` (below) is the whole Referee's panel of a ruleset's `fight` forecast for the
// Preact screens (D&D 2024, ACKS): the runs, the ruleset's optional combatants and weapons,
// the button, the report's chart or its refusal. The ruleset gives its message prefix, its
// sides and the per-creature metrics its report carries; the words are the ruleset's
// (`<prefix>-forecast-*` in its ftl files). Never rendered for a player (the server refuses
// a player's forecast anyway).
//
// spec = {
//   id: "combat-forecast",                               // prefix of the element ids
//   title: "…",                                           // the chart's accessible name
//   bars: [{ key, label, p, ci95: [lo, hi] }],            // the headline chances
//   groups: { label, metrics: [label…], rows: [{ key, label, values: [{ p, ci95 }…] }] },
//   means: [{ key, label, mean, ci95: [lo, hi] }],         // expected values (a table only)
//   histogram: { label, value: "…", counts: [[value, count]…], mean, ci95, total },
//                                                         // total: runs the shares are of
//                                                         // (default: the counts' sum)
//   note: "…",                                            // e.g. runs and seed
// }

import { h } from "./vdom.js";
import { t, has, lang } from "./i18n.js";
import { useState } from "../vendor/preact/hooks.module.js";
import { refusalText } from "./log.js";

/** A proportion as a percentage in the UI language ("12.5 %", "12,5 %"). */
export function percent(p) {
  const n = Number.isFinite(p) ? p : 0;
  return new Intl.NumberFormat(lang(), { style: "percent", maximumFractionDigits: 1 }).format(n);
}

function decimal(x) {
  return new Intl.NumberFormat(lang(), { maximumFractionDigits: 2 }).format(Number.isFinite(x) ? x : 0);
}

/** "12.5% (10.1–14.9%)": a chance with its 95 % interval (the tables say what the brackets are). */
export function withInterval(p, ci95) {
  return t("forecast-with-interval", { p: percent(p), lo: percent(ci95?.[0] ?? p), hi: percent(ci95?.[1] ?? p) });
}

// Colours of the metrics of a group, in order (the CSS variables of app.css).
const COLOURS = ["var(--danger)", "var(--accent)", "var(--tier2)", "var(--ok)"];
const LABEL_W = 200;
const BAR_W = 300;
const ROW_H = 22;
const SUB_H = 12;
const clamp = (x) => Math.max(0, Math.min(1, Number.isFinite(x) ? x : 0));

function whisker(y, [lo, hi], h2) {
  const x1 = LABEL_W + clamp(lo) * BAR_W;
  const x2 = LABEL_W + clamp(hi) * BAR_W;
  const mid = y + h2 / 2;
  return [
    h("line", { x1, x2, y1: mid, y2: mid, stroke: "var(--text)", "stroke-width": 1.5 }),
    h("line", { x1, x2: x1, y1: mid - 4, y2: mid + 4, stroke: "var(--text)", "stroke-width": 1.5 }),
    h("line", { x1: x2, x2, y1: mid - 4, y2: mid + 4, stroke: "var(--text)", "stroke-width": 1.5 }),
  ];
}

function bar(y, height, p, ci95, fill, cls) {
  return h(
    "g",
    { class: cls },
    h("rect", { x: LABEL_W, y, width: clamp(p) * BAR_W, height, fill, rx: 2 }),
    ci95 ? whisker(y, ci95, height) : null,
  );
}

function text(x, y, s, attrs = {}) {
  return h("text", { x, y, fill: "var(--text)", "font-size": 12, ...attrs }, s);
}

/** The SVG chart of a spec (hidden from screen readers: the tables carry the same figures). */
function chart(spec) {
  const parts = [];
  let y = 4;
  // Headline bars with their whiskers.
  for (const b of spec.bars || []) {
    parts.push(text(LABEL_W - 6, y + 14, b.label, { "text-anchor": "end" }));
    parts.push(bar(y + 2, ROW_H - 6, b.p, b.ci95, "var(--accent)", `forecast-bar forecast-bar-${b.key}`));
    parts.push(text(LABEL_W + BAR_W + 6, y + 14, percent(b.p)));
    y += ROW_H;
  }
  // Per item, one thin bar per metric.
  const g = spec.groups;
  if (g?.rows?.length) {
    y += 8;
    // The legend, one metric a line (long words in some languages).
    g.metrics.forEach((m, i) => {
      parts.push(h("rect", { x: LABEL_W, y, width: 10, height: 10, fill: COLOURS[i % COLOURS.length] }));
      parts.push(text(LABEL_W + 14, y + 9, m, { "font-size": 11 }));
      y += 14;
    });
    y += 6;
    for (const row of g.rows) {
      const rowH = SUB_H * g.metrics.length + 6;
      parts.push(text(LABEL_W - 6, y + rowH / 2 + 4, row.label, { "text-anchor": "end" }));
      row.values.forEach((v, i) => {
        parts.push(bar(y + i * SUB_H, SUB_H - 3, v.p, v.ci95, COLOURS[i % COLOURS.length], `forecast-item forecast-item-${row.key}`));
      });
      y += rowH;
    }
  }
  // The histogram, one column per value.
  const hist = spec.histogram;
  if (hist?.counts?.length) {
    y += 12;
    parts.push(text(LABEL_W, y + 10, hist.label));
    y += 16;
    const top = Math.max(...hist.counts.map(([, c]) => c), 1);
    const height = 70;
    const n = hist.counts.length;
    const w = BAR_W / n;
    hist.counts.forEach(([v, c], i) => {
      const bh = (c / top) * height;
      const x = LABEL_W + i * w;
      parts.push(h("rect", { class: "forecast-hist", x: x + 1, y: y + height - bh, width: Math.max(w - 2, 1), height: bh, fill: "var(--muted)" }));
      if (n <= 30 || i % Math.ceil(n / 30) === 0) parts.push(text(x + w / 2, y + height + 12, String(v), { "text-anchor": "middle", "font-size": 10 }));
    });
    y += height + 18;
  }
  const width = LABEL_W + BAR_W + 60;
  return h(
    "svg",
    { id: `${spec.id}-chart`, class: "forecast-chart", viewBox: `0 0 ${width} ${y}`, width: "100%", style: `max-width:${width}px`, "aria-hidden": "true", focusable: "false" },
    ...parts,
  );
}

/** The figures as tables (what a screen reader reads, and the exact numbers). */
function figures(spec) {
  const out = [];
  if (spec.bars?.length) {
    out.push(
      h(
        "table",
        { id: `${spec.id}-chances`, class: "forecast-figures" },
        h("caption", {}, spec.title),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("forecast-outcome")), h("th", { scope: "col" }, t("forecast-chance")))),
        h(
          "tbody",
          {},
          spec.bars.map((b) => h("tr", { key: b.key, dataset: { key: b.key } }, h("th", { scope: "row" }, b.label), h("td", {}, withInterval(b.p, b.ci95)))),
        ),
      ),
    );
  }
  const g = spec.groups;
  if (g?.rows?.length) {
    out.push(
      h(
        "table",
        { id: `${spec.id}-items`, class: "forecast-figures" },
        h("caption", {}, g.label),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), g.metrics.map((m) => h("th", { scope: "col" }, m)))),
        h(
          "tbody",
          {},
          g.rows.map((row) => h("tr", { key: row.key, dataset: { key: row.key } }, h("th", { scope: "row" }, row.label), row.values.map((v) => h("td", {}, withInterval(v.p, v.ci95))))),
        ),
      ),
    );
  }
  if (spec.means?.length) {
    out.push(
      h(
        "table",
        { id: `${spec.id}-means`, class: "forecast-figures" },
        h("caption", {}, t("forecast-expected")),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("forecast-outcome")), h("th", { scope: "col" }, t("forecast-average")))),
        h(
          "tbody",
          {},
          spec.means.map((m) =>
            h(
              "tr",
              { key: m.key, dataset: { key: m.key } },
              h("th", { scope: "row" }, m.label),
              h("td", {}, t("forecast-with-interval", { p: decimal(m.mean), lo: decimal(m.ci95?.[0] ?? m.mean), hi: decimal(m.ci95?.[1] ?? m.mean) })),
            ),
          ),
        ),
      ),
    );
  }
  const hist = spec.histogram;
  if (hist?.counts?.length) {
    const total = hist.total || hist.counts.reduce((a, [, c]) => a + c, 0) || 1;
    out.push(
      h(
        "table",
        { id: `${spec.id}-histogram`, class: "forecast-figures" },
        h("caption", {}, hist.mean != null ? t("forecast-mean", { what: hist.label, mean: decimal(hist.mean), lo: decimal(hist.ci95?.[0] ?? hist.mean), hi: decimal(hist.ci95?.[1] ?? hist.mean) }) : hist.label),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, hist.value), h("th", { scope: "col" }, t("forecast-share")))),
        h(
          "tbody",
          {},
          hist.counts.map(([v, c]) => h("tr", { key: String(v) }, h("th", { scope: "row" }, String(v)), h("td", {}, `${percent(c / total)} (${t("forecast-runs-count", { count: c })})`))),
        ),
      ),
    );
  }
  return out;
}

/** The chart and its figures for a report's spec. */
export function forecastView(spec) {
  return h(
    "figure",
    { id: spec.id, class: "forecast" },
    h("figcaption", {}, spec.title, spec.note ? h("span", { class: "hint" }, ` — ${spec.note}`) : null),
    chart(spec),
    h("div", { class: "forecast-tables row wrap" }, ...figures(spec)),
    h("p", { class: "hint" }, t("forecast-interval-note")),
  );
}

// ---------- the Referee's fight forecast panel for the Preact screens (issue 24) ----------

/** Runs of a forecast when the field is left as it is, and the most the field offers. */
const FIGHT_RUNS = 2000;
const FIGHT_RUNS_MAX = 20000;

// Each screen's panel state (runs, options, the last report), kept across re-renders and tabs.
const panels = new WeakMap();

function panelState(screen) {
  let s = panels.get(screen);
  if (!s) {
    s = { runs: String(FIGHT_RUNS), busy: false, report: null, refusal: "", picked: {}, weapons: {} };
    panels.set(screen, s);
  }
  return s;
}

/** The request's body: runs and seed, and the ruleset's options the Referee filled in. */
function fightBody(fc, choose, seed) {
  const args = {};
  if (choose?.pick) {
    const ids = choose.ids.filter((id) => fc.picked[id] !== false);
    if (ids.length !== choose.ids.length) args.combatants = ids;
  }
  if (choose?.weapons) {
    const weapons = {};
    for (const id of choose.ids.filter(choose.character)) {
      const dice = (fc.weapons[id] || "").trim();
      if (dice && (!choose.pick || fc.picked[id] !== false)) weapons[id] = dice;
    }
    if (Object.keys(weapons).length) args.weapons = weapons;
  }
  return { runs: Math.min(Math.max(Number(fc.runs) || FIGHT_RUNS, 1), FIGHT_RUNS_MAX), seed, args };
}

/** The report as this module's chart spec, in the ruleset's words. */
function fightSpec(p, r, name) {
  const w = (k, args) => t(`${p.prefix}-forecast-${k}`, args);
  const side = (k) => ({ key: k, label: w(`side-${k}`), p: r.sides?.[k]?.win, ci95: r.sides?.[k]?.ci95 });
  const order = Object.fromEntries(p.sides.map((s, i) => [s, i]));
  const rows = Object.entries(r.creatures || {}).sort(([a, x], [b, y]) => (order[x.side] ?? 9) - (order[y.side] ?? 9) || name(a).localeCompare(name(b)));
  const policy = has(`${p.prefix}-forecast-policy-${r.policy}`) ? w(`policy-${r.policy}`) : String(r.policy ?? "");
  return {
    id: `${p.prefix}-forecast-report`,
    title: w("title"),
    note: w("note", { count: r.runs, seed: String(r.seed), policy }),
    bars: [...p.sides.map(side), { key: "draw", label: w("draw"), p: r.sides?.draw?.p, ci95: r.sides?.draw?.ci95 }],
    groups: {
      label: w("creatures"),
      metrics: p.metrics.map((m) => w(`m-${m}`)),
      rows: rows.map(([id, c]) => ({
        key: id,
        label: `${name(id)} (${w(`side-${c.side}`)})`,
        values: p.metrics.map((m) => ({ p: c[m], ci95: c[`${m}_ci95`] })),
      })),
    },
    means: rows.map(([id, c]) => ({ key: id, label: t(`${p.prefix}-forecast-hp-left`, { name: name(id) }), mean: c.hp_left_mean, ci95: c.hp_left_ci95 })),
    histogram: { label: w("rounds"), value: w("round"), counts: r.rounds || [], mean: r.rounds_mean, ci95: r.rounds_ci95, total: r.runs },
  };
}

/**
 * The Referee's fight forecast panel (a Preact component; null for a player).
 * props: screen; prefix ("dnd", "acks"); sides (the report's side keys, in order);
 * metrics (the per-creature chances the report carries, e.g. "dies", "knocked_out");
 * name(id) → display name; choose (optional): { ids, character(id), pick, weapons } — the
 * creatures that may fight, whether the Referee picks them (no fight under way) and whether
 * each character's weapon dice may be given.
 */
export function FightForecast(p) {
  const { screen } = p;
  const [, bump] = useState(0);
  if (!screen.isReferee || !(screen.forecasts || []).includes("fight")) return null;
  const fc = panelState(screen);
  const redraw = () => bump((n) => n + 1);
  const pre = `${p.prefix}-forecast`;
  const w = (k, args) => t(`${pre}-${k}`, args);
  const name = (id) => p.name(id) || id;
  const choose = p.choose;
  const run = async () => {
    fc.busy = true;
    fc.refusal = "";
    redraw();
    try {
      // A seed the page draws (and shows), so the same figures can be asked for again.
      const seed = Math.floor(Math.random() * 2 ** 32);
      const { runs, args } = fightBody(fc, choose, seed);
      fc.report = await screen.seat.forecast("fight", { runs, seed, args });
    } catch (e) {
      fc.report = null;
      fc.refusal = refusalText(e);
    } finally {
      fc.busy = false;
      redraw();
    }
  };
  const runs = Number(fc.runs) || FIGHT_RUNS;
  const chars = choose?.weapons ? choose.ids.filter(choose.character).filter((id) => !choose.pick || fc.picked[id] !== false) : [];
  return h(
    "section",
    { id: `${pre}-panel`, class: "panel", "aria-labelledby": `${pre}-h` },
    h("h2", { id: `${pre}-h` }, w("heading")),
    h("p", { class: "hint" }, w("hint")),
    choose?.pick && choose.ids.length
      ? h(
          "fieldset",
          { id: `${pre}-combatants`, class: "row wrap" },
          h("legend", {}, w("combatants")),
          choose.ids.map((id) =>
            h(
              "label",
              { key: id, class: "radio" },
              h("input", { type: "checkbox", id: `${pre}-pick-${id}`, checked: fc.picked[id] !== false, onChange: (e) => ((fc.picked[id] = e.target.checked), redraw()) }),
              ` ${name(id)}`,
            ),
          ),
        )
      : null,
    chars.length
      ? h(
          "fieldset",
          { id: `${pre}-weapons`, class: "row wrap" },
          h("legend", {}, w("weapons")),
          chars.map((id) =>
            h(
              "label",
              { key: id },
              `${name(id)} `,
              h("input", { id: `${pre}-weapon-${id}`, class: "num", maxlength: 20, placeholder: "1d8", value: fc.weapons[id] || "", onInput: (e) => (fc.weapons[id] = e.target.value) }),
            ),
          ),
        )
      : null,
    h(
      "div",
      { class: "row wrap" },
      h("label", { for: `${pre}-runs` }, w("runs")),
      h("input", { id: `${pre}-runs`, type: "number", min: 1, max: FIGHT_RUNS_MAX, step: 100, class: "num", value: fc.runs, onInput: (e) => (fc.runs = e.target.value) }),
      h("button", { type: "button", id: pre, "aria-busy": fc.busy ? "true" : null, disabled: fc.busy, onClick: run }, fc.busy ? w("running", { count: runs }) : w("button")),
    ),
    h(
      "div",
      { id: `${pre}-out`, "aria-live": "polite" },
      fc.refusal ? h("p", { class: "refusal", role: "alert", id: `${pre}-refusal` }, `${t("refused")}: ${fc.refusal}`) : null,
      fc.report
        ? [
            forecastView(fightSpec(p, fc.report, name)),
            h("button", { type: "button", id: `${pre}-close`, onClick: () => ((fc.report = null), redraw()) }, w("close")),
          ]
        : null,
    ),
  );
}
