// Entry point: language, routing by the URL fragment, and the screens.
//   #                      → lobby (create a table, your tables, join with an invite)
//   #join=<invite>         → join form
//   #table=<id>&token=<t>  → the table (Referee or player screen, by the token)

import { setLang, onLangChange, translateStatic, lang } from "./i18n.js";
import { $, watchModals } from "./dom.js";
import { lobby, joinScreen } from "./lobby.js";
import { preload } from "./api.js";

let screen = null;

function params() {
  return new URLSearchParams(location.hash.replace(/^#/, ""));
}

async function route() {
  if (screen) screen.close();
  screen = null;
  const main = $("#main");
  const p = params();
  $("#where").textContent = "";
  if (p.get("table") && p.get("token")) {
    // The table screens (and their combat, dungeon and travel modules) load only when a
    // table is opened, keeping the lobby's first load small; its modules download together.
    preload("js/table.js");
    const { TableScreen } = await import("./table.js");
    screen = new TableScreen(main, p.get("table"), p.get("token"));
    await screen.start();
  } else if (p.get("join")) {
    joinScreen(main, p.get("join"));
  } else {
    await lobby(main);
  }
}

async function main() {
  watchModals();
  await setLang();
  translateStatic();
  const sel = $("#lang-select");
  sel.value = lang();
  sel.addEventListener("change", () => setLang(sel.value));
  onLangChange(() => {
    translateStatic();
    sel.value = lang();
    if (screen) screen.render();
    else route();
  });
  window.addEventListener("hashchange", route);
  await route();
}

main();
