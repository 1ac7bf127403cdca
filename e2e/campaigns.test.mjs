// Campaigns: an operator (desktop) makes a campaign for Persian- and English-speaking players,
// with a text in English and one in Persian (typed right to left), sees the live recipient
// count, sends it after confirming and watches the counts (one player blocked the bot); the
// campaign's page fits a phone. The bot's messages go to a fake Bot API.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { sign } from '@tma.js/init-data-node';
import { problemsOnScreen } from './fit.mjs';
import { openBrowser, shot, startServer } from './lib.mjs';

const TOKEN = '7000000003:e2e-campaigns';
const OPERATOR = 770201;
const PLAYERS = [
  { id: 1_008_001, language_code: 'en' },
  { id: 1_008_002, language_code: 'fa' },
  { id: 1_008_003, language_code: 'fa' },
  { id: 1_008_004, language_code: 'ru' },
];
const BLOCKED = 1_008_003;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

const launch = (user) =>
  sign(
    { user: { first_name: 'P', ...user }, chat_instance: '1', chat_type: 'sender', signature: 'x' },
    TOKEN,
    new Date(),
  );

describe('campaigns', () => {
  let server, browser, bot;
  const sent = [];

  before(async () => {
    // The Bot API: sendMessage recorded, 403 for the player who blocked the bot.
    bot = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const method = /\/bot[^/]+\/(\w+)/.exec(req.url ?? '')?.[1];
        const payload = body ? JSON.parse(body) : {};
        res.setHeader('content-type', 'application/json');
        if (method === 'sendMessage') {
          sent.push(payload);
          if (Number(payload.chat_id) === BLOCKED) {
            res.statusCode = 403;
            return res.end(
              JSON.stringify({
                ok: false,
                error_code: 403,
                description: 'Forbidden: bot was blocked by the user',
              }),
            );
          }
          return res.end(
            JSON.stringify({
              ok: true,
              result: { message_id: sent.length, date: 0, chat: { id: payload.chat_id, type: 'private' } },
            }),
          );
        }
        res.end(JSON.stringify({ ok: true, result: true }));
      });
    });
    await new Promise((resolve) => bot.listen(0, '127.0.0.1', resolve));
    server = await startServer({
      BOT_TOKEN: TOKEN,
      BOT_MODE: 'webhook',
      BOT_WEBHOOK_SECRET: 'e2e-campaigns-webhook',
      JWT_SECRET: 'e2e-campaigns-'.repeat(4),
      GAME_SECRET: 'e2e-campaigns-game',
      COMBO_SECRET: 'e2e-campaigns-combo-secret',
      TELEGRAM_API_ROOT: `http://127.0.0.1:${bot.address().port}`,
      ADMIN_IDS: String(OPERATOR),
    });
    browser = await openBrowser();
    for (const user of PLAYERS) {
      const res = await fetch(`${server.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userid: user.id, initData: launch(user) }),
      });
      assert.equal(res.status, 200);
    }
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    bot?.close();
  });

  it('an operator makes a campaign in en and fa, sends it and sees the counts', async () => {
    const desk = await browser.newContext({ viewport: DESKTOP });
    const page = await desk.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto(`${server.url}/admin#tgWebAppData=${encodeURIComponent(launch({ id: OPERATOR }))}`);
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.waitFor({ timeout: 20_000 });
    await nav.getByRole('link', { name: 'Campaigns' }).click();
    await page.getByRole('link', { name: 'New campaign' }).click();

    // The segment: Persian and English speakers; the count follows the form.
    const recipients = page.getByTestId('recipients');
    await recipients.getByText('Recipients: 4').waitFor({ timeout: 10_000 });
    await page.getByRole('checkbox', { name: 'فارسی' }).check();
    await recipients.getByText('Recipients: 2').waitFor({ timeout: 10_000 });
    await page.getByRole('checkbox', { name: 'English' }).check();
    await recipients.getByText('Recipients: 3').waitFor({ timeout: 10_000 });

    // The texts: English (required) and Persian, typed right to left.
    const create = page.getByRole('button', { name: 'Create campaign' });
    assert.equal(await create.isDisabled(), true);
    await page.getByTestId('campaign-text').fill('Double eggs today!');
    await page.getByRole('tab', { name: /فارسی/ }).click();
    const fa = page.getByTestId('campaign-text');
    assert.equal(await fa.getAttribute('dir'), 'rtl');
    await fa.fill('امروز تخم‌مرغ دوبرابر!');
    await page.getByLabel('The button opens').selectOption('spin');
    await create.click();

    // The campaign's page: a draft of 3; Send asks first.
    await page.getByRole('heading', { name: /^Campaign \d+$/ }).waitFor({ timeout: 10_000 });
    const stats = page.getByTestId('counts');
    assert.match(await stats.innerText(), /Recipients\s*3/);
    const persian = page.locator('p[lang="fa"]');
    assert.equal(await persian.getAttribute('dir'), 'rtl');
    assert.equal(await persian.innerText(), 'امروز تخم‌مرغ دوبرابر!');
    await page.getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send to 3 players' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Sent by the bot at its pace; the counts refresh while it sends.
    await page.getByText('done', { exact: true }).waitFor({ timeout: 20_000 });
    const counts = await stats.innerText();
    assert.match(counts, /Sent\s*2/);
    assert.match(counts, /Blocked\s*1/);
    assert.match(counts, /Failed\s*0/);
    assert.equal(sent.length, 3);
    const toFa = sent.find((m) => Number(m.chat_id) === PLAYERS[1].id);
    assert.equal(toFa.text, 'امروز تخم‌مرغ دوبرابر!');
    assert.match(toFa.reply_markup.inline_keyboard[0][0].url, /startapp=c\d+-spin$/);
    await shot(page, 'campaign-desktop');
    assert.deepEqual(errors, []);

    // In Persian: the page right to left, its words in Persian.
    await page.getByTestId('campaigns-language').selectOption('fa');
    await page.getByText('ارسال‌شده', { exact: true }).waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('[lang="fa"][dir="rtl"]').first().isVisible(), true);
    assert.equal(await page.getByText('انجام شد', { exact: true }).isVisible(), true);
    await shot(page, 'campaign-desktop-fa');

    // The same page at phone width fits, in Persian.
    const url = page.url();
    await desk.close();
    const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const small = await phone.newPage();
    await small.goto(`${server.url}/admin#tgWebAppData=${encodeURIComponent(launch({ id: OPERATOR }))}`);
    await small.getByRole('navigation', { name: 'Console' }).waitFor({ timeout: 20_000 });
    await small.goto(url);
    await small.getByTestId('counts').waitFor({ timeout: 10_000 });
    await small.getByTestId('campaigns-language').selectOption('fa');
    await small.getByText('ارسال‌شده', { exact: true }).waitFor({ timeout: 10_000 });
    assert.equal(
      await small.evaluate(() =>
        document.querySelector('[data-testid="counts"]')?.closest('[dir]')?.getAttribute('dir'),
      ),
      'rtl',
    );
    assert.deepEqual(await problemsOnScreen(small), []);
    await shot(small, 'campaign-phone');
    await phone.close();
  });
});
