// The app opened the way Telegram opens it, in production mode (BOT_TOKEN set): the launch
// parameters in the address's hash, signed with the bot token, and the Android host's bridge
// (window.TelegramWebviewProxy.postEvent) present. The player goes straight in with their own
// Telegram identity and never sees the development login; the app talks to the host through the
// bridge. The same page opened outside Telegram is told to open the game from Telegram.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { passStartGate, skipGuide, useApp } from './lib.mjs';
import {
  BOT_TOKEN,
  hostEvents,
  openAsTelegram as openAsTelegram_,
  productionEnv,
  signedInitData as signedInitData_,
} from './telegram-host.mjs';

const PLAYER = { id: 5550001, first_name: 'Tanya', username: 'tanya_taps', language_code: 'en' };

const app = useApp({ env: productionEnv() });

const signedInitData = (user, options) => signedInitData_(BOT_TOKEN, user, options);
const openAsTelegram = (page, initData, options) => openAsTelegram_(page, app.server.url, initData, options);

describe('opened from Telegram in production', () => {
  for (const [client, player, signature] of [
    ['a current client', PLAYER, true],
    [
      'a client older than Bot API 8.0 (no signature field)',
      { ...PLAYER, id: 5550003, first_name: 'Oleg' },
      false,
    ],
  ]) {
    it(`signs the player in from ${client} with their Telegram identity, talks to the host through its bridge, shows no development login`, async () => {
      const page = await app.page();
      const errors = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await openAsTelegram(page, signedInitData(player, { signature }));

      await passStartGate(page);

      // The player is the one Telegram signed: the server created them under their Telegram id.
      await page.getByText(player.first_name).first().waitFor({ timeout: 10_000 });
      const token = await app.server.api(undefined, 'POST', '/auth/login', {
        userid: player.id,
        initData: signedInitData(player, { signature }),
      });
      assert.equal(token.status, 200);
      const me = await app.server.api(token.body.token, 'GET', `/users/get/${player.id}`);
      assert.equal(me.status, 200);
      assert.equal(me.body.firstname, player.first_name);

      // Nothing of the development mode: its route is closed and its text never shown.
      const dev = await fetch(`${app.server.url}/api/v1/dev/launch?userid=1`);
      assert.equal(dev.status, 404);
      assert.equal(await page.getByText(/development/i).count(), 0);

      // The app told the host it is ready and set its colours, through the bridge.
      const events = await page.evaluate(() => window.__hostEvents.map((e) => e.type));
      assert.ok(events.includes('web_app_ready'), `host events: ${events.join(', ')}`);
      assert.ok(events.includes('web_app_set_header_color'), `host events: ${events.join(', ')}`);
      // A native game: vertical swipes do not collapse it, and it stays in portrait.
      const asked = await hostEvents(page);
      assert.deepEqual(
        asked.filter(([type]) => type === 'web_app_setup_swipe_behavior'),
        [['web_app_setup_swipe_behavior', { allow_vertical_swipe: false }]],
      );
      assert.deepEqual(
        asked.filter(([type]) => type === 'web_app_toggle_orientation_lock'),
        [['web_app_toggle_orientation_lock', { locked: true }]],
      );
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  it('on a client older than the swipe and orientation settings, asks for neither and still plays', async () => {
    const player = { ...PLAYER, id: 5550004, first_name: 'Vera' };
    const page = await app.page();
    await openAsTelegram(page, signedInitData(player, { signature: false }), { version: '7.0' });
    await passStartGate(page);
    await page.getByText(player.first_name).first().waitFor({ timeout: 10_000 });
    const types = (await hostEvents(page)).map(([type]) => type);
    assert.ok(types.includes('web_app_ready'), `host events: ${types.join(', ')}`);
    assert.ok(!types.includes('web_app_setup_swipe_behavior'), `host events: ${types.join(', ')}`);
    assert.ok(!types.includes('web_app_toggle_orientation_lock'), `host events: ${types.join(', ')}`);
    assert.deepEqual(page.pageErrors, []);
    await page.close();
  });

  it('refuses launch data signed with another token, and outside Telegram asks to open the game from Telegram', async () => {
    const forged = new URLSearchParams(signedInitData({ ...PLAYER, id: 5550002 }));
    forged.set('hash', 'f'.repeat(64));
    const login = await app.server.api(undefined, 'POST', '/auth/login', {
      userid: 5550002,
      initData: forged.toString(),
    });
    assert.equal(login.status, 401);

    const page = await app.page();
    await page.goto(app.server.url);
    await page
      .getByText(/Telegram/)
      .first()
      .waitFor({ timeout: 30_000 });
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0);
    await page.close();
  });
});

describe('the mole game in production, with a random GAME_SECRET', () => {
  it('pays a round played by touch: the coins arrive on Home', async () => {
    const player = { ...PLAYER, id: 5550010, first_name: 'Mila' };
    const page = await app.page();
    await openAsTelegram(page, signedInitData(player));
    await passStartGate(page);
    await skipGuide(page);
    const login = await app.server.api(undefined, 'POST', '/auth/login', {
      userid: player.id,
      initData: signedInitData(player),
    });
    const token = login.body.token;
    const before = (await app.server.api(token, 'GET', `/users/get/${player.id}`)).body;
    const digits = (text) => Number(text.replace(/\D/g, ''));
    const balance = page.getByTestId('balance');
    await page.waitForFunction(() =>
      /\d/.test(document.querySelector('[data-testid="balance"]')?.textContent ?? ''),
    );
    assert.equal(digits(await balance.textContent()), before.onion);

    await page.getByRole('link', { name: 'Play' }).tap();
    const closing = async () =>
      (await hostEvents(page))
        .filter(([type]) => type === 'web_app_setup_closing_behavior')
        .map(([, d]) => d);
    assert.deepEqual(await closing(), []);
    await page.getByRole('button', { name: /^Start/ }).tap();
    await page.getByTestId('countdown').waitFor();
    // Closing asks for confirmation while the round is on.
    assert.deepEqual(await closing(), [{ need_confirmation: true }]);
    await page.getByTestId('countdown').waitFor({ state: 'detached', timeout: 10_000 });

    // Tap risen moles that are not bombs, each as soon as one is up, until three are whacked.
    const score = () => page.getByTestId('score').textContent().then(digits);
    for (let whacked = 0; whacked < 3;) {
      const mole = await page.waitForFunction(
        () => {
          for (const m of document.querySelectorAll('button[data-type]')) {
            const box = m.getBoundingClientRect();
            const hole = m.parentElement.getBoundingClientRect();
            if (m.dataset.type !== 'bomb' && box.top < hole.bottom - 30)
              return { x: box.x + box.width / 2, y: box.top + Math.min(20, (hole.bottom - box.top) / 2) };
          }
          return null;
        },
        null,
        { timeout: 15_000, polling: 'raf' },
      );
      const was = await score();
      const { x, y } = await mole.jsonValue();
      await page.touchscreen.tap(x, y);
      if ((await score()) > was) whacked += 1;
    }
    const final = await score();
    await page.getByRole('button', { name: 'End game' }).tap();
    await page.getByRole('heading', { name: 'Game Over' }).waitFor();
    assert.deepEqual(await closing(), [{ need_confirmation: true }, { need_confirmation: false }]);
    await page.getByText(`You got ${final.toLocaleString('en-US')} coins.`).waitFor({ timeout: 10_000 });
    // Celebrated, as the server paid it.
    await page.getByText('New high score!').waitFor();

    const after = (await app.server.api(token, 'GET', `/users/get/${player.id}`)).body;
    assert.equal(after.onion, before.onion + final);
    assert.equal(after.ticket, before.ticket - 1);
    // Back on Home, the balance shows the coins the round paid.
    await page.getByRole('button', { name: 'Back' }).tap();
    await page.waitForFunction(
      (expected) =>
        Number(document.querySelector('[data-testid="balance"]')?.textContent?.replace(/\D/g, '')) ===
        expected,
      after.onion,
      { timeout: 10_000 },
    );
    assert.deepEqual(page.pageErrors, []);
    await page.close();
  });
});
