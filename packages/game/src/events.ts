/**
 * Scheduled events: an operator's window (start, end, a title in each language) in which a kind
 * of reward pays more. Pure rules: bounds, which events run at an instant, and the extra an event
 * pays. The server keeps the events and is the only one to apply them.
 *
 * Overlapping events of one kind do not stack: at an instant, the highest multiplier of that kind
 * applies (and alone pays the extra); events of different kinds apply each to their own reward.
 */
import { INCOME_OFFLINE_CAP_MS, settleIncome } from './income.ts';
import { isLanguage, type LanguageCode } from './language.ts';

/**
 * What an event does: `tap-multiplier` multiplies the coins of taps, `mole-multiplier` the mole
 * game's reward, `income-multiplier` the mining income accrued inside its window (see
 * incomeEventExtras), `cipher` the daily cipher's coins (a featured cipher); `tasks` multiplies
 * nothing: it groups operator tasks (modules/tasks) that show and pay only inside its window.
 */
export const EVENT_KINDS = [
  'tap-multiplier',
  'mole-multiplier',
  'income-multiplier',
  'cipher',
  'tasks',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * The multiplier each kind may have: above `min`, at most `max`, in steps of `step` (0.01: two
 * decimals). Income pays whole multipliers only (×2 or ×3): taps settle the income every batch,
 * a coin or two at a time, and a whole multiplier pays exactly (m − 1) × those coins where a
 * fractional one would lose its fraction at each settlement; ×3 at most, as income is the largest
 * of the faucets (up to six hours of it at each visit). The `tasks` kind has none (stored as 1:
 * the tasks pay their own rewards).
 */
export const EVENT_MULTIPLIERS: Record<EventKind, { min: number; max: number; step: 0.01 | 1 } | null> = {
  'tap-multiplier': { min: 1, max: 5, step: 0.01 },
  'mole-multiplier': { min: 1, max: 5, step: 0.01 },
  'income-multiplier': { min: 1, max: 3, step: 1 },
  cipher: { min: 1, max: 5, step: 0.01 },
  tasks: null,
};

/** The kinds that multiply a reward (all but `tasks`). */
export const multiplies = (kind: EventKind) => EVENT_MULTIPLIERS[kind] !== null;

/** At most this many tasks in a `tasks` event. */
export const MAX_EVENT_TASKS = 10;

export const EVENT_BOUNDS = {
  /** A multiplier is above this… */
  minMultiplier: 1,
  /** …and at most this, with at most two decimals (the highest of EVENT_MULTIPLIERS). */
  maxMultiplier: 5,
  /** An event starting earlier than this before now is refused (a form filled a little late). */
  pastStartMs: 60_000,
  /**
   * A mining-income event starts at least this long after it is scheduled: every settlement in its
   * window must see it (a server reads the events again every few seconds), else the income settled
   * before a server knew of it is paid once, at ×1, for good.
   */
  incomeNoticeMs: 60_000,
  /** The longest event. */
  maxDurationMs: 14 * 86_400_000,
  /** A title's length in characters, in each language. */
  maxTitle: 60,
  /** How far ahead players see an upcoming event. */
  upcomingMs: 7 * 86_400_000,
  /** Within any window this long… */
  capWindowMs: 30 * 86_400_000,
  /** …events of one kind run at most this long in all (cancelled ones count the time they ran). */
  capMs: 14 * 86_400_000,
} as const;

/** An event as the rules see it: the window [startsAt, endsAt) in ms since the epoch. */
export interface GameEvent {
  id: number;
  kind: EventKind;
  multiplier: number;
  startsAt: number;
  endsAt: number;
  titles: Partial<Record<LanguageCode, string>> & { en: string };
  cancelledAt?: number | null;
  /** A `tasks` event's tasks (names in the operators' task catalogue); none for the other kinds. */
  tasks?: readonly string[];
}

export type EventDraft = Pick<GameEvent, 'kind' | 'multiplier' | 'startsAt' | 'endsAt' | 'tasks'> & {
  titles: Record<string, string>;
};

export type EventRefusal =
  | 'kind'
  | 'multiplier'
  | 'tasks'
  | 'window'
  | 'past'
  | 'too-long'
  | 'title-missing'
  | 'title-length'
  | 'title-language';

/** Why a draft is refused, with a sentence for the operator; null when it may be scheduled. */
export function checkEvent(draft: EventDraft, now: number): { reason: EventRefusal; message: string } | null {
  const b = EVENT_BOUNDS;
  if (!(EVENT_KINDS as readonly string[]).includes(draft.kind))
    return { reason: 'kind', message: `The kind must be one of ${EVENT_KINDS.join(', ')}.` };
  const bounds = EVENT_MULTIPLIERS[draft.kind];
  const m = draft.multiplier;
  if (bounds) {
    const stepped = bounds.step === 1 ? Number.isInteger(m) : twoDecimals(m);
    if (!Number.isFinite(m) || m <= bounds.min || m > bounds.max || !stepped)
      return {
        reason: 'multiplier',
        message:
          bounds.step === 1
            ? `The multiplier of ${draft.kind} must be a whole number above ${bounds.min} and at most ${bounds.max}.`
            : `The multiplier must be above ${bounds.min} and at most ${bounds.max}, with at most 2 decimals.`,
      };
  } else if (m !== 1) return { reason: 'multiplier', message: `A ${draft.kind} event has no multiplier.` };
  const tasks = draft.tasks ?? [];
  if (draft.kind === 'tasks') {
    if (tasks.length === 0 || tasks.length > MAX_EVENT_TASKS || new Set(tasks).size !== tasks.length)
      return { reason: 'tasks', message: `Pick 1 to ${MAX_EVENT_TASKS} different tasks.` };
  } else if (tasks.length > 0) return { reason: 'tasks', message: `Only a tasks event has tasks.` };
  if (!(draft.endsAt > draft.startsAt))
    return { reason: 'window', message: 'The end must be after the start.' };
  if (draft.startsAt < now - b.pastStartMs) return { reason: 'past', message: 'The start is in the past.' };
  if (draft.kind === 'income-multiplier' && draft.startsAt < now + b.incomeNoticeMs)
    return { reason: 'past', message: 'A mining income event starts at least a minute from now.' };
  if (draft.endsAt - draft.startsAt > b.maxDurationMs)
    return { reason: 'too-long', message: 'An event lasts at most 14 days.' };
  if (typeof draft.titles.en !== 'string' || draft.titles.en.trim() === '')
    return { reason: 'title-missing', message: 'The English title is required.' };
  for (const [language, title] of Object.entries(draft.titles)) {
    if (!isLanguage(language))
      return { reason: 'title-language', message: `${language} is not one of the game's languages.` };
    const length = [...title.trim()].length;
    if (length > b.maxTitle || (language === 'en' && length === 0))
      return { reason: 'title-length', message: `A title is 1 to ${b.maxTitle} characters.` };
  }
  return null;
}

const twoDecimals = (m: number) => Math.abs(Math.round(m * 100) - m * 100) < 1e-6;

/** The multiplier in hundredths (2.5 is 250): the integer the payouts are computed from. */
export const percentOf = (multiplier: number) => Math.round(multiplier * 100);

/** Running at `now`: started, not ended, not cancelled. */
export const eventRunning = (event: GameEvent, now: number) =>
  !event.cancelledAt && event.startsAt <= now && now < event.endsAt;

/** The event of a kind paying at `now`: the highest multiplier among those running (no stacking). */
export function activeEvent<E extends GameEvent>(
  events: readonly E[],
  kind: EventKind,
  now: number,
): E | null {
  let best: E | null = null;
  for (const event of events)
    if (event.kind === kind && eventRunning(event, now) && (!best || event.multiplier > best.multiplier))
      best = event;
  return best;
}

/** The extra coins an event of `multiplier` pays on a `base` amount: base × (m − 1), rounded down. */
export function eventExtra(base: number, multiplier: number): number {
  if (base <= 0) return 0;
  return Math.floor((base * (percentOf(multiplier) - 100)) / 100);
}

export type EventStatus = 'upcoming' | 'running' | 'ended' | 'cancelled';

export function eventStatus(event: GameEvent, now: number): EventStatus {
  if (event.cancelledAt) return 'cancelled';
  if (now < event.startsAt) return 'upcoming';
  return now < event.endsAt ? 'running' : 'ended';
}

/** What players are shown at `now`: running events and those starting within a week, soonest first. */
export function visibleEvents<E extends GameEvent>(events: readonly E[], now: number): E[] {
  return events
    .filter((e) => !e.cancelledAt && e.endsAt > now && e.startsAt <= now + EVENT_BOUNDS.upcomingMs)
    .sort((a, b) => a.startsAt - b.startsAt || a.id - b.id);
}

/** An event's title in a language, else the English one. */
export function eventTitle(event: Pick<GameEvent, 'titles'>, language: string): string {
  const titles = event.titles as Record<string, string | undefined>;
  const own = titles[language]?.trim();
  return own ? own : event.titles.en;
}

export type ScheduleRefusal =
  { reason: 'overlap'; eventId: number; message: string } | { reason: 'too-much'; message: string };

/** When an event stops paying: its end, or its cancellation if earlier. */
export const stopsAt = (event: GameEvent) =>
  event.cancelledAt == null ? event.endsAt : Math.min(event.endsAt, event.cancelledAt);

const day = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/**
 * Whether a draft (already within checkEvent's bounds) fits beside the stored events `others`:
 * it may not overlap another not-cancelled event of its kind (they would not stack anyway), and
 * in any EVENT_BOUNDS.capWindowMs the events of its kind run at most EVENT_BOUNDS.capMs in all
 * (a cancelled event counts the time it ran). Null when it fits.
 */
export function checkSchedule(
  draft: Pick<GameEvent, 'kind' | 'startsAt' | 'endsAt'>,
  others: readonly GameEvent[],
): ScheduleRefusal | null {
  const same = others.filter((e) => e.kind === draft.kind);
  const clash = same.find((e) => !e.cancelledAt && e.startsAt < draft.endsAt && draft.startsAt < e.endsAt);
  if (clash)
    return {
      reason: 'overlap',
      eventId: clash.id,
      message: `It overlaps event #${clash.id} "${clash.titles.en}" (${draft.kind}, ${day(clash.startsAt)} to ${day(clash.endsAt)} UTC): cancel it or pick another time.`,
    };
  // The time the kind runs, as disjoint spans (the draft included).
  const spans = [
    ...same.map((e) => [e.startsAt, stopsAt(e)] as const).filter(([s, e]) => e > s),
    [draft.startsAt, draft.endsAt] as const,
  ].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [s, e] of spans) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  const { capWindowMs: W, capMs } = EVENT_BOUNDS;
  // The most covered window starts where a span starts or ends where one ends; only those
  // windows that hold part of the draft are new.
  const starts = [...merged.map(([s]) => s), ...merged.map(([, e]) => e - W)].filter(
    (w) => w < draft.endsAt && w + W > draft.startsAt,
  );
  let most = 0;
  for (const w of starts) {
    let covered = 0;
    for (const [s, e] of merged) covered += Math.max(0, Math.min(e, w + W) - Math.max(s, w));
    most = Math.max(most, covered);
  }
  if (most > capMs)
    return {
      reason: 'too-much',
      message: `Events of a kind run at most ${capMs / 86_400_000} days in any ${W / 86_400_000}: with this one, ${draft.kind} events would run ${(most / 86_400_000).toFixed(1)} days in ${W / 86_400_000}.`,
    };
  return null;
}

