import type { LanguageCode } from './language.ts';
import { DAY_MS } from './time.ts';

/**
 * The daily cipher: every game day has a word of Latin letters A–Z. The player enters it on the
 * egg in Morse code (a tap is a dot, a hold a dash) and the server pays the first right answer of
 * the day once. An operator may set a day's word (everyone gets that one); otherwise the server
 * draws each language's word from that language's list with a keyed digest of the day (an HMAC
 * with a server secret, computed by the server), so the client cannot tell the word in advance.
 */

/** Morse code of the letters A–Z (International Morse; `.` a dot, `-` a dash). */
export const MORSE = {
  A: '.-',
  B: '-...',
  C: '-.-.',
  D: '-..',
  E: '.',
  F: '..-.',
  G: '--.',
  H: '....',
  I: '..',
  J: '.---',
  K: '-.-',
  L: '.-..',
  M: '--',
  N: '-.',
  O: '---',
  P: '.--.',
  Q: '--.-',
  R: '.-.',
  S: '...',
  T: '-',
  U: '..-',
  V: '...-',
  W: '.--',
  X: '-..-',
  Y: '-.--',
  Z: '--..',
} as const satisfies Record<string, string>;
export type CipherLetter = keyof typeof MORSE;
export const CIPHER_LETTERS = Object.keys(MORSE) as CipherLetter[];

const LETTER_OF = new Map<string, CipherLetter>(CIPHER_LETTERS.map((l) => [MORSE[l], l]));

/** A word's bounds, in letters. */
export const CIPHER_WORD_MIN = 3;
export const CIPHER_WORD_MAX = 10;

/** Design choice: half a day's combo in coins and two tickets (the combo is 100,000 + 5). */
export const CIPHER_REWARD = { onion: 50_000, ticket: 2 } as const;

/** Wrong answers a player may send on a game day: past them, no more tries that day. */
export const CIPHER_TRIES_PER_DAY = 10;

/** A press of the egg at least this long is a dash, a shorter one a dot. */
export const DASH_MS = 300;

/** How far ahead an operator may set a day's word. */
export const CIPHER_DAYS_AHEAD = 366;

/** The signal of one press of the egg. */
export const signalOf = (pressMs: number): '.' | '-' => (pressMs >= DASH_MS ? '-' : '.');

/**
 * A word as the game keeps it: trimmed, upper case, only A–Z, within the bounds; null otherwise
 * (accents, digits, other scripts, spaces inside, too short or too long).
 */
export function cipherWord(input: string): string | null {
  const word = input.trim().toUpperCase();
  if (word.length < CIPHER_WORD_MIN || word.length > CIPHER_WORD_MAX) return null;
  return /^[A-Z]+$/.test(word) ? word : null;
}

/** Whether two answers are the same word (case does not matter). */
export const sameWord = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** A word in Morse: each letter's code, letters separated by one space. */
export const toMorse = (word: string) =>
  [...word.toUpperCase()].map((c) => MORSE[c as CipherLetter] ?? '?').join(' ');

/**
 * Decodes what was entered: dots and dashes, a space (or several) ending a letter. A group that is
 * no letter reads `?`; anything other than `.`, `-` and spaces makes its group unknown too.
 */
export function fromMorse(sequence: string): string {
  return sequence
    .split(/ +/)
    .filter((group) => group.length > 0)
    .map((group) => LETTER_OF.get(group) ?? '?')
    .join('');
}

/**
 * The words drawn from, per language: Latin letters only (the code is Morse of A–Z), words a
 * player of that language knows in Latin letters: their own words where the language writes in
 * Latin letters (without accents), otherwise words known in Latin spelling (loanwords, place
 * names, the game's and Telegram's own words).
 */
export const CIPHER_WORDS: Record<LanguageCode, readonly string[]> = {
  en: [
    'EGG',
    'ONION',
    'FARM',
    'CHEST',
    'SQUAD',
    'LEAGUE',
    'TICKET',
    'ROCKET',
    'TREASURE',
    'MOLE',
    'COIN',
    'ENERGY',
  ],
  es: ['HUEVO', 'CEBOLLA', 'GRANJA', 'MONEDA', 'COFRE', 'LIGA', 'TESORO', 'COHETE', 'BOLETO', 'EQUIPO'],
  'pt-BR': ['OVO', 'CEBOLA', 'FAZENDA', 'MOEDA', 'LIGA', 'TESOURO', 'FOGUETE', 'BILHETE', 'EQUIPE', 'OURO'],
  id: ['TELUR', 'BAWANG', 'KEBUN', 'KOIN', 'PETI', 'LIGA', 'HARTA', 'ROKET', 'TIKET', 'REGU'],
  vi: ['TRUNG', 'VANG', 'SAO', 'HOA', 'RONG', 'MEO', 'TET', 'PHO', 'BANH', 'NONG'],
  tr: ['YUMURTA', 'KUPA', 'LIG', 'HAZINE', 'ROKET', 'BILET', 'TAKIM', 'PARA', 'OYUN', 'ALTIN'],
  ru: ['SPUTNIK', 'DACHA', 'BABUSHKA', 'MATRYOSHKA', 'TELEGRAM', 'TROIKA', 'BORSCH', 'ROCKET'],
  uk: ['PYSANKA', 'KOZAK', 'HOPAK', 'BORSHCH', 'KYIV', 'TELEGRAM', 'BANDURA', 'VARENYKY'],
  fa: ['NOWRUZ', 'SIMORGH', 'TEHRAN', 'SHIRAZ', 'PARS', 'TELEGRAM', 'CHAI', 'ANAR'],
  hi: ['NAMASTE', 'YOGA', 'KARMA', 'MANTRA', 'CHAI', 'GURU', 'ROTI', 'DIWALI', 'TELEGRAM'],
};

/** The text whose keyed digest draws a language's word of a game day. */
export const cipherMessage = (day: number, language: LanguageCode) => `egg-rush:cipher:${day}:${language}`;

/** A word of the list from the digest of the day's message: its first four bytes, modulo the list. */
export function cipherWordFromDigest(digest: Uint8Array, words: readonly string[]): string {
  if (digest.length < 4) throw new Error('cipher digest too short');
  const n = new DataView(digest.buffer, digest.byteOffset, digest.byteLength).getUint32(0);
  const drawn = words[n % words.length];
  if (drawn === undefined) throw new Error('no words to draw from');
  return drawn;
}

/** A game day (whole days since the epoch at UTC-6) as its date, `YYYY-MM-DD`. */
export const dayDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** A `YYYY-MM-DD` date as a game day; null when it is no real date. */
export function dateDay(date: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return dayDate(ms / DAY_MS) === date ? ms / DAY_MS : null;
}
