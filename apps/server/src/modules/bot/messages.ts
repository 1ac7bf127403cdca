import { InlineKeyboard } from 'grammy';
import { BOT_TEXTS, type BotKey } from '@egg-rush/contract/locales';
import type { LanguageCode } from '@egg-rush/game/language';
import { quotedName } from '@egg-rush/game/names';

/**
 * Texts the bot sends (design choices; short, one idea each), in each language the game speaks:
 * the player's choice in the app, else Telegram's language (`playerLanguage`). They are the `bot`
 * section of the game's catalogues (packages/contract/locales/<code>.json, the players' app's
 * too), read here as the app reads its own: `{{placeholders}}`, a plural's form picked by
 * Intl.PluralRules, numbers written in the language (docs/languages.md).
 */

type Values = Readonly<Record<string, string | number>>;

/**
 * `key` of the bot's section in `lng` (English where the language lacks it), its placeholders
 * filled; a number is written in the language, and a `count` picks the plural form.
 */
function translator(lng: LanguageCode) {
  const own = BOT_TEXTS[lng];
  const english = BOT_TEXTS.en;
  const plural = new Intl.PluralRules(lng);
  const number = new Intl.NumberFormat(lng, { maximumFractionDigits: 0 });
  const find = (key: string): string | undefined => own[key] ?? english[key];
  return (key: BotKey, values: Values = {}): string => {
    const { count } = values;
    const text =
      typeof count === 'number'
        ? (find(`${key}_${plural.select(count)}`) ?? find(`${key}_other`))
        : find(key);
    return (text ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
      const value = values[name];
      if (value === undefined) return whole;
      return typeof value === 'number' ? number.format(value) : value;
    });
  };
}

/** The texts without placeholders, as they are. */
const PLAIN = [
  'welcome',
  'welcomeInvited',
  'help',
  'play',
  'remindersOn',
  'remindersOff',
  'turnOn',
  'turnOff',
  'toastOn',
  'toastOff',
  'farm',
  'energy',
  'aFriend',
  'missYou',
  'appealUpheld',
  'appealRejected',
] as const satisfies readonly BotKey[];

/** The bot's texts in `lng`, with numbers and plurals in that language. */
export function botTexts(lng: LanguageCode) {
  const t = translator(lng);
  const texts = Object.fromEntries(PLAIN.map((key) => [key, t(key)])) as Record<
    (typeof PLAIN)[number],
    string
  >;
  return {
    ...texts,
    settingsText: (on: boolean) => (on ? texts.remindersOn : texts.remindersOff),
    settingsKeyboard: (on: boolean) =>
      new InlineKeyboard().text(on ? texts.turnOff : texts.turnOn, on ? 'notify:off' : 'notify:on'),
    notificationText(kind: string, detail: Record<string, unknown>, hoursLeft: number): string {
      switch (kind) {
        case 'farm':
          return texts.farm;
        case 'energy':
          return texts.energy;
        case 'streak':
          return t('streak', {
            days: t('streakDays', { count: Number(detail.streak ?? 1) }),
            hours: t('streakHours', { count: hoursLeft }),
          });
        case 'friend':
          // Another player's chosen name: neutralised and quoted, never the bot's own words.
          return t('friend', {
            name: quotedName(typeof detail.name === 'string' ? detail.name : null) ?? texts.aFriend,
            count: Number(detail.reward ?? 0),
          });
        case 'appeal':
          return detail.outcome === 'upheld' ? texts.appealUpheld : texts.appealRejected;
        case 'airdrop-deadline':
          return t('airdropDeadline', { count: Number(detail.days ?? 1) });
        default:
          return texts.missYou;
      }
    },
    thanksText: (tickets: number) => t('thanks', { count: tickets }),
  };
}
