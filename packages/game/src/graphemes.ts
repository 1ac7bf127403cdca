/**
 * Text as a reader sees it, in grapheme clusters, and the shape of a name players choose. Kept
 * apart from names.ts so that the app can count a name without the look-alike table.
 */

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * A text's grapheme clusters (Intl.Segmenter): the characters a reader counts. A letter and its
 * marks are one ("é", Devanagari "वि"), and so is a conjunct with its vowel sign ("प्रि"): "प्रिया"
 * is two, not six code points.
 */
export const graphemesOf = (text: string): string[] => Array.from(segmenter.segment(text), (s) => s.segment);

/**
 * A letter or digit with what belongs to it: marks, the letters of a conjunct (Indic scripts), and
 * the joiners typed inside words (Persian's zero-width non-joiner in شیر‌ها, Indic scripts' both).
 */
const WORD_GRAPHEME = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}\u200c\u200d]*$/u;
/** Marks stacked beyond any script's own (a vowel sign, a nukta and a nasal sign): Zalgo text. */
const STACKED_MARKS = /\p{M}{4}/u;
/** Code points in one grapheme: the longest conjunct of the game's scripts with its signs is 9. */
const GRAPHEME_POINTS_MAX = 10;
/** A joiner not between a letter (or its mark) and a letter: joins nothing, hides something. */
const STRAY_JOINER = /(?<![\p{L}\p{M}])[\u200c\u200d]|[\u200c\u200d](?!\p{L})/u;

/**
 * Whether a name chosen by a player is words of any script: grapheme by grapheme, a letter or
 * digit with the marks that belong to it (Unicode categories L, N, M), or one of `separators`;
 * it starts with a letter or digit. So "रवि", "प्रिया", "مُحَمَّد" and "Tiến" are words; a mark on
 * nothing, on a space or stacked on a letter is not, nor any control, format or zero-width
 * character but a joiner between two letters (which the skeleton ignores).
 */
export function isWordsName(name: string, separators: ReadonlySet<string>): boolean {
  if (STRAY_JOINER.test(name) || STACKED_MARKS.test(name)) return false;
  const graphemes = graphemesOf(name);
  const [first] = graphemes;
  if (first === undefined || !WORD_GRAPHEME.test(first)) return false;
  return graphemes.every(
    (g) => separators.has(g) || (WORD_GRAPHEME.test(g) && Array.from(g).length <= GRAPHEME_POINTS_MAX),
  );
}
