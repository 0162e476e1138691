// Printable item cards and inventory sheet (CR-INV-08). The print view opens over the page
// (outside #main, so live re-renders leave it alone); `@media print` in app.css prints only it.
// Cards have a physical size: a 1-slot item's card stands upright, a card of 2 or more slots
// lies on its side, as at the table. The sheet has the four rows: hands, belt, and the
// backpack in two rows of five.

import { h, clear } from "../../js/dom.js";
import { t } from "../../js/i18n.js";
import { storedItems, displayName, usageText } from "./sheet.js";

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
export function printCard(g) {
  const it = g.item;
  const wide = (it.slots || 1) >= 2;
  const facts = [];
  if (it.armor) facts.push(`${t("armor-defense-short")} ${it.armor.current}/${it.armor.max}`);
  if (it.usage) facts.push(`${t("card-usage")} ${usageText(it.usage)}`);
  if (it.light) facts.push(`${t("card-light")} ${it.light.bright ?? "?"}/${it.light.dim ?? "?"}`);
  if (it.magic === "magic") facts.push(`✦ ${t("card-magic")}${it.magic_slot ? ` (${t(`magic-${it.magic_slot}`)})` : ""}`);
  return h(
    "article",
    { class: `print-card${wide ? " wide" : ""}`, dataset: { item: it.id, slots: it.slots || 1 } },
    h("header", { class: "pc-head" }, h("h3", { class: "pc-name" }, it.name), g.count > 1 ? h("span", { class: "pc-count" }, `×${g.count}`) : null),
    h("p", { class: "pc-slots" }, `${t("card-slots", { slots: it.slots || 1 })} · ${slotText(g)}`),
    facts.length ? h("ul", { class: "pc-facts" }, facts.map((f) => h("li", {}, f))) : null,
    h("div", { class: "pc-notes" }, h("span", { class: "pc-notes-label" }, t("card-notes")), h("p", { class: "pc-notes-text" }, it.notes || "")),
  );
}

/** The inventory sheet: hands, belt, backpack 1–5 and 6–10 (what lies where). */
function printSheet(c) {
  const inv = c.creature?.inventory || {};
  const layout = inv.layout || { hands: 2, belt: 4, backpack: 10 };
  const at = (kind, n) => storedItems(c).filter((s) => s.at.kind === kind && n >= s.at.first && n < s.at.first + Math.max(1, s.at.len));
  const cell = (kind, n) => {
    const here = at(kind, n);
    const wound = kind === "backpack" && (inv.wounds || [])[n - 1];
    const name = here.length ? `${here[here.length - 1].item.name}${here.length > 1 ? ` ×${here.length}` : ""}` : wound ? "✚" : "";
    return h("td", {}, h("span", { class: "ps-n" }, String(n)), h("span", { class: "ps-item" }, name));
  };
  const row = (label, kind, from, to) => {
    const cells = [];
    for (let n = from; n <= to; n++) cells.push(cell(kind, n));
    return h("tr", {}, h("th", { scope: "row" }, label), cells);
  };
  const rows = [row(t("slot-hand"), "hand", 1, layout.hands), row(t("slot-belt"), "belt", 1, layout.belt)];
  for (let from = 1; from <= layout.backpack; from += 5) rows.push(row(t("slot-backpack"), "backpack", from, Math.min(from + 4, layout.backpack)));
  return h("table", { class: "print-sheet" }, h("caption", {}, t("inventory-of", { name: displayName(c) })), h("tbody", {}, rows));
}

/** Opens the print view of a creature's cards and sheet; returns the element. */
export function openPrintView(c) {
  closePrintView();
  const groups = cardGroups(c);
  const view = h(
    "div",
    { id: "print-view", class: "print-view", role: "dialog", "aria-modal": "true", "aria-labelledby": "print-view-h" },
    h(
      "div",
      { class: "print-controls row wrap" },
      h("h2", { id: "print-view-h" }, t("print-cards-of", { name: displayName(c) })),
      h("p", { class: "hint" }, t("print-cards-hint")),
      h("button", { type: "button", class: "primary", id: "print-now", onclick: () => window.print() }, t("print-now")),
      h("button", { type: "button", id: "print-close", onclick: closePrintView }, t("print-close")),
    ),
    printSheet(c),
    groups.length ? h("div", { class: "print-cards" }, groups.map(printCard)) : h("p", { class: "hint" }, t("print-no-items")),
  );
  document.body.append(view);
  document.body.classList.add("printing");
  view.addEventListener("keydown", (e) => e.key === "Escape" && closePrintView());
  view.querySelector("#print-now")?.focus();
  return view;
}

export function closePrintView() {
  const old = document.getElementById("print-view");
  if (old) clear(old).remove();
  document.body.classList.remove("printing");
}
