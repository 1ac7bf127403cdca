/** The compiled catalogues (catalogues.ts): per language, the first screen's part and the rest. */
declare module 'virtual:catalogues' {
  import type { Messages } from '@lingui/core';
  import type { LanguageCode } from '@egg-rush/game/language';
  /** Every language's (catalogues.ts writes one entry per language of LANGUAGES). */
  export const loaders: Record<LanguageCode, Record<'first' | 'more', () => Promise<{ default: Messages }>>>;
}

/** The texts of index.html's painted frame, by key, per language. */
declare module 'virtual:frame-texts' {
  export const frameTexts: Record<string, Record<string, string>>;
}
