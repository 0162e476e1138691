// A creature at a glance: characteristics, Stamina, Armor Defense, wounds, speed, conditions,
// expertise uses, light sources and their usage dice. Works on the full record (the Referee,
// the creature's players) and on the public part others get (name, kind, size, conditions,
// and for creatures that are not hidden their wounds and what is in hand).

import { h } from "../../js/vdom.js";
import { t, tOr } from "../../js/i18n.js";

const PARTY = new Set(["crow", "hireling", "animal"]);

export const kindOf = (c) => c?.creature?.kind ?? c?.kind;
export const isParty = (c) => PARTY.has(kindOf(c));
export const displayName = (c) => c?.creature?.name ?? c?.name ?? c?.id ?? "";

/** Stored items of a full record: [{item, at}]. */
export function storedItems(c) {
  return c?.creature?.inventory?.items || [];
}

export function woundCount(c) {
  if (!c?.creature) return c?.wounds ?? null;
  return (c.creature.inventory?.wounds || []).filter((w) => w).length;
}

/** Armor Defense: the worn armor, shields in hand and natural armor (current/max). */
export function armorDefense(c) {
  const inv = c?.creature?.inventory;
  if (!inv) return null;
  let cur = 0;
  let max = 0;
  for (const { item, at } of inv.items || []) {
    if (!item.armor) continue;
    const worn = inv.worn_armor === item.id && item.armor.kind === "Armor";
    const shield = item.armor.kind === "Shield" && at.kind === "hand";
    if (worn || shield) {
      cur += item.armor.current;
      max += item.armor.max;
    }
  }
  if (c.creature.natural_armor) {
    cur += c.creature.natural_armor.current;
    max += c.creature.natural_armor.max;
  }
  return { cur, max };
}

export function conditionsOf(c) {
  const set = c?.creature?.conditions;
  if (set) return (set.active || []).map((a) => a.kind);
  return c?.conditions || [];
}

const sign = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "0");

function speedText(s) {
  if (!s) return "";
  const parts = [String(s.walk)];
  if (s.climb != null) parts.push(`${t("speed-climb")} ${s.climb}${s.climb_upside_down ? " (U)" : ""}`);
  if (s.swim != null) parts.push(`${t("speed-swim")} ${s.swim}`);
  if (s.fly != null) parts.push(`${t("speed-fly")} ${s.fly}`);
  return parts.join(", ");
}

function stat(label, value, extra = {}) {
  return h("div", { class: "stat", ...extra }, h("span", { class: "stat-label" }, label), h("span", { class: "stat-value" }, value));
}

/** Items carrying usage dice: light sources first. */
function usageItems(c) {
  return storedItems(c)
    .filter(({ item }) => item.usage)
    .sort((a, b) => Number(!!b.item.usage.light_source) - Number(!!a.item.usage.light_source));
}

export function usageText(u) {
  return `${u.pool.current}/${u.pool.max}`;
}

/**
 * A creature card. opts: {full, selected, selectable, referee, controllers, onSelect}.
 */
