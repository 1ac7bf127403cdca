import { assert, describe, expect, it } from 'vitest';
import { CATALOGUES } from '@egg-rush/contract/locales';
import { LANGUAGES as CONTRACT_LANGUAGES } from '@egg-rush/contract/users';
import {
  type Key,
  LANGUAGE_CODES,
  LANGUAGES,
  pickLanguage,
  setLanguage,
  startI18n,
  t,
} from '../lib/i18n.tsx';
import { compactNumber, formatNumber } from '../lib/format.ts';

// Every language the game ships says everything English says: each English key is in each
// catalogue (a plural in every form the language's plural rules use), with the same
// placeholders, or is listed below as a known fallback to English. The bot's texts (section
// `bot`) included.

/** Keys a language may leave to English, by language (none today). */
const KNOWN_FALLBACKS: Record<string, readonly string[]> = {};

type Tree = { [key: string]: string | Tree };
const catalogues: Record<string, Tree> = CATALOGUES;
const read = (lng: string) => {
  const tree = catalogues[lng];
  assert(tree, `no catalogue for ${lng}`);
  return tree;
};
/** The files of the catalogues' folder (packages/contract/locales), each one a language. */
const folder = Object.keys(import.meta.glob('../../../../packages/contract/locales/*.json'));
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}
/** Intl separates with no-break spaces: compared as plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');
const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const en = flatten(read('en'));
const english = (key: string) => {
  const text = en.get(key);
  assert(text !== undefined, `no English text for ${key}`);
  return text;
};
const plurals = new Set([...en.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
const singles = [...en.keys()].filter((k) => !PLURAL.test(k));
const files = folder.map((f) => f.slice(f.lastIndexOf('/') + 1, -'.json'.length));

describe('the catalogues', () => {
  it('are the languages the game offers and the server accepts', () => {
    expect([...files].sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(Object.keys(catalogues).sort()).toEqual([...LANGUAGE_CODES].sort());
    expect([...CONTRACT_LANGUAGES].sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(LANGUAGES.map((l) => l.code)).toEqual([...LANGUAGE_CODES]);
  });

  it("hold the bot's texts too: plain ones and plurals", () => {
    expect(singles).toEqual(expect.arrayContaining(['bot.welcome', 'bot.help', 'bot.streak']));
    expect([...plurals]).toEqual(
      expect.arrayContaining(['bot.friend', 'bot.thanks', 'bot.streakDays', 'bot.streakHours']),
    );
  });

  it.each(LANGUAGE_CODES.filter((l) => l !== 'en'))('%s says everything English says', (lng) => {
    const catalogue = flatten(read(lng));
    const fallbacks = new Set(KNOWN_FALLBACKS[lng] ?? []);
    const missing = singles.filter((k) => !catalogue.get(k)?.trim() && !fallbacks.has(k));
    const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
    for (const base of plurals) {
      for (const form of categories) {
        if (!catalogue.get(`${base}_${form}`)?.trim() && !fallbacks.has(base))
          missing.push(`${base}_${form}`);
      }
    }
    expect(missing).toEqual([]);
    // Nothing English does not have, and the same placeholders as the English text.
    const extra = [...catalogue.keys()].filter((k) => !en.has(k) && !plurals.has(k.replace(PLURAL, '')));
    expect(extra).toEqual([]);
    for (const key of singles) {
      const text = catalogue.get(key);
      if (text !== undefined) expect([key, placeholders(text)]).toEqual([key, placeholders(english(key))]);
    }
    for (const base of plurals) {
      const other = placeholders(english(`${base}_other`));
      for (const form of categories)
        expect([base, placeholders(catalogue.get(`${base}_${form}`) ?? '')]).toEqual([base, other]);
    }
  });
});

describe('a number before a counted noun', () => {
  /** Each text's Russian for 1, 2 and 5, and its Spanish for 1 and 2: the noun agrees. */
  const TEXTS: [key: Key, ru: [string, string, string], es: [string, string]][] = [
    [
      'farm.farming',
      ['Фарм: 1 монета', 'Фарм: 2 монеты', 'Фарм: 5 монет'],
      ['Cultivando 1 moneda', 'Cultivando 2 monedas'],
    ],
    [
      'farm.claimed',
      ['Вы собрали 1 монету', 'Вы собрали 2 монеты', 'Вы собрали 5 монет'],
      ['Cobraste 1 moneda', 'Cobraste 2 monedas'],
    ],
    [
      'boost.needMore',
      ['Не хватает 1 монеты', 'Не хватает 2 монет', 'Не хватает 5 монет'],
      ['Te falta 1 moneda', 'Te faltan 2 monedas'],
    ],
    ['reward.coins', ['+1 монета', '+2 монеты', '+5 монет'], ['+1 moneda', '+2 monedas']],
    ['reward.tickets', ['+1 билет', '+2 билета', '+5 билетов'], ['+1 boleto', '+2 boletos']],
    [
      'treasure.gotTreasure',
      ['Вы получили 1 сундук.', 'Вы получили 2 сундука.', 'Вы получили 5 сундуков.'],
      ['Ganaste 1 cofre.', 'Ganaste 2 cofres.'],
    ],
    [
      'play.got',
      ['Вы получили 1 монету.', 'Вы получили 2 монеты.', 'Вы получили 5 монет.'],
      ['Ganaste 1 moneda.', 'Ganaste 2 monedas.'],
    ],
  ];

  it.each(TEXTS)('%s takes the form its count asks for', async (key, ru, es) => {
    try {
      await setLanguage('ru');
      expect([1, 2, 5].map((count) => t(key, { count }))).toEqual(ru);
      await setLanguage('es');
      expect([1, 2].map((count) => t(key, { count }))).toEqual(es);
    } finally {
      await setLanguage('en');
    }
  });

  it('picks the form by the count where the number is shown shortened', async () => {
    expect(t('airdrop.earned', { count: 1, n: '1' })).toBe('1 coin earned');
    expect(t('airdrop.earned', { count: 12_300, n: '12.3K' })).toBe('12.3K coins earned');
    try {
      await setLanguage('es');
      expect(t('airdrop.earned', { count: 1, n: '1' })).toBe('1 moneda ganada');
      expect(t('airdrop.earned', { count: 2, n: '2' })).toBe('2 monedas ganadas');
    } finally {
      await setLanguage('en');
    }
  });
});

