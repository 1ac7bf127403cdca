// The mole game in Chromium: start (a ticket spent), the 3-2-1 countdown, whack moles by
// clicking, end the game, and check the Game Over score was paid by the server.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { enterApp, shot, useApp } from './lib.mjs';

describe('mole game', () => {
  const app = useApp();

  it('plays a game by clicking moles and gets the final score paid', async () => {
    const userid = 8501;
    const page = await app.page();
    await enterApp(page, app.server.url, { userid, path: '/play' });
    const token = await app.server.login(userid);
    const before = (await app.server.api(token, 'GET', `/users/get/${userid}`)).body;
    await page
      .getByTestId('play-tickets')
      .filter({ hasText: String(before.ticket) })
      .waitFor();
    await shot(page, 'play-idle');

    await page.getByRole('button', { name: /^Start/ }).click();
    await page.getByTestId('countdown').waitFor();
    await page.waitForTimeout(700);
    await shot(page, 'play-countdown');
    await page.getByTestId('countdown').waitFor({ state: 'detached', timeout: 10_000 });
    assert.equal((await app.server.api(token, 'GET', `/users/get/${userid}`)).body.ticket, before.ticket - 1);

    // Whack every risen mole that is not a bomb for 15 seconds.
    const end = Date.now() + 15_000;
    let shotTaken = false;
    while (Date.now() < end) {
      const risen = await page.locator('button[aria-label$=" mole"]').evaluateAll((moles) =>
        moles
          .map((m) => {
            const box = m.getBoundingClientRect();
            const hole = m.parentElement.getBoundingClientRect();
            return {
              type: m.dataset.type,
              x: box.x + box.width / 2,
              y: box.y + 12,
              up: box.top < hole.bottom - 30,
            };
          })
          .filter((m) => m.up && m.type !== 'bomb'),
      );
      for (const mole of risen) await page.mouse.click(mole.x, mole.y);
      if (risen.length && !shotTaken) {
        await shot(page, 'play-playing');
        shotTaken = true;
      }
      await page.waitForTimeout(120);
    }
    const live = Number((await page.getByTestId('score').textContent()).replace(/,/g, ''));
    assert.ok(live > 0, 'some moles were whacked');

    await page.getByRole('button', { name: 'End game' }).click();
    await page.getByRole('heading', { name: 'Game Over' }).waitFor();
    const final = Number((await page.getByTestId('final-score').textContent()).replace(/,/g, ''));
    assert.equal(final, live);
    await page.getByText(`You got ${final.toLocaleString('en-US')} coins.`).waitFor({ timeout: 10_000 });
    await shot(page, 'play-game-over');
    const after = (await app.server.api(token, 'GET', `/users/get/${userid}`)).body;
    assert.equal(after.onion, before.onion + Math.min(final, 2_000));

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    assert.deepEqual(page.pageErrors, []);
  });
});
