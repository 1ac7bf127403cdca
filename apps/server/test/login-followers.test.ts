import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followLogins } from '../src/modules/auth/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// What follows a login (a campaign's open noted, …) runs after the login is written: its failure
// is told to the log and costs what it would have noted, never the player's sign-in.

let t: TestApp;
const seen: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  followLogins('test-failing', (_deps, login) => {
    seen.push(login.userId);
    return Promise.reject(new Error('the database hiccuped'));
  });
});
afterAll(() => t.close());

describe('login followers', () => {
  it('signs the player in when a follower fails', async () => {
    const token = await t.login(8801);
    expect(token).toMatch(/\S+/);
    expect(seen).toEqual([8801]);
    const profile = await t.call(token, { method: 'GET', url: '/api/v1/users/get/8801' });
    expect(profile.statusCode).toBe(200);
  });
});
