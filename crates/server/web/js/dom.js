// Tiny DOM helpers (no framework): h() builds elements, clear() empties one.

/**
 * h("button", {class: "x", onclick: fn, "aria-label": "…"}, "text", child…)
 * Attributes starting with "on" are listeners; `dataset` takes an object; null/false skip.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "class") el.className = v;
    // Through the CSSOM: the Content-Security-Policy forbids inline style attributes.
    else if (k === "style") el.style.cssText = v;
    else if (k === "value") el.value = v;
    else if (k === "checked") el.checked = !!v;
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export const $ = (sel, root = document) => root.querySelector(sel);

/** A section with a heading, labelled for screen readers. */
export function section(id, title, ...children) {
  const hid = `${id}-h`;
  return h("section", { id, class: "panel", "aria-labelledby": hid }, h("h2", { id: hid }, title), ...children);
}

/** Announces a message to screen readers and shows it as a toast. */
export function announce(text, kind = "info") {
  if (kind === "sr") {
    // Screen readers only: a polite live region, no toast.
    const sr = document.getElementById("sr-status");
    if (sr) sr.textContent = text;
    return;
  }
  const box = document.getElementById("toasts");
  if (!box) return;
  const t = h("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, text);
  box.append(t);
  setTimeout(() => t.remove(), kind === "error" ? 8000 : 4000);
}

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** A modal dialog added to the body: the rest inert, Tab kept inside, focus given back (README). */
export function watchModals() {
  let before = null;
  document.addEventListener("focusin", (e) => {
    if (!e.target.closest?.('[role="dialog"][aria-modal="true"]')) before = e.target;
  });
  const open = new Map();
  const keep = new Set(["toasts", "sr-status"]);
  const trap = (e) => {
    if (e.key !== "Tab") return;
    const all = [...e.currentTarget.querySelectorAll(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (!all.length) return;
    const first = all[0];
    const last = all[all.length - 1];
    if (e.shiftKey && (document.activeElement === first || !e.currentTarget.contains(document.activeElement))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (!(n instanceof Element) || n.getAttribute("role") !== "dialog" || n.getAttribute("aria-modal") !== "true") continue;
        const made = [...document.body.children].filter((el) => el !== n && !keep.has(el.id) && !el.inert);
        for (const el of made) el.inert = true;
        n.addEventListener("keydown", trap);
        open.set(n, { made, opener: before });
        if (!n.contains(document.activeElement)) n.querySelector(FOCUSABLE)?.focus();
      }
      for (const n of r.removedNodes) {
        const o = open.get(n);
        if (!o) continue;
        open.delete(n);
        for (const el of o.made) el.inert = false;
        const back = o.opener?.isConnected ? o.opener : document.getElementById("main");
        back?.focus();
      }
    }
  }).observe(document.body, { childList: true });
}
