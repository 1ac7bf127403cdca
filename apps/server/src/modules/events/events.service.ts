import type { AdminEvent, AdminEventCreateBody, EventsResponse } from '@egg-rush/contract/events';
import {
  activeEvent,
  checkEvent,
  checkSchedule,
  EVENT_BOUNDS,
  eventExtra,
  eventSpans,
  eventStatus,
  eventTitle,
  taskTakeRefusal,
  multiplies,
  visibleEvents,
  type EventKind,
  type EventSpan,
  type GameEvent,
} from '@egg-rush/game/events';
import { INCOME_OFFLINE_CAP_MS } from '@egg-rush/game/income';
import { playerLanguage } from '@egg-rush/game/language';
import { GAME_EXPIRY_MS } from '@egg-rush/game/mole';
import type { Database, Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, notFound, refused } from '../../lib/errors.ts';
import { insertAudit } from '../audit/index.ts';
import { withheldEvent } from '../experiments/index.ts';
import type { LedgerEntry } from '../ledger/index.ts';
import { findCatalogue, findCatalogueTask, updateCatalogueTask } from '../tasks/index.ts';
import { findUser } from '../users/index.ts';
import {
  addEventPaid,
  cancelEvent,
  eventsBetween,
  insertEvent,
  kindBetween,
  paidOf,
  latestEvents,
  lockKind,
  lockEvent,
  type EventRow,
} from './events.repository.ts';

/** The ledger kind of the extra coins an event pays (ref: the event's id); the base keeps its own kind. */
export const EVENT_LEDGER_KIND = 'event';

/**
 * How long a process answers from the events it read (ms of the game clock). Taps ask for the
 * running events on every batch: one query per few seconds, not per tap. The window itself is
 * judged at each call's own instant, so an event starts and ends on time.
 */
export const EVENTS_CACHE_MS = 5_000;

/**
 * How far back a reward may be judged: a mole game is judged at its start (the server's record),
 * and its result may come until it expires; income settled now pays for up to the offline cap
 * (six hours) before it. The events that ended (or were cancelled) that long ago are kept too.
 */
export const EVENTS_LOOKBACK_MS = Math.max(EVENTS_CACHE_MS, GAME_EXPIRY_MS, INCOME_OFFLINE_CAP_MS);

interface Cached {
  fetchedAt: number;
  events: Promise<GameEvent[]>;
}
const caches = new WeakMap<Database, Cached>();

/** A catalogue task's name and window, in ms, as the rules take it. */
const asWindow = (task: {
  taskName: string;
  startsAt: Date | null;
  endsAt: Date | null;
  retiredAt: Date | null;
}) => ({
  taskName: task.taskName,
  startsAt: task.startsAt?.getTime() ?? null,
  endsAt: task.endsAt?.getTime() ?? null,
  retiredAt: task.retiredAt?.getTime() ?? null,
});

const toGame = (row: EventRow): GameEvent => ({
  id: row.id,
  kind: row.kind as EventKind,
  multiplier: Number(row.multiplier),
  startsAt: row.startsAt.getTime(),
  endsAt: row.endsAt.getTime(),
  titles: row.titles as GameEvent['titles'],
  cancelledAt: row.cancelledAt?.getTime() ?? null,
  tasks: row.tasks,
});

/**
 * The events running or starting within a week around `now`, as this process last read them
 * (at most EVENTS_CACHE_MS of the game clock ago, either way).
 */
export function knownEvents(deps: Deps, now: number): Promise<GameEvent[]> {
  const cached = caches.get(deps.database);
  if (cached && Math.abs(now - cached.fetchedAt) <= EVENTS_CACHE_MS) return cached.events;
  const events = eventsBetween(
    deps.database.db,
    new Date(now - EVENTS_CACHE_MS - EVENTS_LOOKBACK_MS),
    new Date(now + EVENT_BOUNDS.upcomingMs + EVENTS_CACHE_MS),
  ).then((rows) => rows.map(toGame));
  caches.set(deps.database, { fetchedAt: now, events });
  // A failed read is not kept: the next call asks again.
  events.catch(() => {
    if (caches.get(deps.database)?.events === events) caches.delete(deps.database);
  });
  return events;
}

/**
 * Adds a paid extra to its event's running total (the console's "paid" column): called in the
 * transaction that pays it and writes its ledger row (`entry` from eventBonus; nothing without one).
 */
export async function recordEventPaid(tx: Tx, entry: LedgerEntry | null): Promise<void> {
  if (entry?.ref && entry.deltaCoins) await addEventPaid(tx, Number(entry.ref), entry.deltaCoins);
}

/** An operator's change: this process reads the events again at once (others within the cache time). */
const forget = (deps: Deps) => caches.delete(deps.database);

/**
 * The event of a kind paying at the instant `at` (the highest multiplier of those running then),
 * or null; `at` defaults to `now`, and may be up to EVENTS_LOOKBACK_MS before it.
 */
