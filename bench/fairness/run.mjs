// `npm run bench:fairness` (node --import tsx bench/fairness/run.mjs): how well the clusters
// (packages/game/src/clusters.ts) and the allocation rule (allocation-rule.ts) keep farms from
// the airdrop, on simulated populations (population.ts), and how long findClusters takes.
//
// For each kind of farm (FARM_KINDS: one-address, proxies, slow, friends; sequential, the
// accounts run in turn on a few phones, never two at once; spread, each account at hours of its
// own on a few shared addresses, funded by the farm's own address) and each seed:
// - detection: a population of BENCH_HONEST honest players (10,000) and one farm of 100 accounts.
//   Recall: the farm's share of accounts in clusters recommended `exclude`. Honest flagged: the
//   honest players' share in clusters recommended `exclude` or `review`. Precision: of the accounts
//   recommended for exclusion, the farm's share (null when none is). The farm's share of the coins
//   and of the jettons: shared in proportion to coins, nobody excluded (the rule before), and
//   under RECOMMENDED_RULE with the clusters recommended `exclude` excluded and those in `review`
//   discounted; and under RECOMMENDED_RULE with no cluster at all (what the rule alone does).
// - the issue's population: 200 honest players and the farm of 100, the same shares.
// Each figure over the seeds (BENCH_SEEDS, 5): median, min and max.
//
// Timing: findClusters on populations of BENCH_SIZES accounts (100,000 and 1,000,000: ten times
// a large launch), each in a child process with a large heap (timing.mjs): wall and CPU time.
// Prints one JSON object.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { RECOMMENDED_RULE } from '@egg-rush/game/allocation-rule';
import { findClusters } from '@egg-rush/game/clusters';
import { FARM_KINDS, farmShares, simulatePopulation } from '@egg-rush/game/population';

const HONEST = Number(process.env.BENCH_HONEST || 10_000);
const SEEDS = Array.from({ length: Number(process.env.BENCH_SEEDS || 5) }, (_, i) => i + 1);
const SIZES = (process.env.BENCH_SIZES || '100000,1000000').split(',').filter(Boolean).map(Number);
const DAYS = 21;
const log = (...a) => console.error('[bench/fairness]', ...a);
const round = (x, digits = 4) => (x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits);

/** Median, min and max of the numbers (nulls left out); null when none. */
function spread(xs) {
  const v = xs.filter((x) => x !== null).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  return { median: round(mid), min: round(v[0]), max: round(v[v.length - 1]) };
}

function run(seed, kind, honest) {
  const pop = simulatePopulation({ seed, days: DAYS, honest, farms: [{ kind }] });
  const clusters = findClusters(pop.accounts, pop.now);
  const recommendation = new Map();
  for (const c of clusters) for (const m of c.members) recommendation.set(m, c.recommendation);
  let farm = 0;
  let excluded = 0;
  let honestPlayers = 0;
  let flagged = 0;
  let honestExcluded = 0;
  for (const [id, truth] of pop.truth) {
    const r = recommendation.get(id);
    if (truth.farm === null) {
      honestPlayers++;
      if (r === 'exclude' || r === 'review') flagged++;
      if (r === 'exclude') honestExcluded++;
    } else {
      farm++;
      if (r === 'exclude') excluded++;
    }
  }
  const [shares] = farmShares(pop, clusters, RECOMMENDED_RULE);
  const cleared = clusters.map((c) => ({ ...c, recommendation: 'clear' }));
  const [ruleAlone] = farmShares(pop, cleared, RECOMMENDED_RULE);
  return {
    farm,
    honest: honestPlayers,
    recall: excluded / farm,
    honestFlagged: flagged / honestPlayers,
    precision: excluded + honestExcluded > 0 ? excluded / (excluded + honestExcluded) : null,
    coins: shares.coins,
    jettonsByCoins: shares.jettonsByCoins,
    jettonsByRule: shares.jettonsByRule,
    jettonsByRuleWithoutClusters: ruleAlone.jettonsByRule,
  };
}

function summary(honest) {
  const kinds = {};
  for (const kind of FARM_KINDS) {
    const runs = SEEDS.map((seed) => {
      log(`${kind}, seed ${seed}, ${honest} honest`);
      return run(seed, kind, honest);
    });
    const of = (k) => spread(runs.map((r) => r[k]));
    kinds[kind] = {
      farmAccounts: runs[0].farm,
      honestPlayers: of('honest'),
      recall: of('recall'),
      honestFlagged: of('honestFlagged'),
      precision: of('precision'),
      farmShareOfCoins: of('coins'),
      farmShareOfJettons: {
        byCoins: of('jettonsByCoins'),
        recommendedRule: of('jettonsByRule'),
        recommendedRuleWithoutClusters: of('jettonsByRuleWithoutClusters'),
      },
    };
  }
  return kinds;
}

const result = {
  seeds: SEEDS,
  days: DAYS,
  rule: RECOMMENDED_RULE,
  detection: { honest: HONEST, farmSize: 100, kinds: summary(HONEST) },
  issuePopulation: { honest: 200, farmSize: 100, kinds: summary(200) },
  timing: [],
};

const timing = fileURLToPath(new URL('./timing.mjs', import.meta.url));
for (const size of SIZES) {
  log(`timing findClusters at ${size} accounts`);
  const child = spawnSync(
    process.execPath,
    ['--max-old-space-size=16384', '--import', 'tsx', timing, String(size)],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (child.status !== 0) throw new Error(`timing at ${size} failed: ${child.status}`);
  result.timing.push(JSON.parse(child.stdout));
}

console.log(JSON.stringify(result, null, 2));
