import * as repo from './bans.repository.ts';

/**
 * Bans and unbans, written once for every caller: the current state (`bans`, read by
 * bans.list.ts and, through `notBannedSql`, by every query over players) and its append-only
 * history (`ban_events`, read by the airdrop snapshot as of its instant), in the caller's
 * transaction.
 */
export const recordBan = repo.setBan;
export const recordBans = repo.banMany;
