import { type AdminAllocationPreview, type AirdropAllocation } from '@egg-rush/contract/airdrop';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api.ts';
import { Button, Dialog, ErrorNote, Field, fmt, Loading, Section, Stat } from '../ui.tsx';

/**
 * The airdrop: allocations of a snapshot by the rule (supply, cap, minimum, claim window), their
 * preview, publishing (irreversible), claims, and the players excluded with the reason.
 */

/** Smallest units (decimal text) as whole jettons, grouped: 1234500000000 (9) → "1,234.5". */
export function jettons(units: string, decimals: number): string {
  const padded = units.padStart(decimals + 1, '0');
  const whole = BigInt(padded.slice(0, padded.length - decimals)).toLocaleString('en-US');
  const frac = padded.slice(padded.length - decimals).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** Whole jettons typed by the operator as smallest units, or null when not a whole number. */
const toUnits = (text: string, decimals: number) =>
  /^\d{1,30}$/.test(text.trim()) ? (BigInt(text.trim()) * 10n ** BigInt(decimals)).toString() : null;

const DECIMALS = 9;
const keys = {
  allocations: ['admin', 'airdrop', 'allocations'],
  exclusions: ['admin', 'airdrop', 'exclusions'],
};

export function AirdropPage() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: keys.allocations,
    queryFn: () => call('adminAllocations'),
  });
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <div className="a-row a-between">
        <h1>Airdrop</h1>
        <Button tone="primary" onClick={() => setCreating(true)}>
          New allocation
        </Button>
      </div>
      <p className="a-muted">
        An allocation shares a snapshot&apos;s supply in proportion to lifetime coins, capped per wallet, in
        whole jettons (docs/airdrop.md). Publishing fixes its Merkle root: once, irreversibly, one allocation.
      </p>
      <Section title="Allocations">
        {list.isPending ? <Loading /> : null}
        <ErrorNote error={list.error} />
        {list.data && list.data.allocations.length === 0 ? (
          <p className="a-muted">No allocation yet.</p>
        ) : null}
        {list.data && list.data.allocations.length > 0 ? (
          <table className="a-table">
            <thead>
              <tr>
                <th>#</th>
                <th>Snapshot</th>
                <th>Status</th>
                <th className="a-r">Supply</th>
                <th className="a-r">Allocated</th>
                <th className="a-r">Wallets</th>
                <th>Claims open</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.data.allocations.map((a) => (
                <tr key={a.id}>
                  <td className="num">{a.id}</td>
                  <td className="num">{a.snapshotId}</td>
                  <td>{a.status}</td>
                  <td className="a-r num">{jettons(a.supply, a.decimals)}</td>
                  <td className="a-r num">{jettons(a.total, a.decimals)}</td>
                  <td className="a-r num">{fmt.num(a.wallets)}</td>
                  <td className="a-nowrap">
                    {fmt.day(a.startFrom * 1000)} → {fmt.day(a.expiredAt * 1000)}
                  </td>
                  <td>
                    <Button onClick={() => setOpen(open === a.id ? null : a.id)}>
                      {open === a.id ? 'Close' : 'Preview'}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </Section>
      {open !== null ? <Preview id={open} /> : null}
      <Exclusions />
      {creating ? (
        <CreateDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setOpen(id);
            return client.invalidateQueries({ queryKey: keys.allocations });
          }}
        />
      ) : null}
    </>
  );
}

