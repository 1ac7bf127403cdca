import type { FastifyBaseLogger } from 'fastify';
import { claimReminderDue } from '@egg-rush/game/airdrop';
import type { Deps } from '../../lib/deps.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { queueAirdropDeadline } from '../bot/index.ts';
import * as repo from './airdrop.repository.ts';

/** The reminder job's name in the job runner. */
export const CLAIM_REMINDER_JOB = 'airdrop.remind';
/** How often the job looks whether a milestone has come (milliseconds). */
export const REMIND_EVERY_MS = 15 * 60_000;
/** Allocated wallets read at a time (keyset over the allocation's rows). */
export const REMIND_BATCH = 1000;

/**
 * Queues the bot's `airdrop-deadline` reminder for the milestone due now to every player of the
 * published allocation whose wallet has not claimed (nor sent a claim), a batch of wallets at a time;
 * the notifications' key (player, allocation, milestone) makes every later run queue nothing again.
 * Returns how many were queued.
 */
export function createClaimReminder(deps: Deps, batchSize = REMIND_BATCH) {
  // The milestones this process has gone through: not read again until a restart.
  const done = new Set<string>();
  return async function remind(): Promise<number> {
    if (!deps.env.botEnabled) return 0;
    const a = await repo.publishedAllocation(deps.database.db);
    if (!a) return 0;
    const days = claimReminderDue(a.expiredAt, Math.floor(deps.now() / 1000));
    if (days === null || done.has(`${a.id}:${days}`)) return 0;
    let queued = 0;
    let after: string | null = null;
    for (;;) {
      const batch = await repo.unclaimedWallets(deps.database.db, a.id, after, batchSize);
      if (batch.length === 0) break;
      const userIds = [...new Set(batch.flatMap((row) => row.playerIds))];
      queued += await queueAirdropDeadline(deps, { userIds, allocationId: a.id, days });
      after = batch[batch.length - 1]?.walletAddress ?? null;
      if (batch.length < batchSize) break;
    }
    done.add(`${a.id}:${days}`);
    return queued;
  };
}

/** The reminders as a periodic job of the job runner (at most one run at a time across processes). */
export function registerClaimReminderJob(
  jobs: Jobs,
  deps: Deps,
  log: FastifyBaseLogger,
  everyMs = REMIND_EVERY_MS,
) {
  if (!deps.env.botEnabled) return;
  const remind = createClaimReminder(deps);
  jobs.every({
    name: CLAIM_REMINDER_JOB,
    everyMs,
    run: async () => {
      const queued = await remind();
      if (queued > 0) log.info({ queued }, 'airdrop deadline reminders queued');
    },
  });
}
