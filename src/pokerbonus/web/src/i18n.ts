// The page's words in the reader's language. The server chooses the language (the
// page's remembered switch, a cookie, else the browser's Accept-Language), writes it
// in <html lang> and puts the page's messages of its gettext catalog in
// <script id="pokerbonus-words" type="application/json"> (nothing for English).
//
// The words are written in English in the sources, whole sentences with named
// placeholders, through gettext / ngettext / pgettext: the catalog tools extract
// them from these files as they do from the Python code (docs/i18n.md). A call
// inside a template literal is not extracted: write gettext("...") as a plain call.

import { h } from "./dom.js";

type Entry = string | string[];
type Values = Record<string, unknown>;

/** The cookie that remembers the switch (read by the server too). */
export const LANG_COOKIE = "pokerbonus_lang";
const LANGUAGES: [string, string][] = [["en", "English"], ["fr", "Fran\u00e7ais"]];

let catalog: Record<string, Entry> = {};
/** The page's language ("en", "fr"). */
export let lang = "en";

/** Read the language and the messages the server put in the page. */
export function loadWords(doc: Document = document): void {
  lang = doc.documentElement.lang || "en";
  const el = doc.getElementById("pokerbonus-words");
  try {
    catalog = el && el.textContent ? JSON.parse(el.textContent) as Record<string, Entry> : {};
  } catch {
    catalog = {};
  }
}

function format(text: string, values?: Values): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** `message` in the page's language, its {placeholders} filled from `values`. */
export function gettext(message: string, values?: Values): string {
  const found = catalog[message];
  return format(typeof found === "string" && found ? found : message, values);
}

/** The form for `n` things (French counts 0 and 1 in the singular). */
export function ngettext(singular: string, plural: string, n: number, values?: Values): string {
  const found = catalog[singular];
  const index = lang === "fr" ? (n > 1 ? 1 : 0) : (n === 1 ? 0 : 1);
  if (Array.isArray(found) && found[index]) return format(found[index], values);
  return format(n === 1 ? singular : plural, values);
}

/** `message` where `context` tells two uses of the same English words apart. */
export function pgettext(context: string, message: string, values?: Values): string {
  const found = catalog[`${context}\u0004${message}`];
  return format(typeof found === "string" && found ? found : message, values);
}

/** The language switch: remembered in a cookie, the page drawn again in the new language. */
export function languageSwitch(): HTMLElement {
  const select = h("select", { "data-testid": "lang-switch", "aria-label": gettext("Language") },
    ...LANGUAGES.map(([code, name]) => h("option", { value: code, selected: code === lang, lang: code }, name)));
  select.addEventListener("change", () => {
    document.cookie = `${LANG_COOKIE}=${select.value}; path=/; max-age=31536000; samesite=lax`;
    location.reload();
  });
  return h("label", { class: "lang" }, select);
}
