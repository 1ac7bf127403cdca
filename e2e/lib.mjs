// Browser-test helpers: the real built server on a free port with a fresh database, and the
// system Chromium driven by playwright-core at a phone size.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { freePort } from '../scripts/lib/net.mjs';

export { freePort, until } from '../scripts/lib/net.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const ARTIFACTS = join(root, 'e2e', 'artifacts');
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Chromium's flags for the tests and benchmarks: no sandbox, GPU, QUIC or background traffic. */
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const PHONE = { width: 390, height: 844 };

/** The machine's PostgreSQL, for the tests that need one even when DATABASE_URL is not set. */
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/** A new PostgreSQL database (beside DATABASE_URL, or on the machine's PostgreSQL): { env, drop }. */
export const freshPostgres = () => freshDatabase({ postgres: true });

/**
 * A fresh database: a new PostgreSQL database beside DATABASE_URL when it is set (CI), otherwise
 * an embedded one in a temporary folder.
 */
async function freshDatabase({ postgres = false } = {}) {
  const base = process.env.DATABASE_URL || (postgres ? LOCAL_POSTGRES : undefined);
  if (!base) {
    const dir = mkdtempSync(join(tmpdir(), 'egg-e2e-'));
    return {
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `egg_e2e_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Starts the built server (apps/server/dist/main.js, serving apps/web/dist) in development mode
 * on a free port with a fresh database, or on `env.DATABASE_URL` when given (left in place at
 * stop). `env` adds or overrides variables.
 */
export async function startServer(env = {}) {
  const main = join(root, 'apps/server/dist/main.js');
  if (!existsSync(main) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  const port = await freePort();
  const db = env.DATABASE_URL ? { env: {}, drop: async () => {} } : await freshDatabase();
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      BOT_TOKEN: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      // Redis keys of its own, so that test files can run side by side (a cluster's servers share
      // theirs by passing one).
      REDIS_KEY_PREFIX: `egg-e2e-${randomBytes(4).toString('hex')}:`,
      ...db.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The server never outlives the test process, even when a test throws before stop().
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 150));
  }

  /** Calls the API as a player. */
  const api = async (token, method, path, body) => {
    const res = await fetch(`${url}/api/v1${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  /** Logs a development player in through the same validation as Telegram; returns the token. */
  const login = async (userid, extra = {}) => {
    const query = new URLSearchParams({ userid: String(userid), ...extra });
    const { initData } = await (await fetch(`${url}/api/v1/dev/launch?${query}`)).json();
    const res = await api(undefined, 'POST', '/auth/login', { userid, initData });
    if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
    return res.body.token;
  };

  return {
    url,
    api,
    login,
    /** The server process. */
    child,
    async stop() {
      process.removeListener('exit', kill);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await db.drop();
    },
  };
}

/** The system Chromium, headless. Fails with the way to install it when it is missing. */
export async function openBrowser() {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROME_PATH}. Install it with \`apt-get install chromium\` or set CHROME_PATH.`,
    );
  }
  return chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: [...CHROME_FLAGS, '--autoplay-policy=no-user-gesture-required'],
  });
}

/** Goes to `path` inside the app (client navigation: the session stays). */
export const goInApp = (page, path) =>
  page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/**
 * A phone-sized page (`viewport`, 390x844 unless given; touch) that keeps its uncaught page errors
 * in `page.pageErrors`, for the test to fail on.
 */
export async function newPhonePage(browser, { context: existing, viewport = PHONE } = {}) {
  const context =
    existing ??
    (await browser.newContext({ viewport, deviceScaleFactor: 2, hasTouch: true, isMobile: true }));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  page.pageErrors = errors;
  return page;
}

/**
 * A league the player reaches (a chest's or the spin's prize, the daily reward) is celebrated on
 * Home, over the screen, at any moment: put off, as a player may, whenever it is in the way of an
 * action; each league reached in turn. Returns `putOff`, for a look that is no action (the handler
 * runs only before actions). A dispatched click, not an action: an action would be intercepted by
 * the handler, which would put the celebration off first and leave the action no button.
 */
export async function putOffCelebrations(page) {
  const party = page.locator('.league-celebration');
  const putOff = async () => {
    let any = false;
    while (await party.count()) {
      await party.locator('button').last().dispatchEvent('click');
      any = true;
    }
    return any;
  };
  await page.addLocatorHandler(party, putOff);
  return putOff;
}

/**
 * Opens the app as a development player and passes the start gate: Start, then the check-in
 * intro and the daily rewards screen when they show. Resolves on the footer tab bar.
 */
export async function enterApp(page, url, { userid, query = {}, path = '/' } = {}) {
  const params = new URLSearchParams({ ...(userid ? { userid: String(userid) } : {}), ...query });
  await page.goto(`${url}${path}?${params}`);
  await passStartGate(page);
  if (path === '/' || path === '/home') await skipGuide(page);
}

