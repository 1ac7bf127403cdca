import { bigserial, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/** Squads. `name_key` (the name in lower case) is unique. */
export const squads = pgTable(
  'squads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    ownerId: money('owner_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('squads_name_key_idx').on(t.nameKey)],
);

/**
 * Squad membership: one row per player (at most one squad at a time). `joined_total` is the
 * player's totalScore when they joined; their contribution is what they gained since.
 */
export const squadMembers = pgTable(
  'squad_members',
  {
    userId: money('user_id').primaryKey(),
    squadId: money('squad_id').notNull(),
    joinedTotal: money('joined_total').notNull(),
    joinedAt: at('joined_at').notNull().defaultNow(),
  },
  (t) => [index('squad_members_squad_idx').on(t.squadId)],
);
