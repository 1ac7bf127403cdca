/**
 * Numbers in the player's language: thousands separators and compact counts ("1.2K",
 * "1,2 тыс.") through Intl. The language is set by lib/i18n.tsx whenever it changes.
 */
let locale = 'en';
let whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
const compacts = new Map<number, Intl.NumberFormat>();

export function setFormatLocale(next: string) {
  if (next === locale) return;
  locale = next;
  whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  compacts.clear();
}

/** Whole numbers with the language's thousands separators. */
export const formatNumber = (n: number) => whole.format(Math.floor(n));

/** 12.3K, 4.5M (in the player's language): for tight spaces; whole numbers below 10,000. */
export function compactNumber(n: number): string {
  if (n < 10_000) return formatNumber(n);
  // One decimal while the leading part has one or two digits (12.3K), none from three (123K).
  const lead = n / 10 ** (3 * Math.floor(Math.log10(n) / 3));
  const digits = lead >= 100 ? 0 : 1;
  let format = compacts.get(digits);
  if (!format) {
    format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: digits });
    compacts.set(digits, format);
  }
  return format.format(n);
}
