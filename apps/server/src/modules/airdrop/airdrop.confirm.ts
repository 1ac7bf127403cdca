/**
 * Claims confirmed from the chain. A claim the app reported sent (POST /airdrop/claim/sent) is
 * marked claimed once the player's jetton wallet, read through the TON API (airdrop.tonapi.ts),
 * says it claimed: its `is_claimed` get method, the flag the claim sets. Not its balance: a wallet
 * that only received a transfer holds jettons without having claimed, and one that claimed then
 * sent its jettons on holds none. Two ways in, both in the background:
 * - a job checks a bounded batch of sent claims every interval, going round all of them;
 * - GET /airdrop/claim, while a claim is sent, starts one check of that wallet without waiting
 *   for it (at most one per wallet at a time and per NUDGE_EVERY_MS, a bounded number at once).
 * Without TON_API_ROOT nothing reads the chain and sent claims stay sent.
 */
import { Address } from '@ton/core';
import type { FastifyBaseLogger } from 'fastify';
import { walletAddress } from '@egg-rush/jetton/contracts';
import type { Deps } from '../../lib/deps.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { sharedOutside } from '../../lib/outside.ts';
import * as repo from './airdrop.repository.ts';
import { createTonApi, type TonApi } from './airdrop.tonapi.ts';
import { minterOf, singleCache, type Minter } from './airdrop.tree.ts';

/** How often the job checks a batch of sent claims. */
export const CONFIRM_INTERVAL_MS = 30_000;
/** Sent claims checked per run. */
export const CONFIRM_BATCH = 50;
/** Checks started by players' requests at once; more are not started. */
const NUDGES_IN_FLIGHT = 16;
/** A wallet is checked for a player's request at most this often. */
const NUDGE_EVERY_MS = 15_000;
const NUDGES_REMEMBERED = 10_000;

/**
 * A published allocation's tree root and content URI: publishing sets both (only a draft has
 * neither), and only a published allocation's minter is deployed, checked or paid from.
 */
export function publishedParts(a: repo.AllocationRow): { merkleRoot: bigint; contentUri: string } {
  if (a.rootHex === null || a.contentUri === null)
    throw new Error(`airdrop allocation ${a.id} has no root or content URI: it is not published`);
  return { merkleRoot: BigInt(`0x${a.rootHex}`), contentUri: a.contentUri };
}

/** The minter a published allocation deploys. */
export function minterOfAllocation(a: repo.AllocationRow): Promise<Minter> {
  const { merkleRoot, contentUri } = publishedParts(a);
  return minterOf({
    admin: a.adminAddress === null ? null : Address.parseRaw(a.adminAddress),
    merkleRoot,
    contentUri,
    totalSupply: BigInt(a.total),
  });
}

export interface ClaimConfirmer {
  /** Checks up to `limit` sent claims (the next ones after the last run); how many became claimed. */
  runBatch(limit?: number): Promise<number>;
  /** Starts a check of one wallet's sent claim in the background; never throws, never waits. */
  nudge(wallet: string): void;
  /** Resolves once the checks started by nudges are done. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

export function createClaimConfirmer(deps: Deps, api: TonApi, log: FastifyBaseLogger = silent) {
  const db = deps.database.db;
  const minters = singleCache<Minter>();
  let published: repo.AllocationRow | undefined;
  let cursor = '';
  const nudges = new Map<string, Promise<void>>();
  const lastNudge = new Map<string, number>();
  // Closing aborts the reads in flight and starts no more.
  const stopping = new AbortController();

  async function publishedAllocation() {
    published ??= await repo.publishedAllocation(db);
    return published;
  }

  /** Reads the wallet's claimed flag and marks the claim when it is set. */
  async function check(a: repo.AllocationRow, row: { walletAddress: string }) {
    const minter = await minters(a.id, () => minterOfAllocation(a));
    const owner = Address.parseRaw(row.walletAddress);
    const wallet = walletAddress({
      owner,
      minter: minter.address,
      merkleRoot: publishedParts(a).merkleRoot,
      walletCode: minter.walletCode,
    });
    if (!(await api.isClaimed(wallet, stopping.signal))) return false;
    await repo.markClaimed(db, a.id, row.walletAddress, new Date(deps.now()));
    return true;
  }