export async function eventMultiplier(
  deps: Deps,
  kind: EventKind,
  now: number,
  at = now,
  /** The player paid, when one is: the events an A/B test withholds from them are left out. */
  userId?: number,
): Promise<GameEvent | null> {
  if (at < now - EVENTS_LOOKBACK_MS || at > now) return null;
  const events = userId === undefined ? await knownEvents(deps, now) : await playerEvents(deps, userId, now);
  return activeEvent(events, kind, at);
}

/**
 * The events a player gets (knownEvents): all but the one an A/B test running withholds from them
 * (modules/experiments: an event experiment's event goes only to its variants with the event).
 */
export async function playerEvents(deps: Deps, userId: number, now: number): Promise<GameEvent[]> {
  const [events, withheld] = await Promise.all([knownEvents(deps, now), withheldEvent(deps, userId)]);
  return withheld === null ? events : events.filter((event) => event.id !== withheld);
}

/**
 * The extra coins the event of `kind` running at `at` (the instant the reward was earned, on the
 * server's clock: a mole game's start) pays on a `base` reward paid at `now` (0 when none ran),
 * and its ledger row (kind 'event', ref the event's id), kept apart from the base's own row. The
 * caller pays base + extra and writes the row (fx.ledger) in the same transaction. Called before
 * that transaction opens: it may read the events table (a connection of its own).
 */
export async function eventBonus(
  deps: Deps,
  params: { userId: number; kind: EventKind; base: number; now: number; at?: number },
): Promise<{ extra: number; event: GameEvent | null; entry: LedgerEntry | null }> {
  const event = await eventMultiplier(deps, params.kind, params.now, params.at ?? params.now, params.userId);
  const extra = event ? eventExtra(params.base, event.multiplier) : 0;
  const entry =
    event && extra > 0
      ? {
          userId: params.userId,
          kind: EVENT_LEDGER_KIND,
          deltaCoins: extra,
          ref: String(event.id),
          at: new Date(params.now),
        }
      : null;
  return { extra, event, entry };
}

/**
 * The income events to pay on a settlement at `now` (users' settleIncome, the tap statement):
 * the spans in which `income-multiplier` events paid, as this process knows them, and how their
 * payments are counted in the settling transaction (each entry one payment of its event).
 */
export async function incomeEvents(
  deps: Deps,
  now: number,
): Promise<{ spans: EventSpan[]; record(tx: Tx, entries: readonly LedgerEntry[]): Promise<void> }> {
  const spans = eventSpans(await knownEvents(deps, now), 'income-multiplier').filter(
    (span) => span.stopsAt > now - INCOME_OFFLINE_CAP_MS && span.startsAt < now,
  );
  return {
    spans,
    async record(tx, entries) {
      for (const entry of entries) await recordEventPaid(tx, entry);
    },
  };
}

const NOTHING_PAID = { coins: 0, payouts: 0 };

function adminView(row: EventRow, now: number, paid = NOTHING_PAID): AdminEvent {
  const event = toGame(row);
  return {
    id: event.id,
    kind: event.kind,
    multiplier: event.multiplier,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    titles: row.titles,
    tasks: row.tasks,
    createdBy: row.createdBy,
    createdAt: row.createdAt.getTime(),
    cancelledAt: event.cancelledAt ?? null,
    status: eventStatus(event, now),
    paid,
  };
}

const SCHEDULE_REFUSALS = new Set(['window', 'past', 'too-long']);

/** Gives a catalogue task the window [startsAt, endsAt) (a tasks event's), audited as a task edit. */
async function setTaskWindow(
  tx: Tx,
  adminId: number,
  before: NonNullable<Awaited<ReturnType<typeof findCatalogueTask>>>,
  startsAt: Date,
  endsAt: Date,
  at: Date,
): Promise<void> {
  const after = await updateCatalogueTask(tx, before.taskName, { startsAt, endsAt, updatedAt: at });
  await insertAudit(tx, [
    { adminId, action: 'task.edit', target: `task:${before.taskName}`, before, after, createdAt: at },
  ]);
}

