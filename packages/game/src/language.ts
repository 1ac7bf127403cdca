/** The languages the game speaks: the web app's catalogues and the bot's texts. */
export const LANGUAGE_CODES = ['en', 'ru', 'uk', 'es', 'pt-BR', 'id', 'vi', 'tr', 'fa', 'hi'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const isLanguage = (code: unknown): code is LanguageCode =>
  typeof code === 'string' && (LANGUAGE_CODES as readonly string[]).includes(code);

/** Telegram's `language_code` (an IETF tag such as `pt-br` or `ru`) as one of ours; else English. */
export function pickLanguage(code: string | null | undefined): LanguageCode {
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

/** The language a player reads: their own choice in the app, else Telegram's. */
export const playerLanguage = (chosen: string | null | undefined, telegram: string | null | undefined) =>
  isLanguage(chosen) ? chosen : pickLanguage(telegram);
