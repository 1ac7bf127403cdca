// A farm's players under review appeal, in Russian and in Persian (right to left), in Chromium
// against the built server in production mode (signed launch data, the app opened as Telegram
// opens it). The farm: eight accounts, the first inviting the others, launching within seconds of
// each other from one network behind the trusted proxy with one phone model, through the API.
// The clustering links accounts in step on at least five days (packages/game/src/clusters.ts,
// CLUSTERING.minCoStartDays), which a test cannot wait for: today's sessions are the logins'
// own, recorded by the server, and the four days before are those same rows (their hashes of the
// network and the device as the server computed them) written a day earlier each, in SQL. The
// rest is real: the server computes the cluster, the players see the review card and appeal, an
// operator excludes the cluster in the console (desktop and 360 px), upholds one appeal in the
// console and the other through the API, and the players see themselves cleared. Screenshots of
// every step at 320×640 and 430×932 go to e2e/artifacts/fairness-*.png.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { problemsOnScreen } from './fit.mjs';
import {
  freshPostgres,
  goInApp as go,
  newPhonePage,
  openBrowser,
  passStartGate,
  shot,
  skipGuide,
  startServer,
} from './lib.mjs';
import { BOT_TOKEN, openAsTelegram, productionEnv, signedInitData } from './telegram-host.mjs';

const OPERATOR = { id: 5570001, first_name: 'Olga', language_code: 'en' };
/** New Telegram accounts, close together; the first invited the rest. */
const FARM = Array.from({ length: 8 }, (_, i) => 10_900_000_000 + i * 1_000);
const RU = { id: FARM[2], first_name: 'Иван', language_code: 'ru' };
const FA = { id: FARM[5], first_name: 'سارا', language_code: 'fa' };
const CLUSTER = `c${FARM[0]}`;
const FARM_UA = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 Telegram-Android/11.2';
const SIZES = [
  { width: 320, height: 640 },
  { width: 430, height: 932 },
];

/** Launch data as Telegram signs it, with a start parameter (an invitation) when given. */
const launchData = (user, startParam) => signedInitData(BOT_TOKEN, user, { startParam });

