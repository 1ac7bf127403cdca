/**
 * Campaigns: operators' messages from the bot to a segment of players, each with a button that
 * opens the game at a chosen screen. The button's start parameter (Telegram's `startapp`: 1-64 of
 * A-Z a-z 0-9 _ -) is `c<campaignId>` or `c<campaignId>-<screen>`; logging in with it counts the
 * campaign as opened by that player (analytics reads such start parameters as campaigns).
 */
import { DAY_MS, RESET_OFFSET_HOURS } from './time.ts';

/** The screens a campaign's button may open (the app's routes, without the slash). */
export const CAMPAIGN_SCREENS = [
  'home',
  'mining',
  'friends',
  'tasks',
  'airdrop',
  'spin',
  'play',
  'seasons',
  'squads',
] as const;
export type CampaignScreen = (typeof CAMPAIGN_SCREENS)[number];

export const isCampaignScreen = (value: unknown): value is CampaignScreen =>
  typeof value === 'string' && (CAMPAIGN_SCREENS as readonly string[]).includes(value);

/** Telegram's longest message text (characters after entities parsing; plain text here). */
export const CAMPAIGN_TEXT_MAX = 4096;

/**
 * Telegram's pace for a bot's messages: about 30 a second in all and one a second per chat. The
 * campaigns keep below it (25 a second), leaving room for the bot's reminders and answers.
 */
export const TELEGRAM_MESSAGES_PER_SECOND = 30;
export const CAMPAIGN_MESSAGES_PER_SECOND = 25;
export const PER_CHAT_INTERVAL_MS = 1000;

/**
 * A player sent any campaign's message is left out of every campaign for this long after it
 * (when the campaign's recipients are chosen and again when their message is due): however many
 * operators send however many campaigns, a player gets at most one a day.
 */
export const CAMPAIGN_REST_MS = DAY_MS;

/** The start parameter of a campaign's button. */
export function campaignStartParam(campaignId: number, screen?: CampaignScreen | null): string {
  return screen ? `c${campaignId}-${screen}` : `c${campaignId}`;
}

/** A campaign's start parameter read back: its id and screen (null: not a campaign's). */
export function parseCampaignStartParam(
  param: string | null | undefined,
): { campaignId: number; screen: CampaignScreen | null } | null {
  const match = param ? /^c([1-9]\d{0,15})(?:-([a-z]+))?$/.exec(param) : null;
  if (!match) return null;
  const campaignId = Number(match[1]);
  if (!Number.isSafeInteger(campaignId)) return null;
  const screen = match[2] ?? null;
  if (screen !== null && !isCampaignScreen(screen)) return null;
  return { campaignId, screen };
}

/** A game day written YYYY-MM-DD (the day that starts at that date's reset) as its instant. */
export function gameDayStart(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const check = new Date(ms);
  if (check.getUTCDate() !== Number(match[3]) || check.getUTCMonth() !== Number(match[2]) - 1) return null;
  return ms - RESET_OFFSET_HOURS * 3_600_000;
}

/** The joining window of a cohort: [from's start, to's end), either side open. */
export function cohortWindow(cohort: { from?: string; to?: string }): {
  from: number | null;
  to: number | null;
} {
  const from = cohort.from ? gameDayStart(cohort.from) : null;
  const toStart = cohort.to ? gameDayStart(cohort.to) : null;
  return { from, to: toStart === null ? null : toStart + DAY_MS };
}

/** The text a player gets: their language's, else English. */
export function campaignText(texts: Readonly<Record<string, string>>, language: string): string {
  return texts[language] ?? texts.en ?? '';
}

/**
 * Whether a Bot API refusal means the player cannot be messaged (blocked the bot, deleted their
 * account, never started it): Telegram's 403.
 */
export const isBlockedAnswer = (errorCode: number) => errorCode === 403;
