import type { AirdropCluster } from '@egg-rush/contract/fairness';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { call } from '../api.ts';
import { Button, Dialog, fmt, OkNote, PageHead, QueryStatus, RefreshButton, Section } from '../ui.tsx';

/**
 * Clusters of linked accounts (docs/airdrop.md, "Clusters and appeals"): what the fairness rules
 * found, with their evidence in words and a recommendation, and the operators' decisions on them.
 * A recommendation is advice: only a decision here (or a rule published with the allocation)
 * excludes anyone, and a decision can be turned round until an allocation is published.
 */

const key = ['admin', 'airdrop', 'clusters'];
/** Members listed before "show all". */
const MEMBERS_SHOWN = 12;

const RECOMMENDATION = {
  exclude: { tag: 'a-tag-bad', label: 'recommend exclude' },
  review: { tag: 'a-tag-warn', label: 'recommend review' },
  clear: { tag: 'a-tag-good', label: 'looks clear' },
} as const;

type Filter = 'open' | 'all' | 'decided';
const FILTERS: readonly [Filter, string][] = [
  ['all', 'All'],
  ['open', 'Undecided'],
  ['decided', 'Decided'],
];

export function ClustersPage() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: key, queryFn: () => call('adminClusters') });
  const [deciding, setDeciding] = useState<{ cluster: AirdropCluster; action: 'exclude' | 'clear' } | null>(
    null,
  );
  const [done, setDone] = useState<string | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const clusters = list.data?.clusters ?? [];
  const shown = clusters.filter((c) =>
    filter === 'all' ? true : filter === 'open' ? c.decision === null : c.decision !== null,
  );
  const count = (f: Filter) =>
    clusters.filter((c) => (f === 'all' ? true : f === 'open' ? c.decision === null : c.decision !== null))
      .length;

  return (
    <>
      <PageHead title="Clusters" actions={<RefreshButton query={list} />} />
      <p className="a-muted a-lead">
        Accounts the fairness rules link together (a shared network or device, play in step, one funder or
        inviter), with the evidence. A recommendation is advice: a cluster is left out of the allocations made
        afterwards only when an operator excludes it, and a decision can be reversed until an allocation is
        published. Its members can see that they are under review and appeal.
      </p>
      <OkNote message={done} />
      <div className="a-row" role="group" aria-label="Show">
        {FILTERS.map(([f, label]) => (
          <Button
            key={f}
            aria-pressed={filter === f}
            tone={filter === f ? 'primary' : 'plain'}
            onClick={() => setFilter(f)}
          >
            {label} ({count(f)})
          </Button>
        ))}
      </div>
      <QueryStatus query={list} />
      {list.data && shown.length === 0 ? (
        <Section title="Clusters">
          <p className="a-muted">
            {clusters.length === 0 ? 'No accounts are linked.' : 'None here: see the other lists.'}
          </p>
        </Section>
      ) : null}
      <ol className="a-clusters" aria-label="Clusters">
        {shown.map((c) => (
          <ClusterCard
            key={c.id}
            cluster={c}
            onDecide={(action) => {
              setDone(null);
              setDeciding({ cluster: c, action });
            }}
          />
        ))}
      </ol>
      {deciding ? (
        <DecideDialog
          {...deciding}
          onClose={() => setDeciding(null)}
          onDone={async (cluster) => {
            client.setQueryData(key, (old: typeof list.data) =>
              old ? { clusters: old.clusters.map((c) => (c.id === cluster.id ? cluster : c)) } : old,
            );
            setDone(
              `Cluster ${cluster.id} ${cluster.decision?.action === 'exclude' ? 'excluded' : 'cleared'}: ${fmt.num(cluster.size)} accounts.`,
            );
            await client.invalidateQueries({ queryKey: ['admin', 'airdrop', 'appeals'] });
          }}
        />
      ) : null}
    </>
  );
}

