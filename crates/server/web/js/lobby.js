// The lobby: create a table (ruleset choice), the tables this browser holds a seat at,
// joining with an invite, and importing an export (both creation forms carry the server's
// creation key when it has one). Seats (table id + token) are remembered in localStorage
// ("delve.seats"); a token never leaves the browser except in the Authorization header.

import { h, clear, section, announce } from "./dom.js";
import { t } from "./i18n.js";
import * as api from "./api.js";

const KEY = "delve.seats";

export function seats() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "[]");
  } catch {
    return [];
  }
}

export function remember(seat) {
  const all = seats().filter((s) => !(s.table === seat.table && s.token === seat.token));
  all.unshift({ ...seat, at: Date.now() });
  localStorage.setItem(KEY, JSON.stringify(all.slice(0, 50)));
}

function forget(seat) {
  localStorage.setItem(KEY, JSON.stringify(seats().filter((s) => s.token !== seat.token)));
}

const hashOf = (link) => {
  const i = link.indexOf("#");
  return i >= 0 ? link.slice(i) : "#";
};

/** A creation-key field (`delve serve --create-key`): shown when the server asks for one,
 * or after a refusal that names it. Its value is sent as `X-Create-Key` and kept only in this
 * tab (sessionStorage), never with the seats. */
function createKeyField(id, needed) {
  const input = h("input", {
    id,
    name: "create_key",
    type: "password",
    autocomplete: "off",
    value: sessionStorage.getItem("delve.create-key") || "",
    required: needed,
  });
  const label = h("label", { for: id }, t("create-key"));
  const hint = h("p", { class: "hint" }, t("create-key-hint"));
  const box = h("div", { class: "stack create-key", hidden: !needed }, label, input, hint);
  return {
    box,
    input,
    value() {
      const v = input.value.trim();
      if (v) sessionStorage.setItem("delve.create-key", v);
      return v || undefined;
    },
    /** After an error: a missing or wrong key reveals the field and says so; true if it was one. */
    refused(err) {
      if (err.code !== "create_key_required" && err.code !== "bad_create_key") return false;
      box.hidden = false;
      input.required = true;
      if (err.code === "bad_create_key") sessionStorage.removeItem("delve.create-key");
      announce(t(err.code === "bad_create_key" ? "create-key-wrong" : "create-key-needed"), "error");
      input.focus();
      return true;
    },
  };
}

