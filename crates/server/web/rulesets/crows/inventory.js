// The slot inventory: hands, belt, backpack 1–10 and the six magic-item slots as card slots.
// An item spans the slots it occupies; a stack shows its count; a wound marker sits in its
// backpack slot. Moving: drag an item onto a slot (or the ground), or with the keyboard:
// focus an item, press Enter/Space to pick it up, focus a slot, press Enter/Space to put it
// there (Escape cancels, Delete drops it). Every move is `move_items` (or `wear_magic_item`);
// the server validates it and a refusal is shown with its reason and rule. Preact elements
// (js/vdom.js), so a live update keeps a half-typed card note and the focused slot.

import { h, section } from "../../js/vdom.js";
import { announce } from "../../js/dom.js";
import { t, tOr } from "../../js/i18n.js";
import { storedItems, displayName, usageText } from "./sheet.js";
import { openPrintView } from "./cards.js";
import { refusalText } from "../../js/log.js";

const KINDS = ["hand", "belt", "backpack"];
const MAGIC = ["Head", "Neck", "Waist", "Arms", "Finger", "Feet"];

/** Which item is picked up by keyboard (per screen). */
let held = null;

/** After a `slot_taken` refusal of one single-slot item's move: the two moves that swap it
 * with the item in the way (which then takes the first's place), or null. */
function swapOffer(c, items, cmd, e) {
  const m = cmd?.rules?.move_items?.moves;
  const other = e?.args?.occupant;
  if (e?.code !== "slot_taken" || !other || m?.length !== 1 || m[0].to?.length !== 1) return null;
  const mine = items.find((s) => s.item.id === m[0].item);
  const theirs = items.find((s) => s.item.id === other.item);
  if (!mine || !theirs || Math.max(1, mine.at?.len ?? 1) !== 1 || Math.max(1, theirs.at?.len ?? 1) !== 1) return null;
  return {
    creature: c.id,
    a: mine.item.name,
    b: theirs.item.name,
    moves: [
      { item: mine.item.id, to: m[0].to },
      { item: theirs.item.id, to: [{ kind: mine.at.kind, number: mine.at.first }] },
    ],
  };
}

