// Messages through Fluent (@fluent/bundle, vendored): the shell's i18n/en.ftl and i18n/ru.ftl,
// plus a ruleset's rulesets/<name>/{en,ru}.ftl once a table of that ruleset opens.
// The language is chosen per browser (localStorage "delve.lang"), defaulting to the browser's.

import { FluentBundle, FluentResource } from "../vendor/fluent/index.js";

export const LANGS = ["en", "ru"];
const KEY = "delve.lang";
let bundle = null;
let current = "en";
const listeners = [];
/** Bumped whenever the bundle changes (language, a ruleset's messages): cached texts are stale. */
let version = 0;
export const messagesVersion = () => version;
/** The message files in the bundle besides the shell's, each as the prefix of its
 * `<prefix><lang>.ftl` (`rulesets/crows/` for a ruleset's own, `rulesets/crows/refusals.` for
 * its refusal words): reloaded with the language. */
const files = [];

/** A file of the web tree, relative to this module (so under the page's versioned prefix). */
const asset = (path) => new URL(`../${path}`, import.meta.url).href;

async function resource(url) {
  const resp = await fetch(url);
  if (!resp.ok) throw new Error(`${url}: HTTP ${resp.status}`);
  return new FluentResource(await resp.text());
}

function add(b, res) {
  const errors = b.addResource(res);
  if (errors.length) console.warn("ftl", errors);
}

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
  const all = await Promise.all([asset(`i18n/${code}.ftl`), ...files.map((f) => asset(`${f}${code}.ftl`))].map(resource));
  const b = new FluentBundle(code, { useIsolating: false });
  for (const res of all) add(b, res);
  bundle = b;
  version++;
  current = code;
  localStorage.setItem(KEY, code);
  document.documentElement.lang = code;
  for (const f of listeners) f(code);
}

/** Adds a ruleset's messages (rulesets/<name>/<lang>.ftl) to the bundle, once. */
export function addRulesetMessages(name) {
  return addMessages(`rulesets/${name}/`);
}

/** Adds the messages of `<prefix><lang>.ftl` (a ruleset's, or its refusal words) to the
 * bundle, once; the same promise for every caller while it loads. */
const adding = new Map();
export function addMessages(prefix) {
  if (files.includes(prefix)) return Promise.resolve();
  if (!adding.has(prefix)) {
    const code = current;
    adding.set(
      prefix,
      resource(asset(`${prefix}${code}.ftl`))
        .then(async (res) => {
          if (files.includes(prefix)) return;
          files.push(prefix);
          if (bundle && current === code) {
            add(bundle, res);
            version++;
          } else if (bundle) await setLang(current);
        })
        .finally(() => adding.delete(prefix)),
    );
  }
  return adding.get(prefix);
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
