import { createHmac } from 'node:crypto';
import type {
  AdminExperiment,
  AdminExperimentCreateBody,
  AdminExperimentResponse,
  AdminExperimentsResponse,
  ExperimentGroupResult,
} from '@egg-rush/contract/experiments';
import type { GameEvent } from '@egg-rush/game/events';
import {
  assignVariant,
  experimentKey,
  checkExperiment,
  compareMeans,
  compareProportions,
  eventSplitRefusals,
  EXPERIMENT_BOUNDS,
  HOLDOUT,
  placeOf,
  meanInterval,
  wilson,
  type ExperimentKind,
  type ExperimentVariant,
  variantVersionRefusal,
  type Verdict,
} from '@egg-rush/game/experiments';
import { gameDay } from '@egg-rush/game/time';
import type { Database, Tx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, notFound, refused, sqlState, UNIQUE_VIOLATION } from '../../lib/errors.ts';
import { activeOnSql, foldedBeforeDay } from '../analytics/index.ts';
import { activeConfig, CONFIG_CHECK_MS, storedConfig, type RecordAudit } from '../config/index.ts';
import { starsPaidAmong } from '../payments/index.ts';
import {
  experimentMembersSql,
  findAssignment,
  findExperiment,
  insertAssignment,
  insertExperiment,
  latestExperiments,
  lockExperiment,
  lockStarts,
  playerCounts,
  RETENTION,
  retentionOf,
  runningExperiment,
  settleRetention,
  stopExperiment,
  type ExperimentRow,
} from './experiments.repository.ts';

// --- Who plays what ------------------------------------------------------------------------------

interface Running {
  checkedAt: number;
  experiment: ExperimentRow | null;
}
const running = new WeakMap<Database, Running>();
const loadingRunning = new WeakMap<Database, Promise<ExperimentRow | null>>();

/**
 * The experiment running, as this process last read it: checked again at most every
 * CONFIG_CHECK_MS of the game clock (like the active configuration), so a stop sends every
 * process's players back to the active game within a second or two.
 */
async function runningNow(deps: Deps): Promise<ExperimentRow | null> {
  const now = deps.now();
  const known = running.get(deps.database);
  if (known && Math.abs(now - known.checkedAt) < CONFIG_CHECK_MS) return known.experiment;
  const pending = loadingRunning.get(deps.database);
  if (pending) return pending;
  const read = runningExperiment(deps.database.db).then((row) => row ?? null);
  loadingRunning.set(deps.database, read);
  try {
    const experiment = await read;
    running.set(deps.database, { checkedAt: now, experiment });
    return experiment;
  } finally {
    loadingRunning.delete(deps.database);
  }
}

/** An operator's start or stop: this process reads the running experiment again at once. */
const forgetRunning = (deps: Deps) => running.delete(deps.database);

interface Assignment {
  experimentId: number;
  variant: string;
}

/**
 * Assignments this process read, by player (null: in none): an assignment is written once, in the
 * sign-up's transaction, and never changes, so an answer stays true; bounded, the least recently
 * used dropped first.
 */
export const ASSIGNMENTS_KEPT = 100_000;
const assignments = new WeakMap<Database, Map<number, Assignment | null>>();

async function assignmentOf(deps: Deps, userId: number): Promise<Assignment | null> {
  let known = assignments.get(deps.database);
  if (!known) assignments.set(deps.database, (known = new Map()));
  const hit = known.get(userId);
  if (hit !== undefined) {
    known.delete(userId);
    known.set(userId, hit);
    return hit;
  }
  const row = await findAssignment(deps.database.db, userId);
  const assignment = row ? { experimentId: row.experimentId, variant: row.variant } : null;
  if (known.size >= ASSIGNMENTS_KEPT) known.delete(known.keys().next().value as number);
  known.set(userId, assignment);
  return assignment;
}

/** The running experiment's variant of a player (undefined: not in it, or in its holdout). */
async function variantOf(
  deps: Deps,
  userId: number,
  kind: ExperimentKind,
): Promise<{ experiment: ExperimentRow; variant: ExperimentVariant | undefined } | null> {
  const experiment = await runningNow(deps);
  if (!experiment || experiment.kind !== kind) return null;
  const assignment = await assignmentOf(deps, userId);
  const variant =
    assignment?.experimentId === experiment.id
      ? experiment.variants.find((v) => v.name === assignment.variant)
      : undefined;
  return { experiment, variant };
}

