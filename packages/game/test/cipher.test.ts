import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CIPHER_LETTERS,
  CIPHER_REWARD,
  CIPHER_TRIES_PER_DAY,
  CIPHER_WORD_MAX,
  CIPHER_WORD_MIN,
  CIPHER_WORDS,
  DASH_MS,
  MORSE,
  candidatesByLength,
  cipherGuessOdds,
  cipherMessage,
  cipherWord,
  cipherWordFromDigest,
  dateDay,
  dayDate,
  fromMorse,
  sameWord,
  signalOf,
  toMorse,
} from '../src/cipher.ts';
import { LANGUAGE_CODES } from '../src/language.ts';
import { gameDay } from '../src/time.ts';

const word = fc
  .array(fc.constantFrom(...CIPHER_LETTERS), { minLength: CIPHER_WORD_MIN, maxLength: CIPHER_WORD_MAX })
  .map((letters) => letters.join(''));

describe('the daily cipher', () => {
  it('has one distinct code of dots and dashes per letter A–Z', () => {
    expect(CIPHER_LETTERS).toHaveLength(26);
    expect(new Set(Object.values(MORSE)).size).toBe(26);
    for (const code of Object.values(MORSE)) expect(code).toMatch(/^[.-]{1,4}$/);
    expect(MORSE.S).toBe('...');
    expect(MORSE.O).toBe('---');
    expect(toMorse('sos')).toBe('... --- ...');
  });

  it('decodes every word it encodes, whatever the gaps between letters', () => {
    fc.assert(
      fc.property(word, fc.integer({ min: 1, max: 3 }), (w, gap) => {
        const entered = toMorse(w).split(' ').join(' '.repeat(gap));
        expect(fromMorse(` ${entered} `)).toBe(w);
      }),
    );
  });

  it('reads an unknown group as ? and needs the gap to end a letter', () => {
    expect(fromMorse('...... -')).toBe('?T');
    expect(fromMorse('.- -...')).toBe('AB');
    expect(fromMorse('.--...')).toBe('?');
    expect(fromMorse('')).toBe('');
  });

  it('takes a press from the dash length on as a dash, a shorter one as a dot', () => {
    expect(signalOf(0)).toBe('.');
    expect(signalOf(DASH_MS - 1)).toBe('.');
    expect(signalOf(DASH_MS)).toBe('-');
    expect(signalOf(2000)).toBe('-');
  });

  it('keeps a word of 3 to 10 letters A–Z in upper case, refuses anything else', () => {
    fc.assert(
      fc.property(word, (w) => {
        expect(cipherWord(w.toLowerCase())).toBe(w);
        expect(cipherWord(` ${w} `)).toBe(w);
        expect(sameWord(w.toLowerCase(), w)).toBe(true);
      }),
    );
    for (const bad of ['EG', 'ABCDEFGHIJK', 'ÉCOLE', 'EGG1', 'EG G', 'ЯЙЦО', 'تخم', '', '   '])
      expect(cipherWord(bad), bad).toBeNull();
    expect(cipherWord('Egg')).toBe('EGG');
  });

  it('draws every language’s words from a list of valid words, the day’s draw fixed by the digest', () => {
    for (const language of LANGUAGE_CODES) {
      const list = CIPHER_WORDS[language];
      for (const w of list) expect(cipherWord(w), `${language} ${w}`).toBe(w);
    }
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (digest) => {
        const drawn = cipherWordFromDigest(digest, CIPHER_WORDS.en);
        expect(CIPHER_WORDS.en).toContain(drawn);
        expect(cipherWordFromDigest(digest, CIPHER_WORDS.en)).toBe(drawn);
      }),
    );
  });

  it('gives a script that knows the lists and the length a small chance a day, not the reward every day', () => {
    // Three tries: the length is shown, so only the lists' words of that length are worth trying.
    expect(CIPHER_TRIES_PER_DAY).toBe(3);
    for (const language of LANGUAGE_CODES) {
      const list = CIPHER_WORDS[language];
      expect(list.length, language).toBeGreaterThanOrEqual(120);
      expect(new Set(list).size, `${language}: no word twice`).toBe(list.length);
      const counts = candidatesByLength(list);
      // Every length of 3 to 10 letters is drawn, each from at least 12 words.
      for (let length = CIPHER_WORD_MIN; length <= CIPHER_WORD_MAX; length++)
        expect(counts.get(length) ?? 0, `${language}, ${length} letters`).toBeGreaterThanOrEqual(12);
      expect([...counts.keys()].every((l) => l >= CIPHER_WORD_MIN && l <= CIPHER_WORD_MAX)).toBe(true);
      // The best length for a script: at most 3 words in 12 of it, so a quarter of the reward a day at most.
      const odds = cipherGuessOdds(list);
      expect(odds, language).toBe(CIPHER_TRIES_PER_DAY / Math.min(...counts.values()));
      expect(odds, language).toBeLessThanOrEqual(0.25);
    }
  });

  it('computes the chance from the words per length and the tries', () => {
    const list = ['EGG', 'OWL', 'FOX', 'CAT', 'FARM', 'COIN', 'MOLE', 'GOLD', 'STAR', 'MOON'];
    expect(candidatesByLength(list)).toEqual(
      new Map([
        [3, 4],
        [4, 6],
      ]),
    );
    expect(cipherGuessOdds(list, 3)).toBe(3 / 4);
    expect(cipherGuessOdds(list, 5)).toBe(1);
    expect(cipherGuessOdds(list, 1)).toBe(1 / 4);
  });

  it('draws a word that depends on the key: another key draws other words on most days', () => {
    const draw = (key: string, day: number) =>
      cipherWordFromDigest(
        createHmac('sha256', key).update(cipherMessage(day, 'en')).digest(),
        CIPHER_WORDS.en,
      );
    let differ = 0;
    const seen = new Set<string>();
    for (let day = 20_000; day < 20_060; day++) {
      if (draw('key-one-of-sixteen', day) !== draw('key-two-of-sixteen', day)) differ++;
      seen.add(draw('key-one-of-sixteen', day));
    }
    expect(differ).toBeGreaterThan(40);
    expect(seen.size).toBeGreaterThan(6);
    expect(cipherMessage(5, 'fa')).not.toBe(cipherMessage(5, 'en'));
  });

  it('writes a game day as its date and reads it back; no other text is a day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (day) => {
        expect(dateDay(dayDate(day))).toBe(day);
      }),
    );
    // Midday UTC on 15 June 2026 is game day 2026-06-15; 03:00 UTC is still the 14th (reset at UTC-6).
    expect(dayDate(gameDay(Date.UTC(2026, 5, 15, 12)))).toBe('2026-06-15');
    expect(dayDate(gameDay(Date.UTC(2026, 5, 15, 3)))).toBe('2026-06-14');
    for (const bad of ['2026-02-30', '2026-13-01', '2026-6-1', 'tomorrow', '2026-06-15T00:00'])
      expect(dateDay(bad), bad).toBeNull();
  });

  it('pays coins and tickets', () => {
    expect(CIPHER_REWARD.onion).toBeGreaterThan(0);
    expect(CIPHER_REWARD.ticket).toBeGreaterThanOrEqual(0);
  });
});
