import { sql, type SQL } from 'drizzle-orm';
import type {
  AdminCampaignCreateBody,
  CampaignDetail,
  CampaignSegment,
  CampaignSummary,
} from '@egg-rush/contract/campaigns';
import { CAMPAIGN_REST_MS, cohortWindow, parseCampaignStartParam } from '@egg-rush/game/campaigns';
import { LEAGUES } from '@egg-rush/game/leagues';
import { DAY_MS, nextResetAt } from '@egg-rush/game/time';
import type { Deps } from '../../lib/deps.ts';
import { notFound, refused } from '../../lib/errors.ts';
import { insertAudit } from '../audit/index.ts';
import { botMayWriteSql } from '../bot/index.ts';
import { inSquadSql } from '../squads/index.ts';
import { lifetimeScoreAtLeastSql } from '../accounts/index.ts';
import { playersMatchingSql, type PlayerConditions } from '../users/index.ts';
import {
  campaignCounts,
  campaignsCreatedSince,
  countAudience,
  fillRecipients,
  findCampaign,
  insertCampaign,
  listCampaigns,
  markOpened,
  notMessagedSinceSql,
  setStatus,
  type CampaignCounts,
  type CampaignRow,
} from './campaigns.repository.ts';

/** Campaigns one operator may create per game day. */
export const CAMPAIGNS_PER_DAY = 20;
/** The console's list: the latest this many. */
export const CAMPAIGNS_LISTED = 100;

/**
 * A segment as a query of the players it holds now (`select id, language …`): the conditions on
 * the player row (users), squad membership (squads), and only players the bot may write to
 * (bot: not opted out, not blocked), and none sent a campaign's message in the last
 * CAMPAIGN_REST_MS.
 */
export function audienceSql(segment: CampaignSegment, now: number) {
  const conditions: PlayerConditions = {};
  if (segment.languages) conditions.languages = segment.languages;
  if (segment.inactiveDays) conditions.seenBefore = new Date(now - segment.inactiveDays * DAY_MS);
  if (segment.walletBound !== undefined) conditions.walletBound = segment.walletBound;
  if (segment.cohort) {
    const { from, to } = cohortWindow(segment.cohort);
    if (from !== null) conditions.joinedFrom = new Date(from);
    if (to !== null) conditions.joinedBefore = new Date(to);
  }
  if (segment.source) conditions.invited = segment.source === 'invite';
  const extra: SQL[] = [
    botMayWriteSql(sql`u.id`),
    notMessagedSinceSql(sql`u.id`, new Date(now - CAMPAIGN_REST_MS)),
  ];
  if (segment.squadId !== undefined) extra.push(inSquadSql(sql`u.id`, segment.squadId));
  // Reached a league: a lifetime score at least its threshold (the accounts').
  const minScore = LEAGUES.find((l) => l.id === segment.minLeague)?.threshold ?? 0;
  if (minScore > 0) extra.push(lifetimeScoreAtLeastSql(sql`u.id`, minScore));
  return (slice?: { afterId: number; limit: number }) => playersMatchingSql(conditions, extra, slice);
}

const ms = (d: Date | null) => (d ? d.getTime() : null);

function summary(row: CampaignRow, counts: CampaignCounts): CampaignSummary {
  return {
    id: row.id,
    // A campaign still choosing its recipients (or left so by a crash) reads as a draft of none.
    status: row.status === 'preparing' ? 'draft' : (row.status as CampaignSummary['status']),
    ...counts,
    createdAt: row.createdAt.getTime(),
    createdBy: row.createdBy,
    sendStartedAt: ms(row.sendStartedAt),
  };
}

function detail(row: CampaignRow, counts: CampaignCounts): CampaignDetail {
  return {
    ...summary(row, counts),
    segment: row.segment as CampaignSegment,
    texts: row.texts,
    screen: (row.screen as CampaignDetail['screen']) ?? null,
  };
}

export function createCampaignsService(deps: Deps) {
  const { db } = deps.database;

  async function get(campaignId: number): Promise<CampaignDetail> {
    const row = await findCampaign(db, campaignId);
    if (!row) throw notFound('No such campaign.');
    return detail(row, campaignCounts(row));
  }

  return {
    get,

    async list(): Promise<CampaignSummary[]> {
      return (await listCampaigns(db, CAMPAIGNS_LISTED)).map((row) => summary(row, campaignCounts(row)));
    },

    /** How many players the segment holds now (the form's live count). */
    async preview(segment: CampaignSegment): Promise<number> {
      return countAudience(db, audienceSql(segment, deps.now())());
    },

    /**
     * A campaign and its recipients, fixed now (set-based, a slice of players per statement):
     * sent when an operator says so. Audited; at most CAMPAIGNS_PER_DAY per operator and day.
     */
    async create(adminId: number, body: AdminCampaignCreateBody): Promise<CampaignDetail> {
      const now = deps.now();
      const at = new Date(now);
      const made = await campaignsCreatedSince(db, adminId, new Date(nextResetAt(now) - DAY_MS));
      if (made >= CAMPAIGNS_PER_DAY) {
        throw refused('DAILY_LIMIT', `At most ${CAMPAIGNS_PER_DAY} campaigns a day per operator.`);
      }
      const texts = Object.fromEntries(
        Object.entries(body.texts).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      const id = await insertCampaign(db, {
        segment: body.segment,
        texts,
        screen: body.screen ?? null,
        createdBy: adminId,
        at,
      });
      const recipients = await fillRecipients(db, id, audienceSql(body.segment, now));
      await setStatus(db, id, 'preparing', 'draft');
      await insertAudit(db, [
        {
          adminId,
          action: 'campaign.create',
          target: `campaign:${id}`,
          after: {
            segment: body.segment,
            languages: Object.keys(texts),
            screen: body.screen ?? null,
            recipients,
          },
          createdAt: at,
        },
      ]);
      return get(id);
    },

    /** Starts sending a draft (once): the sender job takes its recipients. Audited. */
    async send(adminId: number, campaignId: number): Promise<CampaignDetail> {
      const row = await findCampaign(db, campaignId);
      if (!row) throw notFound('No such campaign.');
      const at = new Date(deps.now());
      if (!(await setStatus(db, campaignId, 'draft', 'sending', at))) {
        throw refused('CONFLICT', 'This campaign has already been sent.');
      }
      await insertAudit(db, [
        {
          adminId,
          action: 'campaign.send',
          target: `campaign:${campaignId}`,
          before: { status: 'draft' },
          after: { status: 'sending' },
          createdAt: at,
        },
      ]);
      return get(campaignId);
    },
  };
}

/**
 * A login with a campaign's start parameter (`c<id>` or `c<id>-<screen>`) counts the campaign as
 * opened by that player, once, if its message was delivered to them. Other start parameters are
 * ignored. Called by auth after the login.
 */
export async function noteCampaignOpen(
  deps: Deps,
  userId: number,
  startParam: string | undefined,
): Promise<boolean> {
  const campaign = parseCampaignStartParam(startParam);
  if (!campaign) return false;
  return markOpened(deps.database.db, campaign.campaignId, userId, new Date(deps.now()));
}
