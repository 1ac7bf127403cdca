import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  capLaunchText,
  DISPLAY_NAME_MAX,
  displayName,
  LAUNCH_NAME_MAX,
  neutraliseName,
  quotedName,
} from '../src/names.ts';

/** What Telegram would turn into a link or an entity: an address, a domain, a mention, a command. */
const LINK_LIKE = [
  /[a-z0-9-]\s*[.。｡．︒]\s*[a-z]{2,}/i, // domain-like: t.me, example.com
  /:\/\//, // scheme
  /(^|\s)\/[a-z]/i, // bot command
  /@[a-z0-9_]/i, // mention
  /#[\p{L}\p{N}_]/u, // hashtag
  /\$[a-z]/i, // cashtag
];
const linkLike = (text: string) => LINK_LIKE.some((re) => re.test(text.normalize('NFKC')));
const graphemes = (text: string) =>
  Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)).length;

/** Names built from the pieces an attacker would use, and any text at all. */
const pieces = fc.constantFrom(
  't.me/',
  'https://',
  'http://',
  'www.',
  '.com',
  '.me',
  'example',
  '@',
  '#',
  '$',
  '/start',
  'Support',
  ': claim 500 Stars at ',
  '\u202e',
  '\u200b',
  '\u2024',
  '．',
  '。',
  '"',
  '“',
  '\n',
  ' ',
  'EggRushBot',
  'é',
  '👨‍👩‍👧',
);
const hostile = fc.array(pieces, { maxLength: 30 }).map((p) => p.join(''));
const names = fc.oneof(
  hostile,
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
);

describe('names shown to other players', () => {
  it('the issue’s example: no link, shortened, quoted', () => {
    const shown = quotedName('Support: claim 500 Stars at t.me/EggRushFree');
    expect(shown).toBe('“Support∶ claim 500 Star…”');
    expect(linkLike(neutraliseName('Support: claim 500 Stars at t.me/EggRushFree'))).toBe(false);
    expect(neutraliseName('visit example.com')).toBe('visit example·com');
  });

  it('never link-like, never longer than the cap, no control or bidi characters, no quotes', () => {
    fc.assert(
      fc.property(names, (raw) => {
        const name = neutraliseName(raw);
        expect(linkLike(name)).toBe(false);
        expect(graphemes(name)).toBeLessThanOrEqual(DISPLAY_NAME_MAX);
        expect(name).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"“”]/u);
        expect(name).toBe(name.trim());
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps ordinary names as they are', () => {
    for (const name of ['Анна', 'José María', '山田 太郎', 'Player 5023', 'Nguyễn Văn A']) {
      expect(neutraliseName(name)).toBe(name);
    }
    expect(displayName('Ann', 'Lee', 'ann')).toBe('Ann Lee');
    expect(displayName('\u200b', null, 'ann_lee')).toBe('ann_lee');
    expect(quotedName('\u202e\u200b')).toBeUndefined();
  });

  it('launch-data names are cut at Telegram’s own lengths, never inside a character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (raw) => {
        const cut = capLaunchText(raw, LAUNCH_NAME_MAX.firstName)!;
        expect(Array.from(cut).length).toBeLessThanOrEqual(64);
        expect(cut).not.toContain('\u0000');
        expect(raw.replaceAll('\u0000', '').startsWith(cut)).toBe(true);
      }),
    );
  });
});

describe('launch-data names cut in graphemes', () => {
  it('never splits a letter from its vowel sign, virama or accent', () => {
    // 61 code points, then a conjunct of 4 (प ् र ि) that a cut at 64 would leave as प्र.
    expect(capLaunchText(`A${'रवि '.repeat(15)}प्रिया`, 64)).toBe(`A${'रवि '.repeat(15)}`);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (raw) => {
        const kept = capLaunchText(raw, LAUNCH_NAME_MAX.firstName)!;
        const whole = Array.from(
          new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(raw),
          (s) => s.segment,
        );
        const parts = Array.from(
          new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(kept),
          (s) => s.segment,
        );
        expect(parts).toEqual(whole.slice(0, parts.length));
      }),
    );
  });
});
