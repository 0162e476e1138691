// A player without a living crow asks for one: name, ancestry (a label only, with the
// Referee's leave), characteristics −1…2 each, Stamina. The request waits as the Referee's
// decision `crows.core.character_request`; approval binds the new crow to the player (its
// sheet then appears), a refusal is shown with the Referee's reason.

import { h, section } from "../../js/vdom.js";
import { t } from "../../js/i18n.js";

export const CHARACTER_REQUEST = "crows.core.character_request";
const CHARS = ["agility", "mind", "strength"];
// A new crow's characteristics (CR-CORE-09).
const NEW_CROW = [-1, 0, 1, 2];

/** Whether this player controls a living creature. */
function hasLivingCrow(screen) {
  return screen.mine().some((id) => screen.creatures[id]?.creature?.alive !== false);
}

/** The player's "my crow" panel while they have none: the request form or its state. */
export function characterRequestPanel(screen) {
  if (screen.isReferee || hasLivingCrow(screen)) return null;
  if (screen.view?.table?.ruleset && screen.view.table.ruleset !== "crows") {
    return section("no-character", t("my-crow"), h("p", { class: "hint" }, t("no-character-yet")));
  }
  const pending = (screen.view?.decisions || []).find((d) => d.kind === CHARACTER_REQUEST);
  if (pending) {
    const name = pending.context?.request?.name ?? "";
    return section("no-character", t("my-crow"), h("p", { class: "request-pending", id: "request-pending", role: "status" }, t("request-pending", { name })));
  }
  // This player's latest refused request, from the view (whatever part of the log is loaded).
  const refused = screen.rules.request_refused || null;
  const f = (screen.forms.request ||= { name: "", ancestry: "", agility: 0, mind: 0, strength: 0, stamina: 6 });
  const bind = (k, num = false) => (e) => (f[k] = num ? Number(e.target.value) : e.target.value);
  const submit = async (e) => {
    e.preventDefault();
    const cmd = {
      name: f.name.trim(),
      characteristics: { agility: f.agility, mind: f.mind, strength: f.strength },
      stamina: f.stamina,
    };
    if (f.ancestry.trim()) cmd.ancestry = f.ancestry.trim();
    try {
      await screen.send({ rules: { request_character: cmd } });
    } catch {
      /* the refusal is shown by send() */
    }
  };
  return section(
    "no-character",
    t("my-crow"),
    refused
      ? h("p", { class: "inv-error", id: "request-refused", role: "alert" }, t("request-refused", { name: refused.name }), refused.reason ? ` ${t("request-refused-reason", { reason: refused.reason })}` : "")
      : null,
    h("p", { class: "hint" }, t("request-hint")),
    h(
      "form",
      { class: "grid-form", id: "request-form", onsubmit: submit },
      h("label", { class: "field" }, h("span", {}, t("request-name")), h("input", { id: "rq-name", required: true, maxlength: 64, autocomplete: "off", value: f.name, oninput: bind("name") })),
      h("label", { class: "field" }, h("span", {}, t("request-ancestry")), h("input", { id: "rq-ancestry", maxlength: 64, autocomplete: "off", placeholder: t("request-ancestry-placeholder"), value: f.ancestry, oninput: bind("ancestry") })),
      CHARS.map((ch) =>
        h(
          "label",
          { class: "field" },
          h("span", {}, t(`char-${ch}`)),
          h("select", { id: `rq-${ch}`, onchange: bind(ch, true) }, NEW_CROW.map((v) => h("option", { value: v, selected: f[ch] === v }, v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "0"))),
        ),
      ),
      h("label", { class: "field" }, h("span", {}, t("stamina")), h("input", { id: "rq-stamina", type: "number", min: 1, max: 99, required: true, value: f.stamina, oninput: bind("stamina", true) })),
      h("p", { class: "hint" }, t("request-characteristics-hint")),
      h("button", { type: "submit", class: "primary", id: "rq-submit" }, t("request-send")),
    ),
  );
}
