import { setTimeout as sleep } from 'node:timers/promises';
import { GrammyError, InlineKeyboard, type Api } from 'grammy';
import {
  CAMPAIGN_MESSAGES_PER_SECOND,
  CAMPAIGN_REST_MS,
  campaignStartParam,
  campaignText,
  isBlockedAnswer,
  isCampaignScreen,
  PER_CHAT_INTERVAL_MS,
} from '@egg-rush/game/campaigns';
import { playerLanguage } from '@egg-rush/game/language';
import type { Deps } from '../../lib/deps.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { outsideBusy } from '../../lib/outside.ts';
import { botMayNotWrite, markUnreachable, playLabel } from '../bot/index.ts';
import { bannedAmong } from '../bans/index.ts';
import {
  claimRecipients,
  failUnfinished,
  finishDoneCampaigns,
  finishRecipient,
  findCampaign,
  messagedSince,
  requeue,
  type ClaimedRecipient,
  type CampaignRow,
} from './campaigns.repository.ts';

export const CAMPAIGN_SEND_JOB = 'campaigns.send';
/** The sender's tick: it looks for campaigns to send every second. */
export const SEND_EVERY_MS = 1000;
/** One run sends for at most this long, then the next tick goes on (far below its time limit). */
export const RUN_BUDGET_MS = 60_000;

/**
 * A refusal by the outside client that certainly sent nothing (Telegram's 429, the breaker open
 * after it, too many calls in flight): the message is sent again later. Any other failure (a
 * timeout, a lost connection, a 5xx) may have been delivered: not sent again.
 */
const NOT_SENT = /: 429|circuit open|calls in flight/;

type Outcome = 'sent' | 'blocked' | 'failed' | 'skipped' | 'requeued';

export interface SenderOptions {
  /** Messages per second in all (default CAMPAIGN_MESSAGES_PER_SECOND: below Telegram's 30). */
  perSecond?: number;
  /** Longest run before the next tick takes over (default RUN_BUDGET_MS). */
  budgetMs?: number;
}

/**
 * Sends campaigns' messages from the durable queue (campaign_recipients) at Telegram's pace. One
 * sender runs at a time across processes (a periodic job of the one runner), so its pace is the
 * bot's pace for campaigns: messages spaced 1/perSecond apart, never two to one chat within a
 * second, and a 429 pauses everything for its `retry_after`. A row is marked `sending` (committed)
 * before its message goes out; a row found `sending` when a run starts was left by a sender that
 * died, and is counted failed, never sent again: each player gets a campaign's message at most once.
 */