export function creatureCard(c, opts = {}) {
  const full = !!c.creature;
  const cr = c.creature || {};
  const name = displayName(c);
  const alive = full ? cr.alive !== false : c.alive !== false;
  const headId = `card-${c.id}-h`;
  const conds = conditionsOf(c);
  const head = h(
    "div",
    { class: "card-head" },
    h("h3", { id: headId }, name),
    h("span", { class: "badge kind" }, tOr(`kind-${kindOf(c)}`, kindOf(c) || "")),
    c.hidden ? h("span", { class: "badge secret", title: t("hidden-hint") }, t("hidden")) : null,
    !alive ? h("span", { class: "badge dead" }, t("dead")) : null,
    opts.controllers?.length ? h("span", { class: "badge" }, "♟ " + opts.controllers.join(", ")) : null,
  );
  const body = [];
  if (full) {
    const ch = cr.characteristics || {};
    const ad = armorDefense(c);
    body.push(
      h(
        "div",
        { class: "stats" },
        stat(t("char-agility-short"), sign(ch.agility ?? 0), { title: t("char-agility") }),
        stat(t("char-mind-short"), sign(ch.mind ?? 0), { title: t("char-mind") }),
        stat(t("char-strength-short"), sign(ch.strength ?? 0), { title: t("char-strength") }),
        stat(t("stamina-short"), `${cr.stamina}/${cr.max_stamina}`, { title: t("stamina"), class: `stat stamina${cr.stamina * 3 <= cr.max_stamina ? " low" : ""}` }),
        stat(t("armor-defense-short"), ad ? `${ad.cur}/${ad.max}` : "—", { title: t("armor-defense") }),
        stat(t("wounds"), String(woundCount(c))),
        stat(t("speed"), speedText(cr.speeds)),
      ),
    );
    const exps = Object.entries(cr.expertises?.uses || {});
    if (exps.length)
      body.push(
        h(
          "div",
          { class: "line" },
          h("span", { class: "line-label" }, t("expertises") + ": "),
          exps.map(([k, u]) => h("span", { class: `chip${u.left ? "" : " spent"}` }, `${tOr(`exp-${k}`, k)} ${u.left}/${u.max}`)),
        ),
      );
    const lights = usageItems(c);
    if (lights.length)
      body.push(
        h(
          "div",
          { class: "line" },
          h("span", { class: "line-label" }, t("usage-dice") + ": "),
          lights.map(({ item }) =>
            h(
              "span",
              { class: `chip${item.usage.light_source ? " light" : ""}${item.usage.lit ? " lit" : ""}${item.usage.useless ? " spent" : ""}` },
              `${item.usage.light_source ? (item.usage.lit ? "☼ " : "○ ") : ""}${item.name} ${usageText(item.usage)}`,
            ),
          ),
        ),
      );
    const rivals = cr.rivals || [];
    if (rivals.length) body.push(h("div", { class: "line rivals" }, h("span", { class: "line-label" }, t("rivals") + ": "), rivals.join(", ")));
    const effects = cr.effects || [];
    if (effects.length) body.push(h("div", { class: "line" }, h("span", { class: "line-label" }, t("effects") + ": "), effects.map((e) => h("span", { class: "chip" }, `${e.effect} ${e.pool.current}/${e.pool.max}`))));
  } else {
    if (c.wounds != null) body.push(h("div", { class: "stats" }, stat(t("wounds"), String(c.wounds)), stat(t("size"), tOr(`size-${c.size}`, c.size))));
    if (c.in_hands?.length) body.push(h("div", { class: "line" }, h("span", { class: "line-label" }, t("in-hands") + ": "), c.in_hands.join(", ")));
  }
  body.push(h("div", { class: "line conditions" }, h("span", { class: "line-label" }, t("conditions") + ": "), conds.length ? conds.map((k) => h("span", { class: "chip cond" }, tOr(`cond-${k}`, k))) : t("none")));
  const select =
    opts.selectable && full
      ? h("button", { type: "button", class: "select", id: `select-${c.id}`, "aria-pressed": opts.selected ? "true" : "false", onclick: opts.onSelect }, opts.selected ? t("selected") : t("select"))
      : null;
  return h("article", { key: c.id, class: `card${opts.selected ? " selected" : ""}${alive ? "" : " is-dead"}`, "aria-labelledby": headId, dataset: { creature: c.id } }, head, body, select);
}

/** The picker for a rest activity's subject (`target`: another party member, `item`: one of
 * the creature's items, `corpse`: a corpse on the ground), or a text field (`task`, `name`, a
 * craft's item card); `f.value` holds the answer. */
export function activityValueInput(screen, who, param, f, id, { text = false } = {}) {
  const pick = (options) =>
    h(
      "select",
      { id, onchange: (e) => (f.value = e.target.value) },
      h("option", { value: "" }, "—"),
      options.map(([value, label]) => h("option", { value, selected: value === String(f.value) }, label)),
    );
  if (!text && param === "target")
    return pick(
      Object.values(screen.creatures)
        .filter((c) => isParty(c) && c.id !== who)
        .map((c) => [c.id, displayName(c)]),
    );
  if (!text && param === "item") return pick(storedItems(screen.creatures[who]).map((s) => [String(s.item.id), s.item.name]));
  if (!text && param === "corpse") return pick(Object.entries(screen.rules.corpses || {}).map(([k, c]) => [k, c?.name || k]));
  return h("input", { id, value: f.value, type: "text", oninput: (e) => (f.value = e.target.value) });
}
