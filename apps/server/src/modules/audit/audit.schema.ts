import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/** Every operator action: who, what, on what, when, the state before and after, and why. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: money('admin_id').notNull(),
    action: text('action').notNull(),
    target: text('target'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('admin_audit_target_idx').on(t.target, t.id)],
);
