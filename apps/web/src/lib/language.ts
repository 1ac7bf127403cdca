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
];
export type Language = LanguageCode;
export { isLanguage, LANGUAGE_CODES, pickLanguage };
