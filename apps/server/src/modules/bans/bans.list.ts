import type { Database } from '../../db/client.ts';
import { bannedIds } from './bans.repository.ts';

/** How old the list of banned players may be before a call reads it again. */
export const BANS_REFRESH_MS = 1_000;

export const BANNED_MESSAGE = 'This account has been blocked for breaking the game rules.';

/**
 * Whether a player is banned, decided here for every path: the auth hook (every route, players
 * and operators), login before it writes anything, the payments, the Redis boards' copies and
 * the notifications. The state is the `bans` table (with its history in `ban_events`, written
 * together by bans.repository.ts); queries over players read the same table (`notBannedSql`).
 *
 * Banned players are held in the process and read again in the background at most once a second,
 * so that checking a call costs no query. A ban made in this process applies on the very next
 * call; one made in another process (WORKERS > 1) within about BANS_REFRESH_MS.
 */
function createBanList(database: Database) {
  let ids = new Set<number>();
  let loadedAt = -Infinity;
  let loading: Promise<void> | undefined;

  const load = () => {
    loading ??= bannedIds(database.db)
      .then((list) => {
        ids = new Set(list);
        loadedAt = performance.now();
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };

  return {
    async isBanned(userId: number): Promise<boolean> {
      // Only the first check waits for the list; a stale one is answered from the list held
      // while a fresh one loads, so no call (a tap above all) waits on this query.
      if (loadedAt === -Infinity) await load();
      else if (performance.now() - loadedAt > BANS_REFRESH_MS) load().catch(() => undefined);
      return ids.has(userId);
    },
    /** The list as held now, without waiting (after-commit effects that must not wait). */
    heldBanned(userId: number): boolean {
      return ids.has(userId);
    },
    /** After this process banned or unbanned someone: the next call reads the list again. */
    changed(userId: number, banned: boolean) {
      if (banned) ids.add(userId);
      else ids.delete(userId);
      loadedAt = -Infinity;
    },
  };
}
export type BanList = ReturnType<typeof createBanList>;

const lists = new WeakMap<Database, BanList>();

/** The one ban list of a database in this process (every caller shares it). */
export function bansOf(database: Database): BanList {
  let list = lists.get(database);
  if (!list) {
    list = createBanList(database);
    lists.set(database, list);
  }
  return list;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Banned players (checked on every authenticated call): the database's one list. */
    bans: BanList;
  }
}
