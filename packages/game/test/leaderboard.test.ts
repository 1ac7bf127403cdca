import fc from 'fast-check';
import { assert, describe, expect, it } from 'vitest';
import { compareRank, rankIn, rankOf, standingsOf, withOwnRow } from '../src/leaderboard.ts';

interface Row {
  userid: number;
  totalScore: number;
  rank: number;
}

const ranked = (players: { userid: number; totalScore: number }[]): Row[] =>
  [...players].sort(compareRank).map((p, i) => ({ ...p, rank: i + 1 }));

describe('a shared board with the reader’s own row as it is now', () => {
  it('is what a full sort with the fresh score gives, for the top rows and the reader’s rank', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 40, maxLength: 40 }),
        fc.integer({ min: 0, max: 39 }),
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 1, max: 12 }),
        (ids, scores, pick, fresh, limit) => {
          const before = ids.map((userid, i) => ({ userid, totalScore: (scores[i] ?? 0) * 10 }));
          const me = before[pick % before.length];
          assert(me);
          const after = before.map((p) => (p.userid === me.userid ? { ...p, totalScore: fresh * 10 } : p));
          const full = ranked(after);
          const ownNow = {
            ...me,
            totalScore: fresh * 10,
            rank: rankOf(after, { ...me, totalScore: fresh * 10 }),
          };
          const shared = ranked(before).slice(0, limit + 1);
          const board = withOwnRow(shared, ownNow, limit, (r) => r.totalScore);
          expect(board.rows).toEqual(full.slice(0, limit));
          expect(board.own).toEqual(full.find((r) => r.userid === me.userid));
        },
      ),
    );
  });

  it('shows the shared rows as they are when the reader has no row', () => {
    const shared = ranked([
      { userid: 3, totalScore: 5 },
      { userid: 1, totalScore: 9 },
    ]);
    expect(withOwnRow(shared, null, 1, (r) => r.totalScore)).toEqual({ rows: shared.slice(0, 1), own: null });
  });
});

describe('a rank among standings a moment old', () => {
  it('is the rank a full sort with the fresh score gives', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 50 }),
        fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 50, maxLength: 50 }),
        fc.integer({ min: 0, max: 49 }),
        fc.integer({ min: 0, max: 20 }),
        fc.boolean(),
        (ids, scores, pick, fresh, newcomer) => {
          const before = ids.map((userid, i) => ({ userid, totalScore: scores[i] ?? 0 }));
          // The reader either had an entry (which moves) or is new to the board.
          const had = before[pick % before.length];
          assert(had);
          const me = newcomer ? { userid: 1_000, totalScore: fresh } : { ...had, totalScore: fresh };
          const after = [...before.filter((p) => p.userid !== me.userid), me];
          const standings = standingsOf(
            ranked(before).map((r) => ({ userid: r.userid, score: r.totalScore })),
          );
          expect(rankIn(standings, { userid: me.userid, score: fresh })).toBe(
            ranked(after).findIndex((r) => r.userid === me.userid) + 1,
          );
        },
      ),
    );
  });
});
