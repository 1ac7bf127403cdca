// Lighthouse (mobile preset, simulated throttling, the system Chromium) on the app's start page,
// beside a blank Vite React page built in the same run and served exactly as the app is (the same
// server with WEB_DIST pointing at it: the same brotli/gzip files, headers and caching): LCP, TBT,
// FCP and the performance score, the median of three runs each (LCP and TBT with their spread,
// and the element LCP measured), the two pages measured in turn. Prints JSON. Targets: LCP under
// 2.5 s and at most 1.5x the blank page's, TBT under 100 ms. Run after `npm run build`.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { freePort } from '../../scripts/lib/net.mjs';
import { CHROME_FLAGS, CHROME_PATH } from '../../e2e/lib.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const log = (...a) => console.error('[bench/web]', ...a);

if (
  !existsSync(join(root, 'apps/server/dist/main.js')) ||
  !existsSync(join(root, 'apps/web/dist/index.html'))
) {
  console.error('Build first: npm run build (npm run bench does).');
  process.exit(1);
}

/** The blank page: index.html and a React root rendering one heading, built by Vite now. */
async function buildBlank(dir) {
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Blank</title></head><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>',
  );
  writeFileSync(
    join(dir, 'main.jsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1>Blank</h1>);\n",
  );
  await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    // Compressed as the app's build is (apps/web/vite.config.ts), so the server sends .br files.
    plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
    build: { outDir: join(dir, 'dist') },
  });
}

/**
 * The real server on a free port, embedded PGlite in dataDir, serving the web build in webDist
 * (the app's own by default); onSpawn hands the child out at once.
 */
async function startApp(dataDir, onSpawn, webDist) {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      // Vite's build() above sets NODE_ENV=production in this process; the server runs in
      // development mode here (no BOT_TOKEN: the start page signs in through the dev login).
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      BOT_TOKEN: '',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist ?? '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  onSpawn(child);
  let exited = null;
  child.once('exit', (code, signal) => (exited = signal ?? code));
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}api/v1/health`)).status === 200) {
        return { child, url };
      }
    } catch {
      /* starting */
    }
    if (exited !== null) throw new Error(`the app server exited (${exited}) before it answered`);
    if (i > 300) throw new Error('the app server did not answer GET /api/v1/health within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Lighthouse's own trace failures ("Please run Lighthouse again"): the run is made again, up to twice. */
const RETRIED = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED']);

async function measureOnce(chrome, url, tries = 3) {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (lhr.runtimeError && RETRIED.has(lhr.runtimeError.code) && tries > 1) {
    log(`${lhr.runtimeError.code}: measuring again`);
    return measureOnce(chrome, url, tries - 1);
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // The element LCP measured (the insight in current Lighthouse, the audit in older ones).
  const lcpNode =
    lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node') ??
    lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  return {
    lcpElement: lcpNode?.selector ?? null,
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    fcpMs: lhr.audits['first-contentful-paint'].numericValue,
    score: lhr.categories.performance.score,
  };
}

const round = (x) => Math.round(x * 100) / 100;

/** Medians, each with the spread of the runs ([lowest, highest]) and the LCP element(s) seen. */
function summary(runs) {
  const pick = (k) => round(median(runs.map((r) => r[k])));
  const spread = (k) => [
    round(Math.min(...runs.map((r) => r[k]))),
    round(Math.max(...runs.map((r) => r[k]))),
  ];
  return {
    lcpMs: pick('lcpMs'),
    lcpSpreadMs: spread('lcpMs'),
    tbtMs: pick('tbtMs'),
    tbtSpreadMs: spread('tbtMs'),
    fcpMs: pick('fcpMs'),
    score: pick('score'),
    lcpElements: [...new Set(runs.map((r) => r.lcpElement))],
    runs: RUNS,
  };
}

const cacheDir = join(root, 'node_modules/.cache');
mkdirSync(cacheDir, { recursive: true });
const blankDir = mkdtempSync(join(cacheDir, 'blank-'));
const dataDir = mkdtempSync(join(tmpdir(), 'egg-lh-'));
const blankDataDir = mkdtempSync(join(tmpdir(), 'egg-lh-blank-'));
let appChild;
let blankChild;
let chrome;

let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  try {
    await chrome?.kill();
  } catch {
    /* already gone */
  }
  for (const child of [appChild, blankChild]) {
    if (!child || child.exitCode !== null || child.signalCode !== null) continue;
    const exit = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exit;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(blankDataDir, { recursive: true, force: true });
  rmSync(blankDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

try {
  log('building the blank page');
  await buildBlank(blankDir);
  const blank = await startApp(blankDataDir, (child) => (blankChild = child), join(blankDir, 'dist'));
  const app = await startApp(dataDir, (child) => (appChild = child));
  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', ...CHROME_FLAGS],
  });
  // In turn, so that a busy moment of the machine weighs on both pages alike.
  const appRuns = [];
  const blankRuns = [];
  for (let i = 0; i < RUNS; i++) {
    log(`lighthouse round ${i + 1}/${RUNS}: start page, blank page`);
    appRuns.push(await measureOnce(chrome, app.url));
    blankRuns.push(await measureOnce(chrome, blank.url));
  }
  const appFigures = summary(appRuns);
  const blankFigures = summary(blankRuns);
  const lcpRatio = Math.round((appFigures.lcpMs / blankFigures.lcpMs) * 100) / 100;
  console.log(
    JSON.stringify(
      {
        benchmark: 'web-lighthouse',
        preset: 'mobile (Lighthouse default: simulated slow 4G, 4x CPU slowdown)',
        app: appFigures,
        blank: blankFigures,
        lcpRatio,
        targets: {
          lcpUnder2500: appFigures.lcpMs < 2500,
          lcpAtMost1_5xBlank: lcpRatio <= 1.5,
          tbtUnder100: appFigures.tbtMs < 100,
        },
      },
      null,
      2,
    ),
  );
} catch (error) {
  console.error('[bench/web] could not measure:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
