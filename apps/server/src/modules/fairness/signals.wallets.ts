/**
 * The bound wallet's facts from the chain: its version (when the proof did not name it), whether
 * it had a transaction before it was bound, and who sent its first incoming transfer. Read in the
 * background, never while a player waits: once right after a binding (a bounded number at once)
 * and by the job (signals.job.ts), a batch of due wallets a minute. A failed or incomplete read is
 * tried again later, fewer times and further apart each time; facts stay null while unknown.
 * Without TON_API_ROOT nothing is read.
 */
import { Address } from '@ton/core';
import type { FastifyBaseLogger } from 'fastify';
import { sharedOutside } from '../../lib/outside.ts';
import type { Deps } from '../../lib/deps.ts';
import { walletVersionOfCodeHash } from '../wallet/index.ts';
import * as repo from './signals.repository.ts';
import { createSignalsTonApi, type SignalsTonApi } from './signals.tonapi.ts';

export const WALLET_FACTS = {
  /** Reads of one binding at most; then the unknown facts stay unknown. */
  attempts: 6,
  /** The pause before the second read; each one after waits twice as long as the one before. */
  retryMs: 5 * 60_000,
  /** Transactions read from the first: the first incoming transfer is among them. */
  transactions: 16,
  /** Wallets the job reads per run. */
  batch: 20,
  /** Reads started by bindings at once; more are left to the job. */
  nudgesInFlight: 4,
} as const;

export interface WalletFactsReader {
  /** Reads the facts of up to `limit` due wallets; how many were read. */
  runBatch(limit?: number): Promise<number>;
  /** Starts a read of the player's wallet in the background; never throws, never waits. */
  nudge(userId: number): void;
  /** Resolves once the reads started by nudges are done. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

export function createWalletFactsReader(
  deps: Deps,
  api: SignalsTonApi,
  log: FastifyBaseLogger = silent,
): WalletFactsReader {
  const db = deps.database.db;
  const nudges = new Map<number, Promise<void>>();
  const stopping = new AbortController();

  /** One read of one binding: what it learnt, and when to read again. */
  async function read(row: repo.WalletFactsRow): Promise<void> {
    const attempts = row.attempts + 1;
    const key = { userId: row.userId, address: row.address, boundAt: row.boundAt };
    const retry = (n: number) =>
      n >= WALLET_FACTS.attempts ? null : new Date(deps.now() + WALLET_FACTS.retryMs * 2 ** (n - 1));
    try {
      const address = Address.parseRaw(row.address);
      let version = row.version;
      if (version === null) {
        const hash = await api.codeHash(address, stopping.signal);
        version = hash === null ? null : walletVersionOfCodeHash(hash);
      }
      let newWhenBound = row.newWhenBound;
      let fundedBy = row.fundedBy;
      // Not funded in its first transactions: nobody will be found further on.
      let unfunded = false;
      if (newWhenBound === null || fundedBy === null) {
        const txs = await api.firstTransactions(address, WALLET_FACTS.transactions, stopping.signal);
        newWhenBound ??= !(txs[0] && txs[0].at < row.boundAt.getTime());
        fundedBy ??= txs.find((tx) => tx.source !== null && tx.value > 0n)?.source ?? null;
        unfunded = fundedBy === null && txs.length >= WALLET_FACTS.transactions;
      }
      // An undeployed wallet, or one not funded yet: read again later (its facts may come).
      const done = (version !== null && fundedBy !== null) || unfunded;
      await repo.saveWalletFacts(db, key, {
        version,
        newWhenBound,
        fundedBy,
        checkedAt: new Date(deps.now()),
        attempts,
        nextCheckAt: done ? null : retry(attempts),
      });
    } catch (error) {
      if (stopping.signal.aborted) return;
      log.warn({ err: error, player: row.userId }, 'wallet facts not read: the TON API failed');
      await repo.saveWalletFacts(db, key, {
        version: null,
        newWhenBound: null,
        fundedBy: null,
        checkedAt: null,
        attempts,
        nextCheckAt: retry(attempts),
      });
    }
  }

  const reader: WalletFactsReader = {
    async runBatch(limit = WALLET_FACTS.batch) {
      const due = await repo.walletsDue(db, new Date(deps.now()), limit);
      let count = 0;
      for (const row of due) {
        if (stopping.signal.aborted) break;
        if (nudges.has(row.userId)) continue;
        await read(row);
        count += 1;
      }
      return count;
    },

    nudge(userId) {
      if (stopping.signal.aborted || nudges.has(userId) || nudges.size >= WALLET_FACTS.nudgesInFlight) return;
      const run = (async () => {
        const row = await repo.walletOf(db, userId);
        if (row?.nextCheckAt) await read(row);
      })()
        .catch((error: unknown) => log.warn({ err: error, player: userId }, 'wallet facts not read'))
        .finally(() => nudges.delete(userId));
      nudges.set(userId, run);
    },

    async settled() {
      await Promise.all(nudges.values());
    },

    async close() {
      stopping.abort();
      await reader.settled();
    },
  };
  return reader;
}

const readers = new WeakMap<Deps, WalletFactsReader | null>();

/**
 * The process's reader for these deps (shared by the wallet binding and the job), or null
 * without TON_API_ROOT. Its calls go through the TON API's one outside client (shared with the claim confirmer).
 */
export function walletFactsReader(deps: Deps, log?: FastifyBaseLogger): WalletFactsReader | null {
  let reader = readers.get(deps);
  if (reader !== undefined) return reader;
  const root = deps.env.tonApiRoot;
  if (root === undefined) reader = null;
  else {
    const { outside, release } = sharedOutside(deps, {
      name: 'ton-api',
      totalTimeoutMs: deps.env.outsideTimeoutMs,
      now: deps.now,
    });
    const inner = createWalletFactsReader(
      deps,
      createSignalsTonApi({ root, key: deps.env.tonApiKey, outside }),
      log,
    );
    let closed: Promise<void> | undefined;
    reader = { ...inner, close: () => (closed ??= inner.close().then(release)) };
  }
  readers.set(deps, reader);
  return reader;
}

/** Closes the process's reader for these deps, if one was made (the app's close). */
export async function closeWalletFactsReader(deps: Deps): Promise<void> {
  await readers.get(deps)?.close();
}
