// The operator console at desktop size: sign in with a one-time link from `npm run admin:link`
// made while the server holds the embedded database, find a player, adjust their coins with a
// reason and see the adjustment's ledger row. At phone width, the console fits the screen.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { problemsOnScreen } from './fit.mjs';
import { openBrowser, shot, startServer } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const OPERATOR = 770001;
const PLAYER = 1004242;
const DESKTOP = { width: 1280, height: 800 };

describe('operator console', () => {
  let db, server, browser, playerToken;

  before(async () => {
    // The embedded database, which only the server may open: the link script must not need it.
    const dir = mkdtempSync(join(tmpdir(), 'egg-admin-'));
    db = {
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
    server = await startServer({ ...db.env, ADMIN_IDS: String(OPERATOR) });
    browser = await openBrowser();
    playerToken = await server.login(PLAYER, { username: 'eggfan' });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('stays out of the players’ app', () => {
    const index = readFileSync(`${root}/apps/web/dist/index.html`, 'utf8');
    assert.doesNotMatch(index, /admin/);
  });

  it('refuses a player and explains how to sign in without a link', async () => {
    const res = await server.api(playerToken, 'GET', '/admin/players?q=1');
    assert.equal(res.status, 403);
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin`);
    await page.getByText('npm run admin:link -- <your telegram id>').waitFor({ timeout: 20_000 });
    await context.close();
  });

  /** A one-time link, as `npm run admin:link -- <id>` prints it. */
  const adminLink = () =>
    execFileSync(process.execPath, ['apps/server/dist/admin-link.js', String(OPERATOR)], {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        ...db.env,
        ADMIN_IDS: String(OPERATOR),
        PUBLIC_URL: server.url,
        LOG_LEVEL: 'warn',
      },
    }).trim();

  it('signs in by link, finds a player, adjusts coins with a reason and shows the ledger row', async () => {
    const link = adminLink();
    assert.match(link, /\/admin#link=[\w.-]+$/);
    // A link altered by one character signs no one in.
    const secret = link.split('#link=')[1];
    const forged = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    assert.equal((await server.api(undefined, 'POST', '/admin/session', { link: forged })).status, 403);

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto(link);
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.waitFor({ timeout: 20_000 });
    // The secret is dropped from the address bar, and a second use is refused.
    assert.equal(new URL(page.url()).hash, '');
    const again = await server.api(undefined, 'POST', '/admin/session', { link: link.split('#link=')[1] });
    assert.equal(again.status, 403);
    await page.getByText('Players', { exact: true }).first().waitFor();

    await nav.getByRole('link', { name: 'Players' }).click();
    await page.getByRole('searchbox', { name: 'Search players' }).fill('eggfan');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: String(PLAYER) }).click();
    await page.getByRole('heading', { name: new RegExp(`#${PLAYER}`) }).waitFor();
    const coins = async () => (await server.api(playerToken, 'GET', `/users/get/${PLAYER}`)).body.onion;
    const coinsBefore = await coins();

    await page.getByRole('button', { name: 'Adjust balance' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Coins').fill('250');
    const apply = dialog.getByRole('button', { name: 'Apply adjustment' });
    assert.equal(await apply.isDisabled(), true, 'a reason is mandatory');
    await dialog.getByLabel(/Reason/).fill('Support ticket 1432: lost taps');
    await apply.click();
    await dialog.waitFor({ state: 'detached' });

    const ledger = page.getByRole('table', { name: 'Ledger' });
    const row = ledger.getByRole('row').filter({ hasText: 'admin:adjust' });
    await row.waitFor({ timeout: 10_000 });
    assert.match(await row.innerText(), /\+250/);
    await page.getByText('Support ticket 1432: lost taps').waitFor();
    await shot(page, 'admin-player');

    // The server agrees: the player has 250 more coins.
    assert.equal(await coins(), coinsBefore + 250);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('creates a task players see, takes a snapshot with its SHA-256 and bans a flagged farm', async () => {
    // A farm: eight accounts joined through one inviter within a minute and never played.
    const boss = 1006000;
    await server.login(boss);
    const farm = [];
    for (let i = 1; i <= 8; i++) farm.push(await server.login(boss + i, { start_param: String(boss) }));

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto(adminLink());
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.waitFor({ timeout: 20_000 });
    // The dashboard's charts load with it.
    await page.getByRole('img', { name: 'players' }).locator('canvas').first().waitFor();
    await shot(page, 'admin-dashboard');

    await nav.getByRole('link', { name: 'Tasks' }).click();
    await page.getByRole('button', { name: 'New task' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel(/^Name/).fill('Partner_Week48');
    await form.getByLabel('Title').fill('Visit Partner Land');
    await form.getByLabel('Link (https)').fill('https://t.me/partnerland');
    await form.getByLabel('Reward').fill('2500');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: 'Partner_Week48' }).getByText('live').waitFor();
    const tasks = await server.api(playerToken, 'GET', `/users/tasks/${PLAYER}`);
    assert.match(JSON.stringify(tasks.body), /Visit Partner Land/);

    await nav.getByRole('link', { name: 'Airdrop snapshots' }).click();
    await page.getByRole('button', { name: 'Take a snapshot' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Take snapshot' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const published = (await server.api(undefined, 'GET', '/airdrop/snapshot')).body.snapshot;
    await page.getByText(published.csvSha256).waitFor();
    await shot(page, 'admin-snapshots');

    await nav.getByRole('link', { name: 'Suspicion list' }).click();
    await page.getByRole('button', { name: 'Select all not banned' }).click();
    await page.getByRole('button', { name: 'Ban selected (9)' }).click();
    const ban = page.getByRole('dialog');
    await ban.getByLabel(/Reason/).fill('invite farm');
    await ban.getByRole('button', { name: 'Ban 9' }).click();
    await page.getByText('Banned 9 players.').waitFor();
    await shot(page, 'admin-suspicion');
    const refused = await server.api(farm[0], 'GET', `/users/get/${boss + 1}`);
    assert.equal(refused.status, 403);
    // The honest player is not on the list and keeps playing.
    assert.equal((await server.api(playerToken, 'GET', `/users/get/${PLAYER}`)).status, 200);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('fits a phone: a bar with a Menu across the top, a task’s actions on screen, wide tables scrolling inside their cards, nothing wider than the screen', async () => {
    for (const width of [320, 390, 430]) {
      const context = await browser.newContext({
        viewport: { width, height: 760 },
        hasTouch: true,
        isMobile: true,
      });
      const page = await context.newPage();
      await page.goto(adminLink());
      const nav = page.getByRole('navigation', { name: 'Console' });
      await nav.waitFor({ timeout: 20_000 });
      // The menu is a bar, not half the screen.
      const bar = await nav.boundingBox();
      assert.ok(bar.width <= width && bar.height < 80, `menu ${bar.width}x${bar.height} at ${width}`);
      for (const name of ['Players', 'Tasks', 'Airdrop snapshots', 'Suspicion list']) {
        // The links open from the Menu button, and close once one is followed.
        await nav.getByRole('button', { name: 'Menu' }).click();
        await nav.getByRole('link', { name }).click();
        await nav.getByRole('button', { name: 'Menu' }).waitFor();
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const page_ = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(page_ <= width, `${name}: page ${page_} px wide at ${width}`);
        const cut = (await problemsOnScreen(page)).filter(
          (p) => p.startsWith('page') || p.startsWith('covered'),
        );
        assert.deepEqual(cut, [], `${name} at ${width}`);
        if (name === 'Tasks') {
          // Each task is a card with its actions on it, not at the end of a row scrolled sideways.
          const edit = await page.getByRole('button', { name: 'Edit' }).first().boundingBox();
          assert.ok(edit && edit.x >= 0 && edit.x + edit.width <= width, `Edit at x=${edit?.x} at ${width}`);
        }
        if (width === 390) await shot(page, `admin-390-${name.toLowerCase().replace(/ /g, '-')}`);
      }
      await context.close();
    }
  });
});