/**
 * The configuration version a player is paid by while a configuration experiment runs: their
 * variant's; null for the holdout, the players outside it, and when none runs (the active one).
 * Registered with the config module (bootstrap.ts wireModules).
 */
export async function experimentConfigVersion(deps: Deps, userId: number): Promise<number | null> {
  return (await variantOf(deps, userId, 'config'))?.variant?.configVersion ?? null;
}

/**
 * The event a player does not get: while an event experiment runs, its event goes only to the
 * players of its variants with `event: true` (not to its holdout, its other variants, nor players
 * outside it). Null: every event applies.
 */
export async function withheldEvent(deps: Deps, userId: number): Promise<number | null> {
  const found = await variantOf(deps, userId, 'event');
  if (!found || found.experiment.eventId === null) return null;
  return found.variant?.event === true ? null : found.experiment.eventId;
}

/** The key of the places, derived from the server's secret (as admin-link.ts derives its own). */
const placeKeys = new Map<string, Buffer>();
function placeKey(env: Pick<Env, 'jwtSecret'>): Buffer {
  let key = placeKeys.get(env.jwtSecret);
  if (!key) {
    key = createHmac('sha256', env.jwtSecret).update('experiments').digest();
    placeKeys.set(env.jwtSecret, key);
  }
  return key;
}

/**
 * A player's place in an experiment, in [0, 1): the rules' placeOf of an HMAC-SHA-256 of the
 * experiment and the player, keyed by the server's secret. Both ids are public: with a plain hash
 * anyone could work out beforehand which new accounts would land in a generous variant. The place
 * is stored at sign-up (experiment_players), so a changed secret only moves future sign-ups.
 */
export function experimentPlace(env: Pick<Env, 'jwtSecret'>, experimentId: number, userId: number): number {
  return placeOf(createHmac('sha256', placeKey(env)).update(experimentKey(experimentId, userId)).digest());
}

/**
 * A new player's place in the running experiment, written in the sign-up's transaction (nothing
 * when none runs): the holdout or a variant, by the keyed hash of the experiment and the player.
 */
export async function assignNewPlayer(
  env: Pick<Env, 'jwtSecret'>,
  tx: Tx,
  userId: number,
  at: Date,
): Promise<string | null> {
  const experiment = await runningExperiment(tx);
  if (!experiment || experiment.startsAt.getTime() > at.getTime()) return null;
  const place = assignVariant(
    experimentPlace(env, experiment.id, userId),
    experiment.holdoutPercent,
    experiment.variants.map((v) => v.weight),
  );
  const variant = place === HOLDOUT ? HOLDOUT : (experiment.variants[place]?.name ?? HOLDOUT);
  const inserted = await insertAssignment(tx, {
    userId,
    experimentId: experiment.id,
    variant,
    assignedAt: at,
  });
  return inserted ? variant : null;
}

/**
 * The events an event experiment may name (running or upcoming, as the events module knows them):
 * its knownEvents, registered at start-up (bootstrap.ts wireModules), since that module reads this
 * one (withheldEvent).
 */
export type EventsKnown = (deps: Deps, now: number) => Promise<GameEvent[]>;
let eventsKnown: EventsKnown | undefined;
export function experimentEventsFrom(known: EventsKnown): void {
  eventsKnown = known;
}

/** Players' retention days settled per statement (the job loops until none is left). */
export const SETTLE_LIMIT = 10_000;

/**
 * Settles the experiment players' D1 and D7 (the experiments' job): each a day after it is over
 * and once analytics has folded that day's ledger rows in (foldedBeforeDay: a fold running behind
 * holds the settling back rather than storing a day as inactive for good), kept with the player
 * before analytics deletes the active player-days it was read from. Returns how many were settled.
 */
