import { sql } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PLAYER } from '@egg-rush/game/profile';
import { REFERRAL_REWARD } from '@egg-rush/game/referrals';
import { findTask, LINK_VISIT_MS, TASKS, isLinkTask } from '@egg-rush/game/tasks';
import { findLedgerMismatches } from '../src/modules/accounts/index.ts';
import { recordTaskProgress } from '../src/modules/tasks/tasks.progress.ts';
import { createTestApp, testClock, type TestApp } from './helpers.ts';

// 2026-06-15 05:00 UTC is 23:00 on June 14 at UTC-6: one hour before the daily reset.
const clock = testClock(Date.UTC(2026, 5, 15, 5, 0, 0));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

interface TaskView {
  taskName: string;
  taskType: string;
  status: string;
  isClaimed: boolean;
  processCount: number;
  targetCount: number;
}
const list = async (token: string, id: number) => {
  const res = await t.call(token, { method: 'GET', url: `/api/v1/users/tasks/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ tasks: TaskView[]; resetAt: number; serverTime: number }>();
};
const one = async (token: string, id: number, name: string) => {
  const task = (await list(token, id)).tasks.find((x) => x.taskName === name);
  assert(task, `no task ${name} in the list of ${id}`);
  return task;
};
/** A task of the catalogue, by name. */
const definition = (name: string) => {
  const task = findTask(name);
  assert(task, `no task ${name} in the catalogue`);
  return task;
};
const link = (token: string, userid: number, body: Record<string, unknown>) =>
  t.call(token, { method: 'POST', url: '/api/v1/users/linkReward', payload: { userid, ...body } });
const claim = (token: string, userid: number, body: Record<string, unknown>) =>
  t.call(token, { method: 'POST', url: '/api/v1/users/taskReward', payload: { userid, ...body } });

const twitter = { taskName: 'Follow_Twitter', taskType: 'earn_coin', dailyType: 'twitter' };

describe('tasks', () => {
  it('lists the catalogue with the player state and the next reset', async () => {
    const token = await t.login(1300);
    const body = await list(token, 1300);
    expect(body.resetAt).toBe(Date.UTC(2026, 5, 15, 6, 0, 0));
    expect(body.tasks.filter((x) => x.taskType === 'earn_coin').map((x) => x.taskName)).toEqual([
      'Follow_Twitter',
      'Follow_Telegram',
      'Earn_Reward',
      'Invites_Friends',
    ]);
    expect(body.tasks.every((x) => x.status === 'in progress' && !x.isClaimed)).toBe(true);
  });

  it('completes a link task, pays the catalogue amount once and refuses the rest', async () => {
    const token = await t.login(1301);
    const early = await claim(token, 1301, { ...twitter, amount: 5000, type: 'onion' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'NOT_COMPLETED', message: 'Task is not completed yet!' });

    const visited = await link(token, 1301, twitter);
    expect(visited.statusCode).toBe(200);
    expect(visited.json().taskState.task).toMatchObject({
      taskName: 'Follow_Twitter',
      status: 'in progress',
    });
    clock.advance(LINK_VISIT_MS);

    const paid = await claim(token, 1301, { ...twitter, amount: 999_999, type: 'onion' });
    expect(paid.statusCode).toBe(200);
    const reward = definition('Follow_Twitter').reward.amount;
    expect(paid.json()).toEqual({
      onion: reward,
      ticket: NEW_PLAYER.ticket,
      taskData: { task: expect.objectContaining({ taskName: 'Follow_Twitter', isClaimed: true }) },
    });
    const again = await claim(token, 1301, twitter);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Already you received!');
    const p = await t.profile(token, 1301);
    expect(p.onion).toBe(reward);
    expect(p.totalScore).toBe(reward);
    expect((await one(token, 1301, 'Follow_Twitter')).isClaimed).toBe(true);
  });

  it('counts a link visit only 10 s after the server saw it start, and pays once', async () => {
    const token = await t.login(1330);
    const started = clock.now();
    const visit = await link(token, 1330, twitter);
    expect(visit.json().taskState.task).toMatchObject({
      status: 'in progress',
      visitEndsAt: started + LINK_VISIT_MS,
    });
    // Claimed at once: refused, nothing paid.
    const early = await claim(token, 1330, twitter);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'NOT_COMPLETED', message: 'Task is not completed yet!' });
    // Calling again does not move the start; one millisecond short is still too early.
    clock.advance(LINK_VISIT_MS - 1);
    expect((await link(token, 1330, twitter)).json().taskState.task).toMatchObject({
      status: 'in progress',
      visitEndsAt: started + LINK_VISIT_MS,
    });
    expect((await claim(token, 1330, twitter)).json().code).toBe('NOT_COMPLETED');
    expect((await t.profile(token, 1330)).onion).toBe(0);
    // Ten seconds after the start the claim pays, once.
    clock.advance(1);
    expect((await one(token, 1330, 'Follow_Twitter')).status).toBe('completed');
    const paid = await claim(token, 1330, twitter);
    expect(paid.statusCode).toBe(200);
    expect((await claim(token, 1330, twitter)).json().code).toBe('ALREADY_CLAIMED');
    expect((await t.profile(token, 1330)).onion).toBe(definition('Follow_Twitter').reward.amount);
  });

  it('pays nothing for the six link tasks claimed right after their link reward', async () => {
    // The outside tester's attack: linkReward then taskReward for every link task at once.
    const token = await t.login(1331);
    const linkTasks = TASKS.filter(isLinkTask);
    expect(linkTasks).toHaveLength(6);
    for (const task of linkTasks) {
      const ref = { taskName: task.taskName, taskType: task.taskType, dailyType: task.dailyType };
      expect((await link(token, 1331, ref)).statusCode).toBe(200);
      const res = await claim(token, 1331, ref);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('NOT_COMPLETED');
    }
    const p = await t.profile(token, 1331);
    expect(p.onion).toBe(0);
    expect(p.ticket).toBe(NEW_PLAYER.ticket);
  });

  it('refuses unknown names and types with the refusal message', async () => {
    const token = await t.login(1302);
    for (const body of [
      { taskName: 'Free_Money' },
      { ...twitter, taskType: 'daily' },
      { ...twitter, dailyType: 'telegram' },
      { ...twitter, type: 'ticket' },
    ]) {
      const res = await claim(token, 1302, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid task name or type!');
    }
    const daily = await link(token, 1302, { taskName: 'Daily_Spin', taskType: 'daily' });
    expect(daily.statusCode).toBe(400);
    expect(daily.json().message).toBe('Invalid task name or type!');
    expect((await t.profile(token, 1302)).onion).toBe(0);
  });

  it('pays once under concurrent claims', async () => {
    const token = await t.login(1303);
    await link(token, 1303, { taskName: 'Partner_TON' });
    clock.advance(LINK_VISIT_MS);
    const results = await Promise.all(
      Array.from({ length: 15 }, () => claim(token, 1303, { taskName: 'Partner_TON' })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(14);
    expect((await t.profile(token, 1303)).ticket).toBe(
      NEW_PLAYER.ticket + definition('Partner_TON').reward.amount,
    );
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });

  it('counts daily actions from the server and resets at midnight UTC-6', async () => {
    clock.set(Date.UTC(2026, 5, 15, 5, 58, 0)); // 23:58 at UTC-6
    const token = await t.login(1304);
    const db = t.deps.database.db;
    await recordTaskProgress(db, 1304, 'tap', 120, clock.now());
    await recordTaskProgress(db, 1304, 'tap', 500, clock.now());
    expect(await one(token, 1304, 'Daily_Taps')).toMatchObject({ processCount: 300, status: 'completed' });
    await recordTaskProgress(db, 1304, 'spin', 1, clock.now());
    const paid = await claim(token, 1304, { taskName: 'Daily_Spin', taskType: 'daily', dailyType: 'spin' });
    expect(paid.statusCode).toBe(200);

    clock.advance(3 * 60_000); // 00:01 at UTC-6: a new game day
    expect(await one(token, 1304, 'Daily_Taps')).toMatchObject({ processCount: 0, status: 'in progress' });
    expect(await one(token, 1304, 'Daily_Spin')).toMatchObject({ processCount: 0, isClaimed: false });
    const early = await claim(token, 1304, { taskName: 'Daily_Spin' });
    expect(early.json().message).toBe('Task is not completed yet!');
    await recordTaskProgress(db, 1304, 'spin', 1, clock.now());
    expect((await claim(token, 1304, { taskName: 'Daily_Spin' })).statusCode).toBe(200);
    const spin = definition('Daily_Spin').reward.amount;
    expect((await t.profile(token, 1304)).onion).toBe(2 * spin);
  });

  it('counts a mining purchase towards its daily task', async () => {
    const token = await t.login(1305);
    await link(token, 1305, twitter);
    clock.advance(LINK_VISIT_MS);
    await claim(token, 1305, twitter);
    const bought = await t.call(token, {
      method: 'POST',
      url: '/api/v1/users/buyMining',
      payload: { userid: 1305, item: 'Carousel', title: 'Rides' },
    });
    expect(bought.statusCode).toBe(200);
    expect(await one(token, 1305, 'Daily_Mining')).toMatchObject({ processCount: 1, status: 'completed' });
  });

  it('completes Invites Friends from the friend count', async () => {
    const token = await t.login(1310);
    expect((await claim(token, 1310, { taskName: 'Invites_Friends' })).json().message).toBe(
      'Task is not completed yet!',
    );
    for (const id of [1311, 1312, 1313]) await t.login(id, { start_param: '1310' });
    expect(await one(token, 1310, 'Invites_Friends')).toMatchObject({
      processCount: 3,
      targetCount: 3,
      status: 'completed',
    });
    const paid = await claim(token, 1310, { taskName: 'Invites_Friends', amount: 999_999, type: 'ticket' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().onion).toBe(3 * REFERRAL_REWARD.regular.inviter);
    expect((await claim(token, 1310, { taskName: 'Invites_Friends' })).json().message).toBe(
      'Already you received!',
    );
  });

  it('counts parallel tap batches exactly in the tap statement, capped at the target, per game day', async () => {
    const target = definition('Daily_Taps').targetCount;
    const token = await t.login(1330);
    await t.deps.database.db.execute(
      sql`update accounts set energy = 100000, max_energy = 100000 where user_id = ${1330}`,
    );
    const tapBatches = async (n: number) => {
      const replies = await Promise.all(
        Array.from({ length: n }, () =>
          t.call(token, { method: 'PUT', url: '/api/v1/users/tap', payload: { userid: 1330, count: 10 } }),
        ),
      );
      expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 200));
      return replies.reduce((sum, r) => sum + (r.json().credited as number), 0);
    };
    // 12 batches at once (the burst allows 120 taps): every credited tap is counted, none twice.
    let credited = await tapBatches(12);
    expect(credited).toBeGreaterThan(0);
    expect(await one(token, 1330, 'Daily_Taps')).toMatchObject({ processCount: credited });
    // Past the target the count stops at it and the task is completed.
    while (credited < target + 50) {
      clock.advance(10_000);
      credited += await tapBatches(12);
    }
    expect(await one(token, 1330, 'Daily_Taps')).toMatchObject({
      processCount: target,
      status: 'completed',
    });
    // The next game day counts from zero.
    clock.advance(24 * 3_600_000);
    const nextDay = await tapBatches(1);
    expect(await one(token, 1330, 'Daily_Taps')).toMatchObject({
      processCount: nextDay,
      status: 'in progress',
    });
  });

  it('counts taps and chest openings made through the game', async () => {
    const token = await t.login(1320);
    clock.advance(60_000);
    const tapped = await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/tap',
      payload: { userid: 1320, count: 40 },
    });
    expect(tapped.statusCode).toBe(200);
    const credited = tapped.json().credited as number;
    expect(credited).toBeGreaterThan(0);
    expect(await one(token, 1320, 'Daily_Taps')).toMatchObject({ processCount: credited });
    const opened = await t.call(token, {
      method: 'PUT',
      url: '/api/v1/users/getCheat',
      payload: { userid: 1320 },
    });
    expect(opened.statusCode).toBe(200);
    expect(await one(token, 1320, 'Daily_Chest')).toMatchObject({ processCount: 1, status: 'completed' });
  });
});
