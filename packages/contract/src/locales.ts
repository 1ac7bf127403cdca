import type { LanguageCode } from '@egg-rush/game/language';
import type { PlayerErrorCode } from './errors.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fa from '../locales/fa.json';
import hi from '../locales/hi.json';
import id from '../locales/id.json';
import ptBR from '../locales/pt-BR.json';
import ru from '../locales/ru.json';
import tr from '../locales/tr.json';
import uk from '../locales/uk.json';
import vi from '../locales/vi.json';

/**
 * The game's texts, one catalogue a language in `packages/contract/locales/<code>.json`, in
 * i18next's JSON form (`{{placeholders}}`, plural keys ending `_one`, `_few`, `_many`, `_other`),
 * which the players' app compiles (apps/web/catalogues.ts). docs/languages.md.
 */

/** English's catalogue: every key, the one each language follows. */
export type Catalogue = typeof en;
export type Tree = { readonly [key: string]: string | Tree };

/**
 * Every language words each refusal a player reads: a catalogue without one of the contract's
 * PLAYER_ERROR_CODES under `errors` fails the type check.
 */
type Complete = Tree & { errors: Record<PlayerErrorCode, string> };

/** Every catalogue, whole: the players' app's build and the catalogue tests read them. */
export const CATALOGUES = { en, ru, uk, es, 'pt-BR': ptBR, id, vi, tr, fa, hi } satisfies Record<
  LanguageCode,
  Complete
>;
