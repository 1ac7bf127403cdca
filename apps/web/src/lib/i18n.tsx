import type { i18n as I18n, TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import type en from '../locales/en.json';
import { setFormatLocale } from './format.ts';

/**
 * The player's language: i18next with one JSON catalogue per language (src/locales), each its own
 * chunk loaded when chosen; a key a catalogue lacks falls back to English. i18next itself is a
 * chunk fetched beside the launch (it is as large as a screen), so `useT` here is a small binding
 * of our own: react-i18next's hook imports i18next's main module and would pull it into the
 * first screen. Plurals use i18next's `_one`/`_few`/`_many`/`_other` keys (Intl.PluralRules),
 * numbers lib/format.ts (Intl.NumberFormat).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

/** The languages the game speaks, each named in itself. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'ru', name: 'Русский' },
  { code: 'uk', name: 'Українська' },
  { code: 'es', name: 'Español' },
  { code: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'id', name: 'Bahasa Indonesia' },
  { code: 'vi', name: 'Tiếng Việt' },
  { code: 'tr', name: 'Türkçe' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as readonly Language[];

/** Telegram's `language_code` (an IETF tag such as `pt-br` or `ru`) as one of ours; else English. */
export function pickLanguage(code: string | null | undefined): Language {
  if (!code) return 'en';
  const tag = code.toLowerCase();
  const exact = LANGUAGE_CODES.find((l) => l.toLowerCase() === tag);
  if (exact) return exact;
  const base = tag.split(/[-_]/)[0];
  if (base === 'pt') return 'pt-BR';
  // Belarusian and Kazakh players read Russian more often than English.
  if (base === 'be' || base === 'kk') return 'ru';
  return LANGUAGE_CODES.find((l) => l === base) ?? 'en';
}

export const isLanguage = (code: unknown): code is Language =>
  typeof code === 'string' && (LANGUAGE_CODES as readonly string[]).includes(code);

type Catalogue = Record<string, unknown>;
const catalogues = import.meta.glob<Catalogue>('../locales/*.json', { import: 'default' });
const loadCatalogue = (lng: Language) => {
  const load = catalogues[`../locales/${lng}.json`];
  if (!load) throw new Error(`no catalogue for ${lng}`);
  return load();
};

// The library starts loading as soon as this module runs, beside the Telegram launch.
const importLibrary = () => import('i18next');
let library: ReturnType<typeof importLibrary> | undefined;
const loadLibrary = () => (library ??= importLibrary());
loadLibrary().catch(() => (library = undefined));

let instance: I18n | undefined;
let language: Language = 'en';
let translate: TFunction | undefined;
const listeners = new Set<() => void>();

function applyLanguage(lng: Language) {
  language = lng;
  translate = instance!.getFixedT(lng);
  setFormatLocale(lng);
  document.documentElement.lang = lng;
  document.documentElement.dir = instance!.dir(lng);
  document.title = translate('app.title');
  listeners.forEach((listener) => listener());
}

/** Loads the library and `lng`'s catalogue (and English, the fallback); call once before rendering. */
export async function startI18n(lng: Language): Promise<void> {
  const [{ default: i18next }, main, fallback] = await Promise.all([
    loadLibrary(),
    loadCatalogue(lng),
    lng === 'en' ? undefined : loadCatalogue('en'),
  ]);
  instance = i18next.createInstance();
  await instance.init({
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGE_CODES],
    resources: {
      [lng]: { translation: main },
      ...(fallback ? { en: { translation: fallback } } : {}),
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyLanguage(lng);
}

/** Switches the language, loading its catalogue first. */
export async function setLanguage(lng: Language): Promise<void> {
  if (!instance) return startI18n(lng);
  if (lng === language) return;
  if (!instance.hasResourceBundle(lng, 'translation')) {
    instance.addResourceBundle(lng, 'translation', await loadCatalogue(lng));
  }
  await instance.changeLanguage(lng);
  applyLanguage(lng);
}

export const currentLanguage = () => language;

/** Whether the catalogue (or English) has `key`: for texts picked by a server's code. */
export const hasKey = (key: string) => instance?.exists(key) ?? false;

/** Translates outside React (toasts, titles); the keys are checked against the English catalogue. */
export const t: TFunction = ((...args: Parameters<TFunction>) => {
  if (!translate) return String(args[0]);
  return (translate as unknown as (...a: unknown[]) => string)(...args);
}) as TFunction;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The translator and the language; the component renders again when the language changes. */
export function useT(): { t: TFunction; lng: Language } {
  const lng = useSyncExternalStore(subscribe, currentLanguage);
  return { t, lng };
}
