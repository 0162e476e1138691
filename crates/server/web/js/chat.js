// Table chat, whispers and the free dice roller: one panel for the Referee and every player.
//
// It sends the engine's game-free commands — {"say": {"text", "to"}} and {"roll": {"expr",
// "label", "secret"}} — through `screen.send`, and shows the last chat lines and free rolls
// from the caller's own log (`screen.events`), so a player's panel holds only what the server
// projects for that player: a whisper between two others or someone's secret roll is never
// sent to this page at all. New lines from others are announced once through a polite live
// region (the lines already there when the table opened are not).

import { h } from "../vendor/preact/preact.module.js";
import { useEffect, useRef } from "../vendor/preact/hooks.module.js";
import htm from "../vendor/htm/htm.module.js";
import { t } from "./i18n.js";
import { actorName, diceOf, diceView } from "./log.js";

const html = htm.bind(h);

/** Quick dice: each button rolls at once (with the label and the secret box as they are). */
const QUICK = ["1d4", "1d6", "1d8", "1d10", "1d12", "1d20", "2d10"];
/** Chat lines kept in the panel (the log keeps them all). */
const SHOWN = 20;

/** Whether a view event is a chat line or a free roll. */
export function isChatLine(ev) {
  const b = ev?.body || {};
  return b.type === "said" || (b.type === "rolled" && b.free === true);
}

/** The recipients of a whisper as names (the Referee by role), empty for the whole table. */
export function recipients(body) {
  return [...(body.to_referee ? [t("role-referee")] : []), ...(body.to || [])];
}

/** One line's text for the live region. */
function spoken(ev) {
  const b = ev.body;
  const who = actorName(ev.actor);
  if (b.type === "said") {
    const to = recipients(b);
    return to.length ? t("chat-whisper-spoken", { who, to: to.join(", "), text: b.text }) : t("chat-said-spoken", { who, text: b.text });
  }
  return t("chat-rolled-spoken", { who, label: b.label || b.expr, total: b.result?.total ?? "?" });
}

function Line({ ev }) {
  const b = ev.body;
  const who = actorName(ev.actor);
  if (b.type === "said") {
    const to = recipients(b);
    return html`<li class=${`chat-line${to.length ? " whisper" : ""}`} data-n=${ev.n}>
      <strong class="chat-who">${who}</strong>${to.length ? html` <span class="chat-to">→ ${to.join(", ")}</span> <span class="badge">${t("chat-whisper")}</span>` : null}${": "}<span class="chat-text">${b.text}</span>
    </li>`;
  }
  return html`<li class=${`chat-line roll${ev.private ? " private" : ""}`} data-n=${ev.n}>
    <strong class="chat-who">${who}</strong>${" "}<span class="chat-text">${t("chat-rolled", { label: b.label || "", expr: b.expr, total: b.result?.total ?? "?" })}</span>${" "}${diceView(diceOf(b.result))}${ev.private ? html` <span class="badge secret">${t("chat-secret")}</span>` : null}
  </li>`;
}

/** The chat and dice panel (mounted by js/table.js). */
export function Chat({ screen }) {
  const f = (screen.forms.chat ||= { text: "", to: [], expr: "", label: "", secret: false, live: "", announced: null });
  const me = screen.viewer?.name;
  const participants = screen.view?.participants || {};
  // Whom this seat may whisper to: the Referee (for a player) and every other player.
  const others = [
    ...(screen.isReferee ? [] : [{ id: participants.referee, name: t("role-referee") }]),
    ...Object.keys(participants.players || {})
      .filter((p) => screen.isReferee || p !== me)
      .map((p) => ({ id: p, name: p })),
  ].filter((o) => o.id);
  f.to = f.to.filter((id) => others.some((o) => o.id === id));
  const lines = screen.events.filter(isChatLine).slice(-SHOWN);
  const last = lines.length ? lines[lines.length - 1].n : 0;

  // Announce lines from others that came after the panel first rendered, once each.
  if (f.announced === null) f.announced = last;
  else if (last > f.announced) {
    const mine = (ev) => (screen.isReferee ? ev.actor?.role === "referee" : ev.actor?.role === "player" && ev.actor?.name === me);
    const fresh = lines.filter((ev) => ev.n > f.announced && !mine(ev));
    if (fresh.length) f.live = fresh.map(spoken).join(" ");
    f.announced = last;
  }

  const list = useRef(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last]);

  return html`<section id="chat" class="panel" aria-labelledby="chat-h">
    <h2 id="chat-h">${t("chat")}</h2>
    ${lines.length
      ? html`<ol id="chat-lines" class="log chat-lines" ref=${list}>${lines.map((ev) => html`<${Line} key=${ev.n} ev=${ev} />`)}</ol>`
      : html`<p class="hint" id="chat-empty">${t("chat-empty")}</p>`}
    <div id="chat-live" class="sr" aria-live="polite" aria-atomic="true">${f.live}</div>
    ${screen.viewer?.role === "spectator" ? null : html`<${Form} screen=${screen} f=${f} others=${others} />`}
  </section>`;
}