export function createEventsService(deps: Deps) {
  const { db } = deps.database;
  return {
    /** GET /events: running events and those starting within a week, in the player's language. */
    async forPlayer(userId: number): Promise<EventsResponse> {
      const now = deps.now();
      const [user, events] = await Promise.all([findUser(db, userId), playerEvents(deps, userId, now)]);
      if (!user) throw notFound('Player not found.');
      const language = playerLanguage(user.settings.language, user.languageCode);
      return {
        now,
        events: visibleEvents(events, now).map((e) => ({
          id: e.id,
          kind: e.kind,
          multiplier: e.multiplier,
          startsAt: e.startsAt,
          endsAt: e.endsAt,
          title: eventTitle(e, language),
        })),
      };
    },

    async list() {
      const now = deps.now();
      const [rows, catalogue] = await Promise.all([latestEvents(db, 200), findCatalogue(db)]);
      // What each has cost so far: its running total, kept where the extra is paid.
      const paid = await paidOf(
        db,
        rows.filter((row) => row.startsAt.getTime() <= now).map((row) => row.id),
      );
      return {
        events: rows.map((row) => adminView(row, now, paid.get(row.id))),
        bounds: {
          maxMultiplier: EVENT_BOUNDS.maxMultiplier,
          maxDurationMs: EVENT_BOUNDS.maxDurationMs,
          maxTitle: EVENT_BOUNDS.maxTitle,
        },
        // What a tasks event may pick: the operators' tasks it may take now.
        tasks: catalogue
          .filter((task) => taskTakeRefusal(asWindow(task), now) === null)
          .map((task) => ({ taskName: task.taskName, title: task.title })),
      };
    },

    /** Schedules an event within the rules' bounds (a refusal stores nothing), audited. */
    async create(adminId: number, body: AdminEventCreateBody) {
      const now = deps.now();
      const titles = Object.fromEntries(
        Object.entries(body.titles)
          .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
          .map(([language, title]) => [language, title.trim()])
          .filter(([, title]) => title !== ''),
      );
      const draft = {
        kind: body.kind,
        // A tasks event multiplies nothing: stored as ×1.
        multiplier: body.multiplier ?? (multiplies(body.kind) ? Number.NaN : 1),
        startsAt: body.startsAt,
        endsAt: body.endsAt,
        titles,
        tasks: body.tasks ?? [],
      };
      const refusal = checkEvent(draft, now);
      if (refusal)
        throw badRequest(
          refusal.message,
          SCHEDULE_REFUSALS.has(refusal.reason) ? 'BAD_SCHEDULE' : 'BAD_REQUEST',
        );
      const at = new Date(now);
      const row = await deps.database.transaction(async (tx: Tx) => {
        // Beside the stored events of its kind (no overlap, a cap per 30 days), checked under the
        // kind's lock so that two creations at once cannot both pass.
        await lockKind(tx, draft.kind);
        const window = EVENT_BOUNDS.capWindowMs;
        const near = await kindBetween(
          tx,
          draft.kind,
          new Date(draft.startsAt - window),
          new Date(draft.endsAt + window),
        );
        const clash = checkSchedule(draft, near.map(toGame));
        if (clash) throw badRequest(clash.message, 'BAD_SCHEDULE');
        const saved = await insertEvent(tx, {
          kind: draft.kind,
          multiplier: draft.multiplier,
          startsAt: new Date(draft.startsAt),
          endsAt: new Date(draft.endsAt),
          titles,
          tasks: draft.tasks,
          createdBy: adminId,
          createdAt: at,
        });
        await insertAudit(tx, [
          { adminId, action: 'event.create', target: `event:${saved.id}`, after: saved, createdAt: at },
        ]);
        // A tasks event's tasks show and pay inside its window only: the tasks module keeps the
        // window on each task (its catalogue row), set here in the same transaction, audited.
        for (const name of draft.tasks) {
          const before = await findCatalogueTask(tx, name);
          if (!before) throw badRequest(`There is no task "${name}" to put in an event.`, 'BAD_REQUEST');
          const why = taskTakeRefusal(asWindow(before), now);
          if (why) throw badRequest(why, 'BAD_SCHEDULE');
          await setTaskWindow(tx, adminId, before, saved.startsAt, saved.endsAt, at);
        }
        return saved;
      });
      forget(deps);
      return { event: adminView(row, now) };
    },

    /** Cancels an event not yet ended (upcoming or running): it pays no more from now; audited. */
    async cancel(adminId: number, eventId: number) {
      const now = deps.now();
      const at = new Date(now);
      const row = await deps.database.transaction(async (tx: Tx) => {
        const before = await lockEvent(tx, eventId);
        if (!before) throw notFound('Event not found.');
        if (before.cancelledAt) throw refused('CONFLICT', 'This event is cancelled already.');
        if (before.endsAt.getTime() <= now) throw refused('CONFLICT', 'This event has ended.');
        const saved = await cancelEvent(tx, eventId, at);
        // Its tasks close now (those it opened; one since given another window is left alone).
        for (const name of saved.tasks) {
          const task = await findCatalogueTask(tx, name);
          if (task && task.endsAt?.getTime() === before.endsAt.getTime())
            await setTaskWindow(
              tx,
              adminId,
              task,
              task.startsAt && task.startsAt < at ? task.startsAt : at,
              at,
              at,
            );
        }
        await insertAudit(tx, [
          {
            adminId,
            action: 'event.cancel',
            target: `event:${eventId}`,
            before,
            after: saved,
            createdAt: at,
          },
        ]);
        return saved;
      });
      forget(deps);
      return { event: adminView(row, now) };
    },
  };
}
