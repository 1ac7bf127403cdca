// The daily cipher: an operator sets today's word; a player opens the app as Telegram does, in
// English and in Persian (right to left, at 320 px), puts the egg in cipher mode, enters the word
// by tapping (dots) and holding (dashes) the egg, and is paid once; no game tap is sent meanwhile.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { problemsOnScreen } from './fit.mjs';
import { newPhonePage, passStartGate, PHONE, shot, skipGuide, useApp } from './lib.mjs';
import { BOT_TOKEN, openAsTelegram, productionEnv, signedInitData } from './telegram-host.mjs';

const OPERATOR = { id: 7710001, first_name: 'Olga', language_code: 'en' };
/** T is a dash, E a dot, A a dot and a dash: taps and holds both. */
const WORD = 'TEA';
const MORSE = { T: '-', E: '.', A: '.-' };

describe('daily cipher', () => {
  const app = useApp({ env: productionEnv({ ADMIN_IDS: String(OPERATOR.id) }) });

  /** Opens the app as `user` on a phone of `viewport`, solves the cipher on the egg; the page. */
  async function solve(user, viewport, name) {
    const page = await newPhonePage(app.browser, { viewport });
    await openAsTelegram(page, app.server.url, signedInitData(BOT_TOKEN, user));
    await passStartGate(page);
    await skipGuide(page);
    const taps = [];
    page.on('request', (r) => r.url().includes('/api/v1/users/tap') && taps.push(r.url()));

    await page.getByTestId('cipher-mode').click();
    const panel = page.getByTestId('cipher');
    // The word's length is in: three empty places.
    await panel.getByTestId('cipher-word').filter({ hasText: '___' }).waitFor({ timeout: 15_000 });
    const box = await page.getByTestId('egg').boundingBox();
    for (const letter of WORD) {
      // Back on the egg after the button.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (const signal of MORSE[letter]) {
        await page.mouse.down();
        await page.waitForTimeout(signal === '.' ? 50 : 600);
        await page.mouse.up();
        await page.waitForTimeout(60);
      }
      await panel.getByTestId('cipher-next').click();
    }
    assert.equal(await panel.getByTestId('cipher-word').innerText(), WORD);
    await shot(page, `${name}-entered`);
    const solved = page.waitForResponse((r) => r.url().endsWith('/api/v1/cipher/solve'));
    await panel.getByTestId('cipher-check').click();
    assert.deepEqual(await (await solved).json(), {
      success: true,
      reward: { onion: 50_000, ticket: 2 },
      triesLeft: 3, // CIPHER_TRIES_PER_DAY: no wrong answer yet
    });
    await panel.getByTestId('cipher-solved').waitFor({ timeout: 10_000 });
    // The reward may reach new leagues: each one's celebration is put off.
    const party = page.locator('.league-celebration');
    for (
      let k = 0;
      k < 5 &&
      (await party.waitFor({ timeout: 3_000 }).then(
        () => true,
        () => false,
      ));
      k++
    ) {
      await party.getByRole('button').last().click();
      await page.waitForTimeout(400);
    }
    assert.deepEqual(taps, []);
    assert.deepEqual(page.pageErrors, []);
    return page;
  }

  it('a player solves the day’s cipher on the egg in en and in fa, and is paid once', async () => {
    const { server } = app;
    const session = await server.api(undefined, 'POST', '/admin/session', {
      initData: signedInitData(BOT_TOKEN, OPERATOR),
    });
    const op = session.body.token;
    const { today } = (await server.api(op, 'GET', '/admin/cipher')).body;
    const set = await server.api(op, 'PUT', `/admin/cipher/${today}`, { word: WORD.toLowerCase() });
    assert.equal(set.status, 200, JSON.stringify(set.body));

    const en = await solve({ id: 7710002, first_name: 'Ann', language_code: 'en' }, PHONE, 'cipher-en');
    assert.equal(await en.evaluate(() => document.documentElement.dir), 'ltr');
    await shot(en, 'cipher-en');
    await en.context().close();

    const fa = await solve(
      { id: 7710003, first_name: 'Sara', language_code: 'fa' },
      { width: 320, height: 640 },
      'cipher-fa-320',
    );
    assert.equal(await fa.evaluate(() => document.documentElement.dir), 'rtl');
    const panel = fa.getByTestId('cipher');
    assert.equal(await panel.getAttribute('aria-label'), 'رمز روزانه');
    assert.equal(await panel.getByTestId('cipher-chart').getAttribute('dir'), 'ltr');
    const cut = (await problemsOnScreen(fa)).filter((p) => p.startsWith('page') || p.startsWith('covered'));
    assert.deepEqual(cut, []);
    await shot(fa, 'cipher-fa-320');
    await fa.context().close();

    // Paid once each, in the ledger.
    for (const id of [7710002, 7710003]) {
      const { rows } = (await server.api(op, 'GET', `/admin/players/${id}/ledger`)).body;
      assert.deepEqual(
        rows.filter((r) => r.kind === 'cipher').map((r) => [r.deltaCoins, r.deltaTicket]),
        [[50_000, 2]],
      );
    }
  });
});