function ClusterCard({
  cluster: c,
  onDecide,
}: {
  cluster: AirdropCluster;
  onDecide: (action: 'exclude' | 'clear') => void;
}) {
  const [allMembers, setAllMembers] = useState(false);
  const members = allMembers ? c.members : c.members.slice(0, MEMBERS_SHOWN);
  const rec = RECOMMENDATION[c.recommendation];
  const decided = c.decision?.action ?? null;
  return (
    <li className="a-card a-cluster" data-cluster={c.id} data-decision={decided ?? 'none'}>
      <header className="a-cluster-head">
        <h2 className="a-mono">{c.id}</h2>
        <span className={`a-tag ${rec.tag}`}>{rec.label}</span>
        {decided ? (
          <span className={`a-tag ${decided === 'exclude' ? 'a-tag-bad' : 'a-tag-good'}`}>
            {decided === 'exclude' ? 'excluded' : 'cleared'}
          </span>
        ) : null}
      </header>
      <dl className="a-cluster-facts">
        <div>
          <dt>Accounts</dt>
          <dd className="num">{fmt.num(c.size)}</dd>
        </div>
        <div>
          <dt>Score</dt>
          <dd className="num" title="0: nothing alike, 1: certainly one operator">
            {c.score.toFixed(2)}
          </dd>
        </div>
        <div>
          <dt>Share of the draft</dt>
          <dd
            className="num"
            title={c.share === null ? 'No draft allocation' : 'Of the newest draft allocation'}
          >
            {fmt.pct(c.share)}
          </dd>
        </div>
      </dl>
      <h3 className="a-small a-muted">Evidence</h3>
      <ul className="a-evidence">
        {c.evidence.map((e, i) => (
          <li key={i}>{e}</li>
        ))}
      </ul>
      <h3 className="a-small a-muted">Members</h3>
      <p className="a-members">
        {members.map((id) => (
          <Link key={id} to={`/admin/players/${id}`} className="a-mono">
            {id}
          </Link>
        ))}
        {c.members.length > MEMBERS_SHOWN ? (
          <button type="button" className="a-link" onClick={() => setAllMembers(!allMembers)}>
            {allMembers ? 'show fewer' : `show all ${fmt.num(c.members.length)}`}
          </button>
        ) : null}
      </p>
      {c.decision ? (
        <p className={c.decision.action === 'exclude' ? 'a-error' : 'a-ok'} data-testid="decision">
          {c.decision.action === 'exclude' ? 'Excluded' : 'Cleared'} by {c.decision.by},{' '}
          {fmt.time(c.decision.at)}: {c.decision.reason}
        </p>
      ) : null}
      <div className="a-row a-end">
        {decided !== 'clear' ? (
          <Button onClick={() => onDecide('clear')}>
            {decided === 'exclude' ? 'Clear cluster (undo)…' : 'Clear cluster…'}
          </Button>
        ) : null}
        {decided !== 'exclude' ? (
          <Button tone="danger" onClick={() => onDecide('exclude')}>
            Exclude cluster…
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function DecideDialog({
  cluster,
  action,
  onClose,
  onDone,
}: {
  cluster: AirdropCluster;
  action: 'exclude' | 'clear';
  onClose: () => void;
  onDone: (cluster: AirdropCluster) => Promise<unknown>;
}) {
  const exclude = action === 'exclude';
  return (
    <Dialog
      title={`${exclude ? 'Exclude' : 'Clear'} cluster ${cluster.id} (${fmt.num(cluster.size)} accounts)?`}
      confirm={
        exclude ? `Exclude ${fmt.num(cluster.size)} accounts` : `Clear ${fmt.num(cluster.size)} accounts`
      }
      tone={exclude ? 'danger' : 'primary'}
      askReason
      onConfirm={async (reason) => {
        const route = exclude ? 'adminClusterExclude' : 'adminClusterClear';
        const res = await call(route, { params: { clusterId: cluster.id }, body: { reason } });
        await onDone(res.cluster);
      }}
      onClose={onClose}
    >
      <p>
        {exclude
          ? 'Its members are left out of the allocations made from now on, and see in the app that they were left out and can appeal. You can clear the cluster again until an allocation is published.'
          : 'Its members count in the allocations made from now on like everyone else, and see in the app that they were reviewed and cleared.'}
      </p>
      <p className="a-muted a-small">
        The reason is kept in the audit log with the decision. Recommendation: {cluster.recommendation}; score{' '}
        {cluster.score.toFixed(2)}.
      </p>
    </Dialog>
  );
}
