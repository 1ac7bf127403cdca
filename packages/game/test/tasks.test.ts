import fc from 'fast-check';
import { assert, describe, expect, it } from 'vitest';
import {
  addProgress,
  decideClaim,
  findTask,
  isLinkTask,
  matchTask,
  taskPeriod,
  TASKS,
  tasksForAction,
  telegramChannelOf,
} from '../src/tasks.ts';
import { gameDay } from '../src/time.ts';

const task = (taskName: string) => {
  const found = findTask(taskName);
  assert(found, `no task ${taskName}`);
  return found;
};

describe('task catalogue', () => {
  it('has the four Earn More Coins rows in the specified order', () => {
    const earn = TASKS.filter((t) => t.taskType === 'earn_coin');
    expect(earn.map((t) => [t.taskName, t.dailyType])).toEqual([
      ['Follow_Twitter', 'twitter'],
      ['Follow_Telegram', 'telegram'],
      ['Earn_Reward', 'earn'],
      ['Invites_Friends', 'invite'],
    ]);
    expect(findTask('Earn_Reward')?.goTo).toBe('/airdrop');
    expect(findTask('Invites_Friends')?.goTo).toBe('/friends');
    expect(task('Invites_Friends').targetCount).toBeGreaterThan(1);
  });

  it('has daily tasks counted from actions and partner one_time tasks with links', () => {
    expect(tasksForAction('tap').map((t) => t.taskName)).toEqual(['Daily_Taps']);
    expect(tasksForAction('spin')).toHaveLength(1);
    expect(tasksForAction('game')).toHaveLength(1);
    expect(tasksForAction('chest')).toHaveLength(1);
    const partners = TASKS.filter((t) => t.taskType === 'one_time');
    expect(partners.length).toBeGreaterThan(0);
    for (const p of partners) expect(p.link).toMatch(/^https:\/\//);
    const names = TASKS.map((t) => t.taskName);
    expect(new Set(names).size).toBe(names.length);
  });

  it('knows which tasks are completed by the link-reward call', () => {
    expect(isLinkTask(task('Follow_Twitter'))).toBe(true);
    expect(isLinkTask(task('Earn_Reward'))).toBe(true);
    expect(isLinkTask(task('Partner_TON'))).toBe(true);
    expect(isLinkTask(task('Invites_Friends'))).toBe(false);
    expect(isLinkTask(task('Daily_Spin'))).toBe(false);
  });

  it('puts daily tasks in the game day and the others in period 0', () => {
    const now = Date.parse('2026-06-15T05:59:00Z');
    expect(taskPeriod(task('Daily_Spin'), now)).toBe(gameDay(now));
    expect(taskPeriod(task('Daily_Spin'), now + 2 * 60_000)).toBe(gameDay(now) + 1);
    expect(taskPeriod(task('Follow_Twitter'), now)).toBe(0);
  });
});

describe('task rules', () => {
  it('matches requests against the catalogue', () => {
    expect(
      matchTask({ taskName: 'Follow_Twitter', taskType: 'earn_coin', dailyType: 'twitter' })?.taskName,
    ).toBe('Follow_Twitter');
    expect(matchTask({ taskName: 'Nope' })).toBeNull();
    expect(matchTask({ taskName: 'Follow_Twitter', taskType: 'daily' })).toBeNull();
    expect(matchTask({ taskName: 'Follow_Twitter', dailyType: 'telegram' })).toBeNull();
    expect(matchTask({ taskName: 'Follow_Twitter', type: 'ticket' })).toBeNull();
  });

  it('pays a completed task once', () => {
    expect(decideClaim({ completed: true, claimed: false })).toEqual({ ok: true });
    expect(decideClaim({ completed: true, claimed: true })).toEqual({ ok: false, reason: 'claimed' });
    expect(decideClaim({ completed: false, claimed: false })).toEqual({ ok: false, reason: 'not-completed' });
  });

  it('caps progress at the target and never goes down', () => {
    expect(addProgress(0, 50, 300)).toBe(50);
    expect(addProgress(290, 50, 300)).toBe(300);
    fc.assert(
      fc.property(
        fc.nat(1000),
        fc.integer({ min: -10, max: 1000 }),
        fc.integer({ min: 1, max: 500 }),
        (c, a, t) => {
          const count = Math.min(c, t);
          const next = addProgress(count, a, t);
          expect(next).toBeGreaterThanOrEqual(count);
          expect(next).toBeLessThanOrEqual(t);
        },
      ),
    );
  });
});

describe('the channel a task link names', () => {
  it('is the public channel of a t.me link, and nothing for invite links, posts or other sites', () => {
    expect(telegramChannelOf('https://t.me/PartnerNews')).toBe('@PartnerNews');
    expect(telegramChannelOf('https://telegram.me/partner_news/')).toBe('@partner_news');
    for (const link of [
      undefined,
      '',
      'https://t.me/+AbCdEf123',
      'https://t.me/joinchat/AbCdEf',
      'https://t.me/PartnerNews/42',
      'http://t.me/PartnerNews',
      'https://t.me.evil.com/PartnerNews',
      'https://x.com/PartnerNews',
      'not a link',
    ])
      expect(telegramChannelOf(link), String(link)).toBeUndefined();
  });
});