export async function settleExperimentRetention(
  deps: Deps,
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const limit = Math.max(1, options.limit ?? SETTLE_LIMIT);
  const today = gameDay(deps.now());
  const foldedBefore = await foldedBeforeDay(deps.database.db);
  if (foldedBefore === null) return 0;
  let total = 0;
  for (;;) {
    if (options.signal?.aborted) break;
    const n = await deps.database.transaction((tx) =>
      settleRetention(tx, today, foldedBefore, activeOnSql, limit),
    );
    total += n;
    if (n < limit) break;
  }
  return total;
}

// --- The console ---------------------------------------------------------------------------------

function adminView(row: ExperimentRow, players: number): AdminExperiment {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as ExperimentKind,
    variants: row.variants,
    eventId: row.eventId,
    holdoutPercent: row.holdoutPercent,
    startsAt: row.startsAt.getTime(),
    stoppedAt: row.stoppedAt?.getTime() ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.getTime(),
    players,
  };
}

const verdict = (v: Verdict) => ({ ...v, notYetSignificant: !v.significant });

export function createExperimentsService(deps: Deps, recordAudit: RecordAudit) {
  const { db } = deps.database;

  /** Every reason a new experiment cannot start, beyond the rules' bounds: its versions and event. */
  async function refusals(body: AdminExperimentCreateBody, now: number): Promise<string[]> {
    const errors: string[] = [];
    if (body.kind === 'config') {
      const active = await activeConfig(deps);
      for (const [i, variant] of body.variants.entries()) {
        if (variant.configVersion === undefined) continue;
        const version = await storedConfig(deps, variant.configVersion);
        const why = version
          ? variantVersionRefusal(version.values, active.values)
          : 'no such configuration version';
        if (why) errors.push(`variants.${i}.configVersion: ${why}`);
      }
    } else if (body.eventId !== undefined) {
      if (!eventsKnown) throw new Error('experiments: no events reader (bootstrap.ts wireModules)');
      const event = (await eventsKnown(deps, now)).find((e) => e.id === body.eventId);
      errors.push(...eventSplitRefusals(event, now).map((why) => `eventId: ${why}`));
    }
    return errors;
  }

  async function view(id: number): Promise<AdminExperiment> {
    const row = await findExperiment(db, id);
    if (!row) throw notFound('Experiment not found.');
    return adminView(row, (await playerCounts(db, [id])).get(id) ?? 0);
  }

  return {
    async list(): Promise<AdminExperimentsResponse> {
      const rows = await latestExperiments(db, 100);
      const counts = await playerCounts(
        db,
        rows.map((r) => r.id),
      );
      return {
        experiments: rows.map((row) => adminView(row, counts.get(row.id) ?? 0)),
        bounds: {
          minVariants: EXPERIMENT_BOUNDS.minVariants,
          maxVariants: EXPERIMENT_BOUNDS.maxVariants,
          minHoldoutPercent: EXPERIMENT_BOUNDS.minHoldoutPercent,
          maxHoldoutPercent: EXPERIMENT_BOUNDS.maxHoldoutPercent,
          maxWeight: EXPERIMENT_BOUNDS.maxWeight,
        },
      };
    },

    /** Starts an experiment within the bounds (a refusal stores nothing), one at a time; audited. */
    async create(adminId: number, body: AdminExperimentCreateBody): Promise<{ experiment: { id: number } }> {
      const now = deps.now();
      const variants: ExperimentVariant[] = body.variants.map((v) => ({
        name: v.name.trim(),
        weight: v.weight,
        ...(v.configVersion !== undefined ? { configVersion: v.configVersion } : {}),
        ...(v.event !== undefined ? { event: v.event } : {}),
      }));
      const draft = {
        name: body.name.trim(),
        kind: body.kind,
        variants,
        holdoutPercent: body.holdoutPercent,
        eventId: body.eventId ?? null,
      };
      const errors = checkExperiment(draft);
      if (errors.length === 0) errors.push(...(await refusals(body, now)));
      if (errors.length > 0)
        throw badRequest(
          `The experiment breaks ${errors.length} bound${errors.length === 1 ? '' : 's'}: ${errors.join('; ')}`,
        );
      const at = new Date(now);
      const saved = await deps.database
        .transaction(async (tx) => {
          await lockStarts(tx);
          if (await runningExperiment(tx))
            throw refused('CONFLICT', 'An experiment is running: stop it before starting another.');
          const row = await insertExperiment(tx, {
            ...draft,
            startsAt: at,
            createdBy: adminId,
            createdAt: at,
          });
          await recordAudit(tx, [
            {
              adminId,
              action: 'experiment.start',
              target: `experiment:${row.id}`,
              reason: body.reason,
              before: null,
              after: row,
              createdAt: at,
            },
          ]);
          return row;
        })
        .catch((error: unknown) => {
          if (sqlState(error) === UNIQUE_VIOLATION)
            throw refused('CONFLICT', 'An experiment is running: stop it before starting another.');
          throw error;
        });
      forgetRunning(deps);
      return { experiment: { id: saved.id } };
    },

    /** Stops a running experiment: every player back to the active game from now; audited. */
    async stop(adminId: number, id: number, reason: string): Promise<AdminExperimentResponse> {
      const at = new Date(deps.now());
      await deps.database.transaction(async (tx) => {
        const before = await lockExperiment(tx, id);
        if (!before) throw notFound('Experiment not found.');
        if (before.stoppedAt) throw refused('CONFLICT', 'This experiment is stopped already.');
        const after = await stopExperiment(tx, id, at);
        await recordAudit(tx, [
          {
            adminId,
            action: 'experiment.stop',
            target: `experiment:${id}`,
            reason,
            before: { stoppedAt: null },
            after: { stoppedAt: after?.stoppedAt ?? at },
            createdAt: at,
          },
        ]);
      });
      forgetRunning(deps);
      return this.results(id);
    },

    /**
     * An experiment's results per group, the holdout first: D1 and D7 retention (players whose day
     * has passed and fell on or before its stop's day; Wilson 95 %), Stars paid until its stop (per
     * player, normal 95 %), and each variant against the holdout (two-proportion z test, Welch's t
     * test): significant, or not yet. Not corrected for several comparisons nor repeated looks.
     */
    async results(id: number): Promise<AdminExperimentResponse> {
      const experiment = await view(id);
      const now = deps.now();
      const today = gameDay(now);
      const [retention, stars] = await Promise.all([
        retentionOf(
          db,
          id,
          today,
          experiment.stoppedAt === null ? null : gameDay(experiment.stoppedAt),
          activeOnSql,
        ),
        starsPaidAmong(db, experimentMembersSql(id), new Date(experiment.stoppedAt ?? now)),
      ]);
      const names = [HOLDOUT, ...experiment.variants.map((v) => v.name)];
      const groups = names.map((name) => {
        const kept = retention.find((r) => r.group === name);
        const paid = stars.find((s) => s.group === name);
        const days = RETENTION.map((_, i) => kept?.days[i] ?? { observable: 0, retained: 0 });
        const sums = { n: paid?.players ?? 0, sum: paid?.stars ?? 0, sumOfSquares: paid?.sumOfSquares ?? 0 };
        return { name, players: kept?.players ?? 0, days, sums };
      });
      const holdout = groups[0];
      const results: ExperimentGroupResult[] = groups.map((group, index) => {
        const retained = (i: number) => {
          const day = group.days[i] ?? { observable: 0, retained: 0 };
          return {
            retained: day.retained,
            observable: day.observable,
            ...wilson(day.retained, day.observable),
          };
        };
        const mean = meanInterval(group.sums);
        const against = (i: number) => {
          const mine = group.days[i] ?? { observable: 0, retained: 0 };
          const theirs = holdout?.days[i] ?? { observable: 0, retained: 0 };
          return verdict(
            compareProportions(
              { successes: mine.retained, n: mine.observable },
              { successes: theirs.retained, n: theirs.observable },
            ),
          );
        };
        return {
          variant: group.name,
          holdout: index === 0,
          players: group.players,
          d1: retained(0),
          d7: retained(1),
          revenue: {
            stars: group.sums.sum,
            perPlayer: mean.mean,
            low: mean.low === null ? null : Math.max(0, mean.low),
            high: mean.high,
          },
          versusHoldout:
            index === 0 || !holdout
              ? null
              : { d1: against(0), d7: against(1), revenue: verdict(compareMeans(group.sums, holdout.sums)) },
        };
      });
      return { experiment, results, today };
    },
  };
}
