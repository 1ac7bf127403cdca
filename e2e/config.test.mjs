// The game's configuration live: an operator (English, desktop) changes the first check-in's coins,
// sees a broken bound named and the draft simulated against the active version, and publishes it
// with a reason; the player's copy (GET /config) follows. Then in Persian on a phone (right to
// left, fits the screen) the operator publishes version 1 again from the history.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { problemsOnScreen } from './fit.mjs';
import { PHONE, shot, useApp } from './lib.mjs';

const OPERATOR = 770201;
const DESKTOP = { width: 1280, height: 800 };

describe('game configuration', () => {
  const app = useApp({ env: { ADMIN_IDS: String(OPERATOR) } });

  it('an operator edits a value, simulates, publishes, and publishes the old version again in Persian', async () => {
    const { server, browser } = app;
    const { initData } = await (await fetch(`${server.url}/api/v1/dev/launch?userid=${OPERATOR}`)).json();
    const playerConfig = async () => {
      const launch = await (await fetch(`${server.url}/api/v1/dev/launch?userid=770202`)).json();
      const login = await fetch(`${server.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userid: 770202, initData: launch.initData }),
      });
      const { token } = await login.json();
      const res = await fetch(`${server.url}/api/v1/config`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return res.json();
    };
    assert.equal((await playerConfig()).version, 1);

    const desk = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await desk.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto(`${server.url}/admin#tgWebAppData=${encodeURIComponent(initData)}`);
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.waitFor({ timeout: 20_000 });
    await nav.getByRole('link', { name: 'Configuration' }).click();
    await page
      .getByTestId('config-active')
      .getByText(/version 1/)
      .waitFor({ timeout: 15_000 });
    await page.getByTestId('config-language').selectOption('en');

    const dayOne = page.locator('input[data-path="daily.rewards.0.onion"]');
    // Out of bounds first: the field names the bound, and nothing can be simulated or published.
    await dayOne.fill('-5');
    await page.getByText('must be at least 0').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Simulate' }).isDisabled(), true);
    await dayOne.fill('900');
    // A wheel giving back 10 tickets a spin would print tickets: the wheel names the bound.
    await page.getByTestId('config-spin').locator('summary').click();
    const tickets = page.locator('input[data-path="spin.wheel.1.value"]');
    await tickets.fill('10');
    await page
      .getByTestId('config-spin')
      .getByText(/may give back at most 0.5/)
      .waitFor();
    assert.equal(await page.getByRole('button', { name: 'Simulate' }).isDisabled(), true);
    await tickets.fill('1');
    await page.getByRole('button', { name: 'Simulate' }).click();
    const casual = page.getByTestId('config-simulation-casual');
    await casual.waitFor({ timeout: 20_000 });
    const daily = casual.locator('tr[data-source="daily"] td');
    assert.ok(
      Number((await daily.nth(2).innerText()).replace(/\D/g, '')) >
        Number((await daily.nth(1).innerText()).replace(/\D/g, '')),
    );
    await page.getByTestId('config-reason').fill('A warmer welcome on day one');
    await page.getByRole('button', { name: 'Publish draft' }).click();
    await page.getByTestId('config-notice').getByText('Version 2 is live.').waitFor({ timeout: 20_000 });
    await page
      .getByTestId('config-active')
      .getByText(/version 2/)
      .waitFor();
    const fresh = await playerConfig();
    assert.equal(fresh.version, 2);
    assert.equal(fresh.values.daily.rewards[0].onion, 900);
    await shot(page, 'config-console-en');
    assert.deepEqual(errors, []);

    // Persian on a phone: right to left, nothing wider than the screen; version 1 published again.
    const phone = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 2,
      hasTouch: true,
      isMobile: true,
    });
    const fa = await phone.newPage();
    fa.on('pageerror', (error) => errors.push(error));
    await fa.goto(`${server.url}/admin/config#tgWebAppData=${encodeURIComponent(initData)}`);
    await fa.getByTestId('config-active').waitFor({ timeout: 20_000 });
    await fa.getByTestId('config-language').selectOption('fa');
    await fa.getByRole('heading', { name: 'پیکربندی بازی' }).waitFor({ timeout: 10_000 });
    assert.equal(await fa.locator('.a-config').getAttribute('dir'), 'rtl');
    await fa.getByTestId('config-reason').fill('بازگشت به مقادیر آغازین');
    const first = fa.getByTestId('config-version').filter({ hasText: 'Version 1' });
    await first.getByRole('button', { name: 'انتشار دوباره' }).click();
    await fa
      .getByTestId('config-notice')
      .getByText(/نسخهٔ (1|۱) فعال است/)
      .waitFor({ timeout: 20_000 });
    assert.equal((await playerConfig()).version, 1);
    const wide = (await problemsOnScreen(fa)).filter((p) => p.startsWith('page'));
    assert.deepEqual(wide, []);
    await shot(fa, 'config-console-fa-phone');
    assert.deepEqual(errors, []);
    await phone.close();
    await desk.close();
  });
});
