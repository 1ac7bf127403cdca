// Progression in Chromium: a player reaches a league and claims its reward, finds the three
// cards of the daily combo on Minting and claims it, creates a squad that a second player joins
// through the squad's invite link, and finds themself highlighted on the My league board.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { enterApp, freshPostgres, passStartGate, shot, useApp } from './lib.mjs';

// The server picks a day's combo from an HMAC of the day under COMBO_SECRET; the test knows the
// secret, so it finds the day's three items the way the server does (packages/game/src/combo.ts).
const COMBO_SECRET = 'e2e-progression-combo-secret';
const DAY_MS = 86_400_000;
const RESET_OFFSET_MS = -6 * 3_600_000;

function todaysCombo(catalogue) {
  const day = Math.floor((Date.now() + RESET_OFFSET_MS) / DAY_MS);
  const digest = createHmac('sha256', COMBO_SECRET).update(`egg-rush:combo:${day}`).digest();
  const left = [...catalogue];
  return [0, 1, 2].map((k) => left.splice(digest.readUInt32BE(4 * k) % left.length, 1)[0]);
}

const TAB_LABELS = {
  rides: 'Rides',
  team: 'Team',
  concessions: 'Concessions',
  policy: 'Policy',
  welfare: 'Welfare',
};

describe('progression: leagues, daily combo, squads', () => {
  const env = { COMBO_SECRET };
  let db;
  let sql;
  before(async () => {
    db = await freshPostgres();
    Object.assign(env, db.env);
    sql = new pg.Client({ connectionString: db.env.DATABASE_URL });
    await sql.connect();
  });
  const app = useApp({ env });
  after(async () => {
    await sql?.end();
    await db?.drop();
  });

  const A = 9401;
  const B = 9402;
  const phone = async (width, height) =>
    app.page({
      context: await app.browser.newContext({
        viewport: { width, height },
        deviceScaleFactor: 2,
        hasTouch: true,
        isMobile: true,
      }),
    });

  it('claims a reached league, then finds the daily combo on Minting and claims it', async () => {
    const token = await app.server.login(A, { first_name: 'Ada' });
    // Enough lifetime score for Bronze, and coins for any upgrade.
    await sql.query('update accounts set total_score = 6000, coins = 20000000 where user_id = $1', [A]);
    const mining = (await app.server.api(token, 'GET', `/users/miningData/${A}`)).body;
    const catalogue = Object.entries(TAB_LABELS).flatMap(([key, tab]) =>
      mining[key].map((item) => ({ ...item, tab })),
    );
    const combo = todaysCombo(catalogue);

    const page = await phone(360, 740);
    await enterApp(page, app.server.url, { userid: A, query: { first_name: 'Ada' } });
    const party = page.getByRole('dialog', { name: 'New league' });
    await party.getByRole('heading', { name: 'Bronze' }).waitFor();
    await page.waitForTimeout(800);
    await shot(page, 'league-celebration-360');
    await party.getByRole('button', { name: 'Claim reward' }).click();
    await party.waitFor({ state: 'detached' });
    await page.getByText('+1,000 coins, +2 tickets').waitFor();
    assert.equal(
      (await app.server.api(token, 'GET', `/leagues/${A}`)).body.claimable.length,
      0,
      'the league reward is claimed',
    );
    await page.getByRole('button', { name: 'Bronze league' }).waitFor();
    await shot(page, 'home-league-360');

    await page.getByRole('link', { name: 'Minting' }).click();
    const card = page.getByRole('region', { name: 'Daily combo' });
    await card.getByText('0/3 found').waitFor();
    for (const [i, item] of combo.entries()) {
      await page.getByRole('tab', { name: item.tab }).click();
      await page.getByRole('button', { name: item.name, exact: true }).click();
      const sheet = page.getByRole('dialog', { name: `Buy ${item.name}` });
      await sheet.getByRole('button', { name: 'Buy upgrade' }).click();
      await sheet.waitFor({ state: 'detached' });
      if (i < 2) await card.getByText(`${i + 1}/3 found`).waitFor();
    }
    for (const item of combo) await card.getByText(item.name, { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Claim combo' }).click();
    await card.getByTestId('combo-claimed').waitFor();
    await page.getByText('Combo! +100,000 coins, +5 tickets').waitFor();
    await shot(page, 'mining-combo-360');

    const today = (await app.server.api(token, 'GET', `/combo/${A}`)).body;
    assert.equal(today.claimed, true);
    assert.deepEqual(today.found.map((f) => f.id).sort(), combo.map((c) => c.id).sort());
    assert.deepEqual(page.pageErrors, []);
    await page.context().close();
  });

  it('creates a squad that a second player joins through its invite link', async () => {
    const a = await phone(360, 740);
    await enterApp(a, app.server.url, { userid: A, query: { first_name: 'Ada' } });
    // The combo's reward carried A into Silver and Gold: Home celebrates each in turn, over the tab
    // bar, once the leagues are read. Both put off here; the last test claims them.
    const party = a.getByRole('dialog', { name: 'New league' });
    for (const name of ['Silver', 'Gold']) {
      await party.getByRole('heading', { name }).waitFor();
      await party.getByRole('button', { name: 'Later' }).click();
    }
    await party.waitFor({ state: 'detached' });
    await a.getByRole('link', { name: 'Squad' }).click();
    await a.getByText('No squad yet').waitFor();
    await shot(a, 'squads-empty-360');
    await a.getByRole('button', { name: 'Create a squad' }).click();
    const sheet = a.getByRole('dialog', { name: 'New squad' });
    await sheet.getByRole('textbox').fill('Dawn Patrol');
    await sheet.getByRole('button', { name: 'Create squad' }).click();
    await a.waitForURL(/\/squads\/\d+$/);
    const squadId = Number(/\/squads\/(\d+)$/.exec(a.url())[1]);
    const invite = a.locator('[data-invite-link]');
    await a.waitForFunction(() =>
      document.querySelector('[data-invite-link]')?.getAttribute('data-invite-link'),
    );
    const link = await invite.getAttribute('data-invite-link');
    assert.match(link, new RegExp(`\\?startapp=squad_${squadId}$`));

    // Player B opens the link: its start parameter signs B into the squad.
    const b = await phone(430, 932);
    await enterApp(b, app.server.url, {
      userid: B,
      query: { first_name: 'Bea', startapp: `squad_${squadId}` },
    });
    await b.getByRole('link', { name: 'Squad' }).click();
    await b.getByTestId('my-squad-name').getByText('Dawn Patrol').waitFor();
    await shot(b, 'squads-mine-430');
    assert.deepEqual(b.pageErrors, []);
    await b.context().close();

    await a.reload();
    // A returning player: no Start.
    await passStartGate(a);
    const members = a.getByRole('region', { name: 'Members' });
    await members.getByText('Bea').waitFor();
    assert.equal(await members.getByRole('listitem').count(), 2);
    await shot(a, 'squad-page-360');
    assert.deepEqual(a.pageErrors, []);
    await a.context().close();
  });

  it('shows the player highlighted on the My league board', async () => {
    // The combo's reward counts in the lifetime score: it carried the player on past Silver into
    // Gold, and each league reached is celebrated in turn.
    const token = await app.server.login(A);
    const status = (await app.server.api(token, 'GET', `/leagues/${A}`)).body;
    const league = status.leagues[status.league];
    assert.deepEqual(
      status.claimable.map((i) => status.leagues[i].name),
      ['Silver', 'Gold'],
    );
    const page = await phone(430, 932);
    await enterApp(page, app.server.url, { userid: A, query: { first_name: 'Ada' } });
    for (const index of status.claimable) {
      const party = page.getByRole('dialog', { name: 'New league' });
      await party.getByRole('heading', { name: status.leagues[index].name }).waitFor();
      if (index === status.league) await shot(page, 'league-celebration-430');
      await party.getByRole('button', { name: 'Claim reward' }).click();
      await party.getByRole('heading', { name: status.leagues[index].name }).waitFor({ state: 'detached' });
    }
    await page.getByRole('button', { name: `${league.name} league` }).click();
    const board = page.getByRole('dialog', { name: 'Leader Board' });
    assert.equal(await board.getByRole('tab', { name: 'My league' }).getAttribute('aria-selected'), 'true');
    await board.getByTestId('league-rank').getByText('You: #1').waitFor();
    const me = board.getByRole('list', { name: 'League ranking' }).locator('[data-me]');
    await me.getByText('Ada').waitFor();
    await shot(page, 'league-board-430');
    await board.getByRole('button', { name: 'Close Leader Board' }).click();
    await page.getByRole('link', { name: 'Season' }).click();
    await page.getByTestId('season-me').waitFor();
    await shot(page, 'season-430');
    assert.deepEqual(page.pageErrors, []);
    await page.context().close();
  });
});
