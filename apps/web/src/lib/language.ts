import { isLanguage, LANGUAGE_CODES, pickLanguage, type LanguageCode } from '@egg-rush/game/language';

/** The languages the game speaks, each named in itself (small enough for the page's entry). */
export const LANGUAGES: readonly { code: LanguageCode; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'ru', name: 'Русский' },
  { code: 'uk', name: 'Українська' },
  { code: 'es', name: 'Español' },
  { code: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'id', name: 'Bahasa Indonesia' },
  { code: 'vi', name: 'Tiếng Việt' },
  { code: 'tr', name: 'Türkçe' },
  { code: 'fa', name: 'فارسی' },
  { code: 'hi', name: 'हिन्दी' },
];
export type Language = LanguageCode;

/** Languages written right to left (Persian among ours). */
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur']);
export const isRightToLeft = (lng: string) => RIGHT_TO_LEFT.has(lng.split('-')[0] ?? lng);
export { isLanguage, LANGUAGE_CODES, pickLanguage };
