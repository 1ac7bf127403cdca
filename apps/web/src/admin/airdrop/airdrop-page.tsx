import { type AdminAllocationPreview, type AirdropAllocation } from '@egg-rush/contract/airdrop';
import { type AllocationRule, RECOMMENDED_RULE } from '@egg-rush/game/allocation-rule';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api.ts';
import {
  Button,
  DateTimeInput,
  Dialog,
  ErrorNote,
  Field,
  fmt,
  Loading,
  QueryStatus,
  Section,
  Stat,
  Table,
} from '../ui.tsx';

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
        An allocation shares a snapshot&apos;s supply by a rule (coins counted sublinearly beside days played,
        tasks, friends who stayed, account age and Premium), capped per wallet, in whole jettons
        (docs/airdrop.md). Publishing fixes its Merkle root and its rule, which players read in the app: once,
        irreversibly, one allocation.
      </p>
      <Section title="Allocations">
        <QueryStatus query={list} />
        {list.data && list.data.allocations.length === 0 ? (
          <p className="a-muted">No allocation yet.</p>
        ) : null}
        {list.data && list.data.allocations.length > 0 ? (
          <Table
            rows={list.data.allocations}
            rowKey={(a) => a.id}
            columns={[
              { head: '#', className: 'num', cell: (a) => a.id },
              { head: 'Snapshot', className: 'num', cell: (a) => a.snapshotId },
              { head: 'Status', cell: (a) => a.status },
              { head: 'Supply', num: true, cell: (a) => jettons(a.supply, a.decimals) },
              { head: 'Allocated', num: true, cell: (a) => jettons(a.total, a.decimals) },
              { head: 'Wallets', num: true, cell: (a) => fmt.num(a.wallets) },
              {
                head: 'Claims open',
                className: 'a-nowrap',
                cell: (a) => (
                  <>
                    {fmt.day(a.startFrom * 1000)} → {fmt.day(a.expiredAt * 1000)}
                  </>
                ),
              },
              {
                head: '',
                cell: (a) => (
                  <Button onClick={() => setOpen(open === a.id ? null : a.id)}>
                    {open === a.id ? 'Close' : 'Preview'}
                  </Button>
                ),
              },
            ]}
          />
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
      {a.rule ? <RuleSummary rule={a.rule} /> : null}
      {preview.data.cohorts.length > 0 ? (
        <>
          <h3>Cohorts</h3>
          <Cohorts rows={preview.data.cohorts} decimals={a.decimals} />
        </>
      ) : null}
      <h3>Amounts (whole jettons)</h3>
      <Histogram rows={preview.data.histogram} decimals={a.decimals} />
      <h3>Largest allocations</h3>
      <Table
        rows={preview.data.largest}
        rowKey={(l) => l.wallet}
        columns={[
          { head: 'Wallet', className: 'a-mono a-small', cell: (l) => l.wallet },
          { head: 'Jettons', num: true, cell: (l) => j(l.amount) },
          { head: 'Lifetime coins', num: true, cell: (l) => fmt.num(l.coins) },
          {
            head: 'Of which operator credits',
            num: true,
            hint: "Coins credited by operators to the wallet's players, up to the snapshot",
            cell: (l) => (l.operatorCoins > 0 ? fmt.num(l.operatorCoins) : '—'),
          },
          { head: 'Players', cell: (l) => l.playerIds.join(', ') },
        ]}
      />
      <h3>Claims confirmed per day</h3>
      {preview.data.claims.length === 0 ? (
        <p className="a-muted">None yet.</p>
      ) : (
        <Table
          rows={preview.data.claims}
          rowKey={(c) => c.day}
          columns={[
            { head: 'Day (UTC)', cell: (c) => c.day },
            { head: 'Wallets', num: true, cell: (c) => fmt.num(c.wallets) },
            { head: 'Jettons', num: true, cell: (c) => j(c.amount) },
          ]}
        />
      )}
      <h3>Refused</h3>
      <p>
        {preview.data.refusals.length === 0
          ? 'Nobody.'
          : preview.data.refusals.map((r) => `${r.reason}: ${fmt.num(r.players)}`).join(' · ')}
      </p>
      {preview.data.excluded.length > 0 ? (
        <Table
          rows={preview.data.excluded}
          rowKey={(e) => e.playerId}
          columns={[
            { head: 'Player', className: 'num', cell: (e) => e.playerId },
            { head: 'Why', cell: (e) => e.reason },
            { head: 'Reason given', cell: (e) => e.detail ?? '—' },
          ]}
        />
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

const COHORTS: Record<AdminAllocationPreview['cohorts'][number]['cohort'], string> = {
  top1: 'Top 1% of wallets',
  median: 'Median wallet',
  new: 'New accounts (under 30 days)',
  premium: 'Telegram Premium',
  review: 'Under review',
};

/** How the allocation falls on groups of players: what each group's wallets receive. */
function Cohorts({ rows, decimals }: { rows: AdminAllocationPreview['cohorts']; decimals: number }) {
  return (
    <Table
      label="Cohorts"
      rows={rows}
      rowKey={(c) => c.cohort}
      columns={[
        { head: 'Group', cell: (c) => COHORTS[c.cohort] },
        { head: 'Players', num: true, cell: (c) => fmt.num(c.players) },
        { head: 'Wallets', num: true, cell: (c) => fmt.num(c.wallets) },
        { head: 'Share', num: true, cell: (c) => fmt.pct(c.share) },
        { head: 'Median (jettons)', num: true, cell: (c) => jettons(c.median, decimals) },
      ]}
    />
  );
}

/** The rule an allocation used, in one line an operator can check against the published one. */
function RuleSummary({ rule }: { rule: AllocationRule }) {
  const total = FACTORS.reduce((sum, [f]) => sum + rule.weights[f], 0);
  return (
    <p className="a-small" data-testid="allocation-rule">
      <span className="a-muted">Rule:</span> coins<sup>{rule.coinsExponent}</sup>;{' '}
      {FACTORS.filter(([f]) => rule.weights[f] > 0)
        .map(([f, label]) => `${label} ${fmt.pct(total > 0 ? rule.weights[f] / total : 0)}`)
        .join(' · ')}
      ; under review × {rule.reviewDiscount}
    </p>
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
  const [rule, setRule] = useState<RuleText>(() => ruleText(RECOMMENDED_RULE));
  const parsedRule = parseRule(rule);
  const snapshotId = Number(snapshot || snapshots.data?.snapshots[0]?.id);
  const seconds = (text: string) => (text ? Math.floor(Date.parse(`${text}:00Z`) / 1000) : undefined);
  const supplyUnits = toUnits(supply, DECIMALS);
  const capUnits = cap.trim() ? toUnits(cap, DECIMALS) : undefined;
  const minUnits = minimum.trim() ? toUnits(minimum, DECIMALS) : undefined;
  const valid =
    Number.isSafeInteger(snapshotId) &&
    supplyUnits !== null &&
    capUnits !== null &&
    minUnits !== null &&
    parsedRule !== null;
  return (
    <Dialog
      title="New airdrop allocation"
      confirm="Allocate"
      canConfirm={valid}
      onConfirm={async () => {
        if (supplyUnits === null || parsedRule === null) return;
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
            rule: parsedRule,
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
          <DateTimeInput value={opens} onChange={setOpens} />
        </Field>
        <Field label="Claims close (UTC, empty = 180 days later)">
          <DateTimeInput value={closes} onChange={setCloses} />
        </Field>
        <RuleFields value={rule} onChange={setRule} />
      </div>
    </Dialog>
  );
}

type Weight = keyof AllocationRule['weights'];

/** The rule's factors, each with what it measures (packages/game/src/allocation-rule.ts). */
const FACTORS: readonly [Weight, string, string][] = [
  ['coins', 'Coins', 'Lifetime coins less operator credits, to the power above, over the 99th percentile’s.'],
  [
    'activeDays',
    'Days played',
    'Distinct game days with an action of the player’s own, over the 99th percentile’s.',
  ],
  ['tasks', 'Tasks', 'Tasks completed and claimed, over the 99th percentile’s.'],
  [
    'friendsStayed',
    'Friends who stayed',
    'Invited friends who played on enough days themselves, over the 99th percentile’s.',
  ],
  [
    'accountAge',
    'Account age',
    'Age of the Telegram account (dated from its id): the whole factor at one year.',
  ],
  ['premium', 'Premium', 'The whole factor with Telegram Premium at the snapshot, none without.'],
];

/** The rule as the operator types it. */
type RuleText = { coinsExponent: string; reviewDiscount: string } & Record<Weight, string>;

const ruleText = (rule: AllocationRule): RuleText => ({
  coinsExponent: String(rule.coinsExponent),
  reviewDiscount: String(rule.reviewDiscount),
  ...(Object.fromEntries(FACTORS.map(([f]) => [f, String(rule.weights[f])])) as Record<Weight, string>),
});

/** A number typed within [min, max] (above min when `open`), or null. */
function bounded(text: string, min: number, max: number, open = false): number | null {
  if (!/^\s*\d+(\.\d+)?\s*$/.test(text)) return null;
  const x = Number(text);
  return (open ? x > min : x >= min) && x <= max ? x : null;
}

/** The rule as the contract takes it (packages/contract/src/fairness.ts), or null while a field is out of bounds. */
function parseRule(text: RuleText): AllocationRule | null {
  const coinsExponent = bounded(text.coinsExponent, 0, 1, true);
  const reviewDiscount = bounded(text.reviewDiscount, 0, 1);
  const weights = FACTORS.map(([f]) => [f, bounded(text[f], 0, 100)] as const);
  if (coinsExponent === null || reviewDiscount === null) return null;
  if (weights.some(([, w]) => w === null) || weights.every(([, w]) => w === 0)) return null;
  return {
    coinsExponent,
    reviewDiscount,
    weights: Object.fromEntries(weights) as AllocationRule['weights'],
  };
}

/**
 * The allocation's rule, the recommended one prefilled: how coins count, what each factor weighs
 * (0 to 100, shown as its share of the total), and what a player under review keeps.
 */
function RuleFields({ value, onChange }: { value: RuleText; onChange: (rule: RuleText) => void }) {
  const input = (key: keyof RuleText, valid: boolean) => (
    <input
      inputMode="decimal"
      value={value[key]}
      aria-invalid={!valid || undefined}
      onChange={(e) => onChange({ ...value, [key]: e.target.value })}
    />
  );
  const weights = FACTORS.map(([f]) => bounded(value[f], 0, 100));
  const total = weights.reduce<number>((sum, w) => sum + (w ?? 0), 0);
  const recommended = JSON.stringify(value) === JSON.stringify(ruleText(RECOMMENDED_RULE));
  return (
    <fieldset className="a-rule">
      <legend>
        Rule{' '}
        {recommended ? (
          <span className="a-tag a-tag-good">recommended</span>
        ) : (
          <button
            type="button"
            className="a-link a-small"
            onClick={() => onChange(ruleText(RECOMMENDED_RULE))}
          >
            back to the recommended rule
          </button>
        )}
      </legend>
      <p className="a-muted a-small">
        Each factor is scaled to 0–1 across the snapshot&apos;s players; a player&apos;s weight is the sum of
        weight × factor, and a player with no coins or no day played weighs nothing. It is published with the
        root, and players read it in the app.
      </p>
      <Field
        label="Coins exponent (above 0, at most 1)"
        hint="1 counts coins as they are; 0.5 by their square root: ten times the coins weigh about three times as much."
      >
        {input('coinsExponent', bounded(value.coinsExponent, 0, 1, true) !== null)}
      </Field>
      <div className="a-rule-weights">
        {FACTORS.map(([f, label, hint], i) => {
          const w = weights[i] ?? null;
          return (
            <Field
              key={f}
              label={`${label} (0–100)${w !== null && total > 0 ? ` · ${fmt.pct(w / total)}` : ''}`}
              hint={hint}
            >
              {input(f, w !== null)}
            </Field>
          );
        })}
      </div>
      {weights.every((w) => w !== null) && total === 0 ? (
        <p className="a-error">At least one factor must weigh something.</p>
      ) : null}
      <Field
        label="Under review keeps (0–1)"
        hint="A player in a cluster under review (not excluded) keeps this part of their weight: 1 all of it, 0 nothing until cleared."
      >
        {input('reviewDiscount', bounded(value.reviewDiscount, 0, 1) !== null)}
      </Field>
    </fieldset>
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
        <Table
          rows={list.data.exclusions}
          rowKey={(e) => e.playerId}
          columns={[
            { head: 'Player', className: 'num', cell: (e) => e.playerId },
            { head: 'Reason', cell: (e) => e.reason },
            { head: 'By', cell: (e) => e.excludedBy },
            { head: 'When', className: 'a-nowrap', cell: (e) => fmt.day(e.excludedAt) },
            {
              head: '',
              cell: (e) => <Button onClick={() => setRemoving(e.playerId)}>Include again…</Button>,
            },
          ]}
        />
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
