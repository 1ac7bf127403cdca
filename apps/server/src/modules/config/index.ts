// The module's public surface: what other modules and the app may import (lint enforces it).
export { activeConfig, CONFIG_CHECK_MS, gameConfig, type ActiveConfig } from './config.service.ts';
