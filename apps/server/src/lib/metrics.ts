import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (served at /metrics). One registry per process: every app
 * built in it (tests build many) adds to the same counters.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

export const httpRequests = new Counter({
  name: 'egg_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'egg_http_request_duration_seconds',
  help: 'HTTP request latency, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const tapsCredited = new Counter({
  name: 'egg_taps_credited_total',
  help: 'Taps credited to players',
  registers: [registry],
});

export const coinsIssued = new Counter({
  name: 'egg_coins_issued_total',
  help: 'Coins credited to players (committed ledger rows with a positive amount), by ledger kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const coinsSpent = new Counter({
  name: 'egg_coins_spent_total',
  help: 'Coins taken from players (committed ledger rows with a negative amount), by ledger kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const ledgerRows = new Counter({
  name: 'egg_ledger_rows_total',
  help: 'Ledger rows committed',
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'egg_rate_limit_refusals_total',
  help: 'Requests refused with 429',
  registers: [registry],
});

export const leaderboardBackend = new Gauge({
  name: 'egg_leaderboard_backend',
  help: 'The Leader Board backend in use (1 for the one serving)',
  labelNames: ['backend'] as const,
  registers: [registry],
});

export const dbPool = new Gauge({
  name: 'egg_db_pool_connections',
  help: 'Database pool connections by state (in use, idle, waiting callers)',
  labelNames: ['state'] as const,
  registers: [registry],
});

export const redisUp = new Gauge({
  name: 'egg_redis_up',
  help: '1 when Redis is configured and connected, 0 when configured and not, absent when not configured',
  registers: [registry],
});

/** A ledger kind as a label: its family only ('boost:income' → 'boost'), so labels stay few. */
const kindLabel = (kind: string) => kind.split(':')[0] || 'other';

/** What the metrics read of a ledger row (modules/ledger LedgerEntry). */
interface CountedRow {
  kind: string;
  deltaCoins?: number;
  deltaTicket?: number;
}

/** Counts committed ledger rows (call after the commit). */
export function countLedger<Row extends CountedRow>(entries: readonly Row[]): void {
  for (const e of entries) {
    const coins = e.deltaCoins ?? 0;
    if (coins === 0 && (e.deltaTicket ?? 0) === 0) continue;
    ledgerRows.inc();
    if (coins > 0) coinsIssued.inc({ kind: kindLabel(e.kind) }, coins);
    if (coins < 0) coinsSpent.inc({ kind: kindLabel(e.kind) }, -coins);
  }
}
