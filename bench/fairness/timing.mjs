// `node --import tsx bench/fairness/timing.mjs <accounts>`: findClusters on a simulated population
// of about <accounts> accounts (honest players and one farm of 100 of each kind per 250,000),
// timed once after the population is made. Prints one JSON object. Run by run.mjs.
import { performance } from 'node:perf_hooks';
import { findClusters } from '@egg-rush/game/clusters';
import { FARM_KINDS, simulatePopulation } from '@egg-rush/game/population';

const accounts = Number(process.argv[2]);
const log = (...a) => console.error('[bench/fairness]', ...a);
const mib = (bytes) => Math.round(bytes / 2 ** 20);
const farmsPerKind = Math.max(1, Math.round(accounts / 250_000));
const farms = FARM_KINDS.flatMap((kind) => Array.from({ length: farmsPerKind }, () => ({ kind })));
const honest = accounts - farms.length * 100;

let t = performance.now();
const pop = simulatePopulation({ seed: 1, days: 21, honest, farms });
const sessions = pop.accounts.reduce((s, a) => s + a.sessions.length, 0);
log(`${pop.accounts.length} accounts, ${sessions} sessions, made in ${Math.round(performance.now() - t)} ms`);

globalThis.gc?.();
const cpu = process.cpuUsage();
t = performance.now();
const clusters = findClusters(pop.accounts, pop.now);
const wallMs = performance.now() - t;
const used = process.cpuUsage(cpu);
const farmIds = new Set([...pop.truth].filter(([, truth]) => truth.farm !== null).map(([id]) => id));
const excluded = clusters.filter((c) => c.recommendation === 'exclude').flatMap((c) => c.members);
console.log(
  JSON.stringify({
    accounts: pop.accounts.length,
    sessions,
    farms: farms.length,
    findClustersMs: Math.round(wallMs),
    findClustersCpuMs: Math.round((used.user + used.system) / 1000),
    clusters: clusters.length,
    recall: Math.round((excluded.filter((id) => farmIds.has(id)).length / farmIds.size) * 10_000) / 10_000,
    honestExcluded: excluded.filter((id) => !farmIds.has(id)).length,
    heapUsedMiB: mib(process.memoryUsage().heapUsed),
  }),
);
