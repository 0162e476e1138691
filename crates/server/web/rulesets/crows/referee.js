// Details for decisions whose prompt alone is not enough: a called test's odds (for the
// player who rolls it); for the Referee, a player's character request.
// A player's character request: what they asked for, laid out; approving creates the crow
// and gives it to that player, refusing tells them (the free text is the reason).
// A Preact element (placed by the shell's decisions panel).

import { h } from "../../vendor/preact/preact.module.js";
import htm from "../../vendor/htm/htm.module.js";
import { t } from "../../js/i18n.js";
import { CHARACTER_REQUEST } from "./player.js";
import { OddsBox } from "./testpanel.js";

const html = htm.bind(h);
const sign = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "0");

/** Extra lines under a decision's prompt, or null. */
export function decisionDetails(screen, d) {
  // A called test shows the exact odds of the test as the Referee set it up.
  if (d.kind === "crows.called_test") {
    const a = d.args || {};
    const stat = screen.creatures[a.creature]?.creature?.characteristics?.[a.characteristic] ?? 0;
    return h(OddsBox, { screen, stat, args: { creature: a.creature, characteristic: a.characteristic, edges: a.edges ?? 0, banes: a.banes ?? 0, bonus: a.bonus ?? 0 } });
  }
  // A backlash row's own call, as the backlash table words it.
  if (d.kind === "crows.magic.backlash_call") return html`<p class="hint">${d.prompt}</p>`;
  if (d.kind !== CHARACTER_REQUEST || !screen.isReferee) return null;
  const r = d.context?.request || {};
  const ch = r.characteristics || {};
  const row = (label, value) => [html`<dt>${label}</dt>`, html`<dd>${value}</dd>`];
  return html`<div class="request-details">
    <dl class="facts">
      ${row(t("request-player"), d.context?.player ?? "")}
      ${row(t("request-name"), r.name ?? "")}
      ${r.ancestry ? row(t("request-ancestry"), r.ancestry) : null}
      ${["agility", "mind", "strength"].map((k) => row(t(`char-${k}`), sign(ch[k] ?? 0)))}
      ${row(t("stamina"), String(r.stamina ?? ""))}
    </dl>
    <p class="hint">${t("request-referee-hint", { player: d.context?.player ?? "" })}</p>
  </div>`;
}
