import type { Redis } from 'ioredis';
import { LEAGUE_COUNT, leagueOf } from '@egg-rush/game/leagues';
import type { Tx } from '../../db/client.ts';
import { flushScores, loadAll, memberOf, rankIn, topOf, type Scored } from './leaderboard.store.ts';

/**
 * One Redis sorted set per league (used when REDIS_URL is set), members and scores as on the
 * global board (leaderboard.store.ts: ties to the lower id). A player is in exactly one league's
 * set; a hash beside the sets says which. A script places a flush's totals at once: one HMGET
 * reads where the players are, one `ZADD GT` per league touched writes the scores, and only a
 * player who changes league costs more (a ZREM from the old set and an HSET). A total older than
 * what the sets hold (the player is already in a higher league) is ignored. totalScore only
 * grows, so a late or repeated write changes nothing and the next write repairs a lost one.
 */
const leagueKey = (index: number) => `lg:{leagues}:${index}`;
/** member → league index (0-based). */
const OF = 'lg:{leagues}:of';
const KEYS = [...Array.from({ length: LEAGUE_COUNT }, (_, i) => leagueKey(i)), OF];
/** Versioned: sets loaded before the hash existed are loaded again. */
const BUILT = 'lg:{leagues}:built:2';

/** ARGV: member, score, league (0-based), repeated. KEYS: the league sets in order, then the hash. */
const MOVE = `
local n = #KEYS - 1
local of = KEYS[n + 1]
local function each(list, size, fn)
  for s = 1, #list, size do fn(unpack(list, s, math.min(s + size - 1, #list))) end
end
local members = {}
for j = 1, #ARGV, 3 do members[#members + 1] = ARGV[j] end
local where = {}
local k = 0
each(members, 1000, function(...)
  local got = redis.call('HMGET', of, ...)
  for i = 1, #got do
    k = k + 1
    if got[i] then where[members[k]] = tonumber(got[i]) + 1 end
  end
end)
local adds, removes, moved = {}, {}, {}
local function push(t, i, ...)
  t[i] = t[i] or {}
  for _, v in ipairs({...}) do table.insert(t[i], v) end
end
for j = 1, #ARGV, 3 do
  local member, score, league = ARGV[j], ARGV[j + 1], tonumber(ARGV[j + 2]) + 1
  local was = where[member]
  if not was or was <= league then
    push(adds, league, score, member)
    if was ~= league then
      if was then push(removes, was, member)
      else for i = 1, n do if i ~= league then push(removes, i, member) end end end
      where[member] = league
      table.insert(moved, member)
      table.insert(moved, league - 1)
    end
  end
end
for i, list in pairs(adds) do each(list, 1000, function(...) redis.call('ZADD', KEYS[i], 'GT', ...) end) end
for i, list in pairs(removes) do each(list, 1000, function(...) redis.call('ZREM', KEYS[i], ...) end) end
each(moved, 1000, function(...) redis.call('HSET', of, ...) end)
return 1`;

/** The script, registered once per client (sent by its SHA after the first call). */
interface WithMove {
  leagueMove(...args: (string | number)[]): Promise<unknown>;
}
const registered = new WeakSet<Redis>();
function move(redis: Redis): WithMove {
  if (!registered.has(redis)) {
    redis.defineCommand('leagueMove', { numberOfKeys: KEYS.length, lua: MOVE });
    registered.add(redis);
  }
  return redis as unknown as WithMove;
}

export function leagueSets(redis: Redis) {
  return {
    /** Places committed totals in their league's set (never lowers a score or a league). */
    async record(entries: readonly Scored[]): Promise<void> {
      if (entries.length === 0) return;
      const args = entries.flatMap((e) => [memberOf(e.userid), e.totalScore, leagueOf(e.totalScore)]);
      await move(redis).leagueMove(...KEYS, ...args);
    },

    /** The first `limit` players of a league, best first (all of them when `limit` is 0). */
    top: (league: number, limit: number) => topOf(redis, leagueKey(league), limit),

    /** A player's 1-based rank and score in a league, or undefined when they are not in it. */
    rank: (league: number, userId: number) => rankIn(redis, leagueKey(league), userId),

    async count(league: number): Promise<number> {
      await flushScores(redis);
      return redis.zcard(leagueKey(league));
    },

    /** Every set's members (tests). */
    members(league: number): Promise<Scored[]> {
      return this.top(league, 0);
    },

    built: async () => (await redis.exists(BUILT)) === 1,

    /** Loads every player from PostgreSQL unless a complete load is there (see the global board). */
    async rebuildIfMissing(db: Tx, batch = 10_000): Promise<{ rebuilt: boolean; players: number }> {
      if (await redis.exists(BUILT)) return { rebuilt: false, players: 0 };
      return { rebuilt: true, players: await loadAll(redis, BUILT, db, batch, (page) => this.record(page)) };
    },

    /**
     * Loads every player from PostgreSQL again, whatever is there: after Redis answers again,
     * since the writes it missed meanwhile (or a promoted replica never received) are not
     * repaired until each player's next write. GT keeps any newer total already there.
     */
    refresh(db: Tx, batch = 10_000): Promise<number> {
      return loadAll(redis, BUILT, db, batch, (page) => this.record(page));
    },

    /** Takes a player out of every league set (banned); their next recorded total puts them back. */
    async remove(userId: number): Promise<void> {
      const member = memberOf(userId);
      await redis
        .multi(KEYS.map((key) => (key === OF ? ['hdel', key, member] : ['zrem', key, member])))
        .exec();
    },

    async clear(): Promise<void> {
      await redis.del(...KEYS, BUILT);
    },
  };
}
export type LeagueSets = ReturnType<typeof leagueSets>;
