import { setupI18n } from '@lingui/core';
import { lazy, useSyncExternalStore } from 'react';
import { loaders } from 'virtual:catalogues';
import type { Catalogue } from '@egg-rush/contract/locales';
import { formatNumber, setFormatLocale } from './format.ts';
import { isRightToLeft, type Language } from './language.ts';

/**
 * The player's language, with Lingui's runtime (about 2 KB gzip). The catalogues are written as
 * JSON in packages/contract/locales and compiled when the app is built (catalogues.ts): each
 * language complete, English filling any key it lacks, in two chunks: the first screen's texts,
 * loaded before the first render, and every other screen's, loaded right after it (a screen waits
 * for them: `moreTexts`). Plurals follow Intl.PluralRules, numbers lib/format.ts (Intl.NumberFormat).
 * `useT` is a small binding of our own: the texts change only when the language does.
 */

export {
  isLanguage,
  isRightToLeft,
  LANGUAGE_CODES,
  LANGUAGES,
  pickLanguage,
  type Language,
} from './language.ts';

/** A catalogue key: `section.name`, a plural without its `_one`/`_other` ending. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type WithoutPlural<K> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
  ? Base
  : K;
/** The app's keys: every section but the bot's (the server's; the app's parts do not carry it). */
export type Key = WithoutPlural<Leaves<Omit<Catalogue, 'bot'>>>;
export type Values = Record<string, string | number>;

// A key no catalogue has (a server's code, an operator's text) reads as itself, without the
// runtime's warning about an uncompiled message.
const i18n = setupI18n({ missing: (_locale, id) => id });
let language: Language = 'en';
/** The parts of the catalogue loaded per language. */
const loaded = new Map<Language, Set<'first' | 'more'>>();
let more: Promise<void> | undefined;
const listeners = new Set<() => void>();

async function loadPart(lng: Language, part: 'first' | 'more') {
  if (loaded.get(lng)?.has(part)) return;
  const { default: messages } = await loaders[lng][part]();
  i18n.load(lng, messages);
  loaded.set(lng, new Set([...(loaded.get(lng) ?? []), part]));
}

function applyLanguage(lng: Language) {
  language = lng;
  i18n.activate(lng);
  setFormatLocale(lng);
  document.documentElement.lang = lng;
  document.documentElement.dir = isRightToLeft(lng) ? 'rtl' : 'ltr';
  document.title = t('app.title');
  listeners.forEach((listener) => listener());
}

/**
 * Loads the first screen's texts in `lng`; call once before rendering. The other screens' texts
 * follow at once, in the background (`moreTexts`).
 */
export async function startI18n(lng: Language): Promise<void> {
  await loadPart(lng, 'first');
  more = undefined;
  applyLanguage(lng);
  // A failure here is the screen's to show (and retry) when it opens.
  moreTexts().catch(() => undefined);
}

/** The other screens' texts in the current language; a screen's chunk waits for them. */
export function moreTexts(): Promise<void> {
  const lng = language;
  more ??= loadPart(lng, 'more').catch((error: unknown) => {
    more = undefined;
    throw error;
  });
  return more;
}

/** What React.lazy takes: a component of any props. */
type LazyComponent = Parameters<typeof lazy>[0] extends () => Promise<{ default: infer T }> ? T : never;

/**
 * A component loaded at its first render (React.lazy) together with the other screens' texts, and
 * `preload` to fetch both before then (a failure is left to that render, which asks again).
 */
export function lazyWithTexts<T extends LazyComponent>(load: () => Promise<{ default: T }>) {
  const loadAll = () => Promise.all([load(), moreTexts()]).then(([chunk]) => chunk);
  return Object.assign(lazy(loadAll), { preload: () => void loadAll().catch(() => undefined) });
}

/** Switches the language, loading all its texts first. */
export async function setLanguage(lng: Language): Promise<void> {
  if (lng === language && loaded.get(lng)?.has('first')) return;
  await Promise.all([loadPart(lng, 'first'), loadPart(lng, 'more')]);
  more = Promise.resolve();
  applyLanguage(lng);
}

export const currentLanguage = () => language;

/** Whether the catalogue has `key`: for texts picked by a server's code. */
export const hasKey = (key: string) => i18n.messages[key] !== undefined;

/**
 * A text's numbers in the language's digits and grouping ("1,500", "۱٬۵۰۰"); `count` stays a
 * number, as the plural picks its form by it (and writes it the same way).
 */
function localised(values?: Values): Values | undefined {
  if (!values) return values;
  const out: Values = {};
  for (const [name, value] of Object.entries(values))
    out[name] = typeof value === 'number' && name !== 'count' ? formatNumber(value) : value;
  return out;
}

/** Translates outside React (toasts, titles); the keys are checked against the English catalogue. */
export function t(key: Key, values?: Values): string {
  return i18n._(key, localised(values));
}

/** The English words of a built-in text (to tell the catalogue's from an operator's). */
export function english(key: Key): string {
  return language === 'en' ? t(key) : i18n._(`en:${key}`);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The translator and the language; the component renders again when the language changes. */
export function useT(): { t: typeof t; lng: Language } {
  const lng = useSyncExternalStore(subscribe, currentLanguage);
  return { t, lng };
}