/**
 * A span in which one event of a kind pays: [startsAt, stopsAt), `percent` its multiplier in
 * hundredths. The spans of a kind never overlap (see eventSpans).
 */
export interface EventSpan {
  id: number;
  percent: number;
  startsAt: number;
  stopsAt: number;
}

/**
 * Where the events of `kind` paid, as disjoint spans in time order: each event from its start to
 * its end or cancellation; where two overlap (a cancelled one and the one scheduled in its place,
 * at most a minute), the higher multiplier pays alone, as activeEvent decides at each instant.
 */
export function eventSpans(events: readonly GameEvent[], kind: EventKind): EventSpan[] {
  const own = events.filter((e) => e.kind === kind && stopsAt(e) > e.startsAt);
  const cuts = [...new Set(own.flatMap((e) => [e.startsAt, stopsAt(e)]))].sort((a, b) => a - b);
  const spans: EventSpan[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const from = cuts[i] as number;
    const to = cuts[i + 1] as number;
    let best: GameEvent | null = null;
    for (const e of own)
      if (e.startsAt <= from && to <= stopsAt(e) && (!best || e.multiplier > best.multiplier)) best = e;
    if (!best) continue;
    const last = spans[spans.length - 1];
    if (last && last.id === best.id && last.stopsAt === from) last.stopsAt = to;
    else spans.push({ id: best.id, percent: percentOf(best.multiplier), startsAt: from, stopsAt: to });
  }
  return spans;
}

