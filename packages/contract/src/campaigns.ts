import { z } from 'zod';
import { CAMPAIGN_SCREENS, CAMPAIGN_TEXT_MAX, gameDayStart } from '@egg-rush/game/campaigns';
import { LANGUAGE_CODES } from '@egg-rush/game/language';
import { LEAGUES } from '@egg-rush/game/leagues';

/**
 * Campaigns (console): a message from the bot to a segment of players, in each player's language,
 * with a button that opens the game at a chosen screen.
 */

const day = z.string().refine((value) => gameDayStart(value) !== null, 'a date written YYYY-MM-DD');

/** Where a player came from, as recorded: through a friend's invite link, or not. */
export const CAMPAIGN_SOURCES = ['invite', 'direct'] as const;

/**
 * Who gets the message: every condition given must hold (none: every player the bot may write
 * to). Unknown fields are refused.
 */
export const campaignSegment = z.strictObject({
  /** The player's language (their choice in the app, else Telegram's). */
  languages: z.array(z.enum(LANGUAGE_CODES)).min(1).max(LANGUAGE_CODES.length).optional(),
  /** At least this league (by lifetime score). */
  minLeague: z.enum(LEAGUES.map((league) => league.id) as [string, ...string[]]).optional(),
  /** Not seen in the game for at least this many days. */
  inactiveDays: z.number().int().min(1).max(3650).optional(),
  /** With (true) or without (false) a wallet bound. */
  walletBound: z.boolean().optional(),
  /** Members of this squad. */
  squadId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** Joined between these game days (inclusive; either side may be left open). */
  cohort: z
    .strictObject({ from: day.optional(), to: day.optional() })
    .refine((c) => !c.from || !c.to || c.from <= c.to, 'cohort.from is after cohort.to')
    .optional(),
  /** How they came: through an invite link or directly. */
  source: z.enum(CAMPAIGN_SOURCES).optional(),
});
export type CampaignSegment = z.infer<typeof campaignSegment>;

const text = z.string().trim().min(1).max(CAMPAIGN_TEXT_MAX);
/** The message per language code; English is required (a player without theirs gets it). */
export const campaignTexts = z
  .partialRecord(z.enum(LANGUAGE_CODES), text)
  .refine((texts) => typeof texts.en === 'string', { message: 'texts.en is required', path: ['en'] });
export type CampaignTexts = z.infer<typeof campaignTexts>;

export const campaignScreen = z.enum(CAMPAIGN_SCREENS);

/** POST /admin/campaigns/preview: how many players a segment holds now. */
export const adminCampaignPreviewBody = z.object({ segment: campaignSegment });
export const adminCampaignPreviewResponse = z.object({ recipients: z.number() });

/** POST /admin/campaigns: the campaign, its recipients fixed now (sent later). */
export const adminCampaignCreateBody = z.object({
  segment: campaignSegment,
  texts: campaignTexts,
  screen: campaignScreen.optional(),
});
export type AdminCampaignCreateBody = z.infer<typeof adminCampaignCreateBody>;

export const CAMPAIGN_STATUSES = ['draft', 'sending', 'done'] as const;

export const campaignSummary = z.object({
  id: z.number(),
  status: z.enum(CAMPAIGN_STATUSES),
  recipients: z.number(),
  sent: z.number(),
  blocked: z.number(),
  failed: z.number(),
  /** Left out at sending time: turned notifications off, blocked the bot or banned since. */
  skipped: z.number(),
  pending: z.number(),
  opened: z.number(),
  createdAt: z.number(),
  createdBy: z.number(),
  sendStartedAt: z.number().nullable(),
});
export type CampaignSummary = z.infer<typeof campaignSummary>;

export const campaignDetail = campaignSummary.extend({
  segment: campaignSegment,
  texts: z.record(z.string(), z.string()),
  screen: campaignScreen.nullable(),
});
export type CampaignDetail = z.infer<typeof campaignDetail>;

export const adminCampaignCreateResponse = z.object({ campaign: campaignDetail });
export const adminCampaignResponse = z.object({ campaign: campaignDetail });
export type AdminCampaignResponse = z.infer<typeof adminCampaignResponse>;
export const adminCampaignsResponse = z.object({ campaigns: z.array(campaignSummary) });
export type AdminCampaignsResponse = z.infer<typeof adminCampaignsResponse>;

export const adminCampaignParams = z.object({
  campaignId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
