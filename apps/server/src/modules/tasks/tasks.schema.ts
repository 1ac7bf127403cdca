import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/** Task progress per player and period (the game day for daily tasks, 0 for the others). */
export const taskProgress = pgTable(
  'task_progress',
  {
    userId: money('user_id').notNull(),
    taskName: text('task_name').notNull(),
    period: integer('period').notNull().default(0),
    processCount: integer('process_count').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    claimed: boolean('claimed').notNull().default(false),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** When the server saw the player start visiting a link task (its first link-reward call). */
    visitStartedAt: at('visit_started_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskName, t.period] })],
);

/**
 * Partner and social tasks, edited by operators (the other tasks stay in packages/game). A task
 * is shown between `startsAt` and `endsAt` and never after `retiredAt`; payouts are read from
 * this row by the server, never from a request.
 */
export const taskCatalogue = pgTable('task_catalogue', {
  taskName: text('task_name').primaryKey(),
  taskType: text('task_type').notNull(),
  dailyType: text('daily_type').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  rewardAmount: integer('reward_amount').notNull(),
  rewardType: text('reward_type').notNull(),
  link: text('link'),
  /** Where the task sits in the list (the built-in tasks sit at their catalogue index). */
  position: integer('position').notNull().default(100),
  startsAt: at('starts_at'),
  endsAt: at('ends_at'),
  retiredAt: at('retired_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
