// The demo ruleset's screen (crates/engine/src/demo.rs: counters and notes), loaded by the
// shell (js/table.js) when a demo table opens. Preact components: the counters (with the
// Referee's hidden scores), adding with a preview asked of the server (`preview_add` query),
// rolling, and the table's notes. Messages: this folder's en.ftl / ru.ftl.

import { h } from "../../vendor/preact/preact.module.js";
import { useState } from "../../vendor/preact/hooks.module.js";
import htm from "../../vendor/htm/htm.module.js";
import { t } from "../../js/i18n.js";

const html = htm.bind(h);
const go = (screen, cmd) => screen.send({ rules: cmd }).catch(() => {});
/** The counters this seat may act for: all for the Referee, a player's bound ones. */
function mine(screen) {
  const all = Object.keys(screen.rules.counters || {});
  if (screen.isReferee) return all;
  const bound = screen.view?.participants?.players?.[screen.viewer?.name] || [];
  return all.filter((id) => bound.includes(id));
}
/** What this seat has typed, kept on the screen across renders. */
const form = (screen) => (screen.forms.demo ||= { character: "", amount: "1", dice: "1d6", note: "", secret: false, newId: "" });

function Counters({ screen }) {
  const r = screen.rules;
  const counters = Object.entries(r.counters || {});
  const f = form(screen);
  const own = mine(screen);
  if (!own.includes(f.character)) f.character = own[0] || "";
  const [preview, setPreview] = useState(null);
  const ask = () =>
    screen
      .query("preview_add", { character: f.character, amount: Number(f.amount) })
      .then((a) => setPreview({ ...a, character: f.character }), (e) => setPreview({ error: e.message }));
  return html`<section id="demo-counters" class="panel" aria-labelledby="demo-counters-h">
    <h2 id="demo-counters-h">${t("demo-counters", { count: counters.length })}</h2>
    ${counters.length
      ? html`<ul class="demo-counters">
          ${counters.map(
            ([id, n]) => html`<li key=${id} data-character=${id}>
              <strong>${id}</strong>: <span class="demo-value">${n}</span>
              ${r.dead?.includes(id) ? html` <span class="badge">${t("demo-dead")}</span>` : null}
              ${r.hidden && id in r.hidden ? html` <span class="hint">${t("demo-hidden", { score: r.hidden[id] })}</span>` : null}
            </li>`,
          )}
        </ul>`
      : html`<p class="hint">${t("demo-no-counters")}</p>`}
    ${own.length
      ? html`<div class="row wrap">
          <select id="demo-character" aria-label=${t("demo-character")} value=${f.character} onChange=${(e) => ((f.character = e.target.value), setPreview(null))}>
            ${own.map((id) => html`<option key=${id} value=${id}>${id}</option>`)}
          </select>
          <input id="demo-amount" type="number" min="-1000" max="1000" aria-label=${t("demo-amount")} value=${f.amount} onInput=${(e) => ((f.amount = e.target.value), setPreview(null))} />
          <button type="button" id="demo-preview" onClick=${ask}>${t("demo-preview")}</button>
          <button type="button" id="demo-add" class="primary" onClick=${() => go(screen, { add: { character: f.character, amount: Number(f.amount) } }).then(() => setPreview(null))}>${t("demo-add")}</button>
        </div>
        ${preview
          ? html`<p id="demo-preview-result" class=${preview.error ? "inv-error" : "hint"}>
              ${preview.error || t("demo-preview-result", { character: preview.character, before: preview.before, after: preview.after })}
            </p>`
          : null}
        <div class="row wrap">
          <input id="demo-dice" aria-label=${t("demo-dice")} value=${f.dice} onInput=${(e) => (f.dice = e.target.value)} />
          <button type="button" id="demo-roll" onClick=${() => go(screen, { roll: { character: f.character, dice: f.dice } })}>${t("demo-roll")}</button>
        </div>`
      : null}
    ${screen.isReferee
      ? html`<form class="row wrap" onSubmit=${(e) => {
          e.preventDefault();
          go(screen, { create: { character: f.newId.trim() } }).then(() => (f.newId = ""));
        }}>
          <input id="demo-new" required pattern="[A-Za-z0-9_\\-]+" aria-label=${t("demo-new-character")} placeholder=${t("demo-new-character")} value=${f.newId} onInput=${(e) => (f.newId = e.target.value)} />
          <button type="submit" id="demo-create">${t("demo-create")}</button>
        </form>`
      : null}
  </section>`;
}

function Notes({ screen }) {
  const notes = screen.rules.notes || [];
  const f = form(screen);
  return html`<section id="demo-notes" class="panel" aria-labelledby="demo-notes-h">
    <h2 id="demo-notes-h">${t("demo-notes", { count: notes.length })}</h2>
    <ul class="demo-notes">
      ${notes.map((n, i) => html`<li key=${i}><strong>${n.author}</strong>: ${n.text}${n.audience === "public" ? null : html` <span class="badge">${t("private")}</span>`}</li>`)}
    </ul>
    <form class="row wrap" onSubmit=${(e) => {
      e.preventDefault();
      go(screen, { note: { text: f.note, secret: f.secret } }).then(() => (f.note = ""));
    }}>
      <input id="demo-note" maxlength="500" aria-label=${t("demo-note")} placeholder=${t("demo-note")} value=${f.note} onInput=${(e) => (f.note = e.target.value)} />
      <label class="radio"><input type="checkbox" id="demo-secret" checked=${f.secret} onChange=${(e) => (f.secret = e.target.checked)} /> ${t("demo-secret")}</label>
      <button type="submit" id="demo-add-note">${t("demo-add-note")}</button>
    </form>
  </section>`;
}

/** The demo screen, as the shell asks for it (see js/table.js). */
export default {
  layout(screen) {
    return { a: [html`<${Counters} key="counters" screen=${screen} />`], b: [html`<${Notes} key="notes" screen=${screen} />`], tools: [] };
  },
  characters(screen) {
    return Object.keys(screen.rules.counters || {}).map((id) => ({ id, name: id, party: true }));
  },
};
