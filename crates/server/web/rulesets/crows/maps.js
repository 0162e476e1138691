// The map screens of the middle column: combat (js/combat.js: the battle grid from the view's
// `rules.combat` and its controls) and travel (js/travel.js: the hex map from
// `rules.travel` and the day's steps). The whole part is also shown as readable data below
// the map, so nothing the server sends is hidden.

import { h } from "../../js/vdom.js";
import { t } from "../../js/i18n.js";
import { combatPanel } from "./combat.js";
import { travelPanel } from "./travel.js";

function dataView(id, value) {
  return h("details", { class: "raw", id: `${id}-data` }, h("summary", {}, t("map-data")), h("pre", {}, JSON.stringify(value, null, 2)));
}

export function mapsPanel(screen) {
  const out = [];
  // Combat: always for the Referee (to place and start), for players once there is one.
  if (screen.rules.combat || screen.view.clock?.combat || screen.isReferee) {
    out.push(combatPanel(screen, screen.rules.combat ? dataView("combat", screen.rules.combat) : null));
  }
  const tr = screen.rules.travel ? travelPanel(screen, dataView("travel", screen.rules.travel)) : null;
  if (tr) out.push(tr);
  return out;
}
