/**
 * The chain's facts of a bound wallet, read from toncenter's API v3 (TON_API_ROOT, TON_API_KEY
 * as X-API-Key) through the one outside client (lib/outside.ts: timeouts, a bound on calls in
 * flight, a circuit breaker). One try per read: the reader (signals.wallets.ts) tries again later.
 */
import { Address } from '@ton/core';
import { z } from 'zod';
import type { Outside } from '../../lib/outside.ts';

/** `GET /api/v3/accountStates`: the fields read of its answer. */
const accountStates = z.object({
  accounts: z.array(
    z.object({
      address: z.string(),
      status: z.string().nullish(),
      code_hash: z.string().nullish(),
    }),
  ),
});

/** `GET /api/v3/transactions`: the fields read of its answer. */
const transactions = z.object({
  transactions: z.array(
    z.object({
      /** Unix seconds. */
      now: z.number(),
      in_msg: z
        .object({
          source: z.string().nullish(),
          value: z.string().regex(/^\d+$/).nullish(),
        })
        .nullish(),
    }),
  ),
});

export interface ChainTransaction {
  /** Epoch ms. */
  at: number;
  /** The raw address (`0:<hex>`) that sent the incoming message, null for an external one. */
  source: string | null;
  /** Nanotons the incoming message carried. */
  value: bigint;
}

export interface SignalsTonApi {
  /** The code hash (hex or base64, as the API gives it) of the deployed account; null when it is not deployed. */
  codeHash(address: Address, signal?: AbortSignal): Promise<string | null>;
  /** The account's first `limit` transactions, oldest first. */
  firstTransactions(address: Address, limit: number, signal?: AbortSignal): Promise<ChainTransaction[]>;
}

const rawOrNull = (text: string | null | undefined) => {
  if (!text) return null;
  try {
    return Address.parse(text).toRawString();
  } catch {
    return null;
  }
};

export function createSignalsTonApi(options: {
  root: string;
  key: string | undefined;
  outside: Outside;
}): SignalsTonApi {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.key) headers['x-api-key'] = options.key;

  async function get(path: string, query: Record<string, string>, signal?: AbortSignal) {
    const url = `${options.root}${path}?${new URLSearchParams(query).toString()}`;
    const res = await options.outside.fetch(url, { headers, signal });
    if (!res.ok) throw new Error(`TON API answered ${res.status} to ${path}`);
    return (await res.json()) as unknown;
  }

  return {
    async codeHash(address, signal) {
      const raw = address.toRawString();
      const body = accountStates.parse(
        await get('/api/v3/accountStates', { address: raw, include_boc: 'false' }, signal),
      );
      const account = body.accounts.find((a) => rawOrNull(a.address) === raw);
      if (!account || account.status !== 'active') return null;
      return account.code_hash ?? null;
    },

    async firstTransactions(address, limit, signal) {
      const body = transactions.parse(
        await get(
          '/api/v3/transactions',
          { account: address.toRawString(), limit: String(limit), offset: '0', sort: 'asc' },
          signal,
        ),
      );
      return body.transactions
        .map((tx) => ({
          at: tx.now * 1000,
          source: rawOrNull(tx.in_msg?.source),
          value: BigInt(tx.in_msg?.value ?? '0'),
        }))
        .sort((a, b) => a.at - b.at);
    },
  };
}
