// Every phone, every script: opened as Telegram opens a full-screen game (the device's safe area
// and Telegram's own header reported as insets), at 320x640, 360x740, 390x844 and 430x932 (the
// two smaller in every language the app ships, the two bigger in English and the four languages
// that try a layout hardest), the game is on the first screen without scrolling:
// - Home: the balance, the egg, the energy, Boost and the farming button, also with the
//   out-of-energy card showing;
// - Spin: the whole wheel and its button;
// - on both, no control lies under the tab bar or above the host's header;
// - a row of tabs that scrolls sideways (Mining's five categories in Russian) shows that it does.
// Screenshots of Home and Spin at 320x640 and 430x932 in Persian, Hindi and Russian go to
// e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HARDEST_LANGUAGES, LANGUAGES, restingPhone } from './fit.mjs';
import { goInApp as go, passStartGate, putOffCelebrations, shot, skipGuide, useApp } from './lib.mjs';
import { BOT_TOKEN, openAsTelegram, productionEnv, signedInitData } from './telegram-host.mjs';

const app = useApp({ env: productionEnv() });

const HEADER = { top: 46, bottom: 0, left: 0, right: 0 };
/**
 * The phones, each with the safe area its system reports, under Telegram's full-screen header:
 * the smallest of each breakpoint (320x640, 360x740) in every language, the bigger ones in the
 * languages that try a layout hardest and English (fit.mjs).
 */
const PHONES = [
  { width: 320, height: 640, safe: { top: 20, bottom: 0, left: 0, right: 0 }, languages: LANGUAGES },
  { width: 360, height: 740, safe: { top: 24, bottom: 16, left: 0, right: 0 }, languages: LANGUAGES },
  {
    width: 390,
    height: 844,
    safe: { top: 47, bottom: 34, left: 0, right: 0 },
    languages: ['en', ...HARDEST_LANGUAGES],
  },
  {
    width: 430,
    height: 932,
    safe: { top: 59, bottom: 34, left: 0, right: 0 },
    languages: ['en', ...HARDEST_LANGUAGES],
  },
];
const SHOTS = new Set(['fa', 'hi', 'ru']);

/**
 * What of `selectors` (name → CSS selector) is not wholly on the first screen: above the tab bar,
 * below the host's header (`top`), inside the width, with the page not scrolled; and every other
 * control of the screen that lies partly or wholly under the tab bar.
 */
const offScreen = (page, top, selectors) =>
  page.evaluate(
    ([top, selectors]) => {
      window.scrollTo(0, 0);
      const out = [];
      const bar = document.querySelector('nav[aria-label] ul').getBoundingClientRect().top;
      const place = (r) => `${Math.round(r.top)}..${Math.round(r.bottom)}`;
      for (const [name, selector] of Object.entries(selectors)) {
        const el = document.querySelector(selector);
        if (!el) {
          out.push(`${name}: missing`);
          continue;
        }
        const r = el.getBoundingClientRect();
        if (r.top < top - 1 || r.bottom > bar + 1 || r.left < -1 || r.right > window.innerWidth + 1)
          out.push(`${name}: at ${place(r)}, the screen from ${top} to the tab bar at ${Math.round(bar)}`);
      }
      for (const el of document.querySelectorAll('main button, main a')) {
        const r = el.getBoundingClientRect();
        if (r.height === 0 || !el.checkVisibility()) continue;
        if (r.bottom > bar + 1)
          out.push(`under the tab bar: ${el.textContent.trim().slice(0, 24) || el.ariaLabel} at ${place(r)}`);
      }
      return out;
    },
    [top, selectors],
  );

/** A row of tabs wider than its box shows that it scrolls (a fade or an arrow: data-scroll-hint). */
const hiddenTabs = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main [role="tablist"]')].flatMap((list) => {
      if (list.scrollWidth <= list.clientWidth + 1) return [];
      const box = list.getBoundingClientRect();
      const cut = [...list.children].filter((tab) => {
        const r = tab.getBoundingClientRect();
        return r.right > box.right + 1 || r.left < box.left - 1;
      });
      const hint = list.parentElement.querySelector('[data-scroll-hint]');
      if (hint && hint.checkVisibility({ opacityProperty: true })) return [];
      return [`tabs scroll sideways with no hint: ${cut.map((tab) => tab.textContent).join(', ')} hidden`];
    }),
  );

