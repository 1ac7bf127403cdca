/**
 * Numbers in the player's language: thousands separators and compact counts ("1.2K",
 * "1,2 тыс.") through Intl. The language is set by lib/i18n.tsx whenever it changes.
 */
let locale = 'en';
let whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
let compact: Intl.NumberFormat | undefined;
/** The language's digits 0 to 9, when they are not 0 to 9 (Persian: ۰ to ۹). */
let digits: string[] | undefined;

export function setFormatLocale(next: string) {
  if (next === locale) return;
  locale = next;
  whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const own = Array.from({ length: 10 }, (_, d) => whole.format(d));
  digits = own.join('') === '0123456789' ? undefined : own;
  compact = undefined;
}

/** A clock or a countdown ("15:49:27") in the language's digits ("۱۵:۴۹:۲۷" in Persian). */
export const localDigits = (text: string) => {
  const local = digits;
  return local ? text.replace(/[0-9]/g, (d) => local[Number(d)] ?? d) : text;
};

/** Whole numbers with the language's thousands separators. */
export const formatNumber = (n: number) => whole.format(Math.floor(n));

/**
 * 12.3K, 4.56M, 2.76 लाख (in the player's language, in its own groups): for tight spaces; whole
 * numbers below 10,000. Three significant digits, rounded down: a balance is never shown above
 * what the player has (276,500 in Hindi is 2.76 lakh, not 3).
 */
export function compactNumber(n: number): string {
  if (n < 10_000) return formatNumber(n);
  compact ??= new Intl.NumberFormat(locale, {
    notation: 'compact',
    maximumSignificantDigits: 3,
    roundingMode: 'floor',
  });
  return compact.format(n);
}
