import { type AdminTask } from '@egg-rush/contract/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api.ts';
import { Button, DateTimeInput, Dialog, Field, fmt, QueryStatus, Section, Table } from '../ui.tsx';

/** An instant (ms) as the value of a UTC datetime-local input, and back. */
const toInput = (ms: number | null) => (ms == null ? '' : new Date(ms).toISOString().slice(0, 16));
const fromInput = (text: string) => (text ? Date.parse(`${text}:00Z`) : null);

interface Draft {
  taskName: string;
  dailyType: 'twitter' | 'telegram' | 'partner';
  title: string;
  description: string;
  link: string;
  amount: string;
  type: 'onion' | 'ticket';
  position: string;
  startsAt: string;
  endsAt: string;
}

const empty: Draft = {
  taskName: '',
  dailyType: 'partner',
  title: '',
  description: '',
  link: 'https://',
  amount: '1000',
  type: 'onion',
  position: '100',
  startsAt: '',
  endsAt: '',
};

const fromTask = (t: AdminTask): Draft => ({
  taskName: t.taskName,
  dailyType: t.dailyType,
  title: t.title,
  description: t.description,
  link: t.link,
  amount: String(t.reward.amount),
  type: t.reward.type,
  position: String(t.position),
  startsAt: toInput(t.startsAt),
  endsAt: toInput(t.endsAt),
});

function status(t: AdminTask) {
  if (t.retiredAt) return <span className="a-tag">retired</span>;
  if (t.live) return <span className="a-tag a-tag-good">live</span>;
  if (t.startsAt && t.startsAt > Date.now()) return <span className="a-tag a-tag-warn">scheduled</span>;
  return <span className="a-tag">ended</span>;
}

/** Partner and social tasks: the catalogue players see, changed without a redeploy. */
export function TasksPage() {
  const client = useQueryClient();
  const tasks = useQuery({
    queryKey: ['admin', 'tasks'],
    queryFn: () => call('adminTasks'),
  });
  const [editing, setEditing] = useState<AdminTask | 'new' | null>(null);
  const [retiring, setRetiring] = useState<AdminTask | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'tasks'] });

  return (
    <>
      <div className="a-row a-between">
        <h1>Tasks</h1>
        <Button tone="primary" onClick={() => setEditing('new')}>
          New task
        </Button>
      </div>
      <Section title="Partner and social tasks">
        <QueryStatus query={tasks} />
        {tasks.data ? (
          <Table
            rows={tasks.data.tasks}
            rowKey={(t) => t.taskName}
            rowClass={(t) => (t.retiredAt ? 'a-dim' : undefined)}
            stack
            columns={[
              { head: 'Name', className: 'a-mono', stackAs: 'title', cell: (t) => t.taskName },
              { head: 'Title', cell: (t) => t.title },
              { head: 'Kind', cell: (t) => t.dailyType },
              {
                head: 'Reward',
                num: true,
                className: 'a-nowrap',
                cell: (t) => (
                  <>
                    {fmt.num(t.reward.amount)} {t.reward.type === 'onion' ? 'coins' : 'tickets'}
                  </>
                ),
              },
              {
                head: 'Link',
                className: 'a-clip',
                cell: (t) => (
                  <a href={t.link} target="_blank" rel="noreferrer">
                    {t.link}
                  </a>
                ),
              },
              { head: 'Pos.', num: true, cell: (t) => t.position },
              { head: 'Starts', className: 'a-nowrap', cell: (t) => fmt.day(t.startsAt) },
              { head: 'Ends', className: 'a-nowrap', cell: (t) => fmt.day(t.endsAt) },
              { head: 'Status', cell: (t) => status(t) },
              {
                head: '',
                className: 'a-nowrap',
                stackAs: 'actions',
                cell: (t) =>
                  t.retiredAt ? null : (
                    <>
                      <Button onClick={() => setEditing(t)}>Edit</Button>{' '}
                      <Button tone="danger" onClick={() => setRetiring(t)}>
                        Retire
                      </Button>
                    </>
                  ),
              },
            ]}
          />
        ) : null}
        {tasks.data ? (
          <p className="a-muted a-small">
            Reward limits: up to {fmt.num(tasks.data.limits.onion)} coins or{' '}
            {fmt.num(tasks.data.limits.ticket)} tickets. Times are UTC.
          </p>
        ) : null}
      </Section>
      {editing && tasks.data ? (
        <TaskDialog
          task={editing === 'new' ? null : editing}
          limits={tasks.data.limits}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      ) : null}
      {retiring ? (
        <Dialog
          title={`Retire “${retiring.title}”?`}
          confirm="Retire"
          tone="danger"
          onConfirm={async () => {
            await call('adminTaskRetire', {
              params: { taskName: encodeURIComponent(retiring.taskName) },
              body: {},
            });
            await refresh();
          }}
          onClose={() => setRetiring(null)}
        >
          <p>Players stop seeing it at once and it can no longer be claimed. This cannot be undone.</p>
        </Dialog>
      ) : null}
    </>
  );
}

