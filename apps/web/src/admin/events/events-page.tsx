import type { AdminEvent } from '@egg-rush/contract/events';
import { EVENT_KINDS, type EventKind } from '@egg-rush/game/events';
import { LANGUAGE_CODES } from '@egg-rush/game/language';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api.ts';
import { Button, Dialog, ErrorNote, Field, fmt, Loading, Section } from '../ui.tsx';

/** The operator's local time, as a datetime-local input shows it, and back (ms). */
const pad = (n: number) => String(n).padStart(2, '0');
const toLocalInput = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (text: string) => (text ? new Date(text).getTime() : Number.NaN);
const local = (ms: number | null) =>
  ms == null ? '—' : new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const KIND_LABELS: Record<EventKind, string> = {
  'tap-multiplier': 'Taps ×',
  'mole-multiplier': 'Mole game ×',
};

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  ru: 'Russian',
  uk: 'Ukrainian',
  es: 'Spanish',
  'pt-BR': 'Portuguese (Brazil)',
  id: 'Indonesian',
  vi: 'Vietnamese',
  tr: 'Turkish',
  fa: 'Persian',
  hi: 'Hindi',
};

function StatusTag({ status }: { status: AdminEvent['status'] }) {
  const tone = status === 'running' ? 'a-tag-good' : status === 'upcoming' ? 'a-tag-warn' : '';
  return <span className={`a-tag ${tone}`}>{status}</span>;
}

/** Scheduled events: a window in which taps or the mole game pay more; cancelled before they end. */
export function EventsPage() {
  const client = useQueryClient();
  const events = useQuery({ queryKey: ['admin', 'events'], queryFn: () => call('adminEvents') });
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<AdminEvent | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'events'] });

  return (
    <>
      <div className="a-row a-between">
        <h1>Events</h1>
        <Button tone="primary" onClick={() => setCreating(true)} data-testid="event-new">
          Schedule event
        </Button>
      </div>
      <Section title="Scheduled events">
        {events.isPending ? <Loading /> : null}
        <ErrorNote error={events.error} />
        {events.data ? (
          <table className="a-table" data-testid="events-table">
            <thead>
              <tr>
                <th>Title (en)</th>
                <th>Kind</th>
                <th>Starts</th>
                <th>Ends</th>
                <th>Status</th>
                <th className="a-r">Paid so far</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {events.data.events.map((e) => (
                <tr key={e.id} className={e.status === 'cancelled' ? 'a-dim' : ''} data-testid="event-row">
                  <td>{e.titles.en}</td>
                  <td className="a-nowrap">
                    {KIND_LABELS[e.kind]}
                    {e.multiplier}
                  </td>
                  <td className="a-nowrap">{local(e.startsAt)}</td>
                  <td className="a-nowrap">{local(e.endsAt)}</td>
                  <td>
                    <StatusTag status={e.status} />
                  </td>
                  <td className="a-r num a-nowrap">
                    {fmt.num(e.paid.coins)} coins · {fmt.num(e.paid.payouts)} payments
                  </td>
                  <td className="a-nowrap">
                    {e.status === 'upcoming' || e.status === 'running' ? (
                      <Button tone="danger" onClick={() => setCancelling(e)}>
                        Cancel
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {events.data ? (
          <p className="a-muted a-small">
            Times in your local time. A multiplier is above 1 and at most {events.data.bounds.maxMultiplier};
            an event lasts at most {events.data.bounds.maxDurationMs / 86_400_000} days. Overlapping events of
            one kind do not stack: the highest pays.
          </p>
        ) : null}
      </Section>
      {creating ? <EventDialog onClose={() => setCreating(false)} onSaved={refresh} /> : null}
      {cancelling ? (
        <Dialog
          title={`Cancel “${cancelling.titles.en}”?`}
          confirm="Cancel event"
          tone="danger"
          onConfirm={async () => {
            await call('adminEventCancel', { params: { eventId: cancelling.id }, body: {} });
            await refresh();
          }}
          onClose={() => setCancelling(null)}
        >
          <p>It pays no more from now and players stop seeing it. This cannot be undone.</p>
        </Dialog>
      ) : null}
    </>
  );
}

function EventDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => Promise<unknown> }) {
  const [kind, setKind] = useState<EventKind>('tap-multiplier');
  const [multiplier, setMultiplier] = useState('2');
  const [startsAt, setStartsAt] = useState(() => toLocalInput(Date.now() + 5 * 60_000));
  const [endsAt, setEndsAt] = useState(() => toLocalInput(Date.now() + 2 * 86_400_000));
  const [titles, setTitles] = useState<Record<string, string>>({});
  const save = async () => {
    const filled = Object.fromEntries(Object.entries(titles).filter(([, v]) => v.trim() !== ''));
    await call('adminEventCreate', {
      body: {
        kind,
        multiplier: Number(multiplier),
        startsAt: fromLocalInput(startsAt),
        endsAt: fromLocalInput(endsAt),
        titles: filled,
      },
    });
    await onSaved();
  };
  return (
    <Dialog
      title="Schedule event"
      confirm="Schedule"
      canConfirm={(titles.en ?? '').trim() !== '' && startsAt !== '' && endsAt !== ''}
      onConfirm={save}
      onClose={onClose}
    >
      <div className="a-form">
        <div className="a-row">
          <Field label="Kind">
            <select
              value={kind}
              onChange={(e) => setKind(e.target.value as EventKind)}
              data-testid="event-kind"
            >
              {EVENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Multiplier" hint="above 1, at most 5, 2 decimals">
            <input
              type="number"
              min={1.01}
              max={5}
              step={0.01}
              value={multiplier}
              onChange={(e) => setMultiplier(e.target.value)}
              data-testid="event-multiplier"
            />
          </Field>
        </div>
        <div className="a-row">
          <Field label="Starts (your local time)">
            <input
              type="datetime-local"
              value={startsAt}
              onChange={(e) => setStartsAt(e.target.value)}
              data-testid="event-starts"
            />
          </Field>
          <Field label="Ends (your local time)">
            <input
              type="datetime-local"
              value={endsAt}
              onChange={(e) => setEndsAt(e.target.value)}
              data-testid="event-ends"
            />
          </Field>
        </div>
        {LANGUAGE_CODES.map((language) => (
          <Field
            key={language}
            label={`Title — ${LANGUAGE_NAMES[language] ?? language}${language === 'en' ? ' (required)' : ''}`}
            hint={language === 'en' ? undefined : 'empty: players read the English title'}
          >
            <input
              value={titles[language] ?? ''}
              dir={language === 'fa' ? 'rtl' : undefined}
              maxLength={60}
              onChange={(e) => setTitles((old) => ({ ...old, [language]: e.target.value }))}
              data-testid={`event-title-${language}`}
            />
          </Field>
        ))}
      </div>
    </Dialog>
  );
}