describe('the language in use', () => {
  it("follows Telegram's language code, English when the game does not speak it", () => {
    expect(pickLanguage('ru')).toBe('ru');
    expect(pickLanguage('pt-br')).toBe('pt-BR');
    expect(pickLanguage('pt')).toBe('pt-BR');
    expect(pickLanguage('uk')).toBe('uk');
    expect(pickLanguage('be')).toBe('ru');
    expect(pickLanguage('fa')).toBe('fa');
    expect(pickLanguage('fa-IR')).toBe('fa');
    expect(pickLanguage('hi')).toBe('hi');
    expect(pickLanguage('hi-IN')).toBe('hi');
    expect(pickLanguage('de')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
  });

  it('switches the texts, plurals, numbers and the document, and back', async () => {
    await startI18n('en');
    try {
      await setLanguage('ru');
      expect(document.documentElement.lang).toBe('ru');
      expect(document.title).toBe('Egg Rush');
      expect(t('treasure.left', { count: 1 })).toBe('Остался 1 сундук');
      expect(t('treasure.left', { count: 3 })).toBe('Осталось 3 сундука');
      expect(t('treasure.left', { count: 5 })).toBe('Осталось 5 сундуков');
      expect(plain(compactNumber(12_300))).toBe('12,3 тыс.');
      expect(plain(formatNumber(1_234_567))).toBe('1 234 567');
      await setLanguage('es');
      expect(t('start.start')).toBe('Empezar');
      expect(plain(compactNumber(1_250_000))).toBe('1,25 M');
      expect(document.documentElement.dir).toBe('ltr');
      // Persian: right to left, in Persian digits, in the texts' numbers and plurals too.
      await setLanguage('fa');
      expect(document.documentElement.lang).toBe('fa');
      expect(document.documentElement.dir).toBe('rtl');
      expect(t('start.start')).toBe('شروع');
      expect(formatNumber(1_234_567)).toBe('۱٬۲۳۴٬۵۶۷');
      expect(t('treasure.left', { count: 1500 })).toBe('۱٬۵۰۰ صندوق مانده');
      expect(t('play.got', { count: 2500 })).toBe('۲٬۵۰۰ سکه گرفتی.');
      expect(t('guide.step', { n: 2, total: 4 })).toBe('۲ از ۴');
      // Hindi: left to right, Indian grouping, one and other.
      await setLanguage('hi');
      expect(document.documentElement.dir).toBe('ltr');
      expect(t('treasure.left', { count: 1 })).toBe('1 संदूक बचा');
      expect(t('treasure.left', { count: 3 })).toBe('3 संदूक बचे');
      expect(formatNumber(1_234_567)).toBe('12,34,567');
      expect(t('boost.needMore', { count: 150_000 })).toBe('1,50,000 और सिक्के चाहिए');
    } finally {
      await setLanguage('en');
    }
    expect(compactNumber(12_300)).toBe('12.3K');
    expect(t('treasure.left', { count: 2 })).toBe('2 chests left');
    expect(t('play.got', { count: 1500 })).toBe('You got 1,500 coins.');
    expect(t('play.got', { count: 1 })).toBe('You got 1 coin.');
    expect(document.documentElement.dir).toBe('ltr');
  });
});
