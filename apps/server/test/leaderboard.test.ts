import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_SIZE } from '@egg-rush/game/leaderboard';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('leader board', () => {
  it('lists the top 100 by lifetime score, ties to the lower id, with the caller even outside the top', async () => {
    const tokens: string[] = [];
    for (let i = 1; i <= 105; i++) {
      tokens.push(await t.login(3000 + i, { first_name: `P${i}` }));
      t.clock.advance(1000);
    }
    // Scores: player i has 10 * i, except 3050 and 3051 tie with 3100 at 1000.
    await t.deps.database.db.execute(
      sql`update accounts set total_score = case when user_id in (3050, 3051) then 1000 else (user_id - 3000) * 10 end where user_id > 3000`,
    );
    assert(tokens[0] && tokens[50]);
    const res = await t.call(tokens[0], { method: 'GET', url: '/api/v1/users/ranking/3001/total' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalParticipants).toBe(105);
    expect(body.ranking).toHaveLength(LEADERBOARD_SIZE);
    expect(body.ranking[0]).toEqual({ userid: 3105, firstname: 'P105', totalScore: 1050, rank: 1 });
    const tied = body.ranking.filter((r: { totalScore: number }) => r.totalScore === 1000);
    expect(tied.map((r: { userid: number }) => r.userid)).toEqual([3050, 3051, 3100]);
    const scores = body.ranking.map((r: { totalScore: number }) => r.totalScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(body.me).toEqual({ userid: 3001, firstname: 'P1', totalScore: 10, rank: 105 });

    const mid = await t.call(tokens[50], { method: 'GET', url: '/api/v1/users/ranking/3051/total' });
    expect(mid.json().me).toMatchObject({ userid: 3051, rank: 7 });
  });

  it('shows a player-chosen name neutralised: no link, no invisible characters, shortened', async () => {
    const token = await t.login(3998, { first_name: '\u202eSupport: claim 500 Stars at t.me/EggRushFree' });
    const res = await t.call(token, { method: 'GET', url: '/api/v1/users/ranking/3998/total' });
    expect(res.json<{ me: { firstname: string } }>().me.firstname).toBe('Support∶ claim 500 Star…');
  });

  it('only answers for the caller', async () => {
    const token = await t.login(3999);
    expect((await t.call(token, { method: 'GET', url: '/api/v1/users/ranking/3001/total' })).statusCode).toBe(
      403,
    );
  });
});

describe('avatars', () => {
  it('serves a generated SVG with initials, cached, without a token', async () => {
    await t.login(3201, { first_name: 'Ada', last_name: 'Lovelace' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/avatar/3201' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toContain('>AL</text>');
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/users/avatar/3202' });
    expect(other.body).toContain('>?</text>');
  });

  it('redirects to the Telegram photo when there is one', async () => {
    await t.login(3203, { first_name: 'Bo' });
    await t.deps.database.db.execute(
      sql`update users set photo_url = 'https://t.me/i/userpic/320/bo.jpg' where id = 3203`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/avatar/3203' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://t.me/i/userpic/320/bo.jpg');
  });
});
