import fc from 'fast-check';
import { assert, describe, expect, it } from 'vitest';
import {
  capLaunchText,
  DISPLAY_NAME_MAX,
  displayName,
  LAUNCH_NAME_MAX,
  neutraliseName,
  quotedName,
} from '../src/names.ts';
import { LANGUAGE_CODES, type LanguageCode } from '../src/language.ts';
import { checkSquadName, SQUAD_NAME_MAX, squadNameKey, squadNameLength } from '../src/squads.ts';

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
        const cut = capLaunchText(raw, LAUNCH_NAME_MAX.firstName);
        assert(cut !== undefined);
        expect(Array.from(cut).length).toBeLessThanOrEqual(64);
        expect(cut).not.toContain('\u0000');
        expect(raw.replaceAll('\u0000', '').startsWith(cut)).toBe(true);
      }),
    );
  });
});

/** Squad names a player of each language the game speaks would type. */
const TYPED: Record<LanguageCode, readonly string[]> = {
  en: ['Night Owls', "O'Brien's Hens", 'Egg-cellent Crew', 'Team_42'],
  ru: ['Ночные Совы', 'Золотые Яйца', 'Ёжики 2026'],
  uk: ['Їжачки', "Сім'я Козаків", 'Ґава Team'],
  es: ['Los Pollitos', 'Águilas de Oro', 'Niños del Huevo'],
  'pt-BR': ['Galera do Ovo', 'São João', 'Pintinhos em Ação'],
  id: ['Ayam Jago', 'Telur Emas 88', 'Anak Bebek'],
  vi: ['Đội Gà Vàng', 'Trứng Vịt Lộn', 'Tiến Lên'],
  tr: ['Çılgın Kartallar', 'Şahin Yuvası', 'İstanbul Kuşları'],
  // Persian and Arabic script: joined letters, Persian digits, the zero-width non-joiner Persian
  // keyboards put inside words (شیر‌ها), Arabic vowel marks.
  fa: ['شیرهای طلایی', 'عقاب\u200cهای ایران', 'تیم ۱۴۰۳', 'محمد علی', 'مُحَمَّد'],
  // Vowel signs, viramas, conjuncts, nuktas, the anusvara and chandrabindu.
  hi: ['रवि', 'प्रिया', 'प्रिया 360', 'शेर सिंह', 'क्षत्रिय योद्धा', 'सुनहरे अंडे', 'ज़िंदगी', 'माँ के लाल'],
};

const segmented = (text: string) =>
  Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)).length;

describe('squad names in the ten languages the game speaks', () => {
  it('names one for every language', () => {
    expect(Object.keys(TYPED).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  for (const code of LANGUAGE_CODES) {
    it(`accepts what a ${code} player types, as typed`, () => {
      for (const name of TYPED[code]) expect(checkSquadName(name), name).toEqual({ ok: true, name });
    });
  }

  it('counts a name in graphemes, as the reader sees it: a vowel sign is part of its letter', () => {
    expect(squadNameLength('प्रिया 360')).toBe(segmented('प्रिया 360'));
    expect(squadNameLength('प्रिया 360')).toBe(6); // प्रि या ␠ 3 6 0 (Unicode 15.1 conjuncts)
    expect(squadNameLength('रवि')).toBe(2);
    expect(squadNameLength('  Night   Owls ')).toBe(10);
    // 24 conjuncts of 4 code points each: 24 graphemes, within the limit; one more is not.
    expect(checkSquadName('प्रि'.repeat(SQUAD_NAME_MAX))).toMatchObject({ ok: true });
    expect(checkSquadName('प्रि'.repeat(SQUAD_NAME_MAX + 1))).toEqual({ ok: false, reason: 'length' });
    expect(checkSquadName('ज़ि'.repeat(SQUAD_NAME_MAX))).toMatchObject({ ok: true });
    expect(checkSquadName('a')).toEqual({ ok: false, reason: 'length' });
  });

  it('still refuses control and invisible characters, zero-width tricks and marks on nothing', () => {
    for (const name of [
      'Night\u0007Owls', // control
      '\u202eNight Owls', // bidi override
      'Night\u200bOwls', // zero-width space
      'Night\u2060Owls', // word joiner
      '\u200cشیرها', // a joiner before any letter
      'شیر\u200c', // a joiner at the end
      'شیر\u200c\u200cها', // joiners in a row
      'شیر\u200c ها', // a joiner before a space
      'Team\u200d42', // a joiner before a digit
      '\u093f \u093f \u093f', // vowel signs only
      '\u093fरवि', // a vowel sign before any letter
      'Night \u0301Owls', // an accent on a space
      'Z\u0351\u0352\u0353\u0354algo', // marks stacked on a letter (Zalgo text)
      `Team \u0915${'\u094d\u0915'.repeat(12)}`, // one "letter" of 25 code points
      '<b>bold</b>',
      '-dash first',
    ])
      expect(checkSquadName(name), JSON.stringify(name)).toEqual({ ok: false, reason: 'characters' });
    // Marks with nothing to sit on make one grapheme: too short to be a name at all.
    for (const name of ['\u093f\u093f\u093f', '\u0301\u0301\u0301\u0301'])
      expect(checkSquadName(name), JSON.stringify(name)).toEqual({ ok: false, reason: 'length' });
  });

  it('keeps the confusable folding: look-alikes share a key, the non-joiner adds none', () => {
    expect(squadNameKey('\u0415gg Hunters')).toBe(squadNameKey('egg hunters'));
    expect(squadNameKey('عقاب\u200cهای')).toBe(squadNameKey('عقابهای'));
    expect(squadNameKey('प्रिया')).not.toBe(squadNameKey('प्रिय'));
    expect(squadNameKey('रवि')).not.toBe(squadNameKey('रवी'));
    expect(checkSquadName('Fu\u0441k Squad')).toEqual({ ok: false, reason: 'profanity' });
  });
});

describe('launch-data names cut in graphemes', () => {
  it('never splits a letter from its vowel sign, virama or accent', () => {
    // 61 code points, then a conjunct of 4 (प ् र ि) that a cut at 64 would leave as प्र.
    expect(capLaunchText(`A${'रवि '.repeat(15)}प्रिया`, 64)).toBe(`A${'रवि '.repeat(15)}`);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (raw) => {
        const kept = capLaunchText(raw, LAUNCH_NAME_MAX.firstName);
        assert(kept !== undefined);
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
