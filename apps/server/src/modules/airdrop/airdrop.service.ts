import { Address } from '@ton/core';
import type {
  AdminAllocationBody,
  AdminAllocationPreview,
  AirdropAllocation,
  AirdropClaimResponse,
} from '@egg-rush/contract/airdrop';
import {
  allocateAirdrop,
  airdropParamsProblem,
  claimOpen,
  claimWindowProblem,
  type AirdropRow,
} from '@egg-rush/game/airdrop';
import { RECOMMENDED_RULE, weighPlayers } from '@egg-rush/game/allocation-rule';
import { airdropCohorts } from '@egg-rush/game/cohorts';
import { ADJUST_KIND } from '@egg-rush/game/operator';
import {
  claimMessages,
  claimPayload,
  claimTransferHead,
  deployMessages,
  jettonMetadata,
} from '@egg-rush/jetton/contracts';
import { customPayloadResponse } from '@egg-rush/jetton/tree';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, notFound, refused } from '../../lib/errors.ts';
import { finishedSnapshot, frozenSnapshotRows } from '../admin/index.ts';
import { insertAudit, lastAuditAt } from '../audit/index.ts';
import { allocationInput } from '../fairness/index.ts';
import { ledgerReads } from '../ledger/index.ts';
import { playerExists } from '../users/index.ts';
import { walletOf } from '../wallet/index.ts';
import * as repo from './airdrop.repository.ts';
import { minterOfAllocation, publishedParts } from './airdrop.confirm.ts';
import {
  openTree,
  singleCache,
  treeDir,
  writeTree,
  type AllocationTree,
  type Minter,
} from './airdrop.tree.ts';

/**
 * Lifts a player's own exclusion, audited, within the caller's transaction (an upheld appeal
 * lifts it with the answer, all or nothing): false when they had none.
 */
export async function liftExclusion(
  tx: Tx,
  change: { adminId: number; playerId: number; reason: string; at: Date },
): Promise<boolean> {
  const before = await repo.findExclusion(tx, change.playerId);
  if (!before) return false;
  await repo.deleteExclusion(tx, change.playerId);
  await insertAudit(tx, [
    {
      adminId: change.adminId,
      action: 'airdrop.include',
      target: `player:${change.playerId}`,
      reason: change.reason,
      before,
      after: null,
      createdAt: change.at,
    },
  ]);
  return true;
}

/** The jetton this game airdrops (TEP-64). TON jettons count in 10^-9 like TON itself. */
export const JETTON = { name: 'Egg Rush', symbol: 'EGG', decimals: 9 } as const;
/** Claiming stays open this long after it opens, unless the operator says otherwise. */
export const DEFAULT_CLAIM_WINDOW_S = 180 * 24 * 3600;
const LARGEST = 20;
/**
 * The audited actions that change who counts in an allocation: decisions on clusters, answers to
 * appeals, per-player exclusions and their lifting.
 */
const JUDGEMENTS = [
  'airdrop.cluster.exclude',
  'airdrop.cluster.clear',
  'airdrop.appeal.upheld',
  'airdrop.appeal.rejected',
  'airdrop.exclude',
  'airdrop.include',
] as const;
const EXCLUDED_LIMIT = 500;

/** Where the jetton's TEP-64 metadata and TEP-177's custom payload API are served. */
export const airdropUris = (publicUrl: string) => ({
  content: `${publicUrl}/api/v1/airdrop/jetton.json`,
  /** Wallets call `<custom_payload_api_uri>/wallet/<address>` (TEP-177). */
  customPayloadApi: `${publicUrl}/api/v1/airdrop`,
});

export function metadataFor(publicUrl: string, decimals: number = JETTON.decimals) {
  return jettonMetadata({
    name: JETTON.name,
    symbol: JETTON.symbol,
    decimals,
    description: 'The Egg Rush airdrop: lifetime coins shared as a mintless jetton (TEP-176/177).',
    image: `${publicUrl}/icon-180.png`,
    customPayloadApiUri: airdropUris(publicUrl).customPayloadApi,
  });
}

function view(a: repo.AllocationRow): AirdropAllocation {
  return {
    id: a.id,
    snapshotId: a.snapshotId,
    supply: a.supply,
    decimals: a.decimals,
    cap: a.params.cap,
    minimum: a.params.minimum,
    startFrom: a.startFrom,
    expiredAt: a.expiredAt,
    status: a.status,
    wallets: a.wallets,
    total: a.total,
    root: a.rootHex,
    dumpHash: a.dumpSha256,
    createdBy: a.createdBy,
    createdAt: a.createdAt.getTime(),
    publishedBy: a.publishedBy,
    publishedAt: a.publishedAt?.getTime() ?? null,
    rule: a.params.rule ?? null,
  };
}

