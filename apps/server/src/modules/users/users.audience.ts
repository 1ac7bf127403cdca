import { sql, type SQL } from 'drizzle-orm';
import { LANGUAGE_CODES } from '@egg-rush/game/language';
import { notBannedSql } from '../bans/index.ts';
import { walletBoundSql } from '../wallet/index.ts';

/**
 * The language a player reads, in SQL over `users u` (packages/game/src/language.ts,
 * playerLanguage): their choice in the app, else Telegram's language code as one of ours
 * (`pt-*` Portuguese, `be`/`kk` Russian), else English.
 */
function languageSql(): SQL {
  const codes = sql.join(
    LANGUAGE_CODES.map((code) => sql`${code}`),
    sql`, `,
  );
  const exact = sql.join(
    LANGUAGE_CODES.map((code) => sql`when ${code.toLowerCase()} then ${code}`),
    sql` `,
  );
  const base = sql`split_part(replace(lower(u.language_code), '_', '-'), '-', 1)`;
  return sql`case
      when u.settings->>'language' in (${codes}) then u.settings->>'language'
      else case lower(u.language_code) ${exact}
        else case
          when ${base} = 'pt' then 'pt-BR'
          when ${base} in ('be', 'kk') then 'ru'
          when ${base} in (${codes}) then ${base}
          else 'en' end
        end
    end`;
}

/** A segment's conditions on the player row: each given must hold. */
export interface PlayerConditions {
  /** The language they read (see languageSql). */
  languages?: readonly string[];
  /** Last launched the game before this instant. */
  seenBefore?: Date;
  walletBound?: boolean;
  /** Joined at or after / before these instants. */
  joinedFrom?: Date;
  joinedBefore?: Date;
  /** Came through a friend's invite link (true) or not (false). */
  invited?: boolean;
}

/**
 * `select u.id, <language> as language from users u where …`: the players (banned ones left out)
 * meeting the conditions, as a subquery for a set-based `insert … select` or a count (campaigns).
 * `afterId`/`limit`: one slice, in id order, so a million players are taken in bounded statements.
 */
export function playersMatchingSql(
  c: PlayerConditions,
  extra: SQL[] = [],
  slice?: { afterId: number; limit: number },
): SQL {
  const language = languageSql();
  const where: SQL[] = [notBannedSql(sql`u.id`), ...extra];
  if (c.languages) {
    where.push(
      sql`(${language}) in (${sql.join(
        c.languages.map((l) => sql`${l}`),
        sql`, `,
      )})`,
    );
  }
  if (c.seenBefore) where.push(sql`u.seen_at < ${c.seenBefore}`);
  if (c.walletBound !== undefined) {
    const bound = walletBoundSql(sql`u.id`);
    where.push(c.walletBound ? bound : sql`not ${bound}`);
  }
  if (c.joinedFrom) where.push(sql`u.created_at >= ${c.joinedFrom}`);
  if (c.joinedBefore) where.push(sql`u.created_at < ${c.joinedBefore}`);
  if (c.invited !== undefined) {
    where.push(c.invited ? sql`u.referrer_id is not null` : sql`u.referrer_id is null`);
  }
  if (slice) where.push(sql`u.id > ${slice.afterId}`);
  return sql`select u.id, ${language} as language from users u where ${sql.join(where, sql` and `)}${
    slice ? sql` order by u.id limit ${slice.limit}` : sql``
  }`;
}
