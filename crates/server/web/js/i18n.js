// Messages through Fluent (@fluent/bundle, vendored): i18n/en.ftl and i18n/ru.ftl.
// The language is chosen per browser (localStorage "delve.lang"), defaulting to the browser's.

import { FluentBundle, FluentResource } from "../vendor/fluent/index.js";

export const LANGS = ["en", "ru"];
const KEY = "delve.lang";
let bundle = null;
let current = "en";
const listeners = [];

export function lang() {
  return current;
}

function initial() {
  const saved = localStorage.getItem(KEY);
  if (LANGS.includes(saved)) return saved;
  return (navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en";
}

/** Loads a language's messages and makes it current. */
export async function setLang(code = initial()) {
  if (!LANGS.includes(code)) code = "en";
  const text = await (await fetch(`/assets/i18n/${code}.ftl`)).text();
  const b = new FluentBundle(code, { useIsolating: false });
  const errors = b.addResource(new FluentResource(text));
  if (errors.length) console.warn("ftl", errors);
  bundle = b;
  current = code;
  localStorage.setItem(KEY, code);
  document.documentElement.lang = code;
  for (const f of listeners) f(code);
}

export function onLangChange(f) {
  listeners.push(f);
}

/** Whether a message exists (for optional per-kind labels). */
export function has(id) {
  return !!bundle && bundle.hasMessage(id);
}

/** Formats message `id` with `args`; an unknown id shows as itself (so nothing is blank). A
 * missing argument shows as `{$name}` instead of throwing (a throw would stop the render). */
export function t(id, args) {
  if (!bundle) return id;
  const m = bundle.getMessage(id);
  if (!m || !m.value) return id;
  const errors = [];
  const out = bundle.formatPattern(m.value, args, errors);
  if (errors.length) console.warn("ftl", id, errors.map(String));
  return out;
}

/** The message if it exists, else `fallback`. */
export function tOr(id, fallback, args) {
  return has(id) ? t(id, args) : fallback;
}

/** Fills elements marked data-l10n-id (text) and data-l10n-aria (aria-label). */
export function translateStatic(root = document) {
  for (const el of root.querySelectorAll("[data-l10n-id]")) el.textContent = t(el.dataset.l10nId);
  for (const el of root.querySelectorAll("[data-l10n-aria]")) el.setAttribute("aria-label", t(el.dataset.l10nAria));
}