/** The message box, the recipient picker and the dice roller (not for spectators: they never act). */
function Form({ screen, f, others }) {
  const say = () => {
    const field = document.getElementById("chat-text");
    const text = (field ? field.value : f.text).trim();
    if (!text) return;
    screen
      .send({ say: { text, to: [...f.to] } })
      .then(() => {
        f.text = "";
        if (field) field.value = "";
        screen.render();
      })
      .catch(() => {});
  };
  const roll = (expr) => {
    const e = String(expr ?? f.expr).trim();
    if (!e) return;
    const faces = screen.mayBringDice?.() ? f.faces || "" : "";
    screen
      .send({ roll: { expr: e, label: f.label.trim(), secret: !!f.secret } }, { faces })
      .then(() => {
        if (faces) (f.faces = ""), screen.render();
      })
      .catch(() => {});
  };
  const toggle = (id, on) => {
    f.to = on ? [...new Set([...f.to, id])] : f.to.filter((x) => x !== id);
    screen.render();
  };

  return html`
    <label for="chat-text">${t("chat-message")}</label>
    <textarea
      id="chat-text"
      rows="2"
      maxlength="1000"
      aria-describedby="chat-keys"
      value=${f.text}
      onInput=${(e) => (f.text = e.target.value)}
      onKeyDown=${(e) => {
        if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
          e.preventDefault();
          say();
        }
      }}
    ></textarea>
    <p class="hint" id="chat-keys">${t("chat-keys")}</p>
    ${others.length
      ? html`<fieldset class="chars chat-to-picker" id="chat-to">
          <legend>${t("chat-to")}</legend>
          ${others.map(
            (o) => html`<label key=${o.id} class="row"><input type="checkbox" data-to=${o.id} checked=${f.to.includes(o.id)} onChange=${(e) => toggle(o.id, e.target.checked)} /> ${o.name}</label>`,
          )}
          <p class="hint" id="chat-to-hint">${f.to.length ? t(screen.isReferee ? "chat-to-whisper-referee" : "chat-to-whisper") : t("chat-to-all")}</p>
        </fieldset>`
      : null}
    <button id="chat-send" type="button" class="primary" onClick=${say}>${f.to.length ? t("chat-send-whisper") : t("chat-send")}</button>

    <fieldset class="chars dice-roller" id="dice-roller">
      <legend>${t("dice-roller")}</legend>
      <div class="row wrap">
        <label for="roll-expr">${t("roll-expr")}</label>
        <input
          id="roll-expr"
          size="10"
          autocomplete="off"
          spellcheck=${false}
          placeholder="2d10+1"
          value=${f.expr}
          onInput=${(e) => (f.expr = e.target.value)}
          onKeyDown=${(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              roll();
            }
          }}
        />
        <label for="roll-label">${t("roll-label")}</label>
        <input id="roll-label" size="14" maxlength="80" value=${f.label} onInput=${(e) => (f.label = e.target.value)} />
      </div>
      ${screen.mayBringDice?.()
        ? html`<div class="row wrap dice-faces">
            <label for="roll-faces">${t("faces")}</label>
            <input id="roll-faces" size="10" inputmode="numeric" autocomplete="off" value=${f.faces || ""} onInput=${(e) => (f.faces = e.target.value)} aria-describedby="roll-faces-hint" />
            <span class="hint" id="roll-faces-hint">${t("faces-hint")}</span>
          </div>`
        : null}
      <div class="row wrap" role="group" aria-label=${t("roll-quick")}>
        ${QUICK.map((d) => html`<button key=${d} type="button" class="quick-die" data-dice=${d} aria-label=${t("roll-quick-one", { dice: d.replace(/^1d/, "d") })} onClick=${() => roll(d)}>${d.replace(/^1d/, "d")}</button>`)}
      </div>
      <div class="row wrap">
        <label class="row"><input id="roll-secret" type="checkbox" checked=${f.secret} onChange=${(e) => (f.secret = e.target.checked)} /> ${screen.isReferee ? t("roll-secret-referee") : t("roll-secret-player")}</label>
        <button id="roll-button" type="button" class="primary" onClick=${() => roll()}>${t("roll")}</button>
      </div>
    </fieldset>
  `;
}
