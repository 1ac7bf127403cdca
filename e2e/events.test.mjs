// Scheduled events: an operator schedules a tap event in the console (desktop), with a title in
// English and in Persian; a player sees it on Home with its countdown, in English and in Persian
// (right to left, at 320 px), and the countdown runs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { problemsOnScreen } from './fit.mjs';
import { enterApp, shot, useApp } from './lib.mjs';

const OPERATOR = 770101;
const DESKTOP = { width: 1280, height: 800 };
const SMALL = { width: 320, height: 640 };

describe('events', () => {
  const app = useApp({ env: { ADMIN_IDS: String(OPERATOR) } });

  it('an operator schedules an event; players see it on Home with a countdown, in en and fa', async () => {
    const { server, browser } = app;
    // The console, signed in with the operator's launch data (as from Telegram).
    const { initData } = await (await fetch(`${server.url}/api/v1/dev/launch?userid=${OPERATOR}`)).json();
    const desk = await browser.newContext({ viewport: DESKTOP });
    const console_ = await desk.newPage();
    const errors = [];
    console_.on('pageerror', (error) => errors.push(error));
    await console_.goto(`${server.url}/admin#tgWebAppData=${encodeURIComponent(initData)}`);
    const nav = console_.getByRole('navigation', { name: 'Console' });
    await nav.waitFor({ timeout: 20_000 });
    await nav.getByRole('link', { name: 'Events' }).click();
    await console_.getByRole('button', { name: 'Schedule event' }).click();
    const form = console_.getByRole('dialog');
    await form.getByTestId('event-kind').selectOption('tap-multiplier');
    await form.getByTestId('event-multiplier').fill('2');
    // Out of bounds first: the server's reason shows and nothing is scheduled.
    await form.getByTestId('event-multiplier').fill('9');
    await form.getByTestId('event-title-en').fill('Double weekend');
    await form.getByTestId('event-title-fa').fill('آخر هفته دوبرابر');
    await form.getByRole('button', { name: 'Schedule' }).click();
    await form.getByText(/at most 5/).waitFor({ timeout: 10_000 });
    await form.getByTestId('event-multiplier').fill('2');
    // The start the form suggests: five minutes from now, in the operator's local time.
    await form.getByRole('button', { name: 'Schedule' }).click();
    await form.waitFor({ state: 'detached' });
    const row = console_.getByTestId('event-row').filter({ hasText: 'Double weekend' });
    await row.waitFor({ timeout: 10_000 });
    assert.match(await row.innerText(), /Taps ×2[\s\S]*upcoming[\s\S]*0 coins · 0 payments/);
    await shot(console_, 'events-console');
    // At phone width the page fits (the table scrolls in its own box).
    await console_.setViewportSize({ width: 390, height: 844 });
    await console_.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
    const cut = (await problemsOnScreen(console_)).filter(
      (p) => p.startsWith('page') || p.startsWith('covered'),
    );
    assert.deepEqual(cut, [], 'the console at 390 px');
    await shot(console_, 'events-console-390');
    assert.deepEqual(errors, []);
    await desk.close();

    // An English player: the event on Home, counting down to its start.
    const page = await app.page();
    await enterApp(page, server.url, { userid: 1_007_001 });
    const event = page.getByTestId('event').first();
    await event.waitFor({ timeout: 15_000 });
    assert.equal(await event.getByTestId('event-title').innerText(), 'Double weekend');
    assert.equal(await event.getByTestId('event-multiplier').innerText(), 'Taps ×2');
    const countdown = event.getByTestId('event-countdown');
    const first = await countdown.innerText();
    assert.match(first, /^Starts in 0d 00:0[0-5]:\d\d$/);
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="event-countdown"]')?.textContent !== before,
      first,
      { timeout: 5_000 },
    );
    await shot(page, 'events-home-en');
    await page.context().close();

    // A Persian player on a small phone: right to left, the Persian title, Persian digits, fits.
    const small = await browser.newContext({
      viewport: SMALL,
      deviceScaleFactor: 2,
      hasTouch: true,
      isMobile: true,
    });
    const fa = await small.newPage();
    await enterApp(fa, server.url, { userid: 1_007_002, query: { language_code: 'fa' } });
    const faEvent = fa.getByTestId('event').first();
    await faEvent.waitFor({ timeout: 15_000 });
    assert.equal(await fa.evaluate(() => document.documentElement.dir), 'rtl');
    assert.equal(await faEvent.getByTestId('event-title').innerText(), 'آخر هفته دوبرابر');
    assert.equal(await faEvent.getByTestId('event-multiplier').innerText(), 'ضربه‌ها ×۲');
    assert.match(
      await faEvent.getByTestId('event-countdown').innerText(),
      /^تا شروع: ۰ روز ۰۰:۰[۰-۵]:[۰-۹]{2}$/,
    );
    const faCut = (await problemsOnScreen(fa)).filter((p) => p.startsWith('page') || p.startsWith('covered'));
    assert.deepEqual(faCut, []);
    await shot(fa, 'events-home-fa-320');
    await small.close();
  });
});