export async function lobby(main) {
  let names = ["crows"];
  let keyNeeded = false;
  try {
    const answer = await api.rulesets();
    names = answer.rulesets;
    keyNeeded = answer.create_key_required === true;
  } catch (e) {
    announce(e.message, "error");
  }
  const createKey = createKeyField("create-key", keyNeeded);
  const importKey = createKeyField("import-key", keyNeeded);
  const rs = h(
    "select",
    { id: "new-ruleset", name: "ruleset", required: true },
    names.map((n) => h("option", { value: n, selected: n === "crows" }, t(`ruleset-${n}`) === `ruleset-${n}` ? n : t(`ruleset-${n}`))),
  );
  const name = h("input", { id: "new-name", name: "name", required: true, maxlength: 100, autocomplete: "off", placeholder: t("table-name-placeholder") });
  const referee = h("input", { id: "new-referee", name: "referee", maxlength: 100, value: localStorage.getItem("delve.name") || "", placeholder: t("role-referee") });
  const turn = h("input", { id: "new-turn", name: "turn", type: "number", min: 0, max: 240, value: 30, inputmode: "numeric" });
  const create = h(
    "form",
    {
      class: "stack",
      onsubmit: async (e) => {
        e.preventDefault();
        const config = rs.value === "crows" ? { dungeon_turn_minutes: Number(turn.value) } : null;
        try {
          const body = { ruleset: rs.value, name: name.value.trim() };
          if (referee.value.trim()) body.referee = referee.value.trim();
          if (config) body.config = config;
          const made = await api.createTable(body, createKey.value());
          remember({ table: made.id, token: made.referee_token, name: made.name, role: "referee" });
          location.hash = hashOf(made.referee_link);
        } catch (err) {
          if (!createKey.refused(err)) announce(err.message, "error");
        }
      },
    },
    h("label", { for: "new-name" }, t("table-name")),
    name,
    h("label", { for: "new-ruleset" }, t("ruleset")),
    rs,
    h("label", { for: "new-referee" }, t("referee-name")),
    referee,
    h("label", { for: "new-turn" }, t("dungeon-turn-minutes")),
    turn,
    h("p", { class: "hint" }, t("dungeon-turn-hint")),
    createKey.box,
    h("button", { type: "submit", class: "primary", id: "create-table" }, t("create-table")),
  );

  const file = h("input", { id: "import-file", name: "file", type: "file", required: true, accept: ".jsonl,.ndjson,.json,application/x-ndjson" });
  const unsigned = h("input", { id: "import-unsigned", name: "accept_unsigned", type: "checkbox" });
  const importForm = h(
    "form",
    {
      class: "stack",
      onsubmit: async (e) => {
        e.preventDefault();
        const chosen = file.files && file.files[0];
        if (!chosen) return;
        try {
          const text = await chosen.text();
          const made = await api.importTable(text, { acceptUnsigned: unsigned.checked, createKey: importKey.value() });
          remember({ table: made.id, token: made.referee_token, name: made.name, role: "referee" });
          location.hash = hashOf(made.referee_link);
        } catch (err) {
          if (!importKey.refused(err)) announce(`${t("import-failed")}: ${err.message}`, "error");
        }
      },
    },
    h("label", { for: "import-file" }, t("import-file")),
    file,
    h("label", { class: "check" }, unsigned, " ", t("import-unsigned")),
    h("p", { class: "hint" }, t("import-unsigned-hint")),
    importKey.box,
    h("button", { type: "submit", id: "import-table" }, t("import-table")),
  );

  const mine = seats();
  const list = mine.length
    ? h(
        "ul",
        { class: "seats" },
        mine.map((s) =>
          h(
            "li",
            {},
            h("a", { href: `#table=${s.table}&token=${s.token}` }, s.name || s.table),
            " ",
            h("span", { class: "badge" }, s.role === "referee" ? t("role-referee") : t("role-player-named", { name: s.player || "" })),
            " ",
            h("button", { class: "link", type: "button", "aria-label": t("forget-seat", { name: s.name || s.table }), onclick: () => { forget(s); lobby(main); } }, "✕"),
          ),
        ),
      )
    : h("p", { class: "hint" }, t("no-seats"));

  const invite = h("input", { id: "join-invite", required: true, autocomplete: "off", placeholder: t("invite-placeholder") });
  const joinForm = h(
    "form",
    {
      class: "stack",
      onsubmit: (e) => {
        e.preventDefault();
        const v = invite.value.trim();
        const m = v.match(/join=([^&]+)/);
        location.hash = `#join=${m ? m[1] : v}`;
      },
    },
    h("label", { for: "join-invite" }, t("invite-code")),
    invite,
    h("button", { type: "submit" }, t("join-continue")),
  );

  clear(
    main,
    h("h1", { class: "page-title" }, t("lobby-title")),
    h("div", { class: "lobby" }, section("create", t("create-table"), create), section("mine", t("your-tables"), list), section("join", t("join-table"), joinForm), section("import", t("import-table"), importForm)),
  );
  main.focus();
}

export function joinScreen(main, invite) {
  const name = h("input", { id: "join-name", required: true, maxlength: 100, autocomplete: "nickname", value: localStorage.getItem("delve.name") || "" });
  const form = h(
    "form",
    {
      class: "stack",
      onsubmit: async (e) => {
        e.preventDefault();
        try {
          const joined = await api.join(invite, name.value.trim());
          localStorage.setItem("delve.name", name.value.trim());
          remember({ table: joined.table, token: joined.player_token, name: joined.table, role: "player", player: joined.player });
          location.hash = hashOf(joined.link);
        } catch (err) {
          announce(`${t("join-failed")}: ${err.message}`, "error");
        }
      },
    },
    h("label", { for: "join-name" }, t("your-name")),
    name,
    h("p", { class: "hint" }, t("join-hint")),
    h("button", { type: "submit", class: "primary", id: "join-button" }, t("join-table")),
  );
  clear(main, h("h1", { class: "page-title" }, t("join-table")), section("join", t("join-as-player"), form));
  name.focus();
}
