import { GrammyError, InlineKeyboard, type Api } from 'grammy';
import { gameDay } from '@egg-rush/game/time';
import {
  hoursLeftToday,
  NOTIFY_WINDOW_MS,
  outsideQuietHours,
  streakWarningDue,
  type NotificationKind,
} from '@egg-rush/game/notifications';
import { REFERRAL_REWARD } from '@egg-rush/game/referrals';
import type { Deps } from '../../lib/deps.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { outsideBusy } from '../../lib/outside.ts';
import { markUnreachable, setTimeZone } from './bot.repository.ts';
import { playerLanguage } from '@egg-rush/game/language';
import { botTexts } from './messages.ts';
import {
  claimDue,
  enqueueEnergyFull,
  enqueueNotice,
  enqueueForPlayers,
  enqueueFarmsReady,
  enqueueFriendsJoined,
  enqueueStreakWarnings,
  finish,
  postpone,
  pruneFinished,
  recipientState,
  type ClaimedNotification,
  type RecipientState,
} from './notifications.repository.ts';

/** Quiet hours follow the player's own clock: the time zone the app reports at login. */
export async function rememberTimeZone(deps: Deps, userId: number, timeZone: string): Promise<void> {
  if (!deps.env.botEnabled) return;
  await setTimeZone(deps.database.db, userId, timeZone, new Date(deps.now()));
}

/**
 * Tells a player, through the bot's queue, the outcome of their airdrop appeal (kind `appeal`,
 * once per appeal), in their language when it is sent. Nothing is queued without the bot.
 */
export async function queueAppealAnswer(
  deps: Deps,
  notice: { userId: number; appealId: number; outcome: 'upheld' | 'rejected' },
): Promise<void> {
  if (!deps.env.botEnabled) return;
  await enqueueNotice(deps.database.db, {
    userId: notice.userId,
    kind: 'appeal',
    eventKey: `appeal:${notice.appealId}`,
    dueAt: new Date(deps.now()),
    detail: { outcome: notice.outcome },
  });
}

/**
 * Reminds players who have not claimed their airdrop that its window closes in `days` (kind
 * `airdrop-deadline`, once per player, allocation and milestone: a second run or process queues
 * nothing again), due now: delivery keeps quiet hours, opt-outs and Telegram's pace. Players who
 * turned notifications off or blocked the bot are not queued. Returns how many were queued.
 */
export async function queueAirdropDeadline(
  deps: Deps,
  notice: { userIds: readonly number[]; allocationId: number; days: number },
): Promise<number> {
  if (!deps.env.botEnabled || notice.userIds.length === 0) return 0;
  return enqueueForPlayers(deps.database.db, {
    userIds: notice.userIds,
    kind: 'airdrop-deadline',
    eventKey: `airdrop:${notice.allocationId}:${notice.days}d`,
    dueAt: new Date(deps.now()),
    detail: { days: notice.days },
  });
}

/** The notification jobs' names in the job runner. */
export const NOTIFY_JOBS = { scan: 'notifications.scan', deliver: 'notifications.deliver' } as const;
/** How often the jobs look for new events and for due messages (milliseconds). */
export const SCAN_EVERY_MS = 60_000;
export const DELIVER_EVERY_MS = 5_000;
/** Messages one process takes from the queue at a time. */
export const DELIVER_BATCH = 25;
/** Finished rows are kept this long. */
export const KEEP_FINISHED_MS = 30 * 86_400_000;

export type Decision = { send: true } | { send: false; status: 'skipped' } | { send: false; later: number };

/**
 * Whether a claimed message goes out now: not to a player who turned reminders off or blocked
 * the bot, not for an event that is no longer true (the farm was claimed, energy spent again,
 * today's check-in done), and not in the player's quiet hours (then later).
 */
export function decide(n: ClaimedNotification, state: RecipientState, now: number): Decision {
  if (!state.exists || !state.notifications || state.unreachable) return { send: false, status: 'skipped' };
  const kind = n.kind as NotificationKind;
  const stillTrue =
    kind === 'farm'
      ? state.farmKey === n.eventKey
      : kind === 'energy'
        ? state.energyKey === n.eventKey && state.energySpent
        : kind === 'streak'
          ? n.eventKey === `day:${gameDay(now)}` && state.lastDailyDay === gameDay(now) - 1
          : kind === 'friend' || kind === 'appeal' || kind === 'airdrop-deadline';
  if (!stillTrue) return { send: false, status: 'skipped' };
  const allowed = outsideQuietHours(now, state.timeZone);
  if (allowed > now) return { send: false, later: allowed };
  return { send: true };
}