function TaskDialog({
  task,
  limits,
  onClose,
  onSaved,
}: {
  task: AdminTask | null;
  limits: { onion: number; ticket: number };
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const [d, setD] = useState<Draft>(task ? fromTask(task) : empty);
  const set = (patch: Partial<Draft>) => setD((old) => ({ ...old, ...patch }));
  const amount = Number(d.amount);
  const limit = limits[d.type];
  const amountOk = Number.isInteger(amount) && amount > 0 && amount <= limit;
  const save = async () => {
    const fields = {
      title: d.title,
      description: d.description,
      link: d.link,
      reward: { amount, type: d.type },
      position: Number(d.position),
      startsAt: fromInput(d.startsAt),
      endsAt: fromInput(d.endsAt),
    };
    if (task) {
      await call('adminTaskEdit', { params: { taskName: encodeURIComponent(task.taskName) }, body: fields });
    } else {
      await call('adminTaskCreate', {
        body: {
          ...fields,
          taskName: d.taskName,
          dailyType: d.dailyType,
          taskType: 'one_time',
        },
      });
    }
    await onSaved();
  };
  return (
    <Dialog
      title={task ? `Edit ${task.taskName}` : 'New task'}
      confirm={task ? 'Save' : 'Create'}
      canConfirm={amountOk && d.title.trim() !== '' && (task !== null || d.taskName !== '')}
      onConfirm={save}
      onClose={onClose}
    >
      <div className="a-form">
        {task ? null : (
          <>
            <Field label="Name (letters, digits, _)">
              <input value={d.taskName} onChange={(e) => set({ taskName: e.target.value })} maxLength={48} />
            </Field>
            <Field label="Kind">
              <select
                value={d.dailyType}
                onChange={(e) => set({ dailyType: e.target.value as Draft['dailyType'] })}
              >
                <option value="partner">partner</option>
                <option value="telegram">telegram</option>
                <option value="twitter">twitter</option>
              </select>
            </Field>
          </>
        )}
        <Field label="Title">
          <input value={d.title} onChange={(e) => set({ title: e.target.value })} maxLength={80} />
        </Field>
        <Field label="Description">
          <input
            value={d.description}
            onChange={(e) => set({ description: e.target.value })}
            maxLength={200}
          />
        </Field>
        <Field label="Link (https)">
          <input type="url" value={d.link} onChange={(e) => set({ link: e.target.value })} maxLength={500} />
        </Field>
        <div className="a-row">
          <Field label="Reward" hint={`1 to ${fmt.num(limit)}`}>
            <input
              type="number"
              min={1}
              max={limit}
              value={d.amount}
              onChange={(e) => set({ amount: e.target.value })}
            />
          </Field>
          <Field label="Currency">
            <select value={d.type} onChange={(e) => set({ type: e.target.value as Draft['type'] })}>
              <option value="onion">coins</option>
              <option value="ticket">tickets</option>
            </select>
          </Field>
          <Field label="Position">
            <input
              type="number"
              min={0}
              max={10000}
              value={d.position}
              onChange={(e) => set({ position: e.target.value })}
            />
          </Field>
        </div>
        <div className="a-row">
          <Field label="Starts (UTC, empty = now)">
            <DateTimeInput value={d.startsAt} onChange={(startsAt) => set({ startsAt })} />
          </Field>
          <Field label="Ends (UTC, empty = never)">
            <DateTimeInput value={d.endsAt} onChange={(endsAt) => set({ endsAt })} />
          </Field>
        </div>
      </div>
    </Dialog>
  );
}
