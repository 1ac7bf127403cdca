import { neutraliseName } from '@egg-rush/game/names';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { squadMembers, squads } from './squads.schema.ts';
import { playersSql } from '../users/index.ts';
import { notBannedSql } from '../bans/index.ts';
import { lifetimeScoresSql } from '../accounts/index.ts';

/** Creates a squad; undefined when the name is taken (its unique key). */
export async function insertSquad(tx: Tx, name: string, nameKey: string, ownerId: number, at: Date) {
  const [row] = await tx
    .insert(squads)
    .values({ name, nameKey, ownerId, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: squads.id });
  return row?.id;
}

/**
 * Makes the player a member of an existing squad, recording their lifetime score now (their
 * contribution counts from here). False when they are already in a squad (one row per player) or
 * the squad does not exist. The squad's row is share-locked, so it cannot be removed meanwhile.
 */
export async function insertMember(tx: Tx, userId: number, squadId: number, at: Date): Promise<boolean> {
  const exists = await queryRows<{ id: number }>(
    tx,
    sql`select id from ${squads} where id = ${squadId} for share`,
  );
  if (exists.length === 0) return false;
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`insert into ${squadMembers} (user_id, squad_id, joined_total, joined_at)
        select user_id, ${squadId}, total_score, ${at.toISOString()}::timestamptz
        from ${lifetimeScoresSql} a where user_id = ${userId}
        on conflict (user_id) do nothing
        returning user_id`,
  );
  return rows.length > 0;
}

export async function squadExists(tx: Tx, squadId: number): Promise<boolean> {
  const rows = await tx.select({ id: squads.id }).from(squads).where(eq(squads.id, squadId));
  return rows.length > 0;
}

/** Ends the player's membership; the squad id they left, or undefined. A squad left empty is removed. */
export async function deleteMember(tx: Tx, userId: number): Promise<number | undefined> {
  const [row] = await tx
    .delete(squadMembers)
    .where(eq(squadMembers.userId, userId))
    .returning({ squadId: squadMembers.squadId });
  if (!row) return undefined;
  await tx.execute(
    sql`delete from ${squads} q where q.id = ${row.squadId}
        and not exists (select 1 from ${squadMembers} m where m.squad_id = q.id)`,
  );
  return row.squadId;
}

export async function squadIdOf(tx: Tx, userId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ squadId: squadMembers.squadId })
    .from(squadMembers)
    .where(eq(squadMembers.userId, userId));
  return row?.squadId;
}

export interface SquadScore {
  id: number;
  name: string;
  score: number;
  members: number;
}

const toScore = (r: Record<string, string | number>): SquadScore => ({
  id: Number(r.id),
  name: String(r.name),
  score: Number(r.score),
  members: Number(r.members),
});

/** Every squad's score and member count, best first (ties to the older squad). */
export async function allSquadScores(tx: Tx): Promise<SquadScore[]> {
  const rows = await queryRows<Record<string, string | number>>(
    tx,
    sql`with s as (
          select m.squad_id, sum(greatest(0, u.total_score - m.joined_total))::bigint as score, count(*)::int as members
          from ${squadMembers} m join ${lifetimeScoresSql} u on u.user_id = m.user_id
          where ${notBannedSql(sql`m.user_id`)}
          group by m.squad_id
        )
        select q.id, q.name, coalesce(s.score, 0) as score, coalesce(s.members, 0) as members
        from ${squads} q left join s on s.squad_id = q.id
        order by coalesce(s.score, 0) desc, q.id asc`,
  );
  return rows.map(toScore);
}

/** One squad's score and member count, from its own members (squad_members_squad_idx). */
export async function squadScore(tx: Tx, squadId: number): Promise<SquadScore | undefined> {
  const [row] = await queryRows<Record<string, string | number>>(
    tx,
    sql`select q.id, q.name,
               coalesce(sum(greatest(0, u.total_score - m.joined_total)), 0)::bigint as score,
               count(u.user_id)::int as members
        from ${squads} q
        left join ${squadMembers} m on m.squad_id = q.id
        left join ${lifetimeScoresSql} u on u.user_id = m.user_id and ${notBannedSql(sql`m.user_id`)}
        where q.id = ${squadId}
        group by q.id, q.name`,
  );
  return row ? toScore(row) : undefined;
}

/** A squad's members by contribution (banned players are not listed). */
export async function squadMembersOf(tx: Tx, squadId: number, limit: number) {
  const rows = await queryRows<Record<string, string | number | boolean>>(
    tx,
    sql`select m.user_id, u.first_name, greatest(0, a.total_score - m.joined_total) as contribution,
               (extract(epoch from m.joined_at) * 1000)::bigint as joined_ms, (q.owner_id = m.user_id) as owner
        from ${squadMembers} m
        join ${playersSql} u on u.id = m.user_id
        join ${lifetimeScoresSql} a on a.user_id = m.user_id
        join ${squads} q on q.id = m.squad_id
        where m.squad_id = ${squadId} and ${notBannedSql(sql`u.id`)}
        order by contribution desc, m.user_id asc limit ${limit}`,
  );
  return rows.map((r) => ({
    userid: Number(r.user_id),
    firstname: neutraliseName(String(r.first_name)),
    contribution: Number(r.contribution),
    joinedAt: Number(r.joined_ms),
    owner: r.owner === true || r.owner === 't',
  }));
}

/**
 * Every squad's name and stored key, oldest first, the table locked against new squads and other
 * re-keyings until the transaction ends.
 */
export async function lockedSquadKeys(tx: Tx) {
  await tx.execute(sql`lock table ${squads} in share row exclusive mode`);
  return tx
    .select({ id: squads.id, name: squads.name, nameKey: squads.nameKey })
    .from(squads)
    .orderBy(squads.id);
}

export async function setSquadKey(tx: Tx, id: number, nameKey: string) {
  await tx.update(squads).set({ nameKey }).where(eq(squads.id, id));
}
