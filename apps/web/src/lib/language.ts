/** The languages the game speaks, each named in itself (small enough for the page's entry). */
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
