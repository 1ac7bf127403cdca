/**
 * Reads from the TON chain through toncenter's API v3 (TON_API_ROOT, e.g. https://toncenter.com;
 * TON_API_KEY sent as X-API-Key). Every call goes through the one outside client
 * (lib/outside.ts): timeouts, a bound on calls in flight and a circuit breaker. A failed read is
 * tried again a few times with a short pause, never while the breaker is open; callers run it in
 * the background, so no player's request ever waits on the chain.
 */
import { Address } from '@ton/core';
import { z } from 'zod';
import { outsideBusy, type Outside } from '../../lib/outside.ts';

/** toncenter v3 `GET /api/v3/jetton/wallets`: the fields we read of its answer. */
const jettonWallets = z.object({
  jetton_wallets: z.array(
    z.object({
      address: z.string(),
      balance: z.string().regex(/^\d+$/),
      owner: z.string(),
      jetton: z.string(),
    }),
  ),
});

export interface TonApi {
  /**
   * The balance of `wallet`, the jetton wallet of `owner` for the jetton `jetton`, as the chain
   * shows it: 0 when the wallet is not deployed (or not indexed yet). Throws when the API cannot
   * answer.
   */
  jettonBalance(owner: Address, jetton: Address, wallet: Address, signal?: AbortSignal): Promise<bigint>;
}

export interface TonApiOptions {
  root: string;
  key: string | undefined;
  outside: Outside;
  /** Tries per read (the first and the retries). */
  attempts?: number;
  retryDelayMs?: number;
}

const sameAddress = (text: string, address: Address) => {
  try {
    return Address.parse(text).equals(address);
  } catch {
    return false;
  }
};

export function createTonApi(options: TonApiOptions): TonApi {
  const attempts = options.attempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 500;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.key) headers['x-api-key'] = options.key;

  async function get(path: string, query: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
    const url = `${options.root}${path}?${new URLSearchParams(query).toString()}`;
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await options.outside.fetch(url, { headers, signal });
        if (!res.ok) throw new Error(`TON API answered ${res.status} to ${path}`);
        return await res.json();
      } catch (error) {
        // The breaker is open (or the API said to wait): trying again now would only be refused.
        const busy = outsideBusy(error);
        if (
          attempt >= attempts ||
          signal?.aborted ||
          options.outside.state().open ||
          (busy && busy.retryAfter > 1)
        )
          throw error;
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, retryDelayMs * attempt);
          signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve(undefined);
          });
        });
      }
    }
  }

  return {
    async jettonBalance(owner, jetton, wallet, signal) {
      const body = jettonWallets.parse(
        await get(
          '/api/v3/jetton/wallets',
          {
            owner_address: owner.toRawString(),
            jetton_address: jetton.toRawString(),
            limit: '10',
            offset: '0',
          },
          signal,
        ),
      );
      const found = body.jetton_wallets.find(
        (w) => sameAddress(w.address, wallet) && sameAddress(w.owner, owner) && sameAddress(w.jetton, jetton),
      );
      return found ? BigInt(found.balance) : 0n;
    },
  };
}
