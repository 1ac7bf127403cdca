// The app as a native Telegram game, opened the way Telegram opens it in production (BOT_TOKEN
// set, launch data in the hash, the Android host's bridge answering as Telegram does): a quiet
// launch (no console warning or error, first and returning), nothing fetched from another host
// (the wallet list included), full screen with every screen clear of the insets Telegram reports,
// Telegram's Settings item, the home-screen shortcut not asked in a first session, invites to stories, the theme
// followed, and none of it asked of an older client.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { passStartGate, shot, skipGuide, useApp } from './lib.mjs';
import {
  BOT_TOKEN,
  hostEvents,
  hostSends,
  openAsTelegram,
  productionEnv,
  signedInitData,
} from './telegram-host.mjs';

const app = useApp({ env: productionEnv() });

const player = (id, first_name) => ({ id, first_name, language_code: 'en' });

/** An iPhone with a Dynamic Island in full screen: the insets Telegram reports there. */
const PHONE_INSETS = {
  safe: { top: 59, bottom: 34, left: 0, right: 0 },
  content: { top: 46, bottom: 0, left: 0, right: 0 },
};

/** Every console warning and error, uncaught error and request to another host, from now on. */
function watch(page) {
  const said = [];
  const outside = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') said.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => said.push(`uncaught: ${e}`));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['data:', 'blob:'].includes(url.protocol) && !['127.0.0.1', 'localhost'].includes(url.hostname))
      outside.push(r.url());
  });
  return { said, outside };
}

/** Home with its profile in, then every tab (each screen's texts and chunks), then Home. */
async function walkTabs(page) {
  await page.locator('[data-testid="home"][data-profile="loaded"]').waitFor({ timeout: 15_000 });
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const tab of ['Minting', 'Friends', 'Tasks', 'Airdrop', 'Land']) {
    await nav.getByRole('link', { name: tab }).click();
    await page.waitForFunction(
      (name) => document.querySelector(`nav a[aria-current="page"]`)?.textContent?.includes(name),
      tab,
    );
    await page.waitForLoadState('networkidle');
  }
}

