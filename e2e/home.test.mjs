// Home in Chromium: 30 taps agree with the server after the flush, a boost, a chest, farming and
// the leader board, with a screenshot of each view.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { enterApp, putOffCelebrations, shot, useApp } from './lib.mjs';

const digits = (text) => Number(String(text).replace(/[^0-9]/g, ''));

describe('home', () => {
  const app = useApp();

  it('taps, buys a boost, opens a chest, starts farming and shows the leader board', async () => {
    const userid = 8401;
    const token = await app.server.login(userid);
    const page = await app.page();
    await enterApp(page, app.server.url, { userid });
    // The chest's prize may reach a league, whose celebration would cover the chest's Close.
    await putOffCelebrations(page);
    const balance = page.getByTestId('balance');
    await page.waitForFunction(() =>
      /\d/.test(document.querySelector('[data-testid="balance"]')?.textContent ?? ''),
    );
    const start = digits(await balance.textContent());
    await shot(page, 'home-start');

    const egg = page.getByTestId('egg');
    const box = await egg.boundingBox();
    for (let i = 0; i < 30; i++) {
      await page.mouse.click(
        box.x + box.width * (0.35 + (i % 3) * 0.15),
        box.y + box.height * (0.3 + (i % 5) * 0.1),
      );
    }
    // The prediction counts every tap at once.
    assert.equal(digits(await balance.textContent()), start + 30);
    await shot(page, 'home-taps');
    // After the flush (about once a second) the server holds the same balance as the screen.
    let profile;
    for (const deadline = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 100))) {
      profile = (await app.server.api(token, 'GET', `/users/get/${userid}`)).body;
      if (profile.onion === start + 30 || Date.now() > deadline) break;
    }
    const shown = digits(await balance.textContent());
    assert.equal(profile.onion, shown);
    assert.equal(profile.onion, start + 30);
    assert.equal(profile.energy <= 1000 - 300 + 30, true);

    await page.getByRole('button', { name: 'Boost' }).click();
    const boost = page.getByRole('dialog', { name: 'Boost' });
    await boost.waitFor();
    await shot(page, 'home-boost');
    await boost.getByRole('button', { name: 'Touch Income' }).click();
    await page.getByText('Success!').waitFor();
    await page.waitForFunction(
      (expected) =>
        document.querySelector('[data-testid="balance"]')?.textContent?.replace(/\D/g, '') === expected,
      String(start + 30 - 500),
    );
    const afterBoost = (await app.server.api(token, 'GET', `/users/get/${userid}`)).body;
    assert.equal(afterBoost.earnPerTap, 2);
    assert.equal(afterBoost.onion, start + 30 - 500);
    await boost.getByRole('button', { name: 'Close Boost' }).click();

    await page.getByRole('button', { name: 'Treasure' }).click();
    const treasure = page.getByRole('dialog', { name: 'Treasure' });
    await treasure.getByRole('button', { name: 'Open chest' }).click();
    await treasure.getByTestId('chest-prize').waitFor();
    await page.getByText(/^You got (coin|ticket) \d{1,3}(,\d{3})*$/).waitFor();
    await treasure.getByText('0 chests left').waitFor();
    await shot(page, 'home-treasure');
    await treasure.getByRole('button', { name: 'Close Treasure' }).click();

    await page.getByRole('button', { name: 'Start Farming' }).click();
    await page.getByText('Farm started.').waitFor();
    await page.getByText('Farming 2,000 coins').waitFor();
    const farm = (await app.server.api(token, 'GET', '/farm/status')).body;
    assert.equal(farm.started, true);
    await shot(page, 'home-farming');

    await page.getByRole('button', { name: 'Ranking' }).click();
    const board = page.getByRole('dialog', { name: 'Leader Board' });
    await board.getByText(/^Total Participants: \d{1,3}(,\d{3})*$/).waitFor();
    await board.locator('[data-me]').first().waitFor();
    await shot(page, 'home-leaderboard');

    assert.deepEqual(page.pageErrors, []);
    await page.close();
  });
});
