import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/** Once-only rewards (referral milestones and the like): the key can be paid once per player. */
export const rewardClaims = pgTable(
  'reward_claims',
  {
    userId: money('user_id').notNull(),
    key: text('key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
