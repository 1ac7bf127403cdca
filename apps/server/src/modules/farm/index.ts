// The module's public surface: what other modules and the app may import (lint enforces it).
export { farmStartedAt, farmsStartedSql } from './farm.repository.ts';
