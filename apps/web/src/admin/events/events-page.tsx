import type { AdminEvent, AdminEventsResponse } from '@egg-rush/contract/events';
import {
  EVENT_BOUNDS,
  EVENT_KINDS,
  EVENT_MULTIPLIERS,
  MAX_EVENT_TASKS,
  type EventKind,
} from '@egg-rush/game/events';
import { LANGUAGE_CODES } from '@egg-rush/game/language';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LANGUAGES, useT, type Key } from '../../lib/i18n.tsx';
import { call } from '../api.ts';
import { InPageLanguage } from '../page-language.tsx';
import { Button, DateTimeInput, Dialog, Field, QueryStatus, Section, Table } from '../ui.tsx';

/** The operator's local time, as a datetime-local input shows it, and back (ms). */
const pad = (n: number) => String(n).padStart(2, '0');
const toLocalInput = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (text: string) => (text ? new Date(text).getTime() : Number.NaN);
const local = (ms: number | null, lng: string) =>
  ms == null ? '—' : new Date(ms).toLocaleString(lng, { dateStyle: 'medium', timeStyle: 'short' });

const KIND_LABELS: Record<EventKind, { short: Key; name: Key }> = {
  'tap-multiplier': { short: 'eventsAdmin.kindTap', name: 'eventsAdmin.kindTapName' },
  'mole-multiplier': { short: 'eventsAdmin.kindMole', name: 'eventsAdmin.kindMoleName' },
  'income-multiplier': { short: 'eventsAdmin.kindIncome', name: 'eventsAdmin.kindIncomeName' },
  cipher: { short: 'eventsAdmin.kindCipher', name: 'eventsAdmin.kindCipherName' },
  tasks: { short: 'eventsAdmin.kindTasks', name: 'eventsAdmin.kindTasksName' },
};

const STATUS_LABELS: Record<AdminEvent['status'], Key> = {
  upcoming: 'eventsAdmin.statusUpcoming',
  running: 'eventsAdmin.statusRunning',
  ended: 'eventsAdmin.statusEnded',
  cancelled: 'eventsAdmin.statusCancelled',
};

const DAY_MS = 86_400_000;

function StatusTag({ status }: { status: AdminEvent['status'] }) {
  const { t } = useT();
  const tone = status === 'running' ? 'a-tag-good' : status === 'upcoming' ? 'a-tag-warn' : '';
  return <span className={`a-tag ${tone}`}>{t(STATUS_LABELS[status])}</span>;
}

/**
 * Scheduled events: a window in which taps, the mole game, the mining income or the daily cipher
 * pay more, or in which a set of tasks shows; cancelled before they end.
 * Its texts are in the catalogues, in the language picked here.
 */
export function EventsPage() {
  return (
    <InPageLanguage
      testId="events-language"
      label="eventsAdmin.language"
      render={(picker) => <Events picker={picker} />}
    />
  );
}

