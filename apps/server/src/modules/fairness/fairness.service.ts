import type { AirdropCluster } from '@egg-rush/contract/fairness';
import { accountRegisteredAt } from '@egg-rush/game/account-age';
import type { AllocationRule, ScoreFacts } from '@egg-rush/game/allocation-rule';
import { findClusters } from '@egg-rush/game/clusters';
import { ADJUST_KIND } from '@egg-rush/game/operator';
import {
  clusterExclusionReason,
  playerReview,
  type DecisionOnPlayer,
  type Review,
} from '@egg-rush/game/review';
import { SNAPSHOT_FACTS } from '@egg-rush/game/snapshot-facts';
import type { Database, Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { notFound, refused } from '../../lib/errors.ts';
import { insertAudit } from '../audit/index.ts';
import { queueAppealAnswer } from '../bot/index.ts';
import * as repo from './fairness.repository.ts';
import { SIGNALS, signalsOf } from './signals.service.ts';

/**
 * Fairness of the airdrop (docs/airdrop.md, "Clusters and appeals"): clusters of linked accounts
 * computed from the signals and kept until stale, the operators' decisions on them, the players'
 * review and appeals, and what the allocation reads of all that.
 */
export const FAIRNESS = {
  /** Stored clusters older than this are computed again before they are read. */
  staleMs: 5 * 60_000,
  /** The signals of the players active this far back are read (all the signals kept). */
  windowMs: SIGNALS.retentionMs,
  /** A process computing the clusters holds them this long at most before another may. */
  leaseMs: 2 * 60_000,
  /** Clusters the console lists (those recommended for exclusion first). */
  listLimit: 1_000,
  /** Appeals the console lists (pending ones first). */
  appealsLimit: 200,
  /** Players whose facts are read per query when a snapshot's facts are frozen. */
  factsBatch: 1_000,
} as const;

/** Said of a decided cluster the latest computation no longer finds. */
export const VANISHED_EVIDENCE =
  'The latest computation no longer links these accounts; the decision still covers them.';

/** What this module reads of the airdrop's allocations (the airdrop module's, wired by the routes). */
export interface AllocationsPort {
  /** The published allocation's instant and rule, or null before publishing. */
  published(): Promise<{ at: number; rule: AllocationRule | null } | null>;
  /** The newest draft allocation, or null. */
  newestDraft(): Promise<{ id: number; total: bigint } | null>;
  /** The wallets of an allocation holding any of these players, each once. */
  walletsOf(
    allocationId: number,
    playerIds: readonly number[],
  ): Promise<{ amount: bigint; playerIds: number[] }[]>;
  /** Whether an operator excluded the player on their own (per-player exclusions). */
  excludedAlone(playerId: number): Promise<boolean>;
  /** The reason of the player's own exclusion by an operator, or null without one. */
  exclusionReason(playerId: number): Promise<string | null>;
  /**
   * Lifts a per-player exclusion within the transaction, audited by the airdrop module: false
   * when the player had none.
   */
  include(tx: Tx, change: { adminId: number; playerId: number; reason: string; at: Date }): Promise<boolean>;
}

// --- Clusters, computed and stored ---------------------------------------------------------------

const inflight = new WeakMap<Database, Promise<void>>();

/**
 * Computes the clusters again when the stored ones are stale (or always, with `force`): one
 * computation at a time in a process, and across processes the holder of the lease; the others
 * keep reading the stored clusters meanwhile. The cost is one read of the window's signals and
 * findClusters over them, at most once per FAIRNESS.staleMs whatever the number of readers.
 */
export function refreshClusters(deps: Deps, options: { force?: boolean } = {}): Promise<void> {
  const { database } = deps;
  const running = inflight.get(database);
  if (running) return running;
  const run = (async () => {
    const now = deps.now();
    const last = await repo.clusterRun(database.db);
    if (!options.force && last?.computedAt && now - last.computedAt.getTime() < FAIRNESS.staleMs) return;
    if (!(await repo.takeLease(database.db, new Date(now), new Date(now + FAIRNESS.leaseMs)))) return;
    const started = performance.now();
    try {
      const accounts = await signalsOf(database.db, { since: now - FAIRNESS.windowMs });
      const clusters = findClusters(accounts, now);
      await repo.replaceClusters(database, clusters, new Date(now), {
        accounts: accounts.length,
        durationMs: performance.now() - started,
      });
    } catch (error) {
      await repo.releaseLease(database.db).catch(() => undefined);
      throw error;
    }
  })().finally(() => inflight.delete(database));
  inflight.set(database, run);
  return run;
}

// --- The snapshot's facts and the allocation's input ---------------------------------------------

/** Freezes, for a snapshot's players (a batch of them), the facts the rule reads as of `at`. */
export async function freezeSnapshotFacts(
  deps: Deps,
  snapshotId: number,
  at: Date,
  userIds: readonly number[],
) {
  const { db } = deps.database;
  for (let i = 0; i < userIds.length; i += FAIRNESS.factsBatch) {
    const facts = await repo.factsAsOf(db, userIds.slice(i, i + FAIRNESS.factsBatch), at, {
      adjustKind: ADJUST_KIND,
      taskKind: SNAPSHOT_FACTS.taskKind,
      passiveKinds: SNAPSHOT_FACTS.passiveKinds,
      stayedDays: SNAPSHOT_FACTS.friendStayedDays,
    });
    await repo.insertFacts(
      db,
      facts.map((f) => ({ snapshotId, ...f, registeredAt: new Date(accountRegisteredAt(f.userId)) })),
    );
  }
}

/**
 * What the admin module's snapshot calls as it takes one: each batch of rows has its facts frozen
 * as of the snapshot's instant, and once it is taken the clusters are computed again.
 */
export function snapshotHooks(deps: Deps) {
  return {
    rows: (snapshotId: number, at: Date, userIds: readonly number[]) =>
      freezeSnapshotFacts(deps, snapshotId, at, userIds),
    taken: () => refreshClusters(deps, { force: true }),
  };
}

interface Judged {
  cluster: Map<number, { id: string; recommendation: repo.ClusterRow['recommendation'] }>;
  decisions: Map<number, DecisionOnPlayer[]>;
  upheld: Map<number, number>;
}

/** Every stored cluster, standing decision (the latest naming the player) and upheld appeal, by player. */
async function judgements(deps: Deps): Promise<Judged> {
  const { db } = deps.database;
  const [clusters, decisions, upheld] = await Promise.all([
    repo.clusterMembers(db),
    repo.allDecisions(db),
    repo.upheldAll(db),
  ]);
  const cluster = new Map<number, { id: string; recommendation: repo.ClusterRow['recommendation'] }>();
  for (const c of clusters)
    for (const m of c.members) cluster.set(m, { id: c.id, recommendation: c.recommendation });
  const byPlayer = new Map<number, DecisionOnPlayer[]>();
  // Oldest first: each player keeps the latest decision naming them.
  for (const d of decisions)
    for (const m of d.members)
      byPlayer.set(m, [
        { clusterId: d.clusterId, action: d.action, reason: d.reason, at: d.createdAt.getTime() },
      ]);
  return { cluster, decisions: byPlayer, upheld };
}

const reviewOf = (j: Judged, id: number): Review =>
  playerReview({
    cluster: j.cluster.get(id) ?? null,
    decisions: j.decisions.get(id) ?? [],
    upheldAt: j.upheld.get(id) ?? null,
    excludedAlone: false,
  });

/**
 * The allocation's input from the fairness side, for a snapshot's rows: the players a cluster's
 * exclusion leaves out (with the reason "cluster c123: …"), and every row's facts for the rule,
 * `review` set for the players under review as of now. The clusters are computed again first when
 * stale; facts missing for the snapshot (taken before they were frozen) are frozen now, as of its
 * instant.
 */
export async function allocationInput(
  deps: Deps,
  snapshot: { id: number; takenAt: Date },
  rows: readonly { userId: number; coins: number }[],
): Promise<{ exclusions: Map<number, string>; facts: ScoreFacts[] }> {
  const { db } = deps.database;
  await refreshClusters(deps);
  if (rows.length > 0 && !(await repo.hasFacts(db, snapshot.id)))
    await freezeSnapshotFacts(
      deps,
      snapshot.id,
      snapshot.takenAt,
      rows.map((r) => r.userId),
    );
  const [stored, judged] = await Promise.all([repo.snapshotFacts(db, snapshot.id), judgements(deps)]);
  const frozen = new Map(stored.map((f) => [f.userId, f]));
  const exclusions = new Map<number, string>();
  const facts = rows.map((row): ScoreFacts => {
    const review = reviewOf(judged, row.userId);
    if (review.exclusion)
      exclusions.set(row.userId, clusterExclusionReason(review.exclusion.clusterId, review.exclusion.reason));
    const f = frozen.get(row.userId);
    return {
      playerId: row.userId,
      coins: row.coins,
      operatorCoins: f?.operatorCoins ?? 0,
      activeDays: f?.activeDays ?? 0,
      tasks: f?.tasks ?? 0,
      friendsStayed: f?.friendsStayed ?? 0,
      premium: f?.premium ?? false,
      registeredAt: f?.registeredAt.getTime() ?? accountRegisteredAt(row.userId),
      review: review.status === 'review',
    };
  });
  return { exclusions, facts };
}

// --- The console and the player ------------------------------------------------------------------

const decisionView = (d: repo.DecisionRow) => ({
  action: d.action,
  reason: d.reason,
  by: d.adminId,
  at: d.createdAt.getTime(),
});
const decisionAudit = (d: repo.DecisionRow) => ({
  ...decisionView(d),
  clusterId: d.clusterId,
  members: d.members,
});

const appealView = (a: repo.AppealRow) => ({
  id: a.id,
  playerId: a.userId,
  clusterId: a.clusterId,
  text: a.text,
  status: a.status,
  createdAt: a.createdAt.getTime(),
  answer: a.answer,
  answeredBy: a.answeredBy,
  answeredAt: a.answeredAt?.getTime() ?? null,
});

/** `part / total` with six decimals, 0 when the total is 0. */
const fraction = (part: bigint, total: bigint) =>
  total > 0n ? Number((part * 1_000_000n) / total) / 1_000_000 : 0;

type ClusterLike = Pick<repo.ClusterRow, 'id' | 'members' | 'score' | 'recommendation' | 'evidence'>;

let allocationsMaker: ((deps: Deps) => AllocationsPort) | undefined;

/** Where the allocations are read (the airdrop module's port), registered at start-up (bootstrap.ts). */
export function allocationsFrom(make: (deps: Deps) => AllocationsPort): void {
  allocationsMaker = make;
}

export function allocationsOf(deps: Deps): AllocationsPort {
  if (!allocationsMaker) throw new Error('fairness: no allocations registered (bootstrap.ts wireModules)');
  return allocationsMaker(deps);
}

export function createFairnessService(deps: Deps, allocations: AllocationsPort) {
  const { database } = deps;
  const { db } = database;
  // The members' amounts in the newest draft, kept while neither the draft nor the clusters change.
  let shares: { key: string; wallets: { amount: bigint; playerIds: number[] }[] } | undefined;

  /** A stored cluster, or a decided one the latest computation no longer finds (its decision's members). */
  async function clusterForDecision(id: string): Promise<ClusterLike | undefined> {
    const stored = await repo.findCluster(db, id);
    if (stored) return stored;
    const decided = await repo.latestDecision(db, id);
    return decided ? vanished(decided) : undefined;
  }

  const vanished = (d: repo.DecisionRow): ClusterLike => ({
    id: d.clusterId,
    members: d.members,
    score: 0,
    recommendation: 'clear',
    evidence: [VANISHED_EVIDENCE],
  });

  /** Each cluster's share of the newest draft's total, or null without a draft. */
  async function sharesOf(clusters: readonly ClusterLike[], computedAt: number) {
    const draft = await allocations.newestDraft();
    if (!draft) return () => null;
    const ids = clusters.map((c) => c.id).join(',');
    const key = `${draft.id}:${computedAt}:${ids.length}:${ids}`;
    if (shares?.key !== key) {
      const members = [...new Set(clusters.flatMap((c) => c.members))];
      shares = { key, wallets: await allocations.walletsOf(draft.id, members) };
    }
    const wallets = shares.wallets;
    return (c: ClusterLike) => {
      const members = new Set(c.members);
      const sum = wallets
        .filter((w) => w.playerIds.some((p) => members.has(p)))
        .reduce((s, w) => s + w.amount, 0n);
      return fraction(sum, draft.total);
    };
  }

  const view = (
    c: ClusterLike,
    decision: repo.DecisionRow | undefined,
    share: number | null,
  ): AirdropCluster => ({
    id: c.id,
    size: c.members.length,
    score: c.score,
    recommendation: c.recommendation,
    evidence: c.evidence,
    members: c.members,
    decision: decision ? decisionView(decision) : null,
    share,
  });

  async function refuseOncePublished(what: string) {
    if (await allocations.published())
      throw refused('ALREADY_PUBLISHED', `An allocation is published: ${what} can no longer change it.`);
  }

  /** The player's review, with what it was judged on. */
  async function judge(userId: number) {
    const [cluster, decision, upheld, alone, appeal, published] = await Promise.all([
      repo.clusterOf(db, userId),
      repo.standingDecision(db, userId),
      repo.upheldAt(db, userId),
      allocations.exclusionReason(userId),
      repo.latestAppeal(db, userId),
      allocations.published(),
    ]);
    const review = playerReview({
      cluster: cluster ? { id: cluster.id, recommendation: cluster.recommendation } : null,
      decisions: decision
        ? [
            {
              clusterId: decision.clusterId,
              action: decision.action,
              reason: decision.reason,
              at: decision.createdAt.getTime(),
            },
          ]
        : [],
      upheldAt: upheld?.getTime() ?? null,
      excludedAlone: alone !== null,
    });
    const open = review.status === 'review' || review.status === 'excluded';
    return {
      review,
      cluster,
      published: published !== null,
      reply: {
        status: review.status,
        evidence: cluster?.evidence ?? [],
        // The cluster's exclusion (else their own) when excluded; the clearing standing when
        // cleared by one (an upheld appeal speaks through its answer).
        reason:
          review.status === 'excluded'
            ? (review.exclusion?.reason ?? alone)
            : review.status === 'cleared' && !upheld && decision?.action === 'clear'
              ? decision.reason
              : null,
        appeal: appeal
          ? {
              status: appeal.status,
              createdAt: appeal.createdAt.getTime(),
              answeredAt: appeal.answeredAt?.getTime() ?? null,
              answer: appeal.answeredAt ? appeal.answer : null,
            }
          : null,
        canAppeal: open && appeal?.status !== 'pending' && published === null,
      },
    };
  }

  return {
    /** The clusters (computed again first when stale), each with its decision and share of the newest draft. */
    async clusters() {
      await refreshClusters(deps);
      const [stored, decisions, run] = await Promise.all([
        repo.storedClusters(db, FAIRNESS.listLimit),
        repo.latestDecisions(db),
        repo.clusterRun(db),
      ]);
      const latest = new Map(decisions.map((d) => [d.clusterId, d]));
      const existing = new Set(
        await repo.existingClusters(
          db,
          decisions.map((d) => d.clusterId),
        ),
      );
      const all: ClusterLike[] = [
        ...stored,
        ...decisions.filter((d) => !existing.has(d.clusterId)).map(vanished),
      ];
      const share = await sharesOf(all, run?.computedAt?.getTime() ?? 0);
      return { clusters: all.map((c) => view(c, latest.get(c.id), share(c))) };
    },

    /** The players a decision on the cluster acts on: its members (an operator among them is refused). */
    async clusterTargets(id: string): Promise<readonly number[]> {
      return (await clusterForDecision(id))?.members ?? [];
    },

    /**
     * Excludes or clears a whole cluster (its members as they are now), with the reason; the latest
     * decision stands, so a later one undoes an earlier. Audited; refused once an allocation is published.
     */
    async decide(adminId: number, clusterId: string, action: 'exclude' | 'clear', reason: string) {
      await refuseOncePublished('a decision on a cluster');
      const cluster = await clusterForDecision(clusterId);
      if (!cluster) throw notFound('Cluster not found.');
      const now = new Date(deps.now());
      const saved = await database.transaction(async (tx) => {
        const before = await repo.latestDecision(tx, clusterId);
        const decision = await repo.insertDecision(tx, {
          clusterId,
          action,
          reason,
          members: cluster.members,
          adminId,
          createdAt: now,
        });
        await insertAudit(tx, [
          {
            adminId,
            action: `airdrop.cluster.${action}`,
            target: `cluster:${clusterId}`,
            reason,
            before: before ? decisionAudit(before) : null,
            after: decisionAudit(decision),
            createdAt: now,
          },
        ]);
        return decision;
      });
      const run = await repo.clusterRun(db);
      const share = await sharesOf([cluster], run?.computedAt?.getTime() ?? 0);
      return { cluster: view(cluster, saved, share(cluster)) };
    },

    /** The console's queue: pending appeals first (oldest first), then the answered ones (newest first). */
    appeals: async () => ({ appeals: (await repo.appealQueue(db, FAIRNESS.appealsLimit)).map(appealView) }),

    /** The player an answer to the appeal acts on. */
    async appealTargets(id: number): Promise<readonly number[]> {
      const appeal = await repo.findAppeal(db, id);
      return appeal ? [appeal.userId] : [];
    },

    /**
     * Answers a pending appeal (audited): upheld clears the player (a per-player exclusion of theirs
     * is lifted in the same transaction), rejected leaves things as they are. The bot tells the player in their language.
     */
    async answer(adminId: number, appealId: number, outcome: 'upheld' | 'rejected', reason: string) {
      const appeal = await repo.findAppeal(db, appealId);
      if (!appeal) throw notFound('Appeal not found.');
      if (appeal.status !== 'pending') throw refused('CONFLICT', 'This appeal is already answered.');
      await refuseOncePublished('an answer to an appeal');
      const now = new Date(deps.now());
      const saved = await database.transaction(async (tx) => {
        const answered = await repo.answerAppeal(tx, appealId, {
          status: outcome,
          answer: reason,
          answeredBy: adminId,
          answeredAt: now,
        });
        if (!answered) throw refused('CONFLICT', 'This appeal is already answered.');
        // Upheld: the player's own exclusion is lifted with the answer, or neither is stored.
        if (outcome === 'upheld')
          await allocations.include(tx, {
            adminId,
            playerId: answered.userId,
            reason: `appeal ${appealId} upheld: ${reason}`,
            at: now,
          });
        await insertAudit(tx, [
          {
            adminId,
            action: `airdrop.appeal.${outcome}`,
            target: `player:${answered.userId}`,
            reason,
            before: appealView(appeal),
            after: appealView(answered),
            createdAt: now,
          },
        ]);
        return answered;
      });
      // Told once the answer is stored, never of one rolled back.
      await queueAppealAnswer(deps, { userId: saved.userId, appealId, outcome });
      return { appeal: appealView(saved) };
    },

    /** Where the player stands, their latest appeal, and whether they may appeal now. */
    review: async (userId: number) => (await judge(userId)).reply,

    /** Stores the player's appeal (one pending at a time, only while under review or excluded, before publishing). */
    async appeal(userId: number, text: string) {
      const judged = await judge(userId);
      if (!judged.reply.canAppeal) {
        if (judged.reply.appeal?.status === 'pending')
          throw refused('CONFLICT', 'Your appeal is waiting for an answer.');
        if (judged.published) throw refused('CONFLICT', 'The airdrop is published: appeals are closed.');
        throw refused('CONFLICT', 'Your account is not under review.');
      }
      const saved = await repo.insertAppeal(db, {
        userId,
        clusterId: judged.review.exclusion?.clusterId ?? judged.cluster?.id ?? null,
        text,
        status: 'pending',
        createdAt: new Date(deps.now()),
      });
      if (!saved) throw refused('CONFLICT', 'Your appeal is waiting for an answer.');
      return (await judge(userId)).reply;
    },

    /** The rule published with the allocation, and when; nulls before publishing. */
    async criteria() {
      const published = await allocations.published();
      return { rule: published?.rule ?? null, publishedAt: published?.at ?? null };
    },
  };
}
export type FairnessService = ReturnType<typeof createFairnessService>;
