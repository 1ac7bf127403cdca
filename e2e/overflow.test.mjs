// Nothing overflows at 320 to 430 px in any language the app ships (e2e/fit.mjs lists them from
// the catalogues; the widths above each breakpoint's narrowest in the four that try it hardest): on every tab, in Home's sheets and after a spin, the page never scrolls
// sideways, no text is cut where the design does not mean it, and no text is covered by another
// element or lies on one (the egg on the side buttons' labels, the footer on the last button).
// The player is Lucía, in a squad of her own, so that names and the squad card are on screen.
// Screenshots of every tab in Russian and Spanish at 360x740 go to e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HARDEST_LANGUAGES, LANGUAGES, problemsOnScreen, restingPhone } from './fit.mjs';
import {
  goInApp as go,
  passStartGate as passGate,
  putOffCelebrations,
  shot,
  skipGuide,
  useApp,
} from './lib.mjs';

const TABS = ['/home', '/mining', '/friends', '/tasks', '/airdrop', '/spin', '/play', '/seasons', '/squads'];
/**
 * The screens looked at, from 320 to 430 wide: the narrowest of each width breakpoint (320, 360)
 * in every language, the wider ones in the languages that try a layout hardest (fit.mjs).
 */
const SCREENS = [
  { width: 320, height: 700, languages: LANGUAGES },
  { width: 360, height: 740, languages: LANGUAGES },
  { width: 390, height: 844, languages: HARDEST_LANGUAGES },
  { width: 430, height: 932, languages: HARDEST_LANGUAGES },
];

/**
 * Waits until the screen is still: nothing loading (no busy region, placeholder or spinner: a
 * screen's chunk still on its way shows one), every animation that ends has ended. (Under reduced
 * motion a change lasts 1 ms: the mole board's, started again each frame, is as good as ended.)
 */
const settled = (page) =>
  page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"], .animate-pulse, [role="status"] .animate-spin') &&
      document.getAnimations().every((a) => {
        const timing = a.effect?.getComputedTiming();
        return a.playState !== 'running' || timing?.iterations === Infinity || Number(timing?.duration) <= 1;
      }),
    null,
    { timeout: 10_000 },
  );

// The four screens at once, each with a player and a browser context of its own: a look mostly
// waits for the screen to settle, so they share the processor well.
describe('every screen fits at 320 to 430 px in every language', { concurrency: SCREENS.length }, () => {
  const app = useApp();

  for (const { width, height, languages } of SCREENS) {
    it(`fits every tab at ${width}x${height} in ${languages.length} languages`, async () => {
      const context = await app.browser.newContext(restingPhone(width, height));
      const page = await context.newPage();
      const userid = 9300 + width;
      const token = await app.server.login(userid, { first_name: 'Lucía' });
      const squad = await app.server.api(token, 'POST', '/squads/create', {
        userid,
        name: `Los Huevos Dorados ${width}`,
      });
      assert.equal(squad.status, 200);
      await page.goto(`${app.server.url}/?userid=${userid}&first_name=Lucía`);
      await passGate(page);
      await skipGuide(page);
      const problems = [];
      const putOff = await putOffCelebrations(page);
      const look = async (where) => {
        for (;;) {
          await settled(page);
          // Looking is no action, so the handler does not run: put off here.
          if (await putOff()) await settled(page);
          const found = await problemsOnScreen(page);
          // A celebration that came during the look was looked at, not the screen: again.
          if (await putOff()) continue;
          for (const p of found) problems.push(`${where}: ${p}`);
          return;
        }
      };
      // A sheet (a dialog, but not a celebration's). A celebration that comes at the very moment
      // of a press takes it: it is put off and the press made again.
      const sheet = page.locator('[role="dialog"]:not(.league-celebration)');
      const pressUntil = async (press, state) => {
        for (let k = 0; ; k++) {
          await press();
          const done = await sheet.waitFor({ state, timeout: 5_000 }).then(
            () => true,
            () => false,
          );
          if (done) return;
          if (k === 2 || !(await putOff())) throw new Error(`the sheet is not ${state}`);
        }
      };
      for (const [index, language] of languages.entries()) {
        await app.server.api(token, 'PUT', '/users/settings', { userid, language });
        await page.reload();
        await passGate(page);
        await page.waitForFunction((lng) => document.documentElement.lang === lng, language);
        for (const path of TABS) {
          await go(page, path);
          await page.waitForURL(`**${path}`);
          await look(`${language} ${path}`);
          if (path === '/home') {
            // Home's sheets: the boost shop and the settings.
            for (const opener of ['open-boost', 'open-settings']) {
              await pressUntil(() => page.getByTestId(opener).click(), 'visible');
              await look(`${language} ${opener}`);
              if (width === 360 && language === 'ru') await shot(page, `ru-360-${opener}`);
              await pressUntil(() => page.keyboard.press('Escape'), 'detached');
            }
          }
          if (path === '/spin' && index === 0) {
            // A turned wheel is no wider than the screen.
            const wheel = page.getByTestId('wheel');
            await page.locator('main button:not([disabled])', { hasText: '1' }).first().click();
            await page.waitForFunction(
              () => document.querySelector('[data-testid="wheel"]')?.dataset.rotation !== '0',
            );
            await settled(page);
            assert.notEqual(await wheel.getAttribute('data-rotation'), '0');
            await look(`${language} ${path} after a spin`);
          }
          if (width === 360 && (language === 'ru' || language === 'es'))
            await shot(page, `${language}-360-${path.slice(1)}`);
        }
      }
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