function Events({ picker }: { picker: ReactNode }) {
  const { t, lng } = useT();
  const client = useQueryClient();
  const events = useQuery({ queryKey: ['admin', 'events'], queryFn: () => call('adminEvents') });
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<AdminEvent | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'events'] });

  return (
    <>
      <div className="a-row a-between a-wrap">
        <h1>{t('eventsAdmin.title')}</h1>
        {picker}
        <Button tone="primary" onClick={() => setCreating(true)} data-testid="event-new">
          {t('eventsAdmin.new')}
        </Button>
      </div>
      <Section title={t('eventsAdmin.listTitle')}>
        <QueryStatus query={events} />
        {events.data ? (
          <Table
            stack
            testId="events-table"
            rows={events.data.events}
            rowKey={(e) => e.id}
            rowClass={(e) => (e.status === 'cancelled' ? 'a-dim' : undefined)}
            rowTestId="event-row"
            columns={[
              { head: t('eventsAdmin.colTitle'), stackAs: 'title', cell: (e) => e.titles.en },
              {
                head: t('eventsAdmin.colKind'),
                className: 'a-nowrap',
                cell: (e) =>
                  t(KIND_LABELS[e.kind].short, {
                    m: e.multiplier.toLocaleString(lng),
                    n: e.tasks.length.toLocaleString(lng),
                  }),
              },
              {
                head: t('eventsAdmin.colStarts'),
                className: 'a-nowrap',
                cell: (e) => local(e.startsAt, lng),
              },
              { head: t('eventsAdmin.colEnds'), className: 'a-nowrap', cell: (e) => local(e.endsAt, lng) },
              { head: t('eventsAdmin.colStatus'), cell: (e) => <StatusTag status={e.status} /> },
              {
                head: t('eventsAdmin.colPaid'),
                num: true,
                className: 'a-nowrap',
                cell: (e) => t('eventsAdmin.paid', { coins: e.paid.coins, payouts: e.paid.payouts }),
              },
              {
                head: '',
                stackAs: 'actions',
                className: 'a-nowrap',
                cell: (e) =>
                  e.status === 'upcoming' || e.status === 'running' ? (
                    <Button tone="danger" onClick={() => setCancelling(e)}>
                      {t('eventsAdmin.cancel')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        ) : null}
        {events.data ? (
          <p className="a-muted a-small">
            {t('eventsAdmin.bounds', {
              max: events.data.bounds.maxMultiplier,
              days: events.data.bounds.maxDurationMs / DAY_MS,
              cap: EVENT_BOUNDS.capMs / DAY_MS,
              window: EVENT_BOUNDS.capWindowMs / DAY_MS,
            })}{' '}
            {t('eventsAdmin.boundsKinds')}
          </p>
        ) : null}
      </Section>
      {creating ? (
        <EventDialog tasks={events.data?.tasks ?? []} onClose={() => setCreating(false)} onSaved={refresh} />
      ) : null}
      {cancelling ? (
        <Dialog
          title={t('eventsAdmin.cancelTitle', { title: cancelling.titles.en ?? '' })}
          confirm={t('eventsAdmin.cancelConfirm')}
          tone="danger"
          onConfirm={async () => {
            await call('adminEventCancel', { params: { eventId: cancelling.id }, body: {} });
            await refresh();
          }}
          onClose={() => setCancelling(null)}
        >
          <p>{t('eventsAdmin.cancelText')}</p>
        </Dialog>
      ) : null}
    </>
  );
}

function EventDialog({
  tasks,
  onClose,
  onSaved,
}: {
  /** The tasks a tasks event may pick. */
  tasks: AdminEventsResponse['tasks'];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useT();
  const [kind, setKind] = useState<EventKind>('tap-multiplier');
  const [multiplier, setMultiplier] = useState('2');
  const [picked, setPicked] = useState<string[]>([]);
  const bounds = EVENT_MULTIPLIERS[kind];
  const whole = bounds?.step === 1;
  const [startsAt, setStartsAt] = useState(() => toLocalInput(Date.now() + 5 * 60_000));
  const [endsAt, setEndsAt] = useState(() => toLocalInput(Date.now() + 2 * 86_400_000));
  const [titles, setTitles] = useState<Record<string, string>>({});
  const save = async () => {
    const filled = Object.fromEntries(Object.entries(titles).filter(([, v]) => v.trim() !== ''));
    await call('adminEventCreate', {
      body: {
        kind,
        ...(bounds ? { multiplier: Number(multiplier) } : { tasks: picked }),
        startsAt: fromLocalInput(startsAt),
        endsAt: fromLocalInput(endsAt),
        titles: filled,
      },
    });
    await onSaved();
  };
  return (
    <Dialog
      title={t('eventsAdmin.dialogTitle')}
      confirm={t('eventsAdmin.schedule')}
      canConfirm={
        (titles.en ?? '').trim() !== '' &&
        startsAt !== '' &&
        endsAt !== '' &&
        (bounds !== null || picked.length > 0)
      }
      onConfirm={save}
      onClose={onClose}
    >
      <div className="a-form">
        <div className="a-row">
          <Field label={t('eventsAdmin.fieldKind')}>
            <select
              value={kind}
              onChange={(e) => {
                const next = e.target.value as EventKind;
                setKind(next);
                // A whole multiplier for the kinds that take only those.
                if (EVENT_MULTIPLIERS[next]?.step === 1)
                  setMultiplier((m) => String(Math.max(2, Math.round(Number(m)))));
              }}
              data-testid="event-kind"
            >
              {EVENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(KIND_LABELS[k].name)}
                </option>
              ))}
            </select>
          </Field>
          {bounds ? (
            <Field
              label={t('eventsAdmin.fieldMultiplier')}
              hint={t(whole ? 'eventsAdmin.multiplierHintWhole' : 'eventsAdmin.multiplierHint', {
                max: bounds.max,
              })}
            >
              <input
                type="number"
                min={whole ? bounds.min + 1 : bounds.min + 0.01}
                max={bounds.max}
                step={bounds.step}
                value={multiplier}
                onChange={(e) => setMultiplier(e.target.value)}
                data-testid="event-multiplier"
              />
            </Field>
          ) : null}
        </div>
        {bounds ? null : (
          <Field label={t('eventsAdmin.fieldTasks')} hint={t('eventsAdmin.tasksHint')}>
            {tasks.length === 0 ? (
              <p className="a-muted a-small">{t('eventsAdmin.noTasks')}</p>
            ) : (
              <div className="a-form" data-testid="event-tasks">
                {tasks.map((task) => (
                  <label key={task.taskName} className="a-row">
                    <input
                      type="checkbox"
                      checked={picked.includes(task.taskName)}
                      disabled={!picked.includes(task.taskName) && picked.length >= MAX_EVENT_TASKS}
                      onChange={(e) =>
                        setPicked((old) =>
                          e.target.checked
                            ? [...old, task.taskName]
                            : old.filter((name) => name !== task.taskName),
                        )
                      }
                      data-testid={`event-task-${task.taskName}`}
                    />
                    <span>
                      {task.title} <span className="a-muted">({task.taskName})</span>
                    </span>
                  </label>
                ))}
              </div>
            )}
          </Field>
        )}
        <div className="a-row">
          <Field label={t('eventsAdmin.starts')}>
            <DateTimeInput value={startsAt} onChange={setStartsAt} data-testid="event-starts" />
          </Field>
          <Field label={t('eventsAdmin.ends')}>
            <DateTimeInput value={endsAt} onChange={setEndsAt} data-testid="event-ends" />
          </Field>
        </div>
        {LANGUAGE_CODES.map((language) => (
          <Field
            key={language}
            label={t(language === 'en' ? 'eventsAdmin.titleRequired' : 'eventsAdmin.titleField', {
              language: LANGUAGES.find((l) => l.code === language)?.name ?? language,
            })}
            hint={language === 'en' ? undefined : t('eventsAdmin.titleHint')}
          >
            <input
              value={titles[language] ?? ''}
              dir={language === 'fa' ? 'rtl' : undefined}
              maxLength={EVENT_BOUNDS.maxTitle}
              onChange={(e) => setTitles((old) => ({ ...old, [language]: e.target.value }))}
              data-testid={`event-title-${language}`}
            />
          </Field>
        ))}
      </div>
    </Dialog>
  );
}
