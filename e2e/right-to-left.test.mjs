// A Persian player opens the game from Telegram (language_code "fa"), in production mode and the
// way Telegram opens it (launch parameters in the hash, the host's bridge present): the document
// is right to left and in Persian on every tab, laid out from the right (the first side column on
// the right, progress bars filling from the right, onward arrows pointing left), with numbers in
// Persian digits. A Hindi player reads Hindi, left to right. Screenshots go to e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { goInApp as go, passStartGate, shot, skipGuide, useApp } from './lib.mjs';
import { BOT_TOKEN, openAsTelegram, productionEnv, signedInitData } from './telegram-host.mjs';

const app = useApp({ env: productionEnv() });

/** Opens the app as Telegram does for `user` (telegram-host.mjs), past the start gate and the guide. */
async function openTelegram(page, user) {
  await openAsTelegram(page, app.server.url, signedInitData(BOT_TOKEN, user));
  await passStartGate(page);
  await skipGuide(page);
}

/** Words in Latin letters on the screen, but for the names that stay as they are. */
const latinWords = (page) =>
  page.evaluate(() => {
    const KEEP = new Set(['Egg', 'Rush', 'TON', 'Telegram', 'Ferris', 'Wheel']);
    const text = [...document.querySelectorAll('main, nav, header, [role="dialog"]')]
      .map((el) => el.innerText)
      .join('\n');
    return [...new Set(text.match(/[A-Za-z]{2,}/g) ?? [])].filter((w) => !KEEP.has(w));
  });

/** Whether a bar drawn by scaleX grows from its right end. */
const fillsFromRight = (locator) =>
  locator.evaluate((el) => {
    const style = getComputedStyle(el);
    const width = parseFloat(style.width);
    return width > 0 && Math.abs(parseFloat(style.transformOrigin) - width) < 0.5;
  });

describe('right to left', () => {
  it('shows a Persian player from Telegram a right-to-left app in Persian on every tab', async () => {
    const page = await app.page();
    await openTelegram(page, { id: 5560001, first_name: 'سارا', language_code: 'fa' });
    const html = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
    }));
    assert.deepEqual(html, { lang: 'fa', dir: 'rtl' });

    // Home, from the right: Ranking's column on the right, Play's on the left.
    await page.getByText('سود در ساعت').first().waitFor();
    const x = async (name) => {
      const side = page
        .getByRole('button', { name, exact: true })
        .or(page.getByRole('link', { name, exact: true }));
      const box = await side.first().boundingBox();
      return box.x + box.width / 2;
    };
    const width = page.viewportSize().width;
    assert.ok((await x('رتبه‌بندی')) > width / 2, 'Ranking on the right');
    assert.ok((await x('بازی')) < width / 2, 'Play on the left');
    // The league bar fills from the right; the coins are in Persian digits.
    assert.equal(
      await fillsFromRight(page.getByTestId('league-row').locator('[role="progressbar"] > span')),
      true,
    );
    assert.match(await page.getByTestId('status-coins').innerText(), /^[۰-۹٬]+$/);
    assert.deepEqual(await latinWords(page), []);
    await shot(page, 'fa-home');

    const nav = page.getByRole('navigation', { name: 'منوی اصلی' });
    for (const [label, path, text] of [
      ['استخراج', '/mining', 'سرزمینت را بساز'],
      ['دوستان', '/friends', 'دوستانت را دعوت کن'],
      ['مأموریت‌ها', '/tasks', 'مأموریت‌ها را انجام بده'],
      ['ایردراپ', '/airdrop', 'آماده شو'],
    ]) {
      await nav.getByRole('link', { name: label }).click();
      await page.waitForURL(`**${path}`);
      await page.getByText(text).first().waitFor();
      assert.deepEqual([path, await latinWords(page)], [path, []]);
      await shot(page, `fa${path.replace('/', '-')}`);
    }
    for (const [path, heading] of [
      ['/spin', 'گردونهٔ شانس'],
      ['/play', 'شکار موش کور'],
      ['/seasons', 'فصل'],
      ['/squads', 'تیم‌ها'],
    ]) {
      await go(page, path);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      assert.deepEqual([path, await latinWords(page)], [path, []]);
      if (path === '/spin') {
        // The links that lead on point left, the way Persian reads.
        const onward = page.getByRole('navigation', { name: 'بلیت به دست بیاور' }).getByRole('link');
        assert.deepEqual(await onward.allInnerTexts(), ['مأموریت‌ها ←', 'دوستان ←']);
      }
      if (path === '/play') {
        // The clock in Persian digits, the timer bar anchored on the right.
        assert.equal(await page.getByTestId('timer').innerText(), '۰۰:۰۰');
        assert.equal(await fillsFromRight(page.getByTestId('timer-fill')), true);
      }
      await shot(page, `fa${path.replace('/', '-')}`);
    }
    assert.deepEqual(page.pageErrors, []);
    await page.close();
  });

  it('shows a Hindi player from Telegram the app in Hindi, left to right', async () => {
    const page = await app.page();
    await openTelegram(page, { id: 5560002, first_name: 'Priya', language_code: 'hi-IN' });
    const html = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
    }));
    assert.deepEqual(html, { lang: 'hi', dir: 'ltr' });
    await page.getByText('प्रति घंटा मुनाफ़ा').first().waitFor();
    await page.getByRole('navigation', { name: 'मुख्य मेन्यू' }).getByRole('link', { name: 'टास्क' }).click();
    await page.getByText('टास्क पूरे करें').first().waitFor();
    await go(page, '/play');
    await page.getByRole('heading', { name: 'छछूंदर मार', exact: true }).waitFor();
    assert.deepEqual(page.pageErrors, []);
    await page.close();
  });
});
