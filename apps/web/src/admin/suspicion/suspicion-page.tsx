import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { call } from '../api.ts';
import { Button, Dialog, OkNote, PageHead, QueryStatus, RefreshButton, Section, Table } from '../ui.tsx';

const RULES = {
  'tap-pace': 'Tapped at the human pace cap for long stretches',
  'invite-burst': 'Joined through one inviter within minutes, acted at most once after',
  'idle-invitees': 'Most invitees of one inviter acted at most once and stopped',
  'no-sleep': 'Active around the clock for days, with no pause long enough to sleep',
  'mole-bound': 'Mole scores near the bound every time',
  'mole-cap': 'Mole results at the reward cap nearly every time',
  'wallet-pattern': 'Shares a wallet address or address pattern',
} as const;

/** Players the anti-fraud rules flag, with their evidence; ban several at once with one reason. */
export function SuspicionPage() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: ['admin', 'suspicion'],
    queryFn: () => call('adminSuspicion'),
  });
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const open = list.data?.suspects.filter((s) => !s.bannedAt) ?? [];
  const toggle = (id: number) =>
    setPicked((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <PageHead
        title="Suspicion list"
        actions={
          <div className="a-row">
            <RefreshButton query={list} />
            <Button tone="danger" disabled={picked.size === 0} onClick={() => setConfirming(true)}>
              Ban selected ({picked.size})
            </Button>
          </div>
        }
      />
      <OkNote message={done} />
      <Section
        title={
          list.data ? `${list.data.suspects.length} flagged, ${open.length} not banned` : 'Flagged players'
        }
        actions={
          open.length > 0 ? (
            <div className="a-row">
              <Button onClick={() => setPicked(new Set(open.map((s) => s.id)))}>Select all not banned</Button>
              <Button onClick={() => setPicked(new Set())}>Clear</Button>
            </div>
          ) : null
        }
      >
        <QueryStatus query={list} />
        {list.data && list.data.suspects.length === 0 ? <p className="a-muted">Nobody is flagged.</p> : null}
        {list.data && list.data.suspects.length > 0 ? (
          <Table
            rows={list.data.suspects}
            rowKey={(s) => s.id}
            rowClass={(s) => (s.bannedAt ? 'a-dim' : undefined)}
            columns={[
              {
                head: '',
                cell: (s) => (
                  <input
                    type="checkbox"
                    aria-label={`Select ${s.id}`}
                    disabled={Boolean(s.bannedAt)}
                    checked={picked.has(s.id)}
                    onChange={() => toggle(s.id)}
                  />
                ),
              },
              {
                head: 'Player',
                className: 'a-nowrap',
                cell: (s) => (
                  <>
                    <Link to={`/admin/players/${s.id}`}>
                      {s.firstName} #{s.id}
                    </Link>
                    {s.username ? <div className="a-muted a-small">@{s.username}</div> : null}
                    {s.bannedAt ? <span className="a-tag a-tag-bad a-gap">banned</span> : null}
                  </>
                ),
              },
              {
                head: 'Rules',
                cell: (s) =>
                  s.rules.map((r) => (
                    <span key={r} className="a-tag a-tag-warn" title={RULES[r]}>
                      {r}
                    </span>
                  )),
              },
              {
                head: 'Evidence',
                cell: (s) => (
                  <ul className="a-evidence">
                    {s.evidence.map((e, i) => (
                      <li key={i}>{e}</li>
                    ))}
                  </ul>
                ),
              },
            ]}
          />
        ) : null}
      </Section>
      {list.data ? (
        <Section title="Thresholds">
          <dl className="a-dl a-small">
            {Object.entries(list.data.thresholds).map(([k, v]) => (
              <div key={k} className="a-contents">
                <dt>{k}</dt>
                <dd>{Array.isArray(v) ? v.join(', ') : String(v)}</dd>
              </div>
            ))}
          </dl>
        </Section>
      ) : null}
      {confirming ? (
        <Dialog
          title={`Ban ${picked.size} players?`}
          confirm={`Ban ${picked.size}`}
          tone="danger"
          askReason
          onConfirm={async (reason) => {
            const res = await call('adminBulkBan', {
              body: {
                ids: [...picked],
                reason,
              },
            });
            setDone(`Banned ${res.banned} players.`);
            setPicked(new Set());
            await client.invalidateQueries({ queryKey: ['admin'] });
          }}
          onClose={() => setConfirming(false)}
        >
          <p>One reason for all of them; each ban is kept in the audit log.</p>
        </Dialog>
      ) : null}
    </>
  );
}
