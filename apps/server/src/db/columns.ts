import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** The column kinds every module's tables share (`modules/<module>/<module>.schema.ts`). */

/** An instant, with its time zone, read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** A 64-bit integer read as a number: coins, Telegram ids and other ids. */
export const money = (name: string) => bigint(name, { mode: 'number' });
