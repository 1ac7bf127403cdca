// The module's public surface: what other modules and the app may import (lint enforces it).
export { recordBan, recordBans } from './bans.service.ts';
export { BANNED_MESSAGE, BANS_REFRESH_MS, bansOf } from './bans.list.ts';
export type { BanList } from './bans.list.ts';
export { bannedAmong, bannedAtSql, banStates, countBanned, notBannedSql } from './bans.repository.ts';
export type { BanState } from './bans.repository.ts';
