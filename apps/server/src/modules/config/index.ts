// The module's public surface: what other modules and the app may import (lint enforces it).
export {
  activeConfig,
  CONFIG_CHECK_MS,
  gameConfig,
  playerConfig,
  playerVersionsFrom,
  storedConfig,
  type ActiveConfig,
  type PlayerVersion,
  type RecordAudit,
  type VersionValues,
} from './config.service.ts';
