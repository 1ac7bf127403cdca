import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { PlayerEvent } from '@egg-rush/contract/events';
import { formatDaysCountdown } from '@egg-rush/game/time';
import { ClockIcon } from '../../components/ui/icons.tsx';
import { call } from '../../lib/api-client.ts';
import { localDigits } from '../../lib/format.ts';
import { useT, type Key } from '../../lib/i18n.tsx';
import { useNow } from '../../lib/now.ts';
import { useSession } from '../../lib/session.tsx';

/** At most this many events on Home (the soonest): the egg keeps its room. */
const SHOWN = 2;

/** GET /events: running events and those starting within a week, titled in the player's language. */
export const eventsQuery = (userId: number) => ({
  queryKey: ['events', userId] as const,
  queryFn: () => call('events'),
  staleTime: 60_000,
  // Events an operator schedules later show up within minutes.
  refetchInterval: 5 * 60_000,
});

/** What each kind of event does, as players read it ("Taps ×2"; a tasks event has no multiplier). */
const KIND_TEXTS: Record<PlayerEvent['kind'], Key> = {
  'tap-multiplier': 'home.eventTaps',
  'mole-multiplier': 'home.eventMole',
  'income-multiplier': 'home.eventIncome',
  cipher: 'home.eventCipher',
  tasks: 'home.eventTasks',
};

const idsOf = (phase: string) => phase.replace(/:\w+/g, '');

/** Where each event stands at `now`: a change means one started or ended. */
const phaseOf = (events: readonly PlayerEvent[], now: number) =>
  events.map((e) => `${e.id}:${now < e.startsAt ? 'coming' : now < e.endsAt ? 'running' : 'over'}`).join();

/**
 * Home's events: each running one with the time until it ends, each coming one with the time
 * until it starts, its title and what it multiplies ("Taps ×2", "Profit per hour ×2", "Daily
 * cipher ×3") or, for limited-time tasks, that it brings them. The list is read again when one
 * starts or ends.
 */
export function EventsStrip() {
  const { user } = useSession();
  const events = useQuery(eventsQuery(user.id));
  const all = events.data?.events ?? [];
  const now = useNow(all.length > 0);
  const { t } = useT();
  // Read again when one starts or ends (the server then lists it as running, or no more).
  const phase = phaseOf(all, now);
  const seen = useRef(phase);
  const { refetch } = events;
  useEffect(() => {
    const before = seen.current;
    seen.current = phase;
    // The same events, one of them further on (not a new list read from the server).
    if (before !== phase && idsOf(before) === idsOf(phase)) void refetch();
  }, [phase, refetch]);
  const list = all.filter((e) => e.endsAt > now).slice(0, SHOWN);
  if (list.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1" aria-label={t('home.eventsLabel')} data-testid="events">
      {list.map((e) => {
        const running = e.startsAt <= now;
        const left = formatDaysCountdown((running ? e.endsAt : e.startsAt) - now);
        const m = localDigits(String(e.multiplier));
        return (
          <li
            key={e.id}
            data-testid="event"
            data-state={running ? 'running' : 'upcoming'}
            className={`flex min-w-0 items-center gap-1.5 rounded-full px-3 py-1 text-xs font-extrabold ${
              running ? 'bg-coral/15 text-coral' : 'bg-lilac/15 text-lilac'
            }`}
          >
            <ClockIcon size={14} className="shrink-0" />
            <span className="min-w-0 truncate" data-testid="event-title" data-clip-ok>
              {e.title}
            </span>
            <span className="shrink-0" data-testid="event-multiplier">
              {t(KIND_TEXTS[e.kind], { m })}
            </span>
            <span className="num ms-auto shrink-0" data-testid="event-countdown">
              {t(running ? 'home.eventEndsIn' : 'home.eventStartsIn', {
                days: localDigits(String(left.days)),
                time: localDigits(left.time),
              })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
