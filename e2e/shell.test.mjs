// The app's frame in Chromium: the start gate, the daily check-in once a day, every tab, the
// unknown-path redirect, with a screenshot of each screen.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { enterApp, shot, skipGuide, useApp } from './lib.mjs';

describe('web shell', () => {
  const app = useApp();

  it('passes the start gate with the daily check-in and its week, then lets the returning player straight in', async () => {
    const page = await app.page();
    await page.goto(`${app.server.url}/?userid=8101`);
    const start = page.getByRole('button', { name: 'Start' });
    await start.waitFor();
    await shot(page, 'start');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some((b) => b.textContent === 'Start' && !b.disabled),
    );
    await start.click();

    // The day's rewards at once, with the week's table: day 1 today, six to come.
    await page.getByRole('heading', { name: 'Your daily rewards' }).waitFor({ timeout: 5_000 });
    await page.getByText('day check-in').waitFor();
    assert.equal(await page.getByTestId('checkin-day').textContent(), '1');
    const week = page.getByTestId('week-table').getByRole('listitem');
    assert.equal(await week.count(), 7);
    assert.equal(await week.first().getAttribute('aria-current'), 'date');
    await page
      .getByText('Stay tuned for Day 2 of Check-In tomorrow! Reset your check-in by skipping a day.')
      .waitFor();
    await shot(page, 'daily-rewards');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await skipGuide(page);

    // The server paid the check-in once: a second claim today is refused.
    const token = await app.server.login(8101);
    const again = await app.server.api(token, 'POST', '/users/claim/daily', { userid: 8101 });
    assert.equal(again.status, 409);

    // Reopening the app the same day: nothing to say, so no Start and no check-in.
    const requests = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Start', exact: true }).count(), 0);
    assert.equal(await page.getByText('day check-in').count(), 0);
    assert.ok(!requests.includes('/api/v1/users/claim/daily'), requests.join(' '));
    assert.deepEqual(page.pageErrors, []);
    await page.close();
  });

  it('visits every tab and redirects unknown paths to /', async () => {
    const page = await app.page();
    await enterApp(page, app.server.url, { userid: 8102 });
    await shot(page, 'home');
    const tabs = [
      ['Minting', '/mining', 'mining'],
      ['Friends', '/friends', 'friends'],
      ['Tasks', '/tasks', 'tasks'],
      ['Airdrop', '/airdrop', 'airdrop'],
      ['Land', '/home', 'home-tab'],
    ];
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, path, name] of tabs) {
      await nav.getByRole('link', { name: label }).click();
      await page.waitForURL(`**${path}`);
      // The tab highlights as the active one.
      await nav.locator('a[aria-current="page"]', { hasText: label }).waitFor({ timeout: 5_000 });
      await page.waitForTimeout(400);
      await shot(page, name);
    }

    await page.goto(`${app.server.url}/no-such-place?userid=8102`);
    await enterApp(page, app.server.url, { userid: 8102, path: '/no-such-place' });
    await page.waitForURL((u) => u.pathname === '/');
    assert.deepEqual(page.pageErrors, []);
    await page.close();
  });
});