export function createCampaignSender(
  deps: Deps,
  api: Api,
  log: (msg: string, err?: unknown) => void,
  options: SenderOptions = {},
) {
  const { database, env } = deps;
  const perSecond = options.perSecond ?? CAMPAIGN_MESSAGES_PER_SECOND;
  const budgetMs = options.budgetMs ?? RUN_BUDGET_MS;
  const spacing = 1000 / perSecond;
  const at = () => new Date(deps.now());

  async function deliver(
    r: ClaimedRecipient,
    campaign: CampaignRow,
    pause: (s: number) => void,
  ): Promise<Outcome> {
    const { db } = database;
    const language = playerLanguage(r.language, null);
    const screen = isCampaignScreen(campaign.screen) ? campaign.screen : null;
    const link = `https://t.me/${env.botUsername}/${env.appShortName}?startapp=${campaignStartParam(campaign.id, screen)}`;
    try {
      await api.sendMessage(r.userId, campaignText(campaign.texts, language), {
        reply_markup: new InlineKeyboard().url(playLabel(language), link),
        link_preview_options: { is_disabled: true },
      });
    } catch (error) {
      if (error instanceof GrammyError && isBlockedAnswer(error.error_code)) {
        // Recorded where the bot keeps it: no message of any kind until they write to it again.
        await markUnreachable(db, r.userId, at());
        await finishRecipient(db, r, 'blocked', at(), error.description);
        return 'blocked';
      }
      const busy = outsideBusy(error);
      if (busy && NOT_SENT.test(busy.reason)) {
        pause(busy.retryAfter);
        await requeue(db, r);
        return 'requeued';
      }
      const reason = error instanceof GrammyError ? error.description : String((error as Error).message);
      await finishRecipient(db, r, 'failed', at(), reason.slice(0, 300));
      log(`campaign ${r.campaignId}: message to ${r.userId} failed`, error);
      return 'failed';
    }
    await finishRecipient(db, r, 'sent', at());
    return 'sent';
  }

  /** One run: sends what is queued until none is left, the budget is spent or `signal` aborts. */
  async function run(signal?: AbortSignal): Promise<Record<Outcome | 'unknown', number>> {
    const { db } = database;
    const outcomes: Record<Outcome | 'unknown', number> = {
      sent: 0,
      blocked: 0,
      failed: 0,
      skipped: 0,
      requeued: 0,
      unknown: await failUnfinished(db),
    };
    const started = performance.now();
    /** The next moment a message may leave, and when a 429 lets sending go on. */
    let slot = performance.now();
    let pausedUntil = 0;
    const lastToChat = new Map<number, number>();
    const pause = (seconds: number) => {
      pausedUntil = Math.max(pausedUntil, performance.now() + seconds * 1000);
    };
    const wait = async (until: number) => {
      const ms = until - performance.now();
      if (ms > 0) await sleep(ms, undefined, { signal }).catch(() => undefined);
    };
    const campaigns = new Map<number, CampaignRow | undefined>();

    while (!signal?.aborted && performance.now() - started < budgetMs) {
      const claimed = await database.transaction((tx) =>
        claimRecipients(tx, Math.max(1, Math.ceil(perSecond))),
      );
      if (claimed.length === 0) break;
      const ids = claimed.map((r) => r.userId);
      const mayNot = await botMayNotWrite(db, ids);
      const banned = await bannedAmong(db, ids);
      // Sent another campaign's message lately (or about to be, in this batch): left out.
      const rested = await messagedSince(db, ids, new Date(deps.now() - CAMPAIGN_REST_MS));
      const inFlight: Promise<void>[] = [];
      for (const r of claimed) {
        if (!campaigns.has(r.campaignId)) campaigns.set(r.campaignId, await findCampaign(db, r.campaignId));
        const campaign = campaigns.get(r.campaignId);
        const skip = !campaign
          ? 'no campaign'
          : mayNot.has(r.userId) || banned.has(r.userId)
            ? 'opted out, blocked or banned'
            : rested.has(r.userId)
              ? 'sent a campaign in the last 24 hours'
              : null;
        if (skip || !campaign) {
          await finishRecipient(db, r, 'skipped', at(), skip);
          outcomes.skipped += 1;
          continue;
        }
        await wait(
          Math.max(slot, pausedUntil, (lastToChat.get(r.userId) ?? -Infinity) + PER_CHAT_INTERVAL_MS),
        );
        if (signal?.aborted || performance.now() < pausedUntil) {
          // Stopped, or Telegram asked to wait meanwhile: not sent, queued again.
          await requeue(db, r);
          outcomes.requeued += 1;
          continue;
        }
        slot = Math.max(slot + spacing, performance.now());
        lastToChat.set(r.userId, performance.now());
        rested.add(r.userId);
        inFlight.push(
          deliver(r, campaign, pause).then(
            (outcome) => void (outcomes[outcome] += 1),
            async (error: unknown) => {
              // The database failed recording the answer: the row stays `sending` (never sent again).
              log(`campaign ${r.campaignId}: recording the answer for ${r.userId} failed`, error);
            },
          ),
        );
      }
      await Promise.all(inFlight);
      for (const [chat, sentAt] of lastToChat) {
        if (performance.now() - sentAt > PER_CHAT_INTERVAL_MS) lastToChat.delete(chat);
      }
    }
    await finishDoneCampaigns(db);
    return outcomes;
  }

  return {
    run,
    /** The sender as a periodic job of the runner: one run at a time across processes. */
    register(jobs: Jobs) {
      jobs.every({
        name: CAMPAIGN_SEND_JOB,
        everyMs: SEND_EVERY_MS,
        timeoutMs: budgetMs * 5,
        run: async ({ signal }) => void (await run(signal)),
      });
    },
  };
}
export type CampaignSender = ReturnType<typeof createCampaignSender>;

/** Registers the campaign sender on the job runner (with the bot). */
export function registerCampaignJobs(
  jobs: Jobs,
  deps: Deps,
  api: Api | undefined,
  log: { error(obj: object, msg: string): void },
  options: SenderOptions = {},
): CampaignSender | undefined {
  if (!api) return undefined;
  const sender = createCampaignSender(deps, api, (msg, err) => log.error({ err }, msg), options);
  sender.register(jobs);
  return sender;
}
