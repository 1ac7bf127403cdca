import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@egg-rush/contract/users';
import { createTestApp, type TestApp } from './helpers.ts';

// The player's settings live with the profile: the defaults until changed, any subset changed at
// a time, the same on every device (every login reads them back), only the caller's own.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const save = (token: string, payload: Record<string, unknown>) =>
  t.call(token, { method: 'PUT', url: '/api/v1/users/settings', payload });
const profileOf = async (token: string, id: number) =>
  (await t.call(token, { method: 'GET', url: `/api/v1/users/get/${id}` })).json();

describe('player settings', () => {
  it('start at the defaults and keep each change, the others untouched', async () => {
    const token = await t.login(7100);
    expect((await profileOf(token, 7100)).settings).toEqual(DEFAULT_SETTINGS);

    const first = await save(token, { userid: 7100, language: 'ru' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ settings: { ...DEFAULT_SETTINGS, language: 'ru' } });

    const second = await save(token, { sound: true, reducedMotion: 'on', guideSeen: true });
    expect(second.json().settings).toEqual({
      ...DEFAULT_SETTINGS,
      language: 'ru',
      sound: true,
      reducedMotion: 'on',
      guideSeen: true,
    });

    // Another device: a new login reads the same settings.
    const other = await t.login(7100);
    expect((await profileOf(other, 7100)).settings).toMatchObject({ language: 'ru', sound: true });
  });

  it('refuses an unknown language, an unknown field, an empty change and another player', async () => {
    const token = await t.login(7101);
    await t.login(7102);
    expect((await save(token, { language: 'xx' })).statusCode).toBe(400);
    expect((await save(token, { theme: 'light' })).statusCode).toBe(400);
    expect((await save(token, { userid: 7101 })).statusCode).toBe(400);
    expect((await save(token, { userid: 7102, language: 'es' })).statusCode).toBe(403);
    const other = await t.login(7102);
    expect((await profileOf(other, 7102)).settings.language).toBeNull();
  });

  it('says whether the daily check-in is still to claim', async () => {
    const token = await t.login(7103);
    expect((await profileOf(token, 7103)).dailyClaimable).toBe(true);
    await t.call(token, { method: 'POST', url: '/api/v1/users/claim/daily', payload: { userid: 7103 } });
    expect((await profileOf(token, 7103)).dailyClaimable).toBe(false);
  });
});
