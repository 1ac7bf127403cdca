// The module's public surface: what other modules and the app may import (lint enforces it).
export { dailyState, resetStreak, streaksEndingSql } from './daily.repository.ts';
export type { DailyState } from './daily.repository.ts';
export { dailyProfile } from './daily.service.ts';