/**
 * Passes the start gate of an opened page, in any language: Start when it shows (a new player),
 * then Continue when the day's check-in shows. A returning player goes in without Start.
 * Resolves on the footer tab bar.
 */
export async function passStartGate(page) {
  const nav = page.locator('nav[aria-label]').last();
  /** Where the gate is: 'app', 'rewards', or 'start' once Start can be pressed (not asked once `started`). */
  const where = (started) =>
    page
      .waitForFunction(
        (started) =>
          (document.querySelector('nav[aria-label]') && 'app') ||
          (document.querySelector('[data-testid="daily-rewards"]') && 'rewards') ||
          (!started && document.querySelector('[data-testid="start"]:not([disabled])') && 'start'),
        started,
        { timeout: 30_000 },
      )
      .then((handle) => handle.jsonValue());
  let at = await where(false);
  if (at === 'start') {
    await page.getByTestId('start').click();
    at = await where(true);
  }
  if (at === 'rewards') await page.getByTestId('daily-rewards').getByRole('button').last().click();
  await nav.waitFor({ timeout: 10_000 });
}

/**
 * Home shows a new player the first-run guide once their profile is in: skips it (the tests that
 * look at the guide itself open the app without this helper).
 */
export async function skipGuide(page) {
  const home = page.locator('[data-testid="home"][data-profile="loaded"]');
  await home.waitFor({ timeout: 15_000 });
  if ((await home.getAttribute('data-guide')) !== 'shown') return;
  // The guide's chunk may still be on its way: wait for it rather than click through it.
  const guide = page.getByTestId('guide');
  await guide.waitFor({ timeout: 15_000 });
  // Seen once on the server, so a reload does not show it again.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/users/settings') && r.request().method() === 'PUT',
  );
  await guide.getByRole('button').first().click();
  await guide.waitFor({ state: 'detached' });
  await saved;
}

/**
 * The browser tests' one fixture: before the suite it is called in, the built server on a fresh
 * database (`env` adds or overrides variables, as for {@link startServer}) and the system Chromium;
 * after it, both stopped. `server` and `browser` are set once the suite's `before` has run;
 * `page()` opens a phone-sized page in that browser.
 */
export function useApp({ env = {} } = {}) {
  const app = {
    /** @type {Awaited<ReturnType<typeof startServer>>} */
    server: undefined,
    /** @type {import('playwright-core').Browser} */
    browser: undefined,
    page: (options) => newPhonePage(app.browser, options),
  };
  before(async () => {
    app.server = await startServer(env);
    app.browser = await openBrowser();
  });
  after(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}

/**
 * The crash tests' fixture: the built server (its own JWT secret, no Redis) on a fresh PostgreSQL
 * database with a direct SQL client. `kill()` kills the server with SIGKILL mid-load, once
 * `during` (the load, given the running server) has made `ready()` true: a count of answers, not
 * a time, so a slow machine is killed at the same point of the load as a fast one. It then waits
 * for the load to stop, starts the server again on the same database and returns
 * `npm run reconcile`'s summary.
 */
export function useCrashServer() {
  const secret = randomBytes(32).toString('hex');
  const crash = {
    db: undefined,
    /** @type {Awaited<ReturnType<typeof startServer>>} */
    server: undefined,
    /** @type {pg.Client} */
    sql: undefined,
    start: async () =>
      (crash.server = await startServer({ ...crash.db.env, JWT_SECRET: secret, REDIS_URL: '' })),
    reconcile() {
      const out = execFileSync('npm', ['run', '--silent', 'reconcile'], {
        env: { ...process.env, ...crash.db.env, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      });
      return { out, summary: JSON.parse(out.trim().split('\n').pop()) };
    },
    async kill(during, ready) {
      const until = { at: Date.now() + 60_000 };
      let stopped = false;
      const load = during(crash.server, until).finally(() => (stopped = true));
      while (!ready()) {
        if (stopped) throw new Error('the load stopped before the point of the kill');
        await new Promise((r) => setTimeout(r, 10));
      }
      const { child } = crash.server;
      child.kill('SIGKILL');
      await once(child, 'exit');
      until.at = 0;
      await load;
      await crash.server.stop(); // already dead: only forgets it
      await crash.start();
      return crash.reconcile();
    },
  };
  before(async () => {
    crash.db = await freshPostgres();
    await crash.start();
    crash.sql = new pg.Client({ connectionString: crash.db.env.DATABASE_URL });
    await crash.sql.connect();
  });
  after(async () => {
    await crash.sql?.end();
    await crash.server?.stop();
    await crash.db?.drop();
  });
  return crash;
}

/** Saves a screenshot under e2e/artifacts/ (kept by CI, ignored by git). */
export async function shot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
