// The module's public surface: what other modules and the app may import (lint enforces it).
export {
  assignNewPlayer,
  experimentConfigVersion,
  experimentEventsFrom,
  withheldEvent,
} from './experiments.service.ts';
