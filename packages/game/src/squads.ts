import { graphemesOf, isWordsName } from './graphemes.ts';
import { foreignLookAlikes, nameSkeleton } from './names.ts';

/**
 * Squads: players group up; a player is in at most one squad. A squad's score is the sum, over
 * its current members, of the lifetime score each gained since joining (their totalScore now
 * minus their totalScore when they joined): leaving gives up one's contribution and rejoining
 * starts again from zero, so leaving and rejoining can never raise a squad's score.
 */
/**
 * A name's length in graphemes, the characters a reader counts (design choice: 2 to 24). Two, so
 * that a Hindi name of two syllables ("रवि", "प्रिया", "राम") can name a squad.
 */
export const SQUAD_NAME_MIN = 2;
export const SQUAD_NAME_MAX = 24;
/**
 * The longest name text read, in UTF-16 units (the request schema's bound, createSquadBody in
 * packages/contract): far above 24 graphemes of any script (a Hindi grapheme is often 2 to 4
 * units). The app's field holds this much; the name's own limit is SQUAD_NAME_MAX graphemes.
 */
export const SQUAD_NAME_TEXT_MAX = 200;
/** Design choice: a squad page lists its first members by contribution. */
export const SQUAD_PAGE_MEMBERS = 100;
export const SQUAD_BOARD_SIZE = 100;

/** Between words: spaces and a few joiners. */
const SEPARATORS: ReadonlySet<string> = new Set([' ', '.', '_', "'", '-']);

/**
 * A small list of words a squad name may not contain, matched on a folded form of the name
 * (lower case, common digit and symbol look-alikes turned into letters, separators removed).
 */
const BLOCKED = [
  'fuck',
  'shit',
  'bitch',
  'cunt',
  'pussy',
  'asshole',
  'bastard',
  'whore',
  'slut',
  'nigger',
  'nigga',
  'faggot',
  'retard',
  'nazi',
  'hitler',
  'porn',
  'penis',
  'vagina',
];

const LOOK_ALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/**
 * The name as compared for profanity: case and width folded, letters of other scripts read as the
 * Latin letters they look like, digit and symbol look-alikes mapped, accents and everything but
 * letters removed, repeats made one.
 */
export function foldName(name: string): string {
  return [...foreignLookAlikes(name)]
    .map((c) => LOOK_ALIKES[c] ?? c)
    .join('')
    .replace(/[^\p{L}]/gu, '')
    .replace(/(.)\1+/gu, '$1');
}

/** Spaces trimmed and runs of spaces made one. */
export const normalizeSquadName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ');

/** A name's length as checked and as the app's counter shows it: graphemes, once normalised. */
export const squadNameLength = (name: string) => graphemesOf(normalizeSquadName(name)).length;

/**
 * The key two names share when they look the same (case, spacing, width and look-alike letters of
 * other scripts aside): unique per squad.
 */
export const squadNameKey = (name: string) => nameSkeleton(normalizeSquadName(name));

export type SquadNameCheck =
  { ok: true; name: string } | { ok: false; reason: 'length' | 'characters' | 'profanity' };

export function checkSquadName(raw: string): SquadNameCheck {
  const name = normalizeSquadName(raw);
  const length = graphemesOf(name).length;
  if (length < SQUAD_NAME_MIN || length > SQUAD_NAME_MAX) return { ok: false, reason: 'length' };
  if (!isWordsName(name, SEPARATORS)) return { ok: false, reason: 'characters' };
  const folded = foldName(name);
  if (BLOCKED.some((word) => folded.includes(word.replace(/(.)\1+/g, '$1'))))
    return { ok: false, reason: 'profanity' };
  return { ok: true, name };
}

/** A member's contribution: the lifetime score gained since joining. */
export const contribution = (totalNow: number, totalAtJoin: number) => Math.max(0, totalNow - totalAtJoin);

/** A squad's score: the sum of its current members' contributions. */
export function squadScore(members: readonly { totalNow: number; totalAtJoin: number }[]): number {
  return members.reduce((sum, m) => sum + contribution(m.totalNow, m.totalAtJoin), 0);
}

/** The invite start parameter of a squad, and back. */
export const squadStartParam = (squadId: number) => `squad_${squadId}`;
export function parseSquadStartParam(param: string | undefined): number | null {
  const match = param ? /^squad_([1-9]\d{0,15})$/.exec(param) : null;
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : null;
}
