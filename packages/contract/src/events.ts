import { z } from 'zod';
import { EVENT_BOUNDS, EVENT_KINDS, MAX_EVENT_TASKS } from '@egg-rush/game/events';
import { LANGUAGE_CODES } from '@egg-rush/game/language';
import { LAST_INSTANT } from './admin.ts';

/** Scheduled events (packages/game/src/events.ts): times are ms since the epoch. */
export const eventKind = z.enum(EVENT_KINDS);
const instant = z.number().int().nonnegative().max(LAST_INSTANT);
const title = z.string().trim().max(EVENT_BOUNDS.maxTitle);
/** A task of the operators' catalogue, by its name (modules/tasks). */
const taskName = z.string().min(1).max(100);

/** GET /events: running events and those starting within a week, titled in the player's language. */
export const playerEvent = z.object({
  id: z.number(),
  kind: eventKind,
  multiplier: z.number(),
  startsAt: z.number(),
  endsAt: z.number(),
  title: z.string(),
});
export type PlayerEvent = z.infer<typeof playerEvent>;
export const eventsResponse = z.object({ events: z.array(playerEvent), now: z.number() });
export type EventsResponse = z.infer<typeof eventsResponse>;

/**
 * POST /admin/events: the bounds (multiplier, window, titles, tasks) are the rules', checked by
 * the server. A `tasks` event has no multiplier and names its tasks: they show and pay only
 * inside the event's window.
 */
export const adminEventCreateBody = z.object({
  kind: eventKind,
  multiplier: z.number().optional(),
  tasks: z.array(taskName).max(MAX_EVENT_TASKS).optional(),
  startsAt: instant,
  endsAt: instant,
  /** By language code: en required, the others optional (players read en instead). */
  titles: z.partialRecord(z.enum(LANGUAGE_CODES), title),
});
export type AdminEventCreateBody = z.infer<typeof adminEventCreateBody>;

export const adminEvent = z.object({
  id: z.number(),
  kind: eventKind,
  multiplier: z.number(),
  startsAt: z.number(),
  endsAt: z.number(),
  titles: z.record(z.string(), z.string()),
  /** A `tasks` event's tasks (names in the task catalogue); empty for the other kinds. */
  tasks: z.array(z.string()),
  createdBy: z.number(),
  createdAt: z.number(),
  cancelledAt: z.number().nullable(),
  status: z.enum(['upcoming', 'running', 'ended', 'cancelled']),
  /**
   * What it has paid so far: the extra coins (ledger kind 'event', ref its id) and the number of
   * payments (tap batches, mole games, income settlements and ciphers paid; one player may count
   * many times). A `tasks` event pays no extra: its tasks pay their own rewards (ledger kind 'task').
   */
  paid: z.object({ coins: z.number(), payouts: z.number() }),
});
export type AdminEvent = z.infer<typeof adminEvent>;
export const adminEventResponse = z.object({ event: adminEvent });
export const adminEventsResponse = z.object({
  events: z.array(adminEvent),
  bounds: z.object({ maxMultiplier: z.number(), maxDurationMs: z.number(), maxTitle: z.number() }),
  /** The operators' tasks a `tasks` event may pick (not retired), by name with their title. */
  tasks: z.array(z.object({ taskName: z.string(), title: z.string() })),
});
export type AdminEventsResponse = z.infer<typeof adminEventsResponse>;
export const adminEventParams = z.object({
  eventId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
