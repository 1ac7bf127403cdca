import { sql, type SQL } from 'drizzle-orm';
import type { LanguageCode } from '@egg-rush/game/language';
import { queryRows, type Tx } from '../../db/client.ts';
import { botTexts } from './messages.ts';

/**
 * A condition on a player id column: the bot may write to them (campaigns' segments): they have
 * not turned notifications off and are not unreachable (blocked the bot, until they write to it
 * again).
 */
export function botMayWriteSql(column: SQL): SQL {
  return sql`${column} not in (select c.user_id from bot_chats c
    where not c.notifications or c.unreachable_at is not null)`;
}

/** Of `userIds`, the ones the bot may not write to now (opted out or unreachable). */
export async function botMayNotWrite(tx: Tx, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const ids = sql.join(
    userIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const rows = await queryRows<{ user_id: number | string }>(
    tx,
    sql`select c.user_id from bot_chats c
        where c.user_id in (${ids}) and (not c.notifications or c.unreachable_at is not null)`,
  );
  return new Set(rows.map((r) => Number(r.user_id)));
}

/** The bot's "play" button label in a language (a campaign's button). */
export const playLabel = (language: LanguageCode): string => botTexts(language).play;
