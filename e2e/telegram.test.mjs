// The app opened the way Telegram opens it, in production mode (BOT_TOKEN set): the launch
// parameters in the address's hash, signed with the bot token, and the Android host's bridge
// (window.TelegramWebviewProxy.postEvent) present. The player goes straight in with their own
// Telegram identity and never sees the development login; the app talks to the host through the
// bridge. The same page opened outside Telegram is told to open the game from Telegram.
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { passStartGate, useApp } from './lib.mjs';

const BOT_TOKEN = '7000000001:AAF-e2e-test-token-not-real';
const PLAYER = { id: 5550001, first_name: 'Tanya', username: 'tanya_taps', language_code: 'en' };

const app = useApp({
  env: {
    NODE_ENV: 'production',
    BOT_TOKEN,
    JWT_SECRET: randomBytes(32).toString('hex'),
    GAME_SECRET: randomBytes(16).toString('hex'),
    COMBO_SECRET: randomBytes(16).toString('hex'),
    BOT_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
    // No Telegram here: the bot's start-up calls fail at once against a closed port.
    TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
  },
});

/**
 * Launch data as Telegram signs it: HMAC-SHA256 keyed by HMAC-SHA256("WebAppData", bot token) over
 * every field but `hash`. Clients since Bot API 8.0 add `signature` (Ed25519, for third parties);
 * older ones do not.
 */
function signedInitData(user, { signature = true } = {}) {
  const fields = new URLSearchParams({
    auth_date: String(Math.floor(Date.now() / 1000)),
    query_id: 'AAE-e2e-query',
    user: JSON.stringify(user),
    ...(signature ? { signature: randomBytes(64).toString('base64url') } : {}),
  });
  const check = [...fields.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(BOT_TOKEN).digest();
  fields.set('hash', createHmac('sha256', secret).update(check).digest('hex'));
  return fields.toString();
}

const THEME = {
  bg_color: '#17212b',
  text_color: '#f5f5f5',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
};

async function openAsTelegram(page, initData) {
  await page.addInitScript(() => {
    window.__hostEvents = [];
    window.TelegramWebviewProxy = {
      postEvent: (type, data) => window.__hostEvents.push({ type, data }),
    };
  });
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify(THEME),
  });
  await page.goto(`${app.server.url}/#${hash}`);
}

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
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

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
