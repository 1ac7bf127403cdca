import { sql, type SQL } from 'drizzle-orm';

/** A condition on a player id column: a member of the squad now (campaigns' segments). */
export function inSquadSql(column: SQL, squadId: number): SQL {
  return sql`${column} in (select m.user_id from squad_members m where m.squad_id = ${squadId})`;
}