export function inventoryPanel(screen, c) {
  const inv = c.creature.inventory || {};
  const layout = inv.layout || { hands: 2, belt: 4, backpack: 10 };
  const counts = { hand: layout.hands, belt: layout.belt, backpack: layout.backpack };
  const canMove = screen.isReferee || screen.mine().includes(c.id);
  const items = storedItems(c);
  // A move into a taken slot offers the fix: swap the two single-slot items.
  const swap = screen.invSwap?.creature === c.id ? screen.invSwap : null;
  const errBox = h(
    "div",
    { id: "inv-error", class: "inv-error", role: "alert", hidden: !screen.invError },
    screen.invError || "",
    swap ? [" ", h("button", { type: "button", id: "inv-swap", onclick: () => move({ rules: { move_items: { creature: c.id, moves: swap.moves } } }) }, t("swap-items", { a: swap.a, b: swap.b }))] : null,
  );

  const move = async (cmd) => {
    screen.invError = "";
    screen.invSwap = null;
    try {
      await screen.send(cmd, { quiet: true });
      held = null;
    } catch (e) {
      held = null;
      screen.invError = `${t("move-refused")}: ${refusalText(e)}`;
      screen.invSwap = swapOffer(c, items, cmd, e);
      screen.render();
      announce(screen.invError, "sr");
    }
  };
  const moveTo = (itemId, kind, number) => {
    const stored = items.find((s) => s.item.id === itemId);
    const len = Math.max(1, stored?.at?.len ?? stored?.item?.slots ?? 1);
    const to = [];
    for (let i = 0; i < len; i++) to.push({ kind, number: number + i });
    return move({ rules: { move_items: { creature: c.id, moves: [{ item: itemId, to }] } } });
  };
  const wear = (itemId, slot) => move({ rules: { wear_magic_item: { creature: c.id, item: itemId, slot } } });
  const drop = (itemId) => move({ rules: { move_items: { creature: c.id, drops: [itemId] } } });

  const onDropTo = (target) => (e) => {
    e.preventDefault();
    e.currentTarget.classList.remove("over");
    const id = Number(e.dataTransfer.getData("text/x-delve-item"));
    if (!Number.isFinite(id)) return;
    target(id);
  };
  /** The listeners that make an element a drop target. */
  const dropZone = (target) => ({
    ondragover: (e) => {
      e.preventDefault();
      e.currentTarget.classList.add("over");
    },
    ondragleave: (e) => e.currentTarget.classList.remove("over"),
    ondrop: onDropTo(target),
  });

  // Group items by their first slot: a stack is several items at one placement.
  const byStart = new Map();
  for (const s of items) {
    const key = `${s.at.kind}:${s.at.first}`;
    if (!byStart.has(key)) byStart.set(key, []);
    byStart.get(key).push(s);
  }

  const itemCard = (group) => {
    const top = group[group.length - 1];
    const it = top.item;
    const isHeld = held && held.creature === c.id && held.item === it.id;
    const label = `${it.name}${group.length > 1 ? ` ×${group.length}` : ""}`;
    const extras = [];
    if (it.armor) extras.push(h("span", { class: "tag" }, `${t("armor-defense-short")} ${it.armor.current}/${it.armor.max}${inv.worn_armor === it.id ? " · " + t("worn") : ""}`));
    if (it.usage) extras.push(h("span", { class: `tag${it.usage.lit ? " lit" : ""}` }, `${it.usage.light_source ? (it.usage.lit ? "☼" : "○") : "⚄"} ${usageText(it.usage)}`));
    if (it.magic === "magic") extras.push(h("span", { class: "tag magic" }, "✦"));
    if (it.notes) extras.push(h("span", { class: "tag note", title: it.notes }, `✎ ${it.notes.length > 24 ? it.notes.slice(0, 23) + "…" : it.notes}`));
    return h(
      "button",
      {
        type: "button",
        class: `item${isHeld ? " held" : ""}${it.corpse ? " corpse" : ""}`,
        id: `item-${c.id}-${it.id}`,
        draggable: canMove,
        ondragstart: (e) => {
          e.dataTransfer.setData("text/x-delve-item", String(it.id));
          e.dataTransfer.effectAllowed = "move";
        },
        disabled: !canMove,
        "aria-pressed": isHeld ? "true" : "false",
        "aria-label": t("item-aria", { name: label, slots: it.slots }),
        dataset: { item: it.id, stack: group.length },
        onkeydown: (e) => {
          if (e.key === "Delete" || e.key === "Backspace") {
            e.preventDefault();
            drop(it.id);
          } else if (e.key === "Escape") {
            held = null;
            screen.render();
          }
        },
        onclick: () => {
          held = isHeld ? null : { creature: c.id, item: it.id };
          announce(held ? t("item-held", { name: it.name }) : t("item-released"), "sr");
          screen.render();
        },
      },
      h("span", { class: "item-name" }, it.name),
      group.length > 1 ? h("span", { class: "count", "aria-hidden": "true" }, `×${group.length}`) : null,
      extras,
    );
  };

  const slotButton = (kind, n, occupied, group) => {
    const own = held && group && group.some((s) => s.item.id === held.item);
    return h(
      "button",
      {
        type: "button",
        class: `slot-target${held ? " armed" : ""}`,
        id: `slot-${c.id}-${kind}-${n}`,
        "aria-label": t("slot-aria", { kind: t(`slot-${kind}`), number: n }),
        disabled: !canMove || !held || own,
        onclick: () => held && moveTo(held.item, kind, n),
        ...dropZone((id) => moveTo(id, kind, n)),
      },
      occupied ? "" : String(n),
    );
  };

  const rows = KINDS.filter((k) => counts[k] > 0).map((kind) => {
    const cells = [];
    const wounds = kind === "backpack" ? inv.wounds || [] : [];
    for (let n = 1; n <= counts[kind]; n++) {
      const group = byStart.get(`${kind}:${n}`);
      const covered = items.some((s) => s.at.kind === kind && n > s.at.first && n < s.at.first + s.at.len);
      if (covered) continue;
      if (group) {
        const span = Math.max(1, group[0].at.len);
        cells.push(h("div", { class: "slot filled", style: `grid-column: span ${Math.min(span, counts[kind] - n + 1)}`, dataset: { kind, number: n } }, slotButton(kind, n, true, group), itemCard(group)));
      } else if (wounds[n - 1]) {
        cells.push(h("div", { class: "slot wound", dataset: { kind, number: n } }, h("span", { class: "wound-mark", role: "img", "aria-label": t("wound-aria", { kind: tOr(`wound-${wounds[n - 1]}`, wounds[n - 1]) }) }, "✚"), h("span", { class: "slot-n" }, String(n))));
      } else {
        cells.push(h("div", { class: "slot empty", dataset: { kind, number: n } }, slotButton(kind, n, false)));
      }
    }
    return h("div", { class: `slot-row kind-${kind}` }, h("h3", { class: "slot-row-label" }, t(`slot-${kind}`)), h("div", { class: "slots", style: `--cols:${Math.min(counts[kind], kind === "backpack" ? 5 : counts[kind])}` }, cells));
  });

  const worn = new Map((inv.magic_worn || []).map(([slot, item]) => [slot, item]));
  const magic = h(
    "div",
    { class: "slot-row kind-magic" },
    h("h3", { class: "slot-row-label" }, t("magic-slots")),
    h(
      "div",
      { class: "slots", style: "--cols:6" },
      MAGIC.map((slot) => {
        const item = worn.get(slot);
        const target = h(
          "button",
          {
            type: "button",
            class: `slot-target${held ? " armed" : ""}`,
            id: `magic-${c.id}-${slot}`,
            disabled: !canMove || !held,
            "aria-label": t("magic-slot-aria", { slot: t(`magic-${slot}`) }),
            onclick: () => held && wear(held.item, slot),
            ...dropZone((id) => wear(id, slot)),
          },
          item ? "" : t(`magic-${slot}`),
        );
        return h("div", { class: `slot magic${item ? " filled" : " empty"}` }, target, item ? h("div", { class: "item magic-item" }, h("span", { class: "item-name" }, item.name), h("span", { class: "tag" }, t(`magic-${slot}`))) : null);
      }),
    ),
  );

  const ground = h(
    "button",
    {
      type: "button",
      id: `ground-${c.id}`,
      class: `ground${held ? " armed" : ""}`,
      disabled: !canMove || !held,
      onclick: () => held && drop(held.item),
      ...dropZone((id) => drop(id)),
    },
    "⤓ " + t("drop-to-ground"),
  );

  // The held item's own actions (usage dice, light, armor, drop).
  const heldItem = held && held.creature === c.id ? items.find((s) => s.item.id === held.item)?.item : null;
  const act = (name, extra = {}) => move({ rules: { [name]: { creature: c.id, item: heldItem.id, ...extra } } });
  const actions = heldItem
    ? h(
        "div",
        { class: "row wrap item-actions", role: "toolbar", "aria-label": t("item-actions", { name: heldItem.name }) },
        h("strong", {}, heldItem.name + ":"),
        // Using an item rolls its usage dice only with the Activate keyword (CR-UD-05); a
        // torch's dice roll at the end of each dungeon turn instead.
        heldItem.usage?.line?.keywords?.includes("activate") ? h("button", { type: "button", id: "act-use", onclick: () => act("use_item") }, t("use-item")) : null,
        heldItem.usage?.light_source && !heldItem.usage.lit ? h("button", { type: "button", id: "act-light-item", onclick: () => act("light") }, t("light-item")) : null,
        heldItem.usage?.light_source && heldItem.usage.lit ? h("button", { type: "button", id: "act-douse", onclick: () => act("douse") }, t("douse-item")) : null,
        heldItem.armor?.kind === "Armor" && inv.worn_armor !== heldItem.id ? h("button", { type: "button", onclick: () => act("declare_worn_armor") }, t("wear-armor")) : null,
        h("button", { type: "button", onclick: () => drop(heldItem.id) }, t("drop-to-ground")),
        h("button", { type: "button", onclick: () => { held = null; screen.render(); } }, t("cancel")),
      )
    : null;

  return section(
    "inventory",
    t("inventory-of", { name: displayName(c) }),
    // A touch screen has no Enter or Delete key: its hint speaks of taps.
    h("p", { class: "hint" }, canMove ? t(window.matchMedia?.("(pointer: coarse)").matches ? "inventory-hint-touch" : "inventory-hint") : t("inventory-readonly")),
    errBox,
    actions,
    heldItem && canMove ? cardEditor(screen, c, heldItem) : null,
    h("div", { class: "inventory", dataset: { creature: c.id } }, rows, magic),
    ground,
    h("div", { class: "row wrap" }, h("button", { type: "button", id: "print-cards", onclick: () => openPrintView(c) }, t("print-cards"))),
    screen.isReferee ? placeItemForm(screen, c) : null,
  );
}

