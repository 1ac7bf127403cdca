/**
 * Text as a reader sees it, in grapheme clusters. Kept apart from names.ts so that the app can
 * count a name without the look-alike table.
 */

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * A text's grapheme clusters (Intl.Segmenter): the characters a reader counts. A letter and its
 * marks are one ("é", Devanagari "वि"), and so is a conjunct with its vowel sign ("प्रि"): "प्रिया"
 * is two, not six code points.
 */
export const graphemesOf = (text: string): string[] => Array.from(segmenter.segment(text), (s) => s.segment);
