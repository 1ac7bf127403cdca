// Every player at home: the app opened with Russian launch data reads Russian on every tab, the
// choice made in settings outlives a reload, the first-run guide shows once, every route is
// reached from / by clicks alone. (Whether every screen fits in every language: overflow.test.mjs.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { passStartGate as passGate, shot, skipGuide, useApp } from './lib.mjs';

/** Opens the app as `userid` with Telegram's `language` and passes the start gate, whatever the words. */
async function open(page, url, userid, language) {
  const query = new URLSearchParams({
    userid: String(userid),
    ...(language ? { language_code: language } : {}),
  });
  await page.goto(`${url}/?${query}`);
  await passGate(page);
}

/** Goes to `path` inside the app (client navigation: the session stays). */
const go = (page, path) =>
  page.evaluate((p) => {
    const screen = (path) => (path === '/' ? '/home' : path); // one screen at both
    if (screen(window.location.pathname) !== screen(p))
      for (const el of document.querySelectorAll('main > *')) el.setAttribute('data-e2e-left', '');
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

describe('languages, settings and reachability', () => {
  const app = useApp();

  it('opens in Russian from Telegram, on every tab', async () => {
    const page = await app.page();
    await open(page, app.server.url, 9201, 'ru');
    await skipGuide(page);
    const nav = page.getByRole('navigation', { name: 'Главное меню' });
    await nav.waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ru');
    const expected = [
      ['Страна', '/home', 'Доход в час'],
      ['Майнинг', '/mining', 'Стройте Страну'],
      ['Друзья', '/friends', 'Приглашайте друзей'],
      ['Задания', '/tasks', 'Выполняйте задания'],
      ['Аирдроп', '/airdrop', 'Готовьтесь'],
    ];
    for (const [label, path, text] of expected) {
      await nav.getByRole('link', { name: label }).click();
      await page.waitForURL(`**${path}`);
      await page.getByText(text).first().waitFor();
    }
    await go(page, '/spin');
    await page.getByRole('heading', { name: 'Колесо удачи' }).waitFor();
    await go(page, '/play');
    await page.getByRole('heading', { name: 'Бей крота' }).waitFor();
    // No English left on the screen's buttons and headings.
    const english = await page.evaluate(() =>
      [...document.querySelectorAll('h1, h2, button, a')]
        .map((el) => el.textContent.trim())
        .filter((text) => /\b(Start|Play|Spin|Tickets|Claim|Friends|Tasks)\b/.test(text)),
    );
    assert.deepEqual(english, []);
    assert.deepEqual(page.pageErrors, []);
    await page.close();
  });

  it('shows the guide once, keeps the language chosen in settings after a reload', async () => {
    const page = await app.page();
    const consoleErrors = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    await open(page, app.server.url, 9202, 'ru');
    const guide = page.getByTestId('guide');
    await guide.waitFor();
    await shot(page, 'ru-guide');
    // Four cards, then into the game.
    for (let i = 0; i < 3; i++) await guide.getByRole('button', { name: 'Далее' }).click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/users/settings'));
    await guide.getByRole('button', { name: 'Играть' }).click();
    await saved;
    await guide.waitFor({ state: 'detached' });

    await page.getByTestId('open-settings').click();
    const sheet = page.getByRole('dialog', { name: 'Настройки' });
    await sheet.waitFor();
    await shot(page, 'ru-settings');
    const savedLanguage = page.waitForResponse((r) => r.url().endsWith('/users/settings'));
    await sheet.getByRole('radio', { name: 'English' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    await savedLanguage;

    // A reload (Telegram still says Russian): the player's own choice stands, and no guide.
    await page.reload();
    await passGate(page);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.locator('[data-testid="home"][data-profile="loaded"]').waitFor();
    await page.getByText('Profit Per Hour').first().waitFor();
    assert.equal(await page.getByTestId('guide').count(), 0);
    // The same player on another device reads English too.
    const token = await app.server.login(9202);
    const profile = await app.server.api(token, 'GET', '/users/get/9202');
    assert.equal(profile.body.settings.language, 'en');
    assert.equal(profile.body.settings.guideSeen, true);
    // A returning launch asks for no check-in the server would refuse: no failed request logged.
    assert.deepEqual(consoleErrors, []);
    assert.deepEqual(page.pageErrors, []);
    await page.close();
  });

  it('reaches every route from / by clicks alone', async () => {
    const page = await app.page();
    await open(page, app.server.url, 9203, 'en');
    await skipGuide(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const home = async () => {
      await nav.getByRole('link', { name: 'Land' }).click();
      await page.waitForURL('**/home');
      await page.locator('[data-testid="home"][data-profile="loaded"]').waitFor();
    };
    for (const [label, path] of [
      ['Minting', '/mining'],
      ['Friends', '/friends'],
      ['Tasks', '/tasks'],
      ['Airdrop', '/airdrop'],
    ]) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`**${path}`);
    }
    await home();
    await page.getByRole('link', { name: 'Play', exact: true }).click();
    await page.waitForURL('**/play');
    await home();
    await page.getByRole('link', { name: 'Spin', exact: true }).click();
    await page.waitForURL('**/spin');
    await home();
    await page.getByRole('link', { name: 'Season', exact: true }).click();
    await page.waitForURL('**/seasons');
    await home();
    await page.getByRole('link', { name: 'Squad', exact: true }).click();
    await page.waitForURL('**/squads');
    await home();
    // The ticket pill leads to the wheel too.
    await page.getByTestId('status-tickets').click();
    await page.waitForURL('**/spin');
    // Its hints link to where tickets are earned.
    await page.locator('main').getByRole('link', { name: 'Tasks →' }).click();
    await page.waitForURL('**/tasks');
    await home();
    // The boost shop's locked 2 * Income leads to Minting.
    await page.getByRole('button', { name: 'Boost' }).click();
    await page.getByRole('link', { name: 'Open Minting' }).click();
    await page.waitForURL('**/mining');
    assert.deepEqual(page.pageErrors, []);
    await page.close();
  });
});
