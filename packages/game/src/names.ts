import unhomoglyph from 'unhomoglyph';

/**
 * How names are compared: two names that look the same to a reader are the same name, whatever
 * script, width or case their letters come from. The look-alike table is Unicode's own
 * (confusables.txt of UTS #39, "Unicode Security Mechanisms"), kept by the unhomoglyph package.
 */

/** Case folded in full: lower case, with letters whose upper case is two letters folded too (ß → ss). */
const caseFold = (text: string) => text.toUpperCase().toLowerCase();

/** Each character outside ASCII replaced by its UTS #39 prototype; ASCII left alone. */
const foreign = (text: string) => [...text].map((c) => (c <= '\u007f' ? c : unhomoglyph(c))).join('');

/**
 * Compatibility forms (NFKC: full-width, styled, ligatures) and case folded, and letters of other
 * scripts replaced by the Latin letters they are drawn like, in either case (Cyrillic "с", "Е"
 * and "О", Greek "Ν" and "ο"); Latin itself is left alone ("m" stays "m"). For finding a word of
 * ours spelled with foreign look-alikes without reading "rn" into every "m".
 */
export function foreignLookAlikes(text: string): string {
  return foreign(caseFold(foreign(text.normalize('NFKC').normalize('NFD'))));
}

/**
 * The UTS #39 skeleton of a name after {@link foreignLookAlikes}: two names with the same skeleton
 * are confusable ("ЕGG SQUАD", "Ｅｇｇ Squad" and "egg squad" share "egg squad"). Not for showing:
 * "m" and "rn" share theirs.
 */
export function nameSkeleton(name: string): string {
  return caseFold(unhomoglyph(foreignLookAlikes(name))).normalize('NFD');
}
