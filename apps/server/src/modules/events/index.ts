// The module's public surface: what other modules and the app may import (lint enforces it).
export {
  EVENT_LEDGER_KIND,
  EVENTS_CACHE_MS,
  EVENTS_LOOKBACK_MS,
  eventBonus,
  eventMultiplier,
  incomeEvents,
  knownEvents,
  recordEventPaid,
} from './events.service.ts';
export { eventsPaidFrom } from './events.repository.ts';
