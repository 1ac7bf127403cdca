import { type AdminSnapshot } from '@egg-rush/contract/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, download } from '../api.ts';
import { Button, DateTimeInput, Dialog, ErrorNote, Field, fmt, QueryStatus, Section } from '../ui.tsx';

/** Airdrop snapshots: the eligible players frozen at an instant, exported with a published SHA-256. */
export function SnapshotsPage() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: ['admin', 'snapshots'],
    queryFn: () => call('adminSnapshots'),
  });
  const [creating, setCreating] = useState(false);
  return (
    <>
      <div className="a-row a-between">
        <h1>Airdrop snapshots</h1>
        <Button tone="primary" onClick={() => setCreating(true)}>
          Take a snapshot
        </Button>
      </div>
      <p className="a-muted">
        Eligible: wallet bound with a proof, not banned, lifetime coins at least the threshold. Players can
        check the published SHA-256 against the export they are given.
      </p>
      <Section title="Snapshots">
        <QueryStatus query={list} />
        {list.data && list.data.snapshots.length === 0 ? <p className="a-muted">No snapshot yet.</p> : null}
        {list.data && list.data.snapshots.length > 0 ? (
          <table className="a-table">
            <thead>
              <tr>
                <th>#</th>
                <th>Taken at</th>
                <th>By</th>
                <th className="a-r">Min. coins</th>
                <th className="a-r">Players</th>
                <th className="a-r">Total coins</th>
                <th>SHA-256</th>
                <th>Export</th>
              </tr>
            </thead>
            <tbody>
              {list.data.snapshots.map((s) => (
                <SnapshotRow key={s.id} s={s} />
              ))}
            </tbody>
          </table>
        ) : null}
      </Section>
      {creating ? (
        <CreateDialog
          onClose={() => setCreating(false)}
          onCreated={() => client.invalidateQueries({ queryKey: ['admin', 'snapshots'] })}
        />
      ) : null}
    </>
  );
}

function SnapshotRow({ s }: { s: AdminSnapshot }) {
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const get = async (format: 'csv' | 'json') => {
    setBusy(format);
    setError(null);
    try {
      await download(s.id, format);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };
  return (
    <tr>
      <td className="num">{s.id}</td>
      <td className="a-nowrap">{fmt.time(s.takenAt)}</td>
      <td>{s.takenBy}</td>
      <td className="a-r num">{fmt.num(s.minCoins)}</td>
      <td className="a-r num">{fmt.num(s.players)}</td>
      <td className="a-r num">{fmt.num(s.totalCoins)}</td>
      <td className="a-mono a-small a-hash">
        <div>CSV {s.csvSha256}</div>
        <div>JSON {s.jsonSha256}</div>
      </td>
      <td className="a-nowrap">
        <Button busy={busy === 'csv'} onClick={() => void get('csv')}>
          CSV
        </Button>{' '}
        <Button busy={busy === 'json'} onClick={() => void get('json')}>
          JSON
        </Button>
        <ErrorNote error={error} />
      </td>
    </tr>
  );
}

function CreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => Promise<unknown> }) {
  const [minCoins, setMinCoins] = useState('0');
  const [at, setAt] = useState('');
  // A snapshot is of the past: its instant is checked against the time the dialog opened.
  const [openedAt] = useState(() => Date.now());
  const min = Number(minCoins);
  const instant = at ? Date.parse(`${at}:00Z`) : undefined;
  const valid = Number.isSafeInteger(min) && min >= 0 && (instant === undefined || instant <= openedAt);
  return (
    <Dialog
      title="Take an airdrop snapshot"
      confirm="Take snapshot"
      canConfirm={valid}
      onConfirm={async () => {
        await call('adminSnapshotCreate', {
          body: {
            minCoins: min,
            ...(instant !== undefined ? { at: instant } : {}),
          },
        });
        await onCreated();
      }}
      onClose={onClose}
    >
      <div className="a-form">
        <Field label="Minimum lifetime coins">
          <input
            type="number"
            min={0}
            step={1}
            value={minCoins}
            onChange={(e) => setMinCoins(e.target.value)}
          />
        </Field>
        <Field label="Instant (UTC, empty = now)" hint="Not in the future.">
          <DateTimeInput value={at} onChange={setAt} />
        </Field>
      </div>
    </Dialog>
  );
}
