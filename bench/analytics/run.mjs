// `npm run bench:analytics` (node --import tsx bench/analytics/run.mjs): the console's analytics
// at scale (docs/scaling.md, "Analytics"). On the machine's PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres), in a fresh database of its own (dropped at the end):
// 1. generates BENCH_PLAYERS players (1,000,000) who joined over the last 365 game days, each with
//    a signup row, and BENCH_ROWS ledger rows in all (30,000,000) in SQL (generate_series): taps,
//    income, the farm, the daily, tasks, spins, chests, mole games, referrals, upgrades and boosts,
//    on days after the player's first (fewer as days pass), launches noted for every player;
// 2. folds the whole ledger in (the job's catch-up: modules/analytics foldLedger), timed;
// 3. appends a busy minute of rows (BENCH_MINUTE_ROWS, 50,000) and folds them, timed;
// 4. times each chart route through the app (operator's token, JSON) over BENCH_CALLS calls
//    (30) for the last 30 and the last 365 days: median, p95 and max.
// Prints a table and one JSON object. Heavy: run it alone, with `nice`.
// BENCH_KEEP=1 keeps the database; BENCH_CHARTS_ONLY=<database> times only the charts on one kept.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { loadEnv } from '../../apps/server/src/env.ts';
import { foldLedger } from '../../apps/server/src/modules/analytics/index.ts';
import { DAY_MS, gameDay } from '@egg-rush/game/time';

const BASE = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PLAYERS = Number(process.env.BENCH_PLAYERS || 1_000_000);
const ROWS = Number(process.env.BENCH_ROWS || 30_000_000);
const MINUTE_ROWS = Number(process.env.BENCH_MINUTE_ROWS || 50_000);
const CALLS = Number(process.env.BENCH_CALLS || 30);
const DAYS = 365;
/** The ledger kinds of the generated rows, each as often as its weight (in 100). */
const KINDS = Object.entries({
  tap: 55,
  income: 15,
  farm: 5,
  daily: 4,
  task: 3,
  spin: 3,
  chest: 2,
  game: 2,
  referral: 1,
  mining: 7,
  'boost:income': 3,
}).flatMap(([kind, weight]) => Array.from({ length: weight }, () => `'${kind}'`));
/** Only the charts, on a database a run left (BENCH_KEEP=1) or is still folding. */
const REUSE = process.env.BENCH_CHARTS_ONLY;
const NAME = REUSE || `egg_bench_analytics_${process.pid}`;
const OPERATOR = 1;
const log = (...a) => console.error('[bench/analytics]', ...a);
const seconds = (ms) => Math.round(ms / 100) / 10;

