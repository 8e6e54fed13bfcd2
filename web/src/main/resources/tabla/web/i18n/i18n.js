// Every UI string lives in one message file per language (messages/en.json, bg, cs, sr in the
// Latin script, it), loaded once when the page starts. t(KEY, {name}) fills {name}; tn(KEY, n)
// picks the plural form for n (Intl.PluralRules). Backgammon words follow each language's usage:
// BrainKing's Bulgarian (пул, зарчета, марс, марсилеза, "Нямате ход", "Размени зарчетата"), Czech
// vrhcáby terms, Serbian tavla terms. MessagesTest fails on any key missing or unused in any language.

export const LANGS = [
  ['en', 'English'],
  ['bg', 'Български'],
  ['cs', 'Čeština'],
  ['sr', 'Srpski (latinica)'],
  ['it', 'Italiano'],
];

async function load(code) {
  const r = await fetch(new URL(`./messages/${code}.json`, import.meta.url));
  if (!r.ok) throw new Error(`messages/${code}.json: HTTP ${r.status}`);
  return r.json();
}

export const DICTS = Object.fromEntries(await Promise.all(LANGS.map(async ([code]) => [code, await load(code)])));
const en = DICTS.en;

const KEY = 'tabla.lang';

function stored() {
  try {
    return localStorage.getItem(KEY);
  } catch (e) {
    return null;
  }
}

function initial() {
  const s = stored();
  if (s && DICTS[s]) return s;
  const nav = (navigator.language || 'en').slice(0, 2).toLowerCase();
  return DICTS[nav] ? nav : 'en';
}

let lang = initial();

export function getLang() {
  return lang;
}

export function hasChosenLang() {
  return !!stored();
}

/** remember = false: follow the account's language without fixing it for this browser. */
export function setLang(code, remember = true) {
  if (!DICTS[code]) return;
  lang = code;
  // what the page drew outside its current view (the footer, the notices) follows at once, without a reload
  if (globalThis.window && typeof window.dispatchEvent === 'function') window.dispatchEvent(new CustomEvent('tabla-lang', { detail: code }));
  if (remember) {
    try {
      localStorage.setItem(KEY, code);
    } catch (e) {
      /* private mode */
    }
  }
}

function fill(s, params) {
  return String(s).replace(/\{(\w+)\}/g, (m, k) => (params && params[k] !== undefined ? params[k] : m));
}

/** Whether the page's language, or English, has words for {@code key}. */
export function hasKey(key) {
  return DICTS[lang][key] !== undefined || en[key] !== undefined;
}

export function t(key, params) {
  let s = DICTS[lang][key] ?? en[key] ?? key;
  if (typeof s === 'object') s = s.other;
  return fill(s, params);
}

/** The plural form of key for n, e.g. tn('points', 3) → "3 points" / "3 body" / "3 точки". */
export function tn(key, n, params) {
  const forms = DICTS[lang][key] ?? en[key];
  if (!forms) return key;
  if (typeof forms === 'string') return fill(forms, { n, ...params });
  const cat = new Intl.PluralRules(lang === 'sr' ? 'sr-Latn' : lang).select(n);
  return fill(forms[cat] ?? forms.other, { n, ...params });
}
