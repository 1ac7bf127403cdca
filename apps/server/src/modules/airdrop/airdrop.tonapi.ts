/**
 * Reads from the TON chain through toncenter's API v3 (TON_API_ROOT, e.g. https://toncenter.com;
 * TON_API_KEY sent as X-API-Key): a jetton wallet's `is_claimed` get method (runGetMethod). Every call goes through the one outside client
 * (lib/outside.ts): timeouts, a bound on calls in flight and a circuit breaker. A failed read is
 * tried again a few times with a short pause, never while the breaker is open; callers run it in
 * the background, so no player's request ever waits on the chain.
 */
import type { Address } from '@ton/core';
import { z } from 'zod';
import { outsideBusy, type Outside } from '../../lib/outside.ts';

/** toncenter v3 `POST /api/v3/runGetMethod`: the fields we read of its answer. */
const getMethodResult = z.object({
  exit_code: z.number().int(),
  stack: z.array(z.object({ type: z.string(), value: z.unknown() })),
});

export interface TonApi {
  /**
   * Whether the jetton wallet `wallet` has claimed its airdrop: its `is_claimed` get method
   * (packages/jetton/contracts/jetton-wallet.fc), the flag the claim sets, whatever the balance
   * became since. False while the wallet is not deployed (the method does not run). Throws when
   * the API cannot answer.
   */
  isClaimed(wallet: Address, signal?: AbortSignal): Promise<boolean>;
}

export interface TonApiOptions {
  root: string;
  key: string | undefined;
  outside: Outside;
  /** Tries per read (the first and the retries). */
  attempts?: number;
  retryDelayMs?: number;
}

export function createTonApi(options: TonApiOptions): TonApi {
  const attempts = options.attempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 500;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.key) headers['x-api-key'] = options.key;

  async function post(path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const url = `${options.root.replace(/\/$/, '')}${path}`;
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await options.outside.fetch(url, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal,
        });
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
    async isClaimed(wallet, signal) {
      const result = getMethodResult.parse(
        await post(
          '/api/v3/runGetMethod',
          { address: wallet.toRawString(), method: 'is_claimed', stack: [] },
          signal,
        ),
      );
      // A wallet not deployed yet has no code to run: the method fails, nothing was claimed.
      if (result.exit_code !== 0) return false;
      const top = result.stack[0];
      if (top?.type !== 'num' || typeof top.value !== 'string' || !/^-?0x[0-9a-f]+$/i.test(top.value))
        throw new Error('TON API: is_claimed did not answer a number');
      return !/^-?0x0+$/i.test(top.value);
    },
  };
}