describe('a quiet launch, and nothing from another host', () => {
  it('logs no warning or error on a first and a returning launch, every tab visited', async () => {
    const page = await app.page();
    const { said, outside } = watch(page);
    const initData = signedInitData(BOT_TOKEN, player(5560001, 'Quinn'));
    await openAsTelegram(page, app.server.url, initData, { insets: PHONE_INSETS });
    await passStartGate(page);
    await skipGuide(page);
    await walkTabs(page);
    assert.deepEqual(said, [], 'first launch');

    // Returning: the same player opens the game again.
    await page.reload();
    await passStartGate(page);
    await walkTabs(page);
    assert.deepEqual(said, [], 'returning launch');
    assert.deepEqual(outside, []);
    await page.close();
  });

  it('opens the wallet list with every wallet and picture served by us: no request leaves this host, nothing logged', async () => {
    const page = await app.page();
    const { said, outside } = watch(page);
    await openAsTelegram(page, app.server.url, signedInitData(BOT_TOKEN, player(5560002, 'Wren')));
    await passStartGate(page);
    await skipGuide(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Airdrop' }).click();
    await page.getByRole('tab', { name: 'Wallet' }).click();
    await page.getByRole('button', { name: /Connect wallet/i }).click();
    await page.getByText('Tonkeeper').waitFor({ timeout: 15_000 });
    // Every picture of the widget shown (the Telegram badge on "Wallet in Telegram" among them).
    await page.waitForFunction(() => {
      const root = document.querySelector('#tc-widget-root');
      const images = root ? [...root.querySelectorAll('img')] : [];
      return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
    });
    await page.waitForLoadState('networkidle');
    await shot(page, 'native-wallet-list');
    const pictures = await page.evaluate(() =>
      [...document.querySelectorAll('#tc-widget-root img')].map((img) => img.src),
    );
    assert.ok(
      pictures.some((src) => src.endsWith('/wallets/telegram-badge.svg')),
      pictures.join(' '),
    );
    assert.deepEqual(outside, []);
    assert.deepEqual(said, [], 'no warning or error with the wallet list open');
    await page.close();
  });
});

describe('a native Telegram game', () => {
  for (const width of [320, 390]) {
    it(`at ${width} px goes full screen and keeps every screen clear of the insets Telegram reports`, async () => {
      const context = await app.browser.newContext({
        viewport: { width, height: 780 },
        deviceScaleFactor: 2,
        hasTouch: true,
        isMobile: true,
      });
      const page = await app.page({ context });
      const initData = signedInitData(BOT_TOKEN, player(5560010 + width, 'Iris'));
      await openAsTelegram(page, app.server.url, initData, { insets: PHONE_INSETS });
      await passStartGate(page);
      await skipGuide(page);
      const asked = (await hostEvents(page)).map(([type]) => type);
      assert.ok(asked.includes('web_app_request_fullscreen'), asked.join(', '));

      const top = PHONE_INSETS.safe.top + PHONE_INSETS.content.top;
      const bottom = 780 - PHONE_INSETS.safe.bottom;
      const clear = async (where) => {
        // The screen's first visible block (a lazy screen shows once its chunk is in).
        const handle = await page.waitForFunction(() => {
          const first = [...(document.querySelector('main')?.children ?? [])]
            .map((el) => el.getBoundingClientRect())
            .find((r) => r.height > 0);
          const tabs = document.querySelector('nav[aria-label="Main"] ul')?.getBoundingClientRect();
          return first && tabs ? { top: first.top + window.scrollY, bottom: tabs.bottom } : null;
        });
        const box = await handle.jsonValue();
        assert.ok(box.top >= top, `${where}: the header starts at ${box.top}, under the top inset ${top}`);
        assert.ok(box.bottom <= bottom, `${where}: the tabs end at ${box.bottom}, below ${bottom}`);
      };
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const [tab, path] of [
        ['Land', '/home'],
        ['Minting', '/mining'],
        ['Friends', '/friends'],
        ['Tasks', '/tasks'],
        ['Airdrop', '/airdrop'],
      ]) {
        await nav.getByRole('link', { name: tab }).click();
        await page.waitForURL(`**${path}`);
        await clear(tab);
      }
      await page.goto(`${app.server.url}/spin`);
      await passStartGate(page);
      await clear('Spin');
      await shot(page, `native-spin-insets-${width}`);

      // Telegram's Settings item opens our settings, on Home, below the host's controls.
      await hostSends(page, 'settings_button_pressed');
      const sheet = page.getByRole('dialog', { name: 'Settings' });
      await sheet.waitFor();
      await page.waitForURL('**/home');
      const sheetTop = await sheet.evaluate((el) => el.getBoundingClientRect().top);
      assert.ok(sheetTop >= top, `the settings sheet starts at ${sheetTop}, under ${top}`);
      await shot(page, `native-settings-insets-${width}`);

      // The host's insets change (the phone turned, the controls moved): the screens follow.
      await hostSends(page, 'content_safe_area_changed', { top: 80, bottom: 0, left: 0, right: 0 });
      await page.keyboard.press('Escape');
      await page.waitForFunction(
        (min) =>
          [...(document.querySelector('main')?.children ?? [])]
            .map((el) => el.getBoundingClientRect())
            .find((r) => r.height > 0)?.top >= min,
        PHONE_INSETS.safe.top + 80,
      );
      await shot(page, `native-home-insets-${width}`);
      assert.deepEqual(page.pageErrors, []);
      await context.close();
    });
  }

  it('shows the Settings item, asks no home screen in the first session, shares invites to stories and follows the theme', async () => {
    const page = await app.page();
    const initData = signedInitData(BOT_TOKEN, player(5560020, 'Noor'));
    await openAsTelegram(page, app.server.url, initData);
    await passStartGate(page);
    await skipGuide(page);
    const events = await hostEvents(page);
    assert.deepEqual(
      events.filter(([type]) => type === 'web_app_setup_settings_button'),
      [['web_app_setup_settings_button', { is_visible: true }]],
    );
    // A new player's first session (its first check-in, the guide): the home-screen shortcut is
    // not asked yet; it is offered after a check-in on another day (app/home-screen-offer.test.tsx).
    const types = events.map(([type]) => type);
    assert.ok(!types.includes('web_app_add_to_home_screen'), types.join(', '));
    assert.ok(!types.includes('web_app_check_home_screen'), types.join(', '));

    // An invite to a story: our picture, the invite link as the story's link.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Friends' }).click();
    await page.getByRole('button', { name: 'Share to story' }).click();
    const story = (await hostEvents(page)).find(([type]) => type === 'web_app_share_to_story')?.[1];
    assert.equal(story.media_url, `${app.server.url}/story.jpg`);
    assert.match(story.widget_link.url, /^https:\/\/t\.me\/.+startapp=/);
    assert.equal(story.widget_link.name, 'Play Egg Rush');
    assert.equal((await fetch(story.media_url)).headers.get('content-type'), 'image/jpeg');

    // Telegram turns light: the page follows.
    await hostSends(page, 'theme_changed', { theme_params: { bg_color: '#ffffff', text_color: '#000000' } });
    await page.waitForFunction(() => document.documentElement.dataset.tgScheme === 'light');
    assert.equal(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-bg-color'),
      ),
      '#ffffff',
    );

    // A returning launch: not offered again.
    await page.reload();
    await passStartGate(page);
    const again = (await hostEvents(page)).map(([type]) => type);
    assert.ok(!again.includes('web_app_add_to_home_screen'), again.join(', '));
    assert.deepEqual(page.pageErrors, []);
    await page.close();
  });

  it('asks an older client (Bot API 7.0) for neither full screen nor the home screen, and offers no story button', async () => {
    const page = await app.page();
    const initData = signedInitData(BOT_TOKEN, player(5560030, 'Olga'), { signature: false });
    await openAsTelegram(page, app.server.url, initData, { version: '7.0' });
    await passStartGate(page);
    await skipGuide(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Friends' }).click();
    await page.getByRole('button', { name: 'Invites Friends' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Share to story' }).count(), 0);
    const types = (await hostEvents(page)).map(([type]) => type);
    for (const type of [
      'web_app_request_fullscreen',
      'web_app_check_home_screen',
      'web_app_add_to_home_screen',
    ])
      assert.ok(!types.includes(type), `${type} in ${types.join(', ')}`);
    assert.deepEqual(page.pageErrors, []);
    await page.close();
  });
});
