import { sql } from 'drizzle-orm';
import { ENERGY_REGEN_MS } from '@egg-rush/game/energy';
import { FARM_DURATION_MS } from '@egg-rush/game/farm';
import { queryRows, type Tx } from '../../db/client.ts';
import { dailyState, streaksEndingSql } from '../daily/index.ts';
import { farmStartedAt, farmsStartedSql } from '../farm/index.ts';
import { notBannedSql } from '../bans/index.ts';
import { energySql } from '../accounts/index.ts';
import { playersSql } from '../users/index.ts';

/** Milliseconds since the epoch as text, the same in SQL on both drivers: an event's key. */
const msKey = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::bigint::text`);

/** Players who may get a message: notifications on (the default) and not unreachable. */
const mayNotify = sql.raw(`coalesce(c.notifications, true) and c.unreachable_at is null`);

/**
 * Queues the events that happened between `since` and `now`; an event queued before (by this
 * or another process) is left alone. Returns how many rows were queued.
 */
export async function enqueueFarmsReady(tx: Tx, now: Date, since: Date): Promise<number> {
  const ready = `interval '${FARM_DURATION_MS} milliseconds'`;
  const rows = await queryRows(
    tx,
    sql`insert into notifications (user_id, kind, event_key, due_at)
      select f.user_id, 'farm', ${msKey('f.started_at')}, f.started_at + ${sql.raw(ready)}
      from (${farmsStartedSql(new Date(since.getTime() - FARM_DURATION_MS), new Date(now.getTime() - FARM_DURATION_MS))}) f
        left join bot_chats c on c.user_id = f.user_id
      where ${mayNotify}
      on conflict do nothing
      returning id`,
  );
  return rows.length;
}

/** Energy full again after at least half of it was spent (key: when it was last settled). */
export async function enqueueEnergyFull(tx: Tx, now: Date, since: Date): Promise<number> {
  const fullAt = sql.raw(
    `e.energy_at + (e.max_energy - e.energy) * interval '${ENERGY_REGEN_MS} milliseconds'`,
  );
  const rows = await queryRows(
    tx,
    sql`insert into notifications (user_id, kind, event_key, due_at)
      select u.id, 'energy', ${msKey('e.energy_at')}, ${fullAt}
      from ${playersSql} u join ${energySql} e on e.user_id = u.id left join bot_chats c on c.user_id = u.id
      where e.energy * 2 <= e.max_energy
        and ${fullAt} <= ${now} and ${fullAt} > ${since}
        and ${mayNotify}
      on conflict do nothing
      returning id`,
  );
  return rows.length;
}

/** Players who claimed yesterday but not yet today (game days): their streak ends with the day. */
export async function enqueueStreakWarnings(tx: Tx, now: Date, today: number): Promise<number> {
  const rows = await queryRows(
    tx,
    sql`insert into notifications (user_id, kind, event_key, due_at, detail)
      select d.user_id, 'streak', ${`day:${today}`}, ${now}, json_build_object('streak', d.streak)::text
      from (${streaksEndingSql(today)}) d left join bot_chats c on c.user_id = d.user_id
      where ${mayNotify}
      on conflict do nothing
      returning id`,
  );
  return rows.length;
}

/**
 * Inviters of players who joined between `since` and `now`, with the inviter's reward; joins from
 * before the inviter last turned notifications on are left out.
 */
export async function enqueueFriendsJoined(
  tx: Tx,
  now: Date,
  since: Date,
  reward: { regular: number; premium: number },
): Promise<number> {
  const rows = await queryRows(
    tx,
    sql`insert into notifications (user_id, kind, event_key, due_at, detail)
      select u.referrer_id, 'friend', u.id::text, u.created_at,
             json_build_object('name', u.first_name,
               'reward', case when u.is_premium then ${reward.premium}::int else ${reward.regular}::int end)::text
      from ${playersSql} u left join bot_chats c on c.user_id = u.referrer_id
      where u.referrer_id is not null and u.created_at <= ${now} and u.created_at > ${since}
        and ${mayNotify}
        -- a friend who joined while the inviter had notifications off is not announced later
        and (c.notifications_at is null or u.created_at > c.notifications_at)
      on conflict do nothing
      returning id`,
  );
  return rows.length;
}

/**
 * Queues one message for a player about an event of theirs (an appeal answered), due at `dueAt`;
 * queued once per player, kind and key. True when it was queued now.
 */
export async function enqueueNotice(
  tx: Tx,
  notice: { userId: number; kind: string; eventKey: string; dueAt: Date; detail: Record<string, unknown> },
): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`insert into notifications (user_id, kind, event_key, due_at, detail)
      values (${notice.userId}, ${notice.kind}, ${notice.eventKey}, ${notice.dueAt}, ${JSON.stringify(notice.detail)})
      on conflict do nothing
      returning id`,
  );
  return rows.length > 0;
}

/**
 * Queues the same message (kind, key, detail) for each of `userIds` who may get one, due at
 * `dueAt`; a player queued before for this kind and key is left alone. Returns how many were queued.
 */
export async function enqueueForPlayers(
  tx: Tx,
  notice: {
    userIds: readonly number[];
    kind: string;
    eventKey: string;
    dueAt: Date;
    detail: Record<string, unknown>;
  },
): Promise<number> {
  if (notice.userIds.length === 0) return 0;
  const ids = sql.join(
    notice.userIds.map((id) => sql`(${id}::bigint)`),
    sql`, `,
  );
  const rows = await queryRows(
    tx,
    sql`insert into notifications (user_id, kind, event_key, due_at, detail)
      select p.id, ${notice.kind}, ${notice.eventKey}, ${notice.dueAt}, ${JSON.stringify(notice.detail)}
      from (values ${ids}) as p(id)
        join ${playersSql} u on u.id = p.id
        left join bot_chats c on c.user_id = p.id
      where ${mayNotify}
      on conflict do nothing
      returning id`,
  );
  return rows.length;
}

export interface ClaimedNotification {
  id: number;
  userId: number;
  kind: string;
  eventKey: string;
  dueAt: Date;
  detail: string | null;
}

/**
 * Takes up to `limit` due rows for this process: rows another process holds are skipped, and
 * the ones taken are marked `sending` in the same statement, so no other process takes them
 * again, ever (a row is sent at most once, even if this process dies before it finishes).
 */
export async function claimDue(tx: Tx, now: Date, limit: number): Promise<ClaimedNotification[]> {
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`update notifications set status = 'sending'
      where id in (
        select id from notifications
        where status = 'pending' and due_at <= ${now}
        order by due_at limit ${limit}
        for update skip locked)
      returning id, user_id, kind, event_key, due_at, detail`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    kind: String(r.kind),
    eventKey: String(r.event_key),
    dueAt: new Date(r.due_at as string | Date),
    detail: (r.detail as string | null) ?? null,
  }));
}

/** What decides whether a claimed message still goes out, read when it is about to be sent. */
export interface RecipientState {
  exists: boolean;
  notifications: boolean;
  unreachable: boolean;
  timeZone: string | null;
  farmKey: string | null;
  energyKey: string | null;
  energySpent: boolean;
  lastDailyDay: number | null;
  rewardStreak: number;
  /** The player's choice in the app, else Telegram's language code. */
  chosenLanguage: string | null;
  telegramLanguage: string | null;
}

export async function recipientState(tx: Tx, userId: number): Promise<RecipientState> {
  const [r] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select coalesce(c.notifications, true) and ${notBannedSql(sql`u.id`)} as notifications,
               c.unreachable_at is not null as unreachable, c.time_zone,
               ${msKey('e.energy_at')} as energy_key,
               e.energy * 2 <= e.max_energy as energy_spent,
               u.settings->>'language' as chosen_language, u.language_code
        from ${playersSql} u join ${energySql} e on e.user_id = u.id left join bot_chats c on c.user_id = u.id
        where u.id = ${userId}`,
  );
  const daily = await dailyState(tx, userId);
  const farmKey = (await farmStartedAt(tx, userId))?.getTime().toString() ?? null;
  if (!r) {
    return {
      exists: false,
      notifications: false,
      unreachable: false,
      timeZone: null,
      farmKey: null,
      energyKey: null,
      energySpent: false,
      ...daily,
      chosenLanguage: null,
      telegramLanguage: null,
    };
  }
  return {
    exists: true,
    notifications: Boolean(r.notifications),
    unreachable: Boolean(r.unreachable),
    timeZone: (r.time_zone as string | null) ?? null,
    farmKey,
    energyKey: (r.energy_key as string | null) ?? null,
    energySpent: Boolean(r.energy_spent),
    ...daily,
    chosenLanguage: (r.chosen_language as string | null) ?? null,
    telegramLanguage: (r.language_code as string | null) ?? null,
  };
}

/** The outcome of a claimed row: sent, skipped (no longer true, opted out), blocked or failed. */
export async function finish(
  tx: Tx,
  id: number,
  status: 'sent' | 'skipped' | 'blocked' | 'failed',
  at: Date,
): Promise<void> {
  await tx.execute(
    sql`update notifications set status = ${status}, sent_at = ${status === 'sent' ? at : null} where id = ${id}`,
  );
}

/** Quiet hours: the row goes back to the queue, due at `dueAt`. */
export async function postpone(tx: Tx, id: number, dueAt: Date): Promise<void> {
  await tx.execute(sql`update notifications set status = 'pending', due_at = ${dueAt} where id = ${id}`);
}

/** Rows of a player and kind, for tests and the operator's checks. */
export async function countByStatus(tx: Tx): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(
    tx,
    sql`select status, count(*)::int as n from notifications group by status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Drops finished rows created before `before` (far older than any event the scan still sees). */
export async function pruneFinished(tx: Tx, before: Date): Promise<void> {
  await tx.execute(
    sql`delete from notifications where status not in ('pending', 'sending') and created_at < ${before}`,
  );
}
