import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.tsx';
import { tasksQuery } from '../../lib/tasks.ts';

export function useTaskProgress() {
  const { user } = useSession();
  const { data } = useQuery(tasksQuery(user.id));
  if (!data) return undefined;
  return { done: data.tasks.filter((t) => t.isClaimed).length, total: data.tasks.length };
}

/** Where the mini-app lives, for wallets to return to (GET /app/config). */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => call('appConfig'),
  staleTime: Infinity,
});

/** The player's airdrop: status, amount, claim window and the TON Connect messages (GET /airdrop/claim). */
export const airdropClaimQuery = (userId: number) =>
  queryOptions({
    queryKey: ['airdrop-claim', userId],
    queryFn: () => call('airdropClaim'),
  });

/** Smallest units (decimal text) as whole jettons in the player's language: "1,234.5", "1 234,5". */
export function formatJettons(units: string, decimals: number, locale: string): string {
  const padded = units.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals);
  const frac = padded.slice(padded.length - decimals).replace(/0+$/, '');
  // Intl formats decimal text exactly, without going through a float.
  const text = (frac ? `${whole}.${frac}` : whole) as `${number}`;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: decimals }).format(text);
}

/** The airdrop's jetton (TEP-64 metadata served by the server). */
export const JETTON_SYMBOL = 'EGG';

/** A raw address (0:hex) shortened for reading: 0:4f2a…91c0. */
export const shortAddress = (raw: string) => (raw.length > 14 ? `${raw.slice(0, 6)}…${raw.slice(-4)}` : raw);

/** Where the player stands in the airdrop's review of linked accounts, and their appeal (GET /airdrop/review). */
export const airdropReviewQuery = (userId: number) =>
  queryOptions({
    queryKey: ['airdrop-review', userId],
    queryFn: () => call('airdropReview'),
  });

/** The rule published with the airdrop's root, null before publishing (GET /airdrop/criteria). */
export const airdropCriteriaQuery = queryOptions({
  queryKey: ['airdrop-criteria'],
  queryFn: () => call('airdropCriteria'),
  staleTime: 5 * 60_000,
});

/** The shortest and longest appeal the server takes (packages/contract/src/fairness.ts). */
export const APPEAL_MIN = 10;
export const APPEAL_MAX = 1000;