describe('a farm’s players under review appeal, in Russian and in Persian', () => {
  let db, server, browser, sql, op;
  /** The players' pages, by language, kept open through the test as a player keeps the app. */
  const pages = {};

  /** A call of the API as `token`, from `ip` behind the trusted proxy when given. */
  const api = async (token, method, path, body, { ip, ua } = {}) => {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(ip ? { 'x-forwarded-for': ip } : {}),
        ...(ua ? { 'user-agent': ua } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  before(async () => {
    db = await freshPostgres();
    server = await startServer({
      ...productionEnv({ ADMIN_IDS: String(OPERATOR.id), TRUST_PROXY: '127.0.0.1' }),
      ...db.env,
    });
    browser = await openBrowser();
    sql = new pg.Client({ connectionString: db.env.DATABASE_URL });
    await sql.connect();
    const session = await api(undefined, 'POST', '/admin/session', { initData: launchData(OPERATOR) });
    assert.equal(session.status, 200, JSON.stringify(session.body));
    op = session.body.token;
  });
  after(async () => {
    await browser?.close();
    await sql?.end();
    await server?.stop();
    await db?.drop();
  });

  it('finds the farm the API drove: one cluster of its eight accounts, under review', async () => {
    // Today: the eight launch within seconds of each other from one /24 with one phone model.
    for (const [i, id] of FARM.entries()) {
      const user =
        id === RU.id ? RU : id === FA.id ? FA : { id, first_name: `Farm ${i}`, language_code: 'en' };
      const res = await api(
        undefined,
        'POST',
        '/auth/login',
        { userid: id, initData: launchData(user, i > 0 ? String(FARM[0]) : undefined) },
        { ip: `203.0.113.${10 + i}`, ua: FARM_UA },
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
    }
    const { rows: today } = await sql.query(
      'select user_id, net, device from signal_sessions where user_id = any($1::bigint[])',
      [FARM],
    );
    assert.equal(today.length, FARM.length, 'one session a login, recorded by the server');
    assert.equal(new Set(today.map((r) => r.net)).size, 1, 'one network');
    assert.equal(new Set(today.map((r) => r.device)).size, 1, 'one device');
    // The four days before: the same sessions, a day earlier each.
    for (let d = 1; d <= 4; d++)
      await sql.query(
        `insert into signal_sessions (user_id, started_at, last_at, net, device)
         select user_id, started_at - make_interval(days => $2), last_at - make_interval(days => $2), net, device
         from signal_sessions where user_id = any($1::bigint[]) and started_at > now() - interval '1 hour'`,
        [FARM, d],
      );

    const res = await api(op, 'GET', '/admin/airdrop/clusters');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const farm = res.body.clusters.find((c) => c.id === CLUSTER);
    assert.ok(farm, JSON.stringify(res.body.clusters));
    assert.deepEqual(farm.members, FARM);
    assert.notEqual(farm.recommendation, 'clear', JSON.stringify(farm));
    assert.equal(farm.decision, null);
    assert.match(farm.evidence.join('\n'), /8 accounts/);
    for (const user of [RU, FA]) {
      const token = (
        await api(undefined, 'POST', '/auth/login', { userid: user.id, initData: launchData(user) })
      ).body.token;
      assert.deepEqual((await api(token, 'GET', '/airdrop/review')).body, {
        status: 'review',
        evidence: farm.evidence,
        reason: null,
        appeal: null,
        canAppeal: true,
      });
    }
  });

  /** Opens the app as Telegram does for `user` at 430×932, on its Airdrop tab; `prepare(page)` first. */
  async function openAirdrop(user, prepare = async () => {}) {
    const page = await newPhonePage(browser, { viewport: SIZES[1] });
    await prepare(page);
    await openAsTelegram(page, server.url, signedInitData(BOT_TOKEN, user));
    await passStartGate(page);
    await skipGuide(page);
    await go(page, '/airdrop');
    return page;
  }

  /** At each size: nothing wider than the screen, cut or covered; then `what` in view, shot. */
  async function atEverySize(page, name, what) {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const problems = await problemsOnScreen(page);
      assert.deepEqual(problems, [], `${name} at ${size.width}`);
      await what.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, `fairness-${name}-${size.width}`);
    }
    await page.setViewportSize(SIZES[1]);
  }

  const WORDS = {
    ru: {
      title: 'Ваш аккаунт на проверке',
      appeal: 'Подать апелляцию',
      send: 'Отправить',
      text: 'Мы с братом играем с одного телефона и через один Wi-Fi дома.',
      sent: 'Апелляция отправлена',
      pending: 'На рассмотрении',
      excluded: 'Ваш аккаунт исключён из аирдропа',
      cleared: 'Аккаунт проверен, всё в порядке',
      upheld: 'Ваша апелляция удовлетворена',
    },
    fa: {
      title: 'حسابت در حال بررسی است',
      appeal: 'ارسال اعتراض',
      send: 'ارسال',
      text: 'من و خواهرم با یک گوشی و یک وای‌فای در خانه بازی می‌کنیم.',
      sent: 'اعتراض فرستاده شد',
      pending: 'در انتظار',
      excluded: 'حسابت از ایردراپ کنار گذاشته شد',
      cleared: 'حسابت بررسی و تأیید شد',
      upheld: 'اعتراضت پذیرفته شد',
    },
  };

  for (const [lng, user] of [
    ['ru', RU],
    ['fa', FA],
  ]) {
    it(`${lng}: the review card in the player’s language, the appeal form with its counter, the appeal sent`, async () => {
      const w = WORDS[lng];
      const page = (pages[lng] = await openAirdrop(user));
      assert.deepEqual(
        await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
        [lng, lng === 'fa' ? 'rtl' : 'ltr'],
      );
      const card = page.getByTestId('airdrop-review');
      await card.and(page.locator('[data-status="review"]')).waitFor({ timeout: 15_000 });
      assert.equal(await card.getByRole('heading', { level: 2 }).innerText(), w.title);
      if (lng === 'fa') {
        // From the right: the title starts at the card's right edge.
        const [c, h] = await Promise.all([
          card.boundingBox(),
          card.getByRole('heading', { level: 2 }).boundingBox(),
        ]);
        assert.ok(c.x + c.width - (h.x + h.width) < 24, 'the title from the right');
      }
      await atEverySize(page, `${lng}-review`, card);

      await card.getByRole('button', { name: w.appeal }).click();
      const box = card.getByRole('textbox');
      const send = card.getByRole('button', { name: w.send, exact: true });
      assert.equal(await send.isDisabled(), true);
      await box.fill(w.text);
      const count = await card.getByTestId('appeal-count').innerText();
      const digits = lng === 'fa' ? '۰۱۲۳۴۵۶۷۸۹' : '0123456789';
      const local = (n) => String(n).replace(/\d/g, (d) => digits[Number(d)]);
      assert.equal(count.replace(/[\s,٬]/g, ''), `${local(w.text.length)}/${local(1000)}`);
      assert.equal(await send.isDisabled(), false);
      await box.evaluate((el) => el.blur());
      await atEverySize(page, `${lng}-appeal-form`, card.getByTestId('appeal-form'));

      await send.click();
      const status = card.getByTestId('appeal-status');
      await status.waitFor({ timeout: 10_000 });
      assert.match(await status.innerText(), new RegExp(w.sent));
      assert.equal(await card.getByTestId('appeal-state').innerText(), w.pending);
      await atEverySize(page, `${lng}-appeal-sent`, card);
      assert.deepEqual(page.pageErrors, []);
    });
  }

  it('the operator sees the appeals, excludes the cluster in the console, and it fits 360 px', async () => {
    const appeals = (await api(op, 'GET', '/admin/airdrop/appeals')).body.appeals;
    assert.deepEqual(
      appeals.map((a) => [a.playerId, a.status, a.clusterId]),
      [RU, FA].map((u) => [u.id, 'pending', CLUSTER]).sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    );

    // At a desk: Clusters from the navigation; the farm's card with its evidence and members.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await desk.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto(`${server.url}/admin#tgWebAppData=${encodeURIComponent(launchData(OPERATOR))}`);
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Clusters' }).click();
    const farm = page.locator(`[data-cluster="${CLUSTER}"]`);
    await farm.waitFor({ timeout: 15_000 });
    assert.match(await farm.innerText(), /8 accounts/);
    assert.equal(await farm.getByRole('link').count(), 8);
    await shot(page, 'fairness-console-clusters-desktop');

    await farm.getByRole('button', { name: 'Exclude cluster…' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Exclude 8 accounts' });
    assert.equal(await confirm.isDisabled(), true, 'a reason is mandatory');
    await dialog.getByLabel(/Reason/).fill('one network and one phone model, in step for five days');
    await shot(page, 'fairness-console-exclude-desktop');
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: `Cluster ${CLUSTER} excluded: 8 accounts.` })
      .waitFor();
    assert.match(
      await farm.getByTestId('decision').innerText(),
      new RegExp(`Excluded by ${OPERATOR.id}, .*: one network and one phone model`),
    );
    await shot(page, 'fairness-console-excluded-desktop');
    assert.deepEqual(errors, []);
    await desk.close();

    // At 360 px: the navigation is a bar with the page's name and a Menu opening every link.
    const phone = await browser.newContext({
      viewport: { width: 360, height: 760 },
      deviceScaleFactor: 2,
      hasTouch: true,
      isMobile: true,
    });
    const small = await phone.newPage();
    await small.goto(`${server.url}/admin#tgWebAppData=${encodeURIComponent(launchData(OPERATOR))}`);
    const bar = small.getByRole('navigation', { name: 'Console' });
    const menu = bar.getByRole('button', { name: 'Menu' });
    await menu.waitFor({ timeout: 15_000 });
    const closed = await bar.boundingBox();
    assert.ok(closed.width <= 360 && closed.height < 70, `bar ${closed.width}x${closed.height}`);
    await menu.click();
    for (const name of ['Dashboard', 'Suspicion list', 'Clusters', 'Appeals', 'Audit log'])
      assert.equal(await bar.getByRole('link', { name }).isVisible(), true, `${name} visible`);
    assert.deepEqual(
      (await problemsOnScreen(small)).filter((p) => p.startsWith('page') || p.startsWith('cut')),
      [],
    );
    await small.evaluate(() => window.scrollTo(0, 0));
    await shot(small, 'fairness-console-menu-360');
    await bar.getByRole('link', { name: 'Clusters' }).click();
    await small.locator(`[data-cluster="${CLUSTER}"]`).waitFor();
    assert.equal(await bar.getByRole('link', { name: 'Appeals' }).isVisible(), false, 'the menu closes');
    assert.equal(await bar.locator('.a-nav-here').innerText(), 'Clusters');
    assert.deepEqual(
      (await problemsOnScreen(small)).filter((p) => p.startsWith('page') || p.startsWith('cut')),
      [],
    );
    await small.evaluate(() => window.scrollTo(0, 0));
    await shot(small, 'fairness-console-clusters-360');
    await phone.close();
  });

  it('ru: left out with the appeal pending; the operator upholds it in the console; ru sees it cleared', async () => {
    const w = WORDS.ru;
    const page = pages.ru;
    await go(page, '/home');
    await go(page, '/airdrop');
    const card = page.getByTestId('airdrop-review');
    await card.and(page.locator('[data-status="excluded"]')).waitFor({ timeout: 15_000 });
    assert.equal(await card.getByRole('heading', { level: 2 }).innerText(), w.excluded);
    assert.equal(await card.getByTestId('appeal-state').innerText(), w.pending);
    await atEverySize(page, 'ru-excluded', card);

    const desk = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const console_ = await desk.newPage();
    await console_.goto(`${server.url}/admin#tgWebAppData=${encodeURIComponent(launchData(OPERATOR))}`);
    await console_
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Appeals' })
      .click();
    const queue = console_.getByRole('list', { name: 'Waiting for an answer' });
    const item = queue.locator(`[data-status="pending"]`).filter({ hasText: `Player ${RU.id}` });
    await item.waitFor({ timeout: 15_000 });
    assert.equal(await item.locator('blockquote').innerText(), w.text);
    await shot(console_, 'fairness-console-appeals-desktop');
    await item.getByRole('button', { name: 'Uphold…' }).click();
    const dialog = console_.getByRole('dialog');
    await dialog.getByLabel(/Reason/).fill('brothers on one phone; their sessions differ in length');
    await dialog.getByRole('button', { name: 'Uphold', exact: true }).click();
    await console_
      .getByRole('status')
      .filter({ hasText: `of player ${RU.id} upheld.` })
      .waitFor();
    await desk.close();

    await go(page, '/home');
    await go(page, '/airdrop');
    await card.and(page.locator('[data-status="cleared"]')).waitFor({ timeout: 15_000 });
    assert.equal(await card.getByRole('heading', { level: 2 }).innerText(), w.cleared);
    assert.match(await card.innerText(), new RegExp(w.upheld));
    await atEverySize(page, 'ru-cleared', card);
    assert.deepEqual(page.pageErrors, []);
  });

  it('fa: the operator upholds the appeal through the API; fa sees it cleared, right to left', async () => {
    const w = WORDS.fa;
    const { appeals } = (await api(op, 'GET', '/admin/airdrop/appeals')).body;
    const appeal = appeals.find((a) => a.playerId === FA.id && a.status === 'pending');
    assert.ok(appeal, JSON.stringify(appeals));
    assert.equal(appeal.text, w.text);
    const res = await api(op, 'POST', `/admin/airdrop/appeals/${appeal.id}`, {
      outcome: 'upheld',
      reason: 'sisters at home; checked with the evidence',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));

    const page = pages.fa;
    await go(page, '/home');
    await go(page, '/airdrop');
    const card = page.getByTestId('airdrop-review');
    await card.and(page.locator('[data-status="cleared"]')).waitFor({ timeout: 15_000 });
    assert.equal(await card.getByRole('heading', { level: 2 }).innerText(), w.cleared);
    assert.match(await card.innerText(), new RegExp(w.upheld));
    await atEverySize(page, 'fa-cleared', card);
    assert.deepEqual(page.pageErrors, []);
    // The other members stay left out: only the appeals were upheld.
    const others = (await api(op, 'GET', '/admin/airdrop/clusters')).body.clusters.find(
      (c) => c.id === CLUSTER,
    );
    assert.equal(others.decision.action, 'exclude');
  });

  // Publishing needs a snapshot of players with coins and wallets bound by proof (airdrop-claim's
  // test does that): here the published rule's reply is given to the browser as the server sends
  // it, to see the section in both languages at both sizes.
  for (const [lng, title, coins] of [
    ['ru', 'Как распределяется аирдроп', 'Считаются по квадратному корню'],
    ['fa', 'ایردراپ چطور تقسیم می‌شود', 'با جذرشان حساب می‌شوند'],
  ]) {
    it(`${lng}: how the airdrop is shared, once a rule is published`, async () => {
      // The app opened again (the rule is read once in a while, not at every visit of the tab).
      const page = await openAirdrop(lng === 'fa' ? FA : RU, (p) =>
        p.route('**/api/v1/airdrop/criteria', (route) =>
          route.fulfill({
            json: {
              rule: {
                coinsExponent: 0.5,
                weights: {
                  coins: 40,
                  activeDays: 25,
                  tasks: 10,
                  friendsStayed: 10,
                  accountAge: 10,
                  premium: 5,
                },
                reviewDiscount: 0.5,
              },
              publishedAt: Date.now(),
            },
          }),
        ),
      );
      const section = page.getByTestId('airdrop-criteria');
      await section.waitFor({ timeout: 15_000 });
      assert.equal(await section.getByRole('heading').innerText(), title);
      assert.match(await section.innerText(), new RegExp(coins));
      assert.equal(await section.getByRole('listitem').count(), 6);
      // Each factor's bar grows from the side the language starts on.
      const bar = section.locator('[data-factor="coins"] [aria-hidden] > div');
      const [origin, width] = await bar.evaluate((el) => [
        parseFloat(getComputedStyle(el).transformOrigin),
        el.parentElement.clientWidth,
      ]);
      assert.equal(Math.round(origin), lng === 'fa' ? width : 0);
      await atEverySize(page, `${lng}-criteria`, section);
      assert.deepEqual(page.pageErrors, []);
      await page.context().close();
    });
  }
});
