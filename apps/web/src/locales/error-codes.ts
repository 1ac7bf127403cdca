// Every language words every refusal a player reads: a catalogue without one of the contract's
// PLAYER_ERROR_CODES under `errors` fails the type check. (Types only: nothing here is bundled.)
import type { PlayerErrorCode } from '@egg-rush/contract/errors';
import type en from './en.json';
import type es from './es.json';
import type fa from './fa.json';
import type hi from './hi.json';
import type id from './id.json';
import type ptBR from './pt-BR.json';
import type ru from './ru.json';
import type tr from './tr.json';
import type uk from './uk.json';
import type vi from './vi.json';

type WordsEvery<T extends { errors: Record<PlayerErrorCode, string> }> = T;

export type Catalogues = [
  WordsEvery<typeof en>,
  WordsEvery<typeof es>,
  WordsEvery<typeof fa>,
  WordsEvery<typeof hi>,
  WordsEvery<typeof id>,
  WordsEvery<typeof ptBR>,
  WordsEvery<typeof ru>,
  WordsEvery<typeof tr>,
  WordsEvery<typeof uk>,
  WordsEvery<typeof vi>,
];
