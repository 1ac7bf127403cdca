import type { Redis } from 'ioredis';
import { LEAGUE_COUNT, leagueOf } from '@egg-rush/game/leagues';
import type { Tx } from '../../db/client.ts';
import { flushScores, loadAll, memberOf, userOf, type Scored } from '../leaderboard/leaderboard.store.ts';

/**
 * One Redis sorted set per league (used when REDIS_URL is set), members and scores as on the
 * global board (leaderboard.store.ts: ties to the lower id). A player is in exactly one league's
 * set: a script moves them atomically, adding them to their league's set (`ZADD GT`) and removing
 * them from every lower one, and ignores a total that is older than what the sets already hold
 * (the player is already in a higher league's set). totalScore only grows, so a late or repeated
 * write changes nothing and the next write repairs a lost one.
 */
const leagueKey = (index: number) => `lg:{leagues}:${index}`;
const KEYS = Array.from({ length: LEAGUE_COUNT }, (_, i) => leagueKey(i));
const BUILT = 'lg:{leagues}:built';

/** ARGV: member, score, league (0-based), repeated. KEYS: the league sets in order. */
const MOVE = `
for j = 1, #ARGV, 3 do
  local member, score, league = ARGV[j], ARGV[j + 1], tonumber(ARGV[j + 2]) + 1
  local higher = false
  for i = league + 1, #KEYS do
    if redis.call('ZSCORE', KEYS[i], member) then higher = true break end
  end
  if not higher then
    redis.call('ZADD', KEYS[league], 'GT', score, member)
    for i = 1, league - 1 do redis.call('ZREM', KEYS[i], member) end
  end
end
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
    async top(league: number, limit: number): Promise<Scored[]> {
      await flushScores(redis); // this process's latest totals first
      const flat = await redis.zrevrange(leagueKey(league), 0, limit - 1, 'WITHSCORES');
      const out: Scored[] = [];
      for (let i = 0; i < flat.length; i += 2)
        out.push({ userid: userOf(flat[i]!), totalScore: Number(flat[i + 1]) });
      return out;
    },

    /** A player's 1-based rank and score in a league, or undefined when they are not in it. */
    async rank(league: number, userId: number): Promise<{ rank: number; totalScore: number } | undefined> {
      await flushScores(redis);
      const member = memberOf(userId);
      const [[, rank], [, score]] = (await redis
        .multi()
        .zrevrank(leagueKey(league), member)
        .zscore(leagueKey(league), member)
        .exec()) as [[null, number | null], [null, string | null]];
      if (rank === null || score === null) return undefined;
      return { rank: rank + 1, totalScore: Number(score) };
    },

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

    /** Takes a player out of every league set (banned); their next recorded total puts them back. */
    async remove(userId: number): Promise<void> {
      const member = memberOf(userId);
      await redis.multi(KEYS.map((key) => ['zrem', key, member])).exec();
    },

    async clear(): Promise<void> {
      await redis.del(...KEYS, BUILT);
    },
  };
}
export type LeagueSets = ReturnType<typeof leagueSets>;
