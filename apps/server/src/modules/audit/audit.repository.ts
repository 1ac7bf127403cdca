import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { adminAudit } from './audit.schema.ts';

/**
 * The audit log of operators' actions, written by every module where an operator acts (the
 * console, configuration, events, experiments, campaigns, the cipher, the airdrop and its
 * fairness) and read by the console: a module of its own that imports no other, so that any
 * module can write to it without a cycle.
 */

export type AuditRow = typeof adminAudit.$inferSelect;

/** When the latest audited action among `actions` was taken, or null when none was. */
export async function lastAuditAt(tx: Tx, actions: readonly string[]): Promise<Date | null> {
  const [row] = await tx
    .select({ at: sql<string | Date | null>`max(${adminAudit.createdAt})` })
    .from(adminAudit)
    .where(inArray(adminAudit.action, [...actions]));
  return row?.at ? new Date(row.at) : null;
}

export async function insertAudit(tx: Tx, rows: (typeof adminAudit.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(adminAudit).values(rows);
}

export async function auditRows(tx: Tx, target: string | undefined, limit: number): Promise<AuditRow[]> {
  return tx
    .select()
    .from(adminAudit)
    .where(target === undefined ? undefined : eq(adminAudit.target, target))
    .orderBy(desc(adminAudit.id))
    .limit(limit);
}