  const confirmer: ClaimConfirmer = {
    async runBatch(limit = CONFIRM_BATCH) {
      const a = await publishedAllocation();
      if (!a) return 0;
      const rows = await repo.sentClaims(db, a.id, cursor, limit);
      // A full batch (limit ≥ 1 rows) has a last row: the next run starts after it.
      const last = rows.at(-1);
      cursor = last && rows.length >= limit ? last.walletAddress : '';
      let confirmed = 0;
      for (const row of rows) {
        if (stopping.signal.aborted) break;
        try {
          if (await check(a, row)) confirmed += 1;
        } catch (error) {
          // Left sent, checked again on a later round. While the API is down the outside
          // client's breaker refuses the rest at once, without a call.
          log.warn(
            { err: error, wallet: row.walletAddress },
            'airdrop claim not confirmed: the TON API failed',
          );
        }
      }
      return confirmed;
    },

    nudge(wallet) {
      const at = deps.now();
      const last = lastNudge.get(wallet);
      if (stopping.signal.aborted || nudges.has(wallet) || nudges.size >= NUDGES_IN_FLIGHT) return;
      if (last !== undefined && at - last >= 0 && at - last < NUDGE_EVERY_MS) return;
      if (lastNudge.size >= NUDGES_REMEMBERED) lastNudge.clear();
      lastNudge.set(wallet, at);
      const run = (async () => {
        const a = await publishedAllocation();
        if (!a) return;
        const row = await repo.allocatedWallet(db, a.id, wallet);
        if (row?.claimStatus === 'sent') await check(a, row);
      })()
        .catch((error: unknown) =>
          log.warn({ err: error, wallet }, 'airdrop claim not confirmed: the TON API failed'),
        )
        .finally(() => nudges.delete(wallet));
      nudges.set(wallet, run);
    },

    async settled() {
      await Promise.all(nudges.values());
    },

    async close() {
      stopping.abort();
      await confirmer.settled();
    },
  };
  return confirmer;
}

const confirmers = new WeakMap<Deps, ClaimConfirmer | null>();

/**
 * The process's confirmer for these deps (shared by the routes and the job), or null without
 * TON_API_ROOT. Its TON API calls go through the TON API's one outside client (shared with the signals).
 */
export function claimConfirmer(deps: Deps, log?: FastifyBaseLogger): ClaimConfirmer | null {
  let confirmer = confirmers.get(deps);
  if (confirmer !== undefined) return confirmer;
  const root = deps.env.tonApiRoot;
  if (root === undefined) confirmer = null;
  else {
    const { outside, release } = sharedOutside(deps, {
      name: 'ton-api',
      totalTimeoutMs: deps.env.outsideTimeoutMs,
      now: deps.now,
    });
    const inner = createClaimConfirmer(deps, createTonApi({ root, key: deps.env.tonApiKey, outside }), log);
    let closed: Promise<void> | undefined;
    confirmer = {
      ...inner,
      close: () => (closed ??= inner.close().then(release)),
    };
  }
  confirmers.set(deps, confirmer);
  return confirmer;
}

/** The confirmation job's name in the job runner. */
export const CLAIM_CONFIRM_JOB = 'airdrop.confirm';

/**
 * The job, on the job runner (lib/jobs.ts): a batch of sent claims checked at start and every
 * interval, across server processes (a claim marked twice is marked once). Nothing without
 * TON_API_ROOT. The runner's stop aborts the reads in flight (stopping never waits on the TON API)
 * and closes the process's confirmer.
 */
export function registerClaimConfirmJob(
  jobs: Jobs,
  deps: Deps,
  log: FastifyBaseLogger,
  everyMs = CONFIRM_INTERVAL_MS,
) {
  const confirmer = claimConfirmer(deps, log);
  if (!confirmer) return;
  jobs.every({
    name: CLAIM_CONFIRM_JOB,
    everyMs,
    run: async ({ signal }) => {
      const abort = () => void confirmer.close();
      signal.addEventListener('abort', abort, { once: true });
      try {
        const confirmed = await confirmer.runBatch();
        if (confirmed > 0) log.info({ confirmed }, 'airdrop claims confirmed on chain');
      } finally {
        signal.removeEventListener('abort', abort);
      }
    },
    stop: () => confirmer.close(),
  });
}
