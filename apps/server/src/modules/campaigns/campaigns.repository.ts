import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { campaigns } from './campaigns.schema.ts';

export type CampaignRow = typeof campaigns.$inferSelect;

/** Why a row taken by a sender that then stopped (a crash) is not sent again: it may have been. */
export const UNKNOWN_AFTER_RESTART = 'unknown after restart';

export async function insertCampaign(
  tx: Tx,
  row: {
    segment: unknown;
    texts: Record<string, string>;
    screen: string | null;
    createdBy: number;
    at: Date;
  },
): Promise<number> {
  const [created] = await tx
    .insert(campaigns)
    .values({
      segment: row.segment,
      texts: row.texts,
      screen: row.screen,
      createdBy: row.createdBy,
      createdAt: row.at,
      status: 'preparing',
    })
    .returning({ id: campaigns.id });
  if (!created) throw new Error('campaign not inserted');
  return created.id;
}

/** Campaigns an operator created since `since`. */
export async function campaignsCreatedSince(tx: Tx, adminId: number, since: Date): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from campaigns where created_by = ${adminId} and created_at >= ${since}`,
  );
  return Number(row?.n ?? 0);
}

/** How many players a segment's query (`select id, language …`) holds now. */
export async function countAudience(tx: Tx, audience: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(tx, sql`select count(*) as n from (${audience}) a`);
  return Number(row?.n ?? 0);
}

/**
 * Fixes a campaign's recipients: the segment's players inserted by `insert … select`, one slice
 * of `chunk` players (in id order) per statement, so each statement stays short whatever the
 * number of players; each statement adds its rows to the campaign's count. Returns how many were
 * inserted.
 */
export async function fillRecipients(
  tx: Tx,
  campaignId: number,
  audience: (slice: { afterId: number; limit: number }) => SQL,
  chunk = 50_000,
): Promise<number> {
  let total = 0;
  let afterId = 0;
  for (;;) {
    const [row] = await queryRows<{ n: number | string; last: number | string | null }>(
      tx,
      sql`with added as (
            insert into campaign_recipients (campaign_id, user_id, language)
            select ${campaignId}, a.id, a.language from (${audience({ afterId, limit: chunk })}) a
            on conflict do nothing
            returning user_id),
          counted as (
            update campaigns set recipients = recipients + (select count(*) from added)
            where id = ${campaignId})
          select count(*) as n, max(user_id) as last from added`,
    );
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < chunk || row?.last === null || row?.last === undefined) return total;
    afterId = Number(row.last);
  }
}

export async function setStatus(
  tx: Tx,
  campaignId: number,
  from: string,
  to: string,
  sendStartedAt?: Date,
): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`update campaigns set status = ${to}
          ${sendStartedAt ? sql`, send_started_at = ${sendStartedAt}` : sql``}
        where id = ${campaignId} and status = ${from} returning id`,
  );
  return rows.length > 0;
}

export interface CampaignCounts {
  recipients: number;
  pending: number;
  sent: number;
  blocked: number;
  failed: number;
  skipped: number;
  opened: number;
}

/** A campaign's counts, as kept on its row (never counted from the recipient rows). */
export const campaignCounts = (row: CampaignRow): CampaignCounts => ({
  recipients: row.recipients,
  pending: row.recipients - row.sent - row.blocked - row.failed - row.skipped,
  sent: row.sent,
  blocked: row.blocked,
  failed: row.failed,
  skipped: row.skipped,
  opened: row.opened,
});

export async function findCampaign(tx: Tx, campaignId: number): Promise<CampaignRow | undefined> {
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(sql`${campaigns.id} = ${campaignId}`);
  return row;
}

/** The latest campaigns, newest first (their counts on their rows). */
export async function listCampaigns(tx: Tx, limit: number): Promise<CampaignRow[]> {
  return tx
    .select()
    .from(campaigns)
    .orderBy(sql`${campaigns.id} desc`)
    .limit(limit);
}

// --- The sender ------------------------------------------------------------------------------------

/**
 * Rows a sender took and did not finish (it crashed or was killed between marking them and
 * recording the answer): their message may have gone out, so they are never sent again, and
 * count as failed. Only one sender runs at a time (the job runner), so at its start every row
 * still `sending` is such a row.
 */
export async function failUnfinished(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ n: number | string | null }>(
    tx,
    sql`with unfinished as (
          update campaign_recipients set state = 'failed', error = ${UNKNOWN_AFTER_RESTART}
          where state = 'sending' returning campaign_id),
        per_campaign as (select campaign_id, count(*)::int as n from unfinished group by campaign_id),
        counted as (
          update campaigns c set failed = c.failed + p.n from per_campaign p where c.id = p.campaign_id)
        select sum(n) as n from per_campaign`,
  );
  return Number(row?.n ?? 0);
}

export interface ClaimedRecipient {
  campaignId: number;
  userId: number;
  language: string;
}

/**
 * Takes up to `limit` pending rows of campaigns being sent (oldest campaign first) and marks them
 * `sending` in the same statement: committed before any message goes out.
 */
export async function claimRecipients(tx: Tx, limit: number): Promise<ClaimedRecipient[]> {
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`update campaign_recipients r set state = 'sending', attempts = r.attempts + 1
        from (select campaign_id, user_id from campaign_recipients
              where state = 'pending'
                and campaign_id in (select id from campaigns where status = 'sending')
              order by campaign_id, user_id limit ${limit}
              for update skip locked) p
        where r.campaign_id = p.campaign_id and r.user_id = p.user_id
        returning r.campaign_id, r.user_id, r.language`,
  );
  return rows.map((r) => ({
    campaignId: Number(r.campaign_id),
    userId: Number(r.user_id),
    language: String(r.language),
  }));
}

const OUTCOMES = ['sent', 'blocked', 'failed', 'skipped'] as const;

/**
 * A taken row's outcome (also over a row a later sender gave up as unknown: the answer wins),
 * and the campaign's counts moved with it, in one statement.
 */
export async function finishRecipient(
  tx: Tx,
  r: { campaignId: number; userId: number },
  state: (typeof OUTCOMES)[number],
  at: Date,
  error: string | null = null,
): Promise<void> {
  const moves = sql.join(
    OUTCOMES.map(
      (column) =>
        sql`${sql.raw(column)} = c.${sql.raw(column)} + ${column === state ? 1 : 0}
              - (case when f.was = ${column} then 1 else 0 end)`,
    ),
    sql`, `,
  );
  await tx.execute(
    sql`with was as (
          select state from campaign_recipients
          where campaign_id = ${r.campaignId} and user_id = ${r.userId}
            and (state = 'sending' or (state = 'failed' and error = ${UNKNOWN_AFTER_RESTART}))
          for update),
        finished as (
          update campaign_recipients r set state = ${state}, error = ${error},
            sent_at = ${state === 'sent' ? at : null}
          from was
          where r.campaign_id = ${r.campaignId} and r.user_id = ${r.userId}
          returning was.state as was)
        update campaigns c set ${moves} from finished f where c.id = ${r.campaignId}`,
  );
}

/** Taken rows whose message was certainly not sent (stopped, or Telegram asked to wait): queued again. */
export async function requeue(tx: Tx, r: { campaignId: number; userId: number }): Promise<void> {
  await tx.execute(
    sql`update campaign_recipients set state = 'pending'
        where campaign_id = ${r.campaignId} and user_id = ${r.userId} and state = 'sending'`,
  );
}

/** Campaigns being sent with no row left to send: done. */
export async function finishDoneCampaigns(tx: Tx): Promise<void> {
  await tx.execute(
    sql`update campaigns c set status = 'done'
        where c.status = 'sending' and not exists (
          select 1 from campaign_recipients r
          where r.campaign_id = c.id and r.state in ('pending', 'sending'))`,
  );
}

/** The player opened the game from the campaign's message: counted once, for a delivered one. */
export async function markOpened(tx: Tx, campaignId: number, userId: number, at: Date): Promise<boolean> {
  const [row] = await queryRows<{ n: number | string }>(
    tx,
    sql`with opened as (
          update campaign_recipients set opened_at = ${at}
          where campaign_id = ${campaignId} and user_id = ${userId}
            and state = 'sent' and opened_at is null
          returning campaign_id),
        counted as (
          update campaigns c set opened = c.opened + 1 from opened o where c.id = o.campaign_id)
        select count(*) as n from opened`,
  );
  return Number(row?.n ?? 0) > 0;
}

/**
 * Of `userIds`, those sent any campaign's message since `since` (through the index on
 * (user_id, sent_at)).
 */
export async function messagedSince(tx: Tx, userIds: number[], since: Date): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await queryRows<{ user_id: number | string }>(
    tx,
    sql`select distinct user_id from campaign_recipients
        where user_id in ${userIds} and sent_at is not null and sent_at > ${since}`,
  );
  return new Set(rows.map((r) => Number(r.user_id)));
}

/** A condition on a player's id: not sent any campaign's message since `since`. */
export const notMessagedSinceSql = (userId: SQL, since: Date) =>
  sql`not exists (select 1 from campaign_recipients m
                  where m.user_id = ${userId} and m.sent_at is not null and m.sent_at > ${since})`;
