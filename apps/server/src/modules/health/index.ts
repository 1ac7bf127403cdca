// The module's public surface: what other modules and the app may import (lint enforces it).
export { SHUTDOWN_LIMIT_MS, closeConnectionsOnDrain, startDraining } from './drain.ts';
