// The UI's words in the five languages of the seed. Catalogs live in /i18n/<code>.json (one
// flat object per language, same keys everywhere; tests/browser/test_i18n_catalogs.py checks
// it). A value is a string with {placeholders}, or {"one": ..., "other": ...} chosen with
// Intl.PluralRules by the `count` parameter. Hebrew switches the document to right-to-left.

export const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'it', name: 'Italiano', dir: 'ltr' },
  { code: 'he', name: 'עברית', dir: 'rtl' },
  { code: 'ko', name: '한국어', dir: 'ltr' },
];
const CODES = LANGUAGES.map((l) => l.code);

const catalogs = {};
let current = 'en';
let plurals = new Intl.PluralRules('en');
const listeners = new Set();

export function supportedLocale(code) {
  const base = String(code || '').toLowerCase().split('-')[0];
  return CODES.includes(base) ? base : 'en';
}

export function directionOf(code) {
  return (LANGUAGES.find((l) => l.code === code) || LANGUAGES[0]).dir;
}

async function fetchCatalog(code) {
  if (catalogs[code]) return catalogs[code];
  // Beside the modules (../i18n/ from js/): a versioned page gets its release's words.
  const response = await fetch(new URL(`../i18n/${code}.json`, import.meta.url));
  if (!response.ok) throw new Error(`language file ${code} could not be loaded`);
  catalogs[code] = await response.json();
  return catalogs[code];
}

/** Load a language (and English, the fallback) and make it the document's language. */
export async function setLocale(code) {
  const wanted = supportedLocale(code);
  await fetchCatalog('en');
  try {
    await fetchCatalog(wanted);
    current = wanted;
  } catch {
    current = 'en';
  }
  plurals = new Intl.PluralRules(current);
  const root = document.documentElement;
  root.lang = current;
  root.dir = directionOf(current);
  for (const listener of listeners) listener(current);
  return current;
}

export function locale() { return current; }
export function isRtl() { return directionOf(current) === 'rtl'; }
export function onLocaleChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function lookup(key) {
  const own = catalogs[current] && catalogs[current][key];
  if (own !== undefined) return own;
  const fallback = catalogs.en && catalogs.en[key];
  return fallback !== undefined ? fallback : key;
}

/** Translate `key`; {name} placeholders are filled from `params`. */
export function t(key, params) {
  let value = lookup(key);
  if (value && typeof value === 'object') {
    const count = params && typeof params.count === 'number' ? params.count : 0;
    value = value[plurals.select(count)] ?? value.other ?? '';
  }
  if (!params) return value;
  return String(value).replace(/\{(\w+)\}/g, (whole, name) =>
    (params[name] !== undefined && params[name] !== null ? String(params[name]) : whole));
}

/** Translate when the catalog knows the key, otherwise show `fallback` (server values). */
export function tMaybe(key, fallback) {
  const value = lookup(key);
  return value === key ? fallback : value;
}
