// The Judge's tables (AC-GEN-02/03, issue 20): every table of the campaign as it stands, a row
// replaced from its JSON (`override_row`, logged with the old and new row), and a class's XP
// thresholds past T-25 (`set_xp_table`). The Judge's only; players never load it.
import { h } from "../../vendor/preact/preact.module.js";
import { useState } from "../../vendor/preact/hooks.module.js";
import htm from "../../vendor/htm/htm.module.js";
import { t, addMessages } from "../../js/i18n.js";
import { laterMessages } from "../../js/api.js";
import { refusalText } from "../../js/log.js";

const html = htm.bind(h);

/** A refusal in the UI language (the ruleset's refusal words load on demand). */
const worded = (e) =>
  Promise.all(laterMessages("acks").map((p) => addMessages(`${p}.`).catch(() => {}))).then(() => refusalText(e));

/** A cell of a row as text: numbers, words, ranges and lists as they are in the JSON. */
function cell(v) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "boolean") return v ? t("acks-tables-yes") : t("acks-tables-no");
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/** The Tables panel (shown to the Judge only). */
export function JudgeTables({ screen }) {
  return screen.isReferee ? html`<${Tables} screen=${screen} />` : null;
}

function Tables({ screen }) {
  const [list, setList] = useState(null);
  const [table, setTable] = useState(null);
  const [edit, setEdit] = useState(null);
  const [note, setNote] = useState(null);
  const fail = (e) => worded(e).then((text) => setNote({ error: true, text }));
  const open = (key) => {
    setEdit(null);
    if (!key) return setTable(null);
    screen.query("table_rows", { table: key }).then(setTable, fail);
  };
  const load = () => screen.query("table_rows", {}).then((r) => setList(r.tables), fail);
  const replace = () => {
    let row;
    try {
      row = JSON.parse(edit.text);
    } catch {
      setNote({ error: true, text: t("acks-tables-bad-json") });
      return;
    }
    screen
      .send({ rules: { override_row: { table: table.key, index: edit.index, row } } }, { quiet: true })
      .then(() => {
        setNote({ text: t("acks-tables-replaced", { id: table.id, row: edit.index + 1 }) });
        open(table.key);
        load();
      }, fail);
  };
  return html`<section class="panel" id="acks-tables" aria-labelledby="acks-tables-h">
    <h2 id="acks-tables-h">${t("acks-tables")}</h2>
    <p class="hint">${t("acks-tables-hint")}</p>
    ${list
      ? html`<label class="field">${t("acks-tables-pick")}
          <select id="acks-table-pick" value=${table?.key || ""} onChange=${(e) => open(e.target.value)}>
            <option value="">—</option>
            ${list.map(
              (x) => html`<option key=${x.key} value=${x.key}>${x.id} ${x.title}${x.confidence === "not_found" ? ` (${t("acks-tables-not-found")})` : ""}${x.overridden ? ` · ${t("acks-tables-changed", { count: x.overridden })}` : ""}</option>`,
            )}
          </select></label>`
      : html`<button type="button" id="acks-tables-load" onClick=${load}>${t("acks-tables-load")}</button>`}
    ${note ? html`<p id="acks-tables-note" class=${note.error ? "inv-error" : "hint"} aria-live="polite">${note.text}</p>` : null}
    ${table
      ? html`<div class="scroll-x"><table id="acks-table-rows">
          <caption>${table.id} ${table.title} · ${table.russian}${table.confidence === "not_found" ? ` · ${t("acks-tables-not-found")}` : ""}</caption>
          <thead><tr><th scope="col">#</th>${table.columns.map((c) => html`<th key=${c} scope="col">${c}</th>`)}<th scope="col"><span class="sr">${t("acks-tables-edit")}</span></th></tr></thead>
          <tbody>
            ${table.rows.map(
              (r, i) => html`<tr key=${i} class=${table.overridden.includes(i) ? "acks-row-changed" : ""}>
                <th scope="row">${i + 1}${table.overridden.includes(i) ? html` <span class="acks-changed">${t("acks-tables-row-changed")}</span>` : null}</th>
                ${table.columns.map((c) => html`<td key=${c}>${cell(r[c])}</td>`)}
                <td><button type="button" class="acks-row-edit" aria-label=${t("acks-tables-edit-row", { row: i + 1 })} onClick=${() => setEdit({ index: i, text: JSON.stringify(r, null, 1) })}>${t("acks-tables-edit")}</button></td>
              </tr>`,
            )}
          </tbody></table></div>
          ${table.note ? html`<p class="hint">${table.note}</p>` : null}`
      : null}
    ${table && edit
      ? html`<fieldset id="acks-row-form"><legend>${t("acks-tables-edit-row", { row: edit.index + 1 })}</legend>
          <label class="field">${t("acks-tables-row-json")}
            <textarea id="acks-row-json" rows="6" value=${edit.text} onInput=${(e) => setEdit({ ...edit, text: e.target.value })}></textarea></label>
          <button type="button" id="acks-row-replace" class="primary" onClick=${replace}>${t("acks-tables-replace")}</button>
        </fieldset>`
      : null}
    <${XpTable} screen=${screen} fail=${fail} setNote=${setNote} />
  </section>`;
}

/** A class's XP to reach level 2, 3, … (T-25 gives only levels 2 and 3 of the core classes). */
function XpTable({ screen, fail, setNote }) {
  const f = (screen.forms.acksXp ||= { class: "", thresholds: "" });
  const [, redraw] = useState(0);
  const set = (k) => (e) => {
    f[k] = e.target.value;
    redraw((n) => n + 1);
  };
  const classes = new Set(Object.keys(screen.rules.content?.classes || {}));
  for (const c of Object.values(screen.creatures)) {
    const cl = c?.kind?.character?.class;
    if (cl) classes.add(cl);
  }
  const entered = screen.rules.experience?.tables || {};
  const save = () => {
    const thresholds = f.thresholds
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map(Number);
    screen
      .send({ rules: { set_xp_table: { class: f.class, thresholds } } }, { quiet: true })
      .then(() => setNote({ text: t("acks-tables-xp-set", { class: screen.rules.content?.classes?.[f.class]?.name || f.class, count: thresholds.length }) }), fail);
  };
  return html`<fieldset id="acks-xp-table"><legend>${t("acks-tables-xp")}</legend>
    <label class="field">${t("acks-tables-xp-class")}
      <select id="acks-xp-class" value=${f.class} onChange=${set("class")}>
        <option value="">—</option>
        ${[...classes].sort().map((c) => html`<option key=${c} value=${c}>${screen.rules.content?.classes?.[c]?.name || c}</option>`)}
      </select></label>
    <label class="field">${t("acks-tables-xp-thresholds")}
      <input id="acks-xp-thresholds" inputmode="numeric" value=${f.thresholds} placeholder=${entered[f.class]?.join(", ") || "2000, 4000, 8000"} onInput=${set("thresholds")} /></label>
    <button type="button" id="acks-xp-save" disabled=${!f.class || !f.thresholds.trim()} onClick=${save}>${t("acks-tables-xp-save")}</button>
    ${entered[f.class] ? html`<p class="hint" id="acks-xp-entered">${t("acks-tables-xp-entered", { list: entered[f.class].join(", ") })}</p>` : null}
  </fieldset>`;
}
