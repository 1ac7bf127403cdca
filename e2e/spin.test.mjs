// The lucky wheel in Chromium: two spins, each toast matching the server's change of coins,
// tickets and chests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { enterApp, shot, useApp } from './lib.mjs';

/** The toasts' fixed texts, their numbers grouped as English groups them ("1,000"). */
const grouped = (n) => n.toLocaleString('en-US');
const TEXT = {
  onion: (n) => `You got coin ${grouped(n)}`,
  ticket: (n) => `You got ticket ${grouped(n)}`,
  treasure: (n) => `You got ${grouped(n)} treasure.`,
};

describe('spin', () => {
  const app = useApp();

  it('spins twice; each toast names what the server paid', async () => {
    const userid = 8301;
    const page = await app.page();
    await enterApp(page, app.server.url, { userid, path: '/spin' });
    const token = await app.server.login(userid);
    const button = page.getByRole('button', { name: 'Spin*1' });
    await button.waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="spin-tickets"]')?.textContent !== '–',
    );
    await shot(page, 'spin');

    for (let i = 0; i < 2; i++) {
      const before = (await app.server.api(token, 'GET', `/users/get/${userid}`)).body;
      // Toasts carry increasing ids: the prize toast is the first one newer than the click.
      const lastId = await page.evaluate(() =>
        Math.max(0, ...[...document.querySelectorAll('.Toastify__toast')].map((t) => Number(t.id) || 0)),
      );
      await button.click();
      await page.waitForFunction(() => document.querySelector('button:disabled')?.textContent === 'Spin*1');
      if (i === 0) {
        await page.waitForTimeout(1_500);
        await shot(page, 'spin-turning');
      }
      const handle = await page.waitForFunction(
        (id) =>
          [...document.querySelectorAll('.Toastify__toast')].find(
            (t) => Number(t.id) > id && /You got/.test(t.textContent),
          )?.textContent,
        lastId,
        { timeout: 8_000 },
      );
      const text = (await handle.jsonValue()).trim();
      const after = (await app.server.api(token, 'GET', `/users/get/${userid}`)).body;
      const dOnion = after.onion - before.onion;
      const dTicket = after.ticket - before.ticket + 1;
      const dChest = after.cheatCount - before.cheatCount;
      const expected =
        dChest > 0 ? TEXT.treasure(dChest) : dTicket > 0 ? TEXT.ticket(dTicket) : TEXT.onion(dOnion);
      assert.equal(text, expected);
      await page
        .getByTestId('spin-tickets')
        .filter({ hasText: String(after.ticket) })
        .waitFor();
      if (i === 0) await shot(page, 'spin-result');
      await page.waitForFunction(() => !document.querySelector('button:disabled'));
    }
    assert.deepEqual(page.pageErrors, []);
  });
});
