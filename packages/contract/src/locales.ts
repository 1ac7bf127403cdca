import type { LanguageCode } from '@egg-rush/game/language';
import type { PlayerErrorCode } from './errors.ts';
import en, { bot as enBot } from '../locales/en.json';
import es, { bot as esBot } from '../locales/es.json';
import fa, { bot as faBot } from '../locales/fa.json';
import hi, { bot as hiBot } from '../locales/hi.json';
import id, { bot as idBot } from '../locales/id.json';
import ptBR, { bot as ptBRBot } from '../locales/pt-BR.json';
import ru, { bot as ruBot } from '../locales/ru.json';
import tr, { bot as trBot } from '../locales/tr.json';
import uk, { bot as ukBot } from '../locales/uk.json';
import vi, { bot as viBot } from '../locales/vi.json';

/**
 * The game's texts, one catalogue a language in `packages/contract/locales/<code>.json`, in
 * i18next's JSON form (`{{placeholders}}`, plural keys ending `_one`, `_few`, `_many`, `_other`):
 * the players' app (compiled by apps/web/catalogues.ts) and, in the `bot` section, the bot
 * (apps/server/src/modules/bot/messages.ts). docs/languages.md.
 */

/** English's catalogue: every key, the one each language follows. */
export type Catalogue = typeof en;
export type Tree = { readonly [key: string]: string | Tree };
type WithoutPlural<K> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
  ? Base
  : K;
/** A key of the bot's section, a plural without its `_one`/`_other` ending. */
export type BotKey = WithoutPlural<keyof Catalogue['bot'] & string>;

/**
 * Every language words each refusal a player reads (a catalogue without one of the contract's
 * PLAYER_ERROR_CODES under `errors` fails the type check) and has the bot's section.
 */
type Complete = Tree & { errors: Record<PlayerErrorCode, string>; bot: Readonly<Record<string, string>> };

/** Every catalogue, whole: the players' app's build and the catalogue tests read them. */
export const CATALOGUES = { en, ru, uk, es, 'pt-BR': ptBR, id, vi, tr, fa, hi } satisfies Record<
  LanguageCode,
  Complete
>;

/**
 * The `bot` section of each catalogue, the bot's texts. (Named imports: the server's bundle carries
 * only this section of each file, not the players' texts.)
 */
export const BOT_TEXTS: Record<LanguageCode, Readonly<Record<string, string>>> = {
  en: enBot,
  ru: ruBot,
  uk: ukBot,
  es: esBot,
  'pt-BR': ptBRBot,
  id: idBot,
  vi: viBot,
  tr: trBot,
  fa: faBot,
  hi: hiBot,
};
