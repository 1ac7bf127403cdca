import unhomoglyph from 'unhomoglyph';
import { graphemesOf } from './graphemes.ts';

/**
 * Names players choose, shown to other players (the bot's messages, boards, the console). One
 * rule, so that a name can never speak with the game's voice or carry a link:
 * - Unicode-normalised (NFKC), control, format (bidi, zero-width) and separator characters
 *   removed, spaces collapsed;
 * - link-like text broken: every dot becomes U+00B7 MIDDLE DOT (so `t.me`, `example.com` or
 *   `www.x.y` are no longer addresses), `:` becomes U+2236 RATIO and `/` U+2215 DIVISION SLASH
 *   (no `https://`, no `/command`), and `@`, `#`, `$` are dropped (no mention, hashtag or
 *   cashtag); quotation marks are dropped so that a name cannot close the quotes it is shown in;
 * - shortened to DISPLAY_NAME_MAX graphemes, "…" marking a cut;
 * - shown between quotation marks ({@link quotedName}), never as the bot's own words.
 */

/** Telegram's own limits on the names in launch data (design choice: cut, never refused). */
export const LAUNCH_NAME_MAX = { firstName: 64, lastName: 64, username: 32 } as const;

/** Design choice: the longest name shown to other players, in graphemes. */
export const DISPLAY_NAME_MAX = 24;

/** Control, format (bidi marks, zero-width), unassigned/private and line/paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu;
/** Quotation marks: a name must not close the quotes around it. */
const QUOTES = /["'`«»‹›“”„‟‘’‚‛「」『』〝〞〟＂]/gu;
/** Dots Telegram (and browsers) read as a domain's dot, after NFKC. */
const DOTS = /[.。｡︒]/gu;

/**
 * A launch-data text cut to at most `max` characters (code points), without NUL characters, and
 * never inside a grapheme: a letter keeps its vowel sign, virama or accent, or goes with them.
 */
export function capLaunchText(text: string | undefined, max: number): string | undefined {
  if (text === undefined) return undefined;
  let kept = '';
  let points = 0;
  for (const grapheme of graphemesOf(text.replaceAll('\u0000', ''))) {
    const size = Array.from(grapheme).length;
    if (points + size > max) break;
    kept += grapheme;
    points += size;
  }
  return kept;
}

/** A player-chosen name made safe to show to other players (without quotes); may be empty. */
export function neutraliseName(raw: string): string {
  // Boards show the same names to every reader, many times a second: each name is worked out
  // once (normalisation and grapheme segmentation were the largest cost of a board read), and
  // the memory this takes is bounded.
  let name = neutralised.get(raw);
  if (name === undefined) {
    if (neutralised.size >= NEUTRALISED_KEPT) neutralised.clear();
    name = neutralise(raw);
    neutralised.set(raw, name);
  }
  return name;
}

const NEUTRALISED_KEPT = 50_000;
const neutralised = new Map<string, string>();

function neutralise(raw: string): string {
  const text = raw
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(QUOTES, '')
    .replace(DOTS, '\u00b7')
    .replaceAll(':', '\u2236')
    .replaceAll('/', '\u2215')
    .replace(/[@#$]/g, '')
    .replace(/\s+/gu, ' ')
    .trim();
  const graphemes = graphemesOf(text);
  if (graphemes.length <= DISPLAY_NAME_MAX) return text;
  return `${graphemes
    .slice(0, DISPLAY_NAME_MAX - 1)
    .join('')
    .trimEnd()}…`;
}

/** A player's name from their launch data: first and last name, else the username. */
export function displayName(
  first: string | null | undefined,
  last?: string | null,
  username?: string | null,
) {
  const full = neutraliseName([first ?? '', last ?? ''].join(' '));
  return full || neutraliseName(username ?? '');
}

/** A name as the bot shows it inside its own words: quoted; undefined when nothing is left. */
export function quotedName(raw: string | null | undefined): string | undefined {
  const name = neutraliseName(raw ?? '');
  return name ? `“${name}”` : undefined;
}

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
 * are confusable ("ЕGG SQUАD", "Ｅｇｇ Squad" and "egg squad" share "egg squad"). Default-ignorable
 * characters (the joiners, which show nothing) are removed first, as UTS #39 says. Not for showing:
 * "m" and "rn" share theirs.
 */
export function nameSkeleton(name: string): string {
  return caseFold(unhomoglyph(foreignLookAlikes(name.replace(DEFAULT_IGNORABLE, '')))).normalize('NFD');
}

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