/** A rule's problem as a sentence: 'supply must …' → 'Supply must ….' */
const sentence = (problem: string) => `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`;

/** A wallet address in its raw form (`0:<hex>`), or null when it is not a basechain address. */
export function rawAddress(text: string): string | null {
  try {
    const address = Address.parse(text);
    return address.workChain === 0 ? address.toRawString() : null;
  } catch {
    return null;
  }
}

/** Ranges of whole jettons for the preview's histogram: 0, 1, 10, 100, … (smallest units). */
function histogramEdges(unit: bigint, max: bigint): bigint[] {
  const edges = [unit];
  for (let edge = unit * 10n; edge <= max; edge *= 10n) edges.push(edge);
  return edges;
}

export interface AirdropHooks {
  /** A player asked for their status while their claim is sent (the chain may confirm it). */
  onClaimSent?: (wallet: string) => void;
}

export function createAirdropService(deps: Deps, hooks: AirdropHooks = {}) {
  const db = deps.database.db;
  const trees = singleCache<AllocationTree>();
  const minters = singleCache<Minter>();
  // The published allocation never changes once found: kept after the first read.
  let published: repo.AllocationRow | undefined;

  async function publishedAllocation() {
    published ??= await repo.publishedAllocation(db);
    return published;
  }

  // The tree's files: a published allocation's are opened as they are (after a restart), written
  // from its rows otherwise (streamed in descending address order; a draft's always, when it is
  // published).
  const treeOf = (a: repo.AllocationRow) =>
    trees(a.id, async () => {
      const dir = treeDir(deps.env.dataDir);
      const kept = a.rootHex === null ? null : openTree(dir, a.rootHex);
      if (kept) return kept;
      const built = await writeTree(
        dir,
        a.wallets,
        repo.allocatedWalletBatches(db, a.id),
        a.startFrom,
        a.expiredAt,
      );
      if (a.rootHex !== null && built.tree.rootHex !== a.rootHex) {
        built.tree.close();
        throw new Error(`allocation ${a.id}: the rebuilt root differs from the published one`);
      }
      return built;
    });

  const minterFor = (a: repo.AllocationRow) => minters(a.id, () => minterOfAllocation(a));

  async function draft(id: number) {
    const a = await repo.findAllocation(db, id);
    if (!a) throw notFound('Allocation not found.');
    return a;
  }

  return {
    /** Shares a snapshot's players out of the supply by the rule of packages/game/src/airdrop.ts. */
    async createAllocation(adminId: number, body: AdminAllocationBody) {
      const snapshot = await finishedSnapshot(db, body.snapshotId);
      if (!snapshot) throw notFound('Snapshot not found.');
      const nowS = Math.floor(deps.now() / 1000);
      const startFrom = body.startFrom ?? nowS;
      const expiredAt = body.expiredAt ?? startFrom + DEFAULT_CLAIM_WINDOW_S;
      const windowProblem = claimWindowProblem({ startFrom, expiredAt }, nowS);
      if (windowProblem) throw badRequest(sentence(windowProblem));
      const params = {
        supply: BigInt(body.supply),
        decimals: body.decimals ?? JETTON.decimals,
        cap: body.cap === undefined ? null : BigInt(body.cap),
        minimum: body.minimum === undefined ? null : BigInt(body.minimum),
      };
      const problem = airdropParamsProblem(params);
      if (problem) throw badRequest(sentence(problem));

      const rule = body.rule ?? RECOMMENDED_RULE;
      const frozen = await frozenSnapshotRows(db, snapshot.id);
      const excluded = new Map((await repo.exclusions(db)).map((e) => [e.userId, e.reason]));
      // The clusters an operator excluded, and each row's facts for the rule (who is under review).
      const fairness = await allocationInput(deps, snapshot, frozen);
      for (const [id, reason] of fairness.exclusions) if (!excluded.has(id)) excluded.set(id, reason);
      const weights = weighPlayers(
        fairness.facts.filter((f) => !excluded.has(f.playerId)),
        rule,
        snapshot.takenAt.getTime(),
      );
      const rows: AirdropRow[] = frozen.map((r) => ({
        playerId: r.userId,
        wallet: rawAddress(r.walletAddress),
        coins: r.coins,
        excluded: excluded.get(r.userId) ?? null,
        weight: weights.get(r.userId) ?? 0n,
      }));
      const result = allocateAirdrop(rows, params);
      const cohorts = airdropCohorts(
        result.allocations,
        new Map(fairness.facts.map((f) => [f.playerId, f])),
        snapshot.takenAt.getTime(),
      ).map((c) => ({ ...c, median: c.median.toString() }));
      const now = new Date(deps.now());
      const saved = await repo.insertAllocation(db, {
        snapshotId: snapshot.id,
        supply: params.supply.toString(),
        decimals: params.decimals,
        params: { cap: result.cap?.toString() ?? null, minimum: result.minimum.toString(), rule, cohorts },
        startFrom,
        expiredAt,
        wallets: result.allocations.length,
        total: result.total.toString(),
        createdBy: adminId,
        createdAt: now,
      });
      try {
        await repo.insertAllocationRows(
          db,
          result.allocations.map((a) => ({
            allocationId: saved.id,
            walletAddress: a.wallet,
            amount: a.amount.toString(),
            coins: Number(a.coins),
            playerIds: a.playerIds,
          })),
        );
        await repo.insertRefusals(
          db,
          result.refused.map((r) => ({
            allocationId: saved.id,
            userId: r.playerId,
            walletAddress: r.wallet,
            reason: r.reason,
            detail: r.detail ?? null,
          })),
        );
      } catch (error) {
        await repo.deleteAllocation(db, saved.id).catch(() => undefined);
        throw error;
      }
      await insertAudit(db, [
        {
          adminId,
          action: 'airdrop.allocate',
          target: `allocation:${saved.id}`,
          after: { ...view(saved), unallocated: result.unallocated.toString() },
          createdAt: now,
        },
      ]);
      return { allocation: view(saved) };
    },

    allocations: async () => ({ allocations: (await repo.listAllocations(db)).map(view) }),

    /** What publishing would fix: totals, the histogram, the largest wallets, the refusals. */
    async preview(id: number): Promise<AdminAllocationPreview> {
      const a = await draft(id);
      const unit = 10n ** BigInt(a.decimals);
      const [totals, largest, refusals, excluded, claims] = await Promise.all([
        repo.allocationTotals(db, id),
        repo.largestWallets(db, id, LARGEST),
        repo.refusalCounts(db, id),
        repo.refusalsFor(db, id, ['excluded', 'wallet_excluded', 'banned'], EXCLUDED_LIMIT),
        repo.claimsPerDay(db, id),
      ]);
      // What operators credited the largest wallets' players, up to the snapshot's instant.
      const snapshot = await finishedSnapshot(db, a.snapshotId);
      const credited = snapshot
        ? await ledgerReads.creditsOfKind(
            db,
            largest.flatMap((r) => r.playerIds),
            ADJUST_KIND,
            snapshot.takenAt,
          )
        : new Map<number, number>();
      const edges = histogramEdges(unit, BigInt(largest[0]?.amount ?? '0'));
      const buckets = await repo.amountHistogram(db, id, edges);
      // width_bucket: 0 below the first edge, i in [edges[i-1], edges[i]), edges.length above the last.
      const histogram = edges.map((from, i) => ({
        from: from.toString(),
        to: edges[i + 1]?.toString() ?? null,
        wallets: buckets.find((b) => b.bucket === i + 1)?.wallets ?? 0,
      }));
      return {
        allocation: view(a),
        totals: {
          supply: a.supply,
          allocated: a.total,
          unallocated: (BigInt(a.supply) - BigInt(a.total)).toString(),
          wallets: a.wallets,
          eligiblePlayers: totals.eligible,
          refusedPlayers: totals.refused,
          claimedWallets: totals.claimed,
          claimedAmount: totals.claimedAmount,
        },
        histogram,
        largest: largest.map((r) => ({
          wallet: r.walletAddress,
          amount: r.amount,
          coins: r.coins,
          operatorCoins: r.playerIds.reduce((sum, p) => sum + (credited.get(p) ?? 0), 0),
          playerIds: r.playerIds,
        })),
        refusals: refusals.map((r) => ({
          reason: r.reason as AdminAllocationPreview['refusals'][0]['reason'],
          players: r.players,
        })),
        excluded: excluded.map((e) => ({
          ...e,
          reason: e.reason as AdminAllocationPreview['excluded'][0]['reason'],
        })),
        claims,
        // Computed with the allocation; none for allocations made before cohorts were.
        cohorts: a.params.cohorts ?? [],
      };
    },

    /**
     * Publishes a draft: builds its Merkle tree, fixes the root, the dump's hash, the minter's
     * admin and content. Once only, and only one allocation ever: the jetton is deployed from it.
     */
    async publish(adminId: number, id: number, options: { admin?: string | undefined }) {
      const a = await draft(id);
      if (a.status !== 'draft') throw refused('ALREADY_PUBLISHED', 'This allocation is already published.');
      if ((await repo.publishedCount(db)) > 0)
        throw refused('ANOTHER_PUBLISHED', 'Another allocation is already published.');
      if (a.wallets === 0) throw refused('EMPTY_ALLOCATION', 'This allocation has no wallet.');
      // What counts is frozen with the draft: a judgement taken since is not in it.
      const judged = await lastAuditAt(db, JUDGEMENTS);
      if (judged && judged > a.createdAt)
        throw refused('CONFLICT', 'Decisions changed since this draft: allocate again.');
      // A draft may have waited for days: its window must still be open for a day at least.
      const windowProblem = claimWindowProblem(a, Math.floor(deps.now() / 1000));
      if (windowProblem)
        throw badRequest(`${sentence(windowProblem)} Allocate the snapshot again with a later expiredAt.`);
      let admin: string | null = null;
      if (options.admin !== undefined) {
        admin = rawAddress(options.admin);
        if (admin === null) throw badRequest('admin is not a basechain TON address.');
      }
      const built = await treeOf(a);
      const now = new Date(deps.now());
      const saved = await repo.markPublished(db, id, {
        rootHex: built.tree.rootHex,
        dumpSha256: built.dumpHash,
        adminAddress: admin,
        contentUri: airdropUris(deps.env.publicUrl).content,
        publishedBy: adminId,
        publishedAt: now,
      });
      if (!saved) throw refused('ALREADY_PUBLISHED', 'This allocation is already published.');
      await insertAudit(db, [
        {
          adminId,
          action: 'airdrop.publish',
          target: `allocation:${id}`,
          before: view(a),
          after: view(saved),
          createdAt: now,
        },
      ]);
      published = saved;
      return { root: built.tree.rootHex, dumpHash: built.dumpHash, allocation: view(saved) };
    },

    /**
     * The operator's deploy messages for a published allocation (npm run airdrop:deploy), sent from
     * their own wallet in this order: the library (the wallet's code published on the masterchain,
     * which the claims' state inits refer to), then the minter the proofs and claims of this server
     * point at (`message`).
     */
    async deployment(id: number) {
      const a = await draft(id);
      if (a.status !== 'published') throw refused('NOT_PUBLISHED', 'Publish the allocation first.');
      const { merkleRoot, contentUri } = publishedParts(a);
      const messages = await deployMessages({
        admin: a.adminAddress === null ? null : Address.parseRaw(a.adminAddress),
        merkleRoot,
        content: contentUri,
        totalSupply: BigInt(a.total),
      });
      const [library, message] = messages;
      return {
        allocation: view(a),
        contentUri,
        library,
        message,
        messages,
        metadata: metadataFor(deps.env.publicUrl, a.decimals),
      };
    },

    /** TEP-177's custom payload answer for a wallet of the published tree; 404 otherwise. */
    async walletPayload(text: string) {
      const raw = rawAddress(text);
      if (raw === null) throw badRequest('Not a TON address.');
      const a = await publishedAllocation();
      if (!a) throw notFound('No airdrop is published.');
      const [{ tree }, minter] = await Promise.all([treeOf(a), minterFor(a)]);
      const address = Address.parseRaw(raw);
      const answer = customPayloadResponse(tree, address, {
        minter: minter.address,
        walletCode: minter.walletCode,
      });
      if (!answer) throw notFound('This address has no airdrop.');
      return answer;
    },

    /** The published tree as a BOC (its file, streamed): its root cell's hash is the published root. */
    async dump() {
      const a = await publishedAllocation();
      if (!a) throw notFound('No airdrop is published.');
      const { dumpPath, dumpBytes } = await treeOf(a);
      return { id: a.id, path: dumpPath, bytes: dumpBytes, sha256: a.dumpSha256 ?? String(a.id) };
    },

    /** The published allocation's root (hex), or null before publishing: what the public answers follow. */
    publishedRoot: async () => (await publishedAllocation())?.rootHex ?? null,

    /** The jetton's metadata, and whether it is final (an allocation is published: its decimals fixed). */
    async metadata() {
      const a = await publishedAllocation();
      return {
        body: metadataFor(deps.env.publicUrl, a?.decimals ?? JETTON.decimals),
        final: a !== undefined,
      };
    },

    /** The player's airdrop status and, when claimable now, the TON Connect messages. */
    async claim(userId: number): Promise<AirdropClaimResponse> {
      const none = {
        reason: null,
        amount: null,
        decimals: null,
        wallet: null,
        opens: null,
        closes: null,
        messages: [],
      };
      const bound = await walletOf(db, userId);
      const wallet = bound ? rawAddress(bound) : null;
      if (wallet === null) return { ...none, status: 'no_wallet' };
      const a = await publishedAllocation();
      if (!a) return { ...none, status: 'no_snapshot' };
      const timing = { decimals: a.decimals, opens: a.startFrom, closes: a.expiredAt };
      const row = await repo.allocatedWallet(db, a.id, wallet);
      if (!row) {
        const elsewhere = await repo.walletOfPlayer(db, a.id, userId);
        if (elsewhere)
          return {
            ...none,
            ...timing,
            status: 'not_eligible',
            reason: 'wallet_changed',
            amount: elsewhere.amount,
            wallet: elsewhere.walletAddress,
          };
        const refusal = await repo.refusalOf(db, a.id, userId);
        return {
          ...none,
          status: 'not_eligible',
          reason: (refusal?.reason as AirdropClaimResponse['reason']) ?? 'not_in_snapshot',
        };
      }
      const base = { ...none, ...timing, amount: row.amount, wallet: row.walletAddress };
      if (row.claimStatus === 'claimed') return { ...base, status: 'claimed' };
      if (row.claimStatus === 'sent') {
        hooks.onClaimSent?.(row.walletAddress);
        return { ...base, status: 'claim_sent' };
      }
      // Exactly the seconds the jetton wallet accepts a claim: from start_from to expired_at, both included.
      if (!claimOpen(a, Math.floor(deps.now() / 1000))) return { ...base, status: 'allocated' };
      const [{ tree }, minter] = await Promise.all([treeOf(a), minterFor(a)]);
      const owner = Address.parseRaw(wallet);
      const found = tree.lookup(owner);
      if (!found) return { ...base, status: 'allocated' };
      const config = { owner, minter: minter.address, merkleRoot: tree.root, walletCode: minter.walletCode };
      // From a tree's files, the transfer body's bytes are written as they are read (no cell of
      // the proof built or hashed); from a tree in memory, built from the proof's cells.
      const messages = claimMessages(
        found.payloadBoc
          ? { ...config, bodyBoc: found.payloadBoc(claimTransferHead(owner)) }
          : { ...config, proofPayload: claimPayload(found.proof()) },
      );
      return { ...base, status: 'allocated', messages };
    },

    /** The app sent the claim: remembered, so that a reload shows it. */
    async claimSent(userId: number) {
      const bound = await walletOf(db, userId);
      const wallet = bound ? rawAddress(bound) : null;
      const a = await publishedAllocation();
      if (wallet === null || !a) throw refused('NOTHING_TO_CLAIM', 'There is nothing to claim.');
      const row = await repo.markClaimSent(db, a.id, wallet, new Date(deps.now()));
      if (!row) throw refused('NOTHING_TO_CLAIM', 'There is nothing to claim.');
      return { status: row.claimStatus === 'claimed' ? ('claimed' as const) : ('claim_sent' as const) };
    },

    // --- Exclusions ------------------------------------------------------------------------------

    async exclusions() {
      return {
        exclusions: (await repo.exclusions(db)).map((e) => ({
          playerId: e.userId,
          reason: e.reason,
          excludedBy: e.excludedBy,
          excludedAt: e.excludedAt.getTime(),
        })),
      };
    },

    /** Leaves a player out of the allocations made from now on (audited, before and after). */
    async exclude(adminId: number, playerId: number, reason: string, exclude: boolean) {
      const now = new Date(deps.now());
      if (!(await playerExists(db, playerId))) throw notFound('Player not found.');
      const before = (await repo.findExclusion(db, playerId)) ?? null;
      if (!exclude) await repo.deleteExclusion(db, playerId);
      else await repo.upsertExclusion(db, { userId: playerId, reason, excludedBy: adminId, excludedAt: now });
      const after = (await repo.findExclusion(db, playerId)) ?? null;
      await insertAudit(db, [
        {
          adminId,
          action: exclude ? 'airdrop.exclude' : 'airdrop.include',
          target: `player:${playerId}`,
          reason,
          before,
          after,
          createdAt: now,
        },
      ]);
      return {
        exclusion:
          after === null
            ? null
            : {
                playerId,
                reason: after.reason,
                excludedBy: after.excludedBy,
                excludedAt: after.excludedAt.getTime(),
              },
      };
    },
  };
}
