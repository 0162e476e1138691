// Printable item cards and inventory sheet (CR-INV-08). The print view opens over the page
// (outside #main, so live re-renders leave it alone); `@media print` in app.css prints only it.
// Cards have a physical size: a 1-slot item's card stands upright, a card of 2 or more slots
// lies on its side, as at the table. The sheet has the four rows: hands, belt, and the
// backpack in two rows of five. Rendered with Preact + htm into the dialog element, which is
// a child of the body (so `js/dom.js` `watchModals` makes it modal and the print rules find it).

import { h, render } from "../../vendor/preact/preact.module.js";
import htm from "../../vendor/htm/htm.module.js";
import { t } from "../../js/i18n.js";
import { storedItems, displayName, usageText } from "./sheet.js";

const html = htm.bind(h);

/** Stacks share their first slot: one card per placement, with the stack's count. */
function cardGroups(c) {
  const groups = new Map();
  for (const s of storedItems(c)) {
    const key = `${s.at.kind}:${s.at.first}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(s);
  }
  const out = [...groups.values()].map((g) => ({ item: g[g.length - 1].item, at: g[0].at, count: g.length }));
  for (const [slot, item] of c.creature?.inventory?.magic_worn || []) out.push({ item, worn: slot, count: 1 });
  return out;
}

function slotText(g) {
  if (g.worn) return t("card-worn-on", { slot: t(`magic-${g.worn}`) });
  const last = g.at.first + Math.max(1, g.at.len) - 1;
  const range = last > g.at.first ? `${g.at.first}–${last}` : String(g.at.first);
  return `${t(`slot-${g.at.kind}`)} ${range}`;
}

/** One card at its real size. */
export function PrintCard({ g }) {
  const it = g.item;
  const wide = (it.slots || 1) >= 2;
  const facts = [];
  if (it.armor) facts.push(`${t("armor-defense-short")} ${it.armor.current}/${it.armor.max}`);
  if (it.usage) facts.push(`${t("card-usage")} ${usageText(it.usage)}`);
  if (it.light) facts.push(`${t("card-light")} ${it.light.bright ?? "?"}/${it.light.dim ?? "?"}`);
  if (it.magic === "magic") facts.push(`✦ ${t("card-magic")}${it.magic_slot ? ` (${t(`magic-${it.magic_slot}`)})` : ""}`);
  return html`<article class=${`print-card${wide ? " wide" : ""}`} data-item=${it.id} data-slots=${it.slots || 1}>
    <header class="pc-head"><h3 class="pc-name">${it.name}</h3>${g.count > 1 ? html`<span class="pc-count">${`×${g.count}`}</span>` : null}</header>
    <p class="pc-slots">${`${t("card-slots", { slots: it.slots || 1 })} · ${slotText(g)}`}</p>
    ${facts.length ? html`<ul class="pc-facts">${facts.map((f) => html`<li key=${f}>${f}</li>`)}</ul>` : null}
    <div class="pc-notes"><span class="pc-notes-label">${t("card-notes")}</span><p class="pc-notes-text">${it.notes || ""}</p></div>
  </article>`;
}

/** The inventory sheet: hands, belt, backpack 1–5 and 6–10 (what lies where). */
function PrintSheet({ c }) {
  const inv = c.creature?.inventory || {};
  const layout = inv.layout || { hands: 2, belt: 4, backpack: 10 };
  const at = (kind, n) => storedItems(c).filter((s) => s.at.kind === kind && n >= s.at.first && n < s.at.first + Math.max(1, s.at.len));
  const cell = (kind, n) => {
    const here = at(kind, n);
    const wound = kind === "backpack" && (inv.wounds || [])[n - 1];
    const name = here.length ? `${here[here.length - 1].item.name}${here.length > 1 ? ` ×${here.length}` : ""}` : wound ? "✚" : "";
    return html`<td key=${n}><span class="ps-n">${String(n)}</span><span class="ps-item">${name}</span></td>`;
  };
  const row = (label, kind, from, to) => {
    const cells = [];
    for (let n = from; n <= to; n++) cells.push(cell(kind, n));
    return html`<tr key=${`${kind}-${from}`}><th scope="row">${label}</th>${cells}</tr>`;
  };
  const rows = [row(t("slot-hand"), "hand", 1, layout.hands), row(t("slot-belt"), "belt", 1, layout.belt)];
  for (let from = 1; from <= layout.backpack; from += 5) rows.push(row(t("slot-backpack"), "backpack", from, Math.min(from + 4, layout.backpack)));
  return html`<table class="print-sheet"><caption>${t("inventory-of", { name: displayName(c) })}</caption><tbody>${rows}</tbody></table>`;
}

/** The print view's content: its controls, the sheet and the cards. */
function PrintView({ c }) {
  const groups = cardGroups(c);
  return html`<div class="print-controls row wrap">
      <h2 id="print-view-h">${t("print-cards-of", { name: displayName(c) })}</h2>
      <p class="hint">${t("print-cards-hint")}</p>
      <button type="button" class="primary" id="print-now" onClick=${() => window.print()}>${t("print-now")}</button>
      <button type="button" id="print-close" onClick=${closePrintView}>${t("print-close")}</button>
    </div>
    <${PrintSheet} c=${c} />
    ${groups.length
      ? html`<div class="print-cards">${groups.map((g) => html`<${PrintCard} key=${`${g.worn || g.at.kind}:${g.worn ? "" : g.at.first}`} g=${g} />`)}</div>`
      : html`<p class="hint">${t("print-no-items")}</p>`}`;
}

/** Opens the print view of a creature's cards and sheet; returns the element. */
export function openPrintView(c) {
  closePrintView();
  // The dialog is a child of the body, its content drawn before it is added (the modal
  // watcher focuses its first control as it comes).
  const view = document.createElement("div");
  Object.assign(view, { id: "print-view", className: "print-view" });
  view.setAttribute("role", "dialog");
  view.setAttribute("aria-modal", "true");
  view.setAttribute("aria-labelledby", "print-view-h");
  render(html`<${PrintView} c=${c} />`, view);
  document.body.append(view);
  document.body.classList.add("printing");
  view.addEventListener("keydown", (e) => e.key === "Escape" && closePrintView());
  view.querySelector("#print-now")?.focus();
  return view;
}

export function closePrintView() {
  const old = document.getElementById("print-view");
  if (old) {
    render(null, old);
    old.remove();
  }
  document.body.classList.remove("printing");
}