/** The held item's card (CR-INV-08): notes for its player, the name too for the Referee. */
function cardEditor(screen, c, item) {
  let f = screen.forms.card;
  if (!f || f.creature !== c.id || f.item !== item.id) f = screen.forms.card = { creature: c.id, item: item.id, name: item.name, notes: item.notes || "" };
  const save = async (e) => {
    e.preventDefault();
    const cmd = { creature: c.id, item: item.id, notes: f.notes };
    if (screen.isReferee && f.name.trim() && f.name.trim() !== item.name) cmd.name = f.name.trim();
    try {
      await screen.send({ rules: { edit_item: cmd } });
      announce(t("card-saved", { name: cmd.name || item.name }), "sr");
    } catch {
      /* the refusal is shown by send() */
    }
  };
  return h(
    "form",
    { class: "card-editor grid-form", id: "card-editor", "aria-label": t("card-edit", { name: item.name }), onsubmit: save },
    screen.isReferee ? h("label", { class: "field" }, h("span", {}, t("item-name")), h("input", { id: "card-name", maxlength: 64, value: f.name, oninput: (e) => (f.name = e.target.value) })) : null,
    h("label", { class: "field card-notes" }, h("span", {}, t("card-notes")), h("textarea", { id: "card-notes", maxlength: 500, rows: 2, placeholder: t("card-notes-placeholder"), value: f.notes, oninput: (e) => (f.notes = e.target.value) })),
    h("button", { type: "submit", id: "card-save" }, t("card-save")),
  );
}

