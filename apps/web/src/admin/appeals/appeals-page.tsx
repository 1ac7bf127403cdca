import type { airdropAppeal } from '@egg-rush/contract/fairness';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import type { output } from 'zod';
import { call } from '../api.ts';
import { Button, Dialog, fmt, OkNote, PageHead, QueryStatus, RefreshButton, Section } from '../ui.tsx';

type Appeal = output<typeof airdropAppeal>;
type Outcome = 'upheld' | 'rejected';

const key = ['admin', 'airdrop', 'appeals'];

const STATUS = {
  pending: 'a-tag-warn',
  upheld: 'a-tag-good',
  rejected: 'a-tag-bad',
} as const;

/**
 * The players' appeals against a review of their account, pending first: the player, the cluster,
 * their words, and an answer with a reason. Upholding clears the player (the bot tells them);
 * rejecting keeps the decision. Either way the player sees the answer in the app.
 */
export function AppealsPage() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: key, queryFn: () => call('adminAppeals') });
  const [answering, setAnswering] = useState<{ appeal: Appeal; outcome: Outcome } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const appeals = list.data?.appeals ?? [];
  const pending = appeals.filter((a) => a.status === 'pending');
  const answered = appeals.filter((a) => a.status !== 'pending');
  const ask = (appeal: Appeal, outcome: Outcome) => {
    setDone(null);
    setAnswering({ appeal, outcome });
  };
  return (
    <>
      <PageHead title="Appeals" actions={<RefreshButton query={list} />} />
      <p className="a-muted a-lead">
        Players under review or left out of the airdrop explain themselves here. Read the cluster&apos;s
        evidence before answering; the player reads the answer in the app, in their language.
      </p>
      <OkNote message={done} />
      <QueryStatus query={list} />
      {list.data ? (
        <Section title={`Waiting for an answer (${pending.length})`}>
          {pending.length === 0 ? <p className="a-muted">No appeal is waiting.</p> : null}
          <ol className="a-appeals" aria-label="Waiting for an answer">
            {pending.map((a) => (
              <AppealItem key={a.id} appeal={a} onAnswer={(outcome) => ask(a, outcome)} />
            ))}
          </ol>
        </Section>
      ) : null}
      {answered.length > 0 ? (
        <Section title={`Answered (${answered.length})`}>
          <ol className="a-appeals" aria-label="Answered">
            {answered.map((a) => (
              <AppealItem key={a.id} appeal={a} />
            ))}
          </ol>
        </Section>
      ) : null}
      {answering ? (
        <Dialog
          title={`${answering.outcome === 'upheld' ? 'Uphold' : 'Reject'} the appeal of player ${answering.appeal.playerId}?`}
          confirm={answering.outcome === 'upheld' ? 'Uphold' : 'Reject'}
          tone={answering.outcome === 'upheld' ? 'primary' : 'danger'}
          askReason
          onConfirm={async (reason) => {
            const { appeal } = await call('adminAppealAnswer', {
              params: { appealId: answering.appeal.id },
              body: { outcome: answering.outcome, reason },
            });
            client.setQueryData(key, (old: typeof list.data) =>
              old ? { appeals: old.appeals.map((a) => (a.id === appeal.id ? appeal : a)) } : old,
            );
            setDone(`Appeal ${appeal.id} of player ${appeal.playerId} ${appeal.status}.`);
            await client.invalidateQueries({ queryKey: ['admin', 'airdrop', 'clusters'] });
          }}
          onClose={() => setAnswering(null)}
        >
          <p>
            {answering.outcome === 'upheld'
              ? 'The player is cleared: they count in the allocations made from now on, whatever their cluster, and the bot tells them.'
              : 'The review or exclusion stands. The player sees that the appeal was rejected.'}
          </p>
        </Dialog>
      ) : null}
    </>
  );
}

function AppealItem({ appeal: a, onAnswer }: { appeal: Appeal; onAnswer?: (outcome: Outcome) => void }) {
  return (
    <li className="a-appeal" data-appeal={a.id} data-status={a.status}>
      <div className="a-row a-between">
        <div className="a-row">
          <Link to={`/admin/players/${a.playerId}`}>Player {a.playerId}</Link>
          {a.clusterId ? (
            <span className="a-muted a-small">
              in{' '}
              <Link to="/admin/clusters" className="a-mono">
                {a.clusterId}
              </Link>
            </span>
          ) : null}
          <span className={`a-tag ${STATUS[a.status]}`}>{a.status}</span>
        </div>
        <span className="a-muted a-small">
          #{a.id} · {fmt.time(a.createdAt)}
        </span>
      </div>
      {/* A player's own words, in their language: right to left when it is written so. */}
      <blockquote className="a-quote" dir="auto">
        {a.text}
      </blockquote>
      {a.status !== 'pending' ? (
        <p className="a-small">
          <span className="a-muted">
            Answered by {a.answeredBy ?? '—'}, {fmt.time(a.answeredAt)}:
          </span>{' '}
          {a.answer ?? '—'}
        </p>
      ) : null}
      {onAnswer ? (
        <div className="a-row a-end">
          <Button tone="danger" onClick={() => onAnswer('rejected')}>
            Reject…
          </Button>
          <Button tone="primary" onClick={() => onAnswer('upheld')}>
            Uphold…
          </Button>
        </div>
      ) : null}
    </li>
  );
}