/**
 * The extra coins the `income-multiplier` events pay when income accrued since `incomeAt` is
 * settled at `now` at `earnPerHour` (settleIncome in income.ts): the settlement pays for the span
 * [max(incomeAt, now − offline cap), its new instant) (whole coins; the fraction stays for the
 * next one), and each event's extra is that span's overlap with the event's span, in ms, times
 * earnPerHour × (m − 1) / 1 h, rounded down. Time outside every span pays no extra; the next
 * settlement starts where this one stopped, so no time pays twice. With a whole multiplier (the
 * only kind allowed, EVENT_MULTIPLIERS), a settlement inside the window pays exactly (m − 1) × its
 * coins. The server's tap statement computes the same in SQL (economy.repository.ts).
 */
export function incomeEventExtras(
  earnPerHour: number,
  incomeAt: number,
  now: number,
  spans: readonly EventSpan[],
): { id: number; extra: number }[] {
  if (earnPerHour <= 0 || now <= incomeAt) return [];
  const from = Math.max(incomeAt, now - INCOME_OFFLINE_CAP_MS);
  const to = settleIncome(earnPerHour, incomeAt, now).at;
  const byId = new Map<number, number>();
  for (const span of spans) {
    const overlap = Math.min(to, span.stopsAt) - Math.max(from, span.startsAt);
    if (overlap <= 0 || span.percent <= 100) continue;
    const extra = Math.floor((overlap * earnPerHour * (span.percent - 100)) / (100 * 3_600_000));
    byId.set(span.id, (byId.get(span.id) ?? 0) + extra);
  }
  return [...byId].filter(([, extra]) => extra > 0).map(([id, extra]) => ({ id, extra }));
}

/** A catalogue task's window as a tasks event judges it (ms since the epoch; null: none). */
export interface TaskWindow {
  taskName: string;
  startsAt: number | null;
  endsAt: number | null;
  retiredAt: number | null;
}

/**
 * Why a tasks event may not take a catalogue task at `now` (null: it may). The event gives the task
 * its window, so it takes only a task players do not see for good: one not retired (nor to be), not
 * shown now with no end (it would be taken from them), and not scheduled until later (by another
 * event or its own schedule). A task made for an event is made with a later start, or has ended.
 */
export function taskTakeRefusal(task: TaskWindow, now: number): string | null {
  const name = task.taskName;
  if (task.retiredAt !== null && task.retiredAt <= now) return `Task "${name}" is retired.`;
  if (task.retiredAt !== null) return `Task "${name}" is to be retired.`;
  if (task.endsAt === null && (task.startsAt === null || task.startsAt <= now))
    return `Task "${name}" is shown to players now: an event takes a task scheduled for later, or ended.`;
  if (task.endsAt !== null && task.endsAt > now)
    return `Task "${name}" is scheduled until ${new Date(task.endsAt).toISOString().slice(0, 16).replace('T', ' ')} UTC already.`;
  return null;
}