/** Words of the task titles broken over two lines (a title breaks between words only). */
const brokenWords = (page) =>
  page.evaluate(() => {
    const out = [];
    for (const title of document.querySelectorAll('[data-testid^="task-"] p:first-of-type')) {
      const node = [...title.childNodes].find((n) => n.nodeType === Node.TEXT_NODE);
      if (!node) continue;
      for (const match of node.textContent.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (tops.size > 1) out.push(`"${match[0]}" broken in "${node.textContent}"`);
      }
    }
    return out;
  });

/** The app's answers with an `energy` field say 0: the player is out of energy. */
const outOfEnergy = (page) =>
  page.route('**/api/v1/**', async (route) => {
    const response = await route.fetch();
    const text = await response.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      return route.fulfill({ response, body: text });
    }
    if (body && typeof body === 'object' && typeof body.energy === 'number') body.energy = 0;
    return route.fulfill({ response, body: JSON.stringify(body) });
  });

const HOME = {
  balance: '[data-testid="balance"]',
  egg: '[data-testid="egg"]',
  energy: '[data-testid="energy"]',
  boost: '[data-testid="open-boost"]',
  farming: '[data-testid="farm-button"]',
};

describe('the game on the first screen of every phone', { concurrency: PHONES.length }, () => {
  for (const { width, height, safe, languages } of PHONES) {
    it(`at ${width}x${height} in full screen, in ${languages.length} languages`, async () => {
      const context = await app.browser.newContext(restingPhone(width, height));
      const page = await app.page({ context });
      const id = 5570000 + width;
      const initData = signedInitData(BOT_TOKEN, { id, first_name: 'Lucía', language_code: 'en' });
      const { body } = await app.server.api(undefined, 'POST', '/auth/login', { userid: id, initData });
      await openAsTelegram(page, app.server.url, initData, { insets: { safe, content: HEADER } });
      await passStartGate(page);
      await skipGuide(page);
      const top = safe.top + HEADER.top;
      const problems = [];
      const put = (where, list) => problems.push(...list.map((p) => `${where}: ${p}`));
      await putOffCelebrations(page);
      for (const language of languages) {
        await app.server.api(body.token, 'PUT', '/users/settings', { userid: id, language });
        await go(page, '/spin');
        await go(page, '/home');
        await page.reload();
        await passStartGate(page);
        await page.waitForFunction((lng) => document.documentElement.lang === lng, language);
        await page.locator('[data-testid="home"][data-profile="loaded"]').waitFor();
        await page.locator('[data-testid="farm-button"]').waitFor();
        await page.waitForLoadState('networkidle');
        put(`${language} home`, await offScreen(page, top, HOME));
        if (SHOTS.has(language) && (width === 320 || width === 430))
          await shot(page, `phone-${language}-${width}-home`);

        await go(page, '/spin');
        const wheel = page.getByTestId('wheel');
        await wheel.waitFor();
        await page.waitForLoadState('networkidle');
        put(
          `${language} spin`,
          await offScreen(page, top, {
            wheel: '[data-testid="wheel"]',
            'spin button': 'main .card:has([data-testid="spin-tickets"]) button',
          }),
        );
        if (SHOTS.has(language) && (width === 320 || width === 430))
          await shot(page, `phone-${language}-${width}-spin`);

        await go(page, '/mining');
        await page.locator('main [role="tablist"]').waitFor();
        await page.waitForLoadState('networkidle');
        put(`${language} mining`, await hiddenTabs(page));

        // The tasks' titles, also while a link task counts its visit down (Telegram's, in Russian).
        await go(page, '/tasks');
        await page.locator('[data-testid^="task-"]').first().waitFor();
        if (language === 'ru') {
          await page.getByTestId('task-Follow_Telegram').getByRole('button').click();
          await page.getByTestId('visiting').waitFor();
        }
        put(`${language} tasks`, await brokenWords(page));
        if (language === 'ru' && width === 320) await shot(page, `phone-ru-320-tasks`);
      }

      // Out of energy: the card under the egg, and still the whole of Home on the screen.
      await outOfEnergy(page);
      for (const language of ['en', 'ru']) {
        await app.server.api(body.token, 'PUT', '/users/settings', { userid: id, language });
        await go(page, '/home');
        await page.reload();
        await passStartGate(page);
        await page.getByTestId('energy-empty').waitFor();
        await page.locator('[data-testid="farm-button"]').waitFor();
        put(
          `${language} home out of energy`,
          await offScreen(page, top, { ...HOME, 'out of energy': '[data-testid="energy-empty"]' }),
        );
        if (language === 'ru') await shot(page, `phone-ru-${width}-home-empty`);
      }
      assert.deepEqual(problems, []);
      assert.deepEqual(page.pageErrors, []);
      // The out-of-energy rewrite lets its answers still on their way go before the page closes.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    });
  }
});