/**
 * Re-engagement messages through a queue kept in the database (table `notifications`): a scan
 * queues each event once (a unique key per player, kind and event), and delivery takes due rows
 * with `for update skip locked`, so any number of server processes share the work and none
 * sends a row another has taken. Works the same on PostgreSQL and the embedded PGlite.
 */
export function createNotifier(deps: Deps, api: Api, log: (msg: string, err?: unknown) => void) {
  const { database } = deps;

  async function scan(): Promise<number> {
    const now = deps.now();
    const at = new Date(now);
    const since = new Date(now - NOTIFY_WINDOW_MS);
    const { db } = database;
    let queued = 0;
    queued += await enqueueFarmsReady(db, at, since);
    queued += await enqueueEnergyFull(db, at, since);
    if (streakWarningDue(now)) queued += await enqueueStreakWarnings(db, at, gameDay(now));
    queued += await enqueueFriendsJoined(db, at, since, {
      regular: REFERRAL_REWARD.regular.inviter,
      premium: REFERRAL_REWARD.premium.inviter,
    });
    await pruneFinished(db, new Date(now - KEEP_FINISHED_MS));
    return queued;
  }

  async function deliverOne(n: ClaimedNotification): Promise<string> {
    const { db } = database;
    const now = deps.now();
    const state = await recipientState(db, n.userId);
    const decision = decide(n, state, now);
    if (!decision.send) {
      if ('later' in decision) {
        await postpone(db, n.id, new Date(decision.later));
        return 'postponed';
      }
      await finish(db, n.id, decision.status, new Date(now));
      return decision.status;
    }
    const detail = n.detail ? (JSON.parse(n.detail) as Record<string, unknown>) : {};
    const texts = botTexts(playerLanguage(state.chosenLanguage, state.telegramLanguage));
    try {
      await api.sendMessage(n.userId, texts.notificationText(n.kind, detail, hoursLeftToday(now)), {
        reply_markup: new InlineKeyboard().webApp(texts.play, deps.env.publicUrl),
        // Plain text (no parse_mode) and no link preview: nothing in it becomes a link card.
        link_preview_options: { is_disabled: true },
      });
    } catch (error) {
      if (error instanceof GrammyError && error.error_code === 403) {
        await markUnreachable(db, n.userId, new Date(deps.now()));
        await finish(db, n.id, 'blocked', new Date(deps.now()));
        return 'blocked';
      }
      const busy = outsideBusy(error);
      if (busy) {
        // Telegram asked to wait (429) or is unreachable: sent again when it may be.
        await postpone(db, n.id, new Date(deps.now() + busy.retryAfter * 1000));
        return 'postponed';
      }
      await finish(db, n.id, 'failed', new Date(deps.now()));
      log(`notification ${n.id} failed`, error);
      return 'failed';
    }
    await finish(db, n.id, 'sent', new Date(deps.now()));
    return 'sent';
  }

  /** Sends what is due now (in batches); returns the outcome of each message taken. */
  async function deliver(): Promise<Record<string, number>> {
    const outcomes: Record<string, number> = {};
    for (;;) {
      const batch = await database.transaction((tx) => claimDue(tx, new Date(deps.now()), DELIVER_BATCH));
      if (batch.length === 0) return outcomes;
      const results = await Promise.all(batch.map(deliverOne));
      for (const r of results) outcomes[r] = (outcomes[r] ?? 0) + 1;
      // Postponed rows are not due again before their new time; stop when only those came back.
      if (results.every((r) => r === 'postponed')) return outcomes;
    }
  }

  return {
    scan,
    deliver,
    /** One scan and one delivery, as the jobs do. */
    async runOnce() {
      await scan();
      return deliver();
    },
    /**
     * The scan (every minute) and the delivery (every 5 s) as jobs of the job runner (lib/jobs.ts):
     * each at most once at a time across server processes, stopped with the runner.
     */
    register(jobs: Jobs) {
      jobs.every({ name: NOTIFY_JOBS.scan, everyMs: SCAN_EVERY_MS, run: async () => void (await scan()) });
      jobs.every({
        name: NOTIFY_JOBS.deliver,
        everyMs: DELIVER_EVERY_MS,
        run: async () => void (await deliver()),
      });
    },
  };
}
export type Notifier = ReturnType<typeof createNotifier>;
