// Forecast charts (issue 24), game-free: a ruleset's screen turns its forecast report
// (POST /api/tables/{id}/forecasts/{kind}, js/api.js `Seat.forecast`) into a spec of labelled
// proportions and a histogram; this module draws them as one SVG chart (bars with their 95 %
// interval whiskers; grouped bars per item; a histogram) and gives the same figures as tables
// for screen readers and for reading exact numbers. Loaded lazily (`import()`), so a table's
// first load does not carry it.
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
import { t, lang } from "./i18n.js";

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
