// The DOM builder's signature (js/dom.js: h(tag, attrs, ...children), section(id, title, …))
// over Preact elements, so a screen written with it becomes a component tree the shell
// patches (focus, caret and typed input kept) without rewriting its markup. Differences from
// js/dom.js: `dataset` becomes `data-*` props, an element's `key` is its `key` attribute, and
// the result is a Preact element (no DOM node to hold on to).

import { h as createElement } from "../vendor/preact/preact.module.js";

const kebab = (s) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function h(tag, attrs = {}, ...children) {
  const props = {};
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "dataset") for (const [dk, dv] of Object.entries(v)) props[`data-${kebab(dk)}`] = dv;
    else props[k] = v;
  }
  return createElement(tag, props, ...children);
}

/** A section with a heading, labelled for screen readers (keyed by its id). */
export function section(id, title, ...children) {
  const hid = `${id}-h`;
  return h("section", { key: id, id, class: "panel", "aria-labelledby": hid }, h("h2", { id: hid }, title), ...children);
}