async function admin(sqlText) {
  const client = new pg.Client({ connectionString: BASE });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

function spread(xs) {
  const v = [...xs].sort((a, b) => a - b);
  const at = (q) => v[Math.min(v.length - 1, Math.floor(q * v.length))];
  const r = (x) => Math.round(x * 10) / 10;
  return { median: r(at(0.5)), p95: r(at(0.95)), max: r(v[v.length - 1]) };
}

const now = Date.now();
const today = gameDay(now);
/** The start of game day `d` (UTC-6 midnight) in seconds. */
const dayStart = (d) => (d * DAY_MS + 6 * 3_600_000) / 1000;

if (!REUSE) {
  await admin(`drop database if exists ${NAME}`);
  await admin(`create database ${NAME}`);
}
const url = new URL(BASE);
url.pathname = `/${NAME}`;
// Generating without a statement limit; folding and reading with the server's own limits.
const maker = await openDatabase({
  databaseUrl: url.toString(),
  dataDir: '',
  statementTimeoutMs: 0,
  poolMax: 2,
});
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
const result = {};
try {
  await maker.migrate();
  const exec = (text) => maker.execute(text);

  if (!REUSE) {
    // 1. The population, in SQL. The ledger's other indexes (a player's rows, by time) are dropped:
    // the fold reads by id only.
    let t0 = performance.now();
    // The season scores' trigger (a row per insert into season_scores) is off while generating.
    await exec(`drop index if exists economy_events_user_idx; drop index if exists economy_events_created_idx;
    alter table economy_events disable trigger economy_events_season_scores`);
    const first = dayStart(today - DAYS + 1);
    // Player u joined on day (u * 7919) % 365 of the year, at a second of that day.
    const joined = (u) => `(${first} + ((${u} * 7919) % ${DAYS}) * 86400 + (${u} * 104729) % 86400)`;
    // Made in a scratch table first, then appended to the ledger in time order (as the game writes it).
    await exec(`create unlogged table bench_ledger (user_id bigint, kind text, delta_coins bigint,
      delta_ticket int, created_at timestamptz)`);
    await exec(`insert into bench_ledger (user_id, kind, delta_coins, delta_ticket, created_at)
    select u, 'signup', 0, 3, to_timestamp(${joined('u')}) from generate_series(1::bigint, ${PLAYERS}) u`);
    await exec(`insert into analytics_players (user_id, first_day, source, language, platform)
    select u, ${today - DAYS + 1} + (u * 7919) % ${DAYS},
           (array['direct','invite','squad','campaign','channel'])[1 + u % 5],
           (array['en','ru','es','pt-br','id','vi','tr','uk','hi','fa'])[1 + (u / 7) % 10],
           (array['android','ios','tdesktop','web'])[1 + (u / 3) % 4]
    from generate_series(1::bigint, ${PLAYERS}) u`);
    const others = ROWS - PLAYERS;
    const CHUNK = 2_000_000;
    for (let start = 1; start <= others; start += CHUNK) {
      const end = Math.min(others, start + CHUNK - 1);
      // A row of a random player, some days after they joined (exponential, mean 20 days), not
      // after now; its kind by a weighted draw (KINDS), upgrades and boosts spending.
      await exec(`insert into bench_ledger (user_id, kind, delta_coins, created_at, delta_ticket)
      select u, kind,
             case when kind in ('mining', 'boost:income') then -(100 + floor(random() * 5000)::bigint)
                  else 1 + floor(random() * 500)::bigint end,
             to_timestamp(least(${now / 1000 - 60},
               ${joined('u')} + floor(-ln(1 - random()) * 20) * 86400 + random() * 3600)), 0
      from (select 1 + floor(random() * ${PLAYERS})::bigint as u,
                   (array[${KINDS}])[1 + floor(random() * ${KINDS.length})::int] as kind
            from generate_series(${start}, ${end}) g) s`);
      log(`ledger rows ${PLAYERS + end} / ${ROWS} (${seconds(performance.now() - t0)} s)`);
    }
    await exec(`insert into economy_events (user_id, kind, delta_coins, delta_ticket, created_at)
    select user_id, kind, delta_coins, delta_ticket, created_at from bench_ledger order by created_at`);
    await exec(`drop table bench_ledger`);
    log(`ledger written in time order (${seconds(performance.now() - t0)} s)`);
    await exec(`alter table economy_events enable trigger economy_events_season_scores`);
    await exec(`analyze`);
    result.generateSeconds = seconds(performance.now() - t0);
    log(`generated in ${result.generateSeconds} s`);

    // 2. The catch-up: the whole ledger folded in.
    const deps = { database, now: Date.now };
    t0 = performance.now();
    const caught = await foldLedger(deps, { settleMs: 0 });
    result.catchUp = { rows: caught.folded, seconds: seconds(performance.now() - t0) };
    log(`catch-up: ${caught.folded} rows in ${result.catchUp.seconds} s`);
    await exec(`analyze`);

    // 3. A busy minute: its rows appended, then folded (what one run of the job does).
    await exec(`insert into economy_events (user_id, kind, delta_coins, created_at)
    select 1 + floor(random() * ${PLAYERS})::bigint, 'tap', 1 + floor(random() * 500)::bigint, now()
    from generate_series(1, ${MINUTE_ROWS})`);
    t0 = performance.now();
    const minute = await foldLedger(deps, { settleMs: 0 });
    result.minute = { rows: minute.folded, ms: Math.round(performance.now() - t0) };
    log(`a minute's ${minute.folded} rows folded in ${result.minute.ms} ms`);
  }
  if (REUSE && process.env.BENCH_FILL) {
    // A catch-up cut short: the days not folded yet get a copy of the last folded day's rollup
    // rows, so that the charts read as many rows as after a full catch-up (their cost is the rows
    // read, a few per day, never the ledger).
    const [last] = (await exec(`select max(day) as day from analytics_days`)).rows;
    const lastDay = Number(last.day) - 1;
    for (const table of ['analytics_days', 'analytics_economy', 'analytics_cohorts']) {
      const columns = (
        await exec(`select string_agg(column_name, ', ') as c from information_schema.columns
          where table_name = '${table}' and column_name <> 'day'`)
      ).rows[0].c;
      await exec(`insert into ${table} (day, ${columns})
        select d, ${columns} from ${table}, generate_series(${lastDay + 1}, ${today}) d
        where day = ${lastDay} on conflict do nothing`);
    }
    result.filledFrom = lastDay + 1;
    log(`days from ${lastDay + 1} filled with copies of day ${lastDay}`);
  }

  // 4. The charts, through the app.
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000000',
    ADMIN_IDS: String(OPERATOR),
  });
  const app = await buildApp({ env, database, redis: undefined, now: Date.now, rng: Math.random });
  await app.ready();
  const launch = await app.inject({ method: 'GET', url: `/api/v1/dev/launch?userid=${OPERATOR}` });
  const session = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    payload: { initData: launch.json().initData },
  });
  const token = session.json().token;
  const day = (d) => new Date(d * DAY_MS).toISOString().slice(0, 10);
  const charts = ['active', 'new-players', 'retention', 'funnel', 'economy', 'revenue'];
  result.charts = {};
  for (const span of [30, 365]) {
    const query = `from=${day(today - span + 1)}&to=${day(today)}`;
    for (const chart of charts) {
      const times = [];
      for (let i = 0; i < CALLS; i++) {
        const t = performance.now();
        const res = await app.inject({
          method: 'GET',
          url: `/api/v1/admin/analytics/${chart}?${query}`,
          headers: { authorization: `Bearer ${token}` },
        });
        times.push(performance.now() - t);
        if (res.statusCode !== 200) throw new Error(`${chart}: ${res.statusCode} ${res.body}`);
      }
      result.charts[`${chart} ${span} d`] = spread(times);
    }
  }
  await app.close();
  const [sizes] = (
    await exec(`select (select count(*) from analytics_activity)::bigint as activity,
      pg_size_pretty(pg_total_relation_size('analytics_activity')) as activity_size,
      (select count(*) from analytics_economy)::int as economy_rows,
      pg_size_pretty(pg_total_relation_size('economy_events')) as ledger_size`)
  ).rows;
  result.tables = sizes;

  console.log(
    `\nAnalytics at ${PLAYERS.toLocaleString('en')} players, ${ROWS.toLocaleString('en')} ledger rows`,
  );
  if (!REUSE) {
    console.log(
      `generate: ${result.generateSeconds} s; catch-up fold: ${result.catchUp.rows} rows in ${result.catchUp.seconds} s`,
    );
    console.log(`a busy minute (${result.minute.rows} rows) folded in ${result.minute.ms} ms`);
  }
  console.log('chart (range)            median ms   p95 ms   max ms');
  for (const [name, s] of Object.entries(result.charts)) {
    console.log(
      `${name.padEnd(24)} ${String(s.median).padStart(9)} ${String(s.p95).padStart(8)} ${String(s.max).padStart(8)}`,
    );
  }
  console.log(JSON.stringify(result));
} finally {
  await database.close();
  await maker.close();
  if (!REUSE && !process.env.BENCH_KEEP) await admin(`drop database if exists ${NAME}`);
}
