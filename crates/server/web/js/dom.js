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