function Preview({ id }: { id: number }) {
  const client = useQueryClient();
  const preview = useQuery({
    queryKey: ['admin', 'airdrop', 'allocation', id],
    queryFn: () => call('adminAllocation', { params: { allocationId: id } }),
  });
  const [publishing, setPublishing] = useState(false);
  const [published, setPublished] = useState<{ root: string; dumpHash: string } | null>(null);
  if (preview.isPending) return <Loading />;
  if (!preview.data) return <ErrorNote error={preview.error} />;
  const { allocation: a, totals } = preview.data;
  const j = (units: string) => jettons(units, a.decimals);
  return (
    <Section
      title={`Allocation ${a.id} (${a.status})`}
      actions={
        a.status === 'draft' ? (
          <Button tone="danger" onClick={() => setPublishing(true)}>
            Publish…
          </Button>
        ) : null
      }
    >
      <div className="a-stats">
        <Stat label="Supply" value={j(totals.supply)} />
        <Stat label="Allocated" value={j(totals.allocated)} hint={`${j(totals.unallocated)} not allocated`} />
        <Stat label="Wallets" value={fmt.num(totals.wallets)} />
        <Stat label="Eligible players" value={fmt.num(totals.eligiblePlayers)} />
        <Stat label="Refused players" value={fmt.num(totals.refusedPlayers)} />
        <Stat
          label="Claimed"
          value={`${fmt.num(totals.claimedWallets)} wallets`}
          hint={`${j(totals.claimedAmount)} jettons`}
        />
      </div>
      {a.root ? (
        <p className="a-mono a-small a-hash">
          Root {a.root}
          <br />
          Dump SHA-256 {a.dumpHash} — <a href="/api/v1/airdrop/dump.boc">download the dump</a>
        </p>
      ) : null}
      {published ? <p className="a-muted">Published: root {published.root}</p> : null}
      <h3>Amounts (whole jettons)</h3>
      <Histogram rows={preview.data.histogram} decimals={a.decimals} />
      <h3>Largest allocations</h3>
      <table className="a-table">
        <thead>
          <tr>
            <th>Wallet</th>
            <th className="a-r">Jettons</th>
            <th className="a-r">Lifetime coins</th>
            <th
              className="a-r"
              title="Coins credited by operators to the wallet's players, up to the snapshot"
            >
              Of which operator credits
            </th>
            <th>Players</th>
          </tr>
        </thead>
        <tbody>
          {preview.data.largest.map((l) => (
            <tr key={l.wallet}>
              <td className="a-mono a-small">{l.wallet}</td>
              <td className="a-r num">{j(l.amount)}</td>
              <td className="a-r num">{fmt.num(l.coins)}</td>
              <td className="a-r num">{l.operatorCoins > 0 ? fmt.num(l.operatorCoins) : '—'}</td>
              <td>{l.playerIds.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Claims confirmed per day</h3>
      {preview.data.claims.length === 0 ? (
        <p className="a-muted">None yet.</p>
      ) : (
        <table className="a-table">
          <thead>
            <tr>
              <th>Day (UTC)</th>
              <th className="a-r">Wallets</th>
              <th className="a-r">Jettons</th>
            </tr>
          </thead>
          <tbody>
            {preview.data.claims.map((c) => (
              <tr key={c.day}>
                <td>{c.day}</td>
                <td className="a-r num">{fmt.num(c.wallets)}</td>
                <td className="a-r num">{j(c.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Refused</h3>
      <p>
        {preview.data.refusals.length === 0
          ? 'Nobody.'
          : preview.data.refusals.map((r) => `${r.reason}: ${fmt.num(r.players)}`).join(' · ')}
      </p>
      {preview.data.excluded.length > 0 ? (
        <table className="a-table">
          <thead>
            <tr>
              <th>Player</th>
              <th>Why</th>
              <th>Reason given</th>
            </tr>
          </thead>
          <tbody>
            {preview.data.excluded.map((e) => (
              <tr key={e.playerId}>
                <td className="num">{e.playerId}</td>
                <td>{e.reason}</td>
                <td>{e.detail ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {publishing ? (
        <PublishDialog
          allocation={a}
          onClose={() => setPublishing(false)}
          onPublished={async (p) => {
            setPublished(p);
            await client.invalidateQueries({ queryKey: ['admin', 'airdrop'] });
          }}
        />
      ) : null}
    </Section>
  );
}

function Histogram({ rows, decimals }: { rows: AdminAllocationPreview['histogram']; decimals: number }) {
  const max = Math.max(1, ...rows.map((r) => r.wallets));
  return (
    <table className="a-table" aria-label="Wallets per range of jettons">
      <tbody>
        {rows.map((r) => (
          <tr key={r.from}>
            <td className="a-nowrap num">
              {jettons(r.from, decimals)} – {r.to === null ? '…' : jettons(r.to, decimals)}
            </td>
            <td style={{ width: '70%' }}>
              <div
                className="a-bar"
                style={{ width: `${(r.wallets / max) * 100}%`, minWidth: r.wallets > 0 ? 2 : 0 }}
              />
            </td>
            <td className="a-r num">{fmt.num(r.wallets)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PublishDialog({
  allocation,
  onClose,
  onPublished,
}: {
  allocation: AirdropAllocation;
  onClose: () => void;
  onPublished: (p: { root: string; dumpHash: string }) => Promise<unknown>;
}) {
  const [admin, setAdmin] = useState('');
  return (
    <Dialog
      title={`Publish allocation ${allocation.id}`}
      confirm="Publish, irreversibly"
      tone="danger"
      onConfirm={async () => {
        const res = await call('adminAllocationPublish', {
          params: { allocationId: allocation.id },
          body: admin.trim() ? { admin: admin.trim() } : {},
        });
        await onPublished(res);
      }}
      onClose={onClose}
    >
      <p>
        {fmt.num(allocation.wallets)} wallets, {jettons(allocation.total, allocation.decimals)} jettons. The
        Merkle root is fixed for good and no other allocation can be published after this one.
      </p>
      <div className="a-form">
        <Field label="Minter admin (your wallet address)" hint="Empty: the minter has no admin at all.">
          <input value={admin} onChange={(e) => setAdmin(e.target.value)} />
        </Field>
      </div>
    </Dialog>
  );
}

function CreateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (id: number) => Promise<unknown>;
}) {
  const snapshots = useQuery({
    queryKey: ['admin', 'snapshots'],
    queryFn: () => call('adminSnapshots'),
  });
  const [snapshot, setSnapshot] = useState('');
  const [supply, setSupply] = useState('1000000000');
  const [cap, setCap] = useState('');
  const [minimum, setMinimum] = useState('1');
  const [opens, setOpens] = useState('');
  const [closes, setCloses] = useState('');
  const snapshotId = Number(snapshot || snapshots.data?.snapshots[0]?.id);
  const seconds = (text: string) => (text ? Math.floor(Date.parse(`${text}:00Z`) / 1000) : undefined);
  const supplyUnits = toUnits(supply, DECIMALS);
  const capUnits = cap.trim() ? toUnits(cap, DECIMALS) : undefined;
  const minUnits = minimum.trim() ? toUnits(minimum, DECIMALS) : undefined;
  const valid =
    Number.isSafeInteger(snapshotId) && supplyUnits !== null && capUnits !== null && minUnits !== null;
  return (
    <Dialog
      title="New airdrop allocation"
      confirm="Allocate"
      canConfirm={valid}
      onConfirm={async () => {
        if (supplyUnits === null) return;
        const startFrom = seconds(opens);
        const expiredAt = seconds(closes);
        const res = await call('adminAllocationCreate', {
          body: {
            snapshotId,
            supply: supplyUnits,
            ...(capUnits ? { cap: capUnits } : {}),
            ...(minUnits ? { minimum: minUnits } : {}),
            ...(startFrom !== undefined ? { startFrom } : {}),
            ...(expiredAt !== undefined ? { expiredAt } : {}),
          },
        });
        await onCreated(res.allocation.id);
      }}
      onClose={onClose}
    >
      <div className="a-form">
        <Field label="Snapshot">
          <select value={snapshot} onChange={(e) => setSnapshot(e.target.value)}>
            {(snapshots.data?.snapshots ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                #{s.id} — {fmt.day(s.takenAt)} — {fmt.num(s.players)} players
              </option>
            ))}
          </select>
        </Field>
        <Field label="Supply (whole jettons)">
          <input inputMode="numeric" value={supply} onChange={(e) => setSupply(e.target.value)} />
        </Field>
        <Field label="Cap per wallet (whole jettons)" hint="Empty: no cap.">
          <input inputMode="numeric" value={cap} onChange={(e) => setCap(e.target.value)} />
        </Field>
        <Field label="Minimum per wallet (whole jettons)">
          <input inputMode="numeric" value={minimum} onChange={(e) => setMinimum(e.target.value)} />
        </Field>
        <Field label="Claims open (UTC, empty = now)">
          <input type="datetime-local" value={opens} onChange={(e) => setOpens(e.target.value)} />
        </Field>
        <Field label="Claims close (UTC, empty = 180 days later)">
          <input type="datetime-local" value={closes} onChange={(e) => setCloses(e.target.value)} />
        </Field>
      </div>
    </Dialog>
  );
}

function Exclusions() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: keys.exclusions,
    queryFn: () => call('adminExclusions'),
  });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const [player, setPlayer] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: keys.exclusions });
  return (
    <Section
      title="Excluded players"
      actions={<Button onClick={() => setAdding(true)}>Exclude a player…</Button>}
    >
      <p className="a-muted">
        Exclusions count for the allocations made afterwards; a published one never changes.
      </p>
      <ErrorNote error={list.error} />
      {list.data && list.data.exclusions.length > 0 ? (
        <table className="a-table">
          <thead>
            <tr>
              <th>Player</th>
              <th>Reason</th>
              <th>By</th>
              <th>When</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data.exclusions.map((e) => (
              <tr key={e.playerId}>
                <td className="num">{e.playerId}</td>
                <td>{e.reason}</td>
                <td>{e.excludedBy}</td>
                <td className="a-nowrap">{fmt.day(e.excludedAt)}</td>
                <td>
                  <Button onClick={() => setRemoving(e.playerId)}>Include again…</Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="a-muted">Nobody is excluded.</p>
      )}
      {adding ? (
        <Dialog
          title="Exclude a player from the airdrop"
          confirm="Exclude"
          tone="danger"
          askReason
          canConfirm={/^[1-9]\d{0,15}$/.test(player.trim())}
          onConfirm={async (reason) => {
            await call('adminExclude', {
              body: {
                playerId: Number(player.trim()),
                reason,
              },
            });
            await refresh();
          }}
          onClose={() => setAdding(false)}
        >
          <div className="a-form">
            <Field label="Player id">
              <input inputMode="numeric" value={player} onChange={(e) => setPlayer(e.target.value)} />
            </Field>
          </div>
        </Dialog>
      ) : null}
      {removing !== null ? (
        <Dialog
          title={`Include player ${removing} again`}
          confirm="Include"
          askReason
          onConfirm={async (reason) => {
            await call('adminUnexclude', { params: { playerId: removing }, body: { reason } });
            await refresh();
          }}
          onClose={() => setRemoving(null)}
        >
          <p>The player counts again in the allocations made from now on.</p>
        </Dialog>
      ) : null}
    </Section>
  );
}