/** Referee: put an item (a loaded card or a custom one) into a creature's slots. */
function placeItemForm(screen, c) {
  const f = (screen.forms.place ||= { name: "", slots: 1, kind: "backpack", number: 1, card: "" });
  // The view sends the loaded item cards as an object keyed by card id.
  const cards = Object.entries(screen.rules.content?.items || {}).map(([id, c]) => ({ ...c, id }));
  const bind = (k) => (e) => (f[k] = e.target.value);
  return h(
    "details",
    { class: "place-item", id: "place-item" },
    h("summary", {}, t("place-item")),
    h(
      "form",
      {
        class: "grid-form",
        onsubmit: async (e) => {
          e.preventDefault();
          const len = Math.max(1, Number(f.slots) || 1);
          const slots = [];
          for (let i = 0; i < len; i++) slots.push({ kind: f.kind, number: Number(f.number) + i });
          const cmd = { creature: c.id, slots };
          if (f.card) cmd.card = f.card;
          else cmd.custom = { name: f.name.trim(), slots: len };
          try {
            await screen.send({ rules: { place_item: cmd } });
          } catch {
            /* shown */
          }
        },
      },
      cards.length
        ? h("label", { class: "field" }, h("span", {}, t("item-card")), h("select", { id: "pi-card", onchange: bind("card") }, h("option", { value: "" }, t("custom-item")), cards.map((k) => h("option", { value: k.id, selected: f.card === k.id }, k.name || k.id))))
        : null,
      h("label", { class: "field" }, h("span", {}, t("item-name")), h("input", { id: "pi-name", value: f.name, oninput: bind("name") })),
      h("label", { class: "field" }, h("span", {}, t("item-slots")), h("input", { id: "pi-slots", type: "number", min: 1, max: 40, value: f.slots, oninput: bind("slots") })),
      h("label", { class: "field" }, h("span", {}, t("slot-kind")), h("select", { id: "pi-kind", onchange: bind("kind") }, KINDS.map((k) => h("option", { value: k, selected: f.kind === k }, t(`slot-${k}`))))),
      h("label", { class: "field" }, h("span", {}, t("slot-number")), h("input", { id: "pi-number", type: "number", min: 1, max: 10, value: f.number, oninput: bind("number") })),
      h("button", { type: "submit", id: "pi-submit" }, t("place-item")),
    ),
  );
}
