import { type AdminPlayerResponse } from '@egg-rush/contract/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { call } from '../api.ts';
import { Button, Dialog, ErrorNote, Field, fmt, Loading, Section, Stat, Table } from '../ui.tsx';

type Action = 'adjust' | 'ban' | 'unban' | 'streak' | null;

/** One player: profile, balances, ledger, referrals, wallet, games, task claims, and the actions. */
export function PlayerPage() {
  const id = Number(useParams<{ playerId: string }>().playerId);
  const client = useQueryClient();
  const page = useQuery({
    queryKey: ['admin', 'player', id],
    queryFn: () => call('adminPlayer', { params: { playerId: id } }),
  });
  const [action, setAction] = useState<Action>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['admin'] });

  if (page.isPending) return <Loading />;
  if (page.error) return <ErrorNote error={page.error} />;
  const { player } = page.data;
  const act = async (done: Promise<unknown>) => {
    await done;
    await refresh();
  };
  const params = { playerId: id };

  return (
    <>
      <div className="a-row a-between">
        <h1>
          {player.firstName} {player.lastName ?? ''}{' '}
          <span className="a-muted">
            #{player.id} {player.username ? `@${player.username}` : ''}
          </span>
          {player.bannedAt ? <span className="a-tag a-tag-bad">banned</span> : null}
        </h1>
        <div className="a-row">
          <Button tone="primary" onClick={() => setAction('adjust')}>
            Adjust balance
          </Button>
          <Button onClick={() => setAction('streak')}>Reset daily streak</Button>
          {player.bannedAt ? (
            <Button onClick={() => setAction('unban')}>Unban</Button>
          ) : (
            <Button tone="danger" onClick={() => setAction('ban')}>
              Ban
            </Button>
          )}
        </div>
      </div>
      {player.bannedAt ? (
        <p className="a-error">
          Banned {fmt.time(player.bannedAt)}: {player.banReason ?? 'no reason recorded'}
        </p>
      ) : null}

      <div className="a-stats">
        <Stat label="Coins" value={fmt.num(player.coins)} />
        <Stat label="Tickets" value={fmt.num(player.tickets)} />
        <Stat label="Lifetime coins" value={fmt.num(player.lifetimeCoins)} />
        <Stat label="Energy" value={`${fmt.num(player.energy)} / ${fmt.num(player.maxEnergy)}`} />
        <Stat label="Earn per hour" value={fmt.num(player.earnPerHour)} />
        <Stat
          label="Daily streak"
          value={player.rewardStreak}
          hint={`last day ${player.lastDailyDay ?? '—'}`}
        />
      </div>

      <div className="a-cols">
        <Section title="Profile">
          <dl className="a-dl">
            <dt>Joined</dt>
            <dd>{fmt.time(player.createdAt)}</dd>
            <dt>Last seen</dt>
            <dd>{fmt.time(player.seenAt)}</dd>
            <dt>Language</dt>
            <dd>{player.languageCode ?? '—'}</dd>
            <dt>Premium</dt>
            <dd>{player.isPremium ? 'yes' : 'no'}</dd>
            <dt>Invited by</dt>
            <dd>
              {player.referrerId ? (
                <Link to={`/admin/players/${player.referrerId}`}>{player.referrerId}</Link>
              ) : (
                '—'
              )}
            </dd>
            <dt>Wallet</dt>
            <dd className="a-mono a-break">
              {player.walletAddress ? (
                <Link to={`/admin/players?q=${encodeURIComponent(player.walletAddress)}`}>
                  {player.walletAddress}
                </Link>
              ) : (
                'not bound'
              )}
            </dd>
          </dl>
        </Section>
        <Referrals referrals={page.data.referrals} />
      </div>

      <Ledger id={id} />

      <div className="a-cols">
        <Section title={`Games (${page.data.games.length})`}>
          {page.data.games.length === 0 ? (
            <p className="a-muted">No games.</p>
          ) : (
            <Table
              rows={page.data.games}
              rowKey={(g) => g.id}
              columns={[
                { head: 'Started', cell: (g) => fmt.time(g.startedAt) },
                { head: 'Finished', cell: (g) => (g.finishedAt ? fmt.time(g.finishedAt) : 'unfinished') },
                { head: 'Score', num: true, cell: (g) => g.score ?? '—' },
                { head: 'Reward', num: true, cell: (g) => g.reward ?? '—' },
              ]}
            />
          )}
        </Section>
        <Section title={`Task claims (${page.data.taskClaims.length})`}>
          {page.data.taskClaims.length === 0 ? (
            <p className="a-muted">No task progress.</p>
          ) : (
            <Table
              rows={page.data.taskClaims}
              rowKey={(t) => `${t.taskName}:${t.period}`}
              columns={[
                { head: 'Task', cell: (t) => t.taskName },
                { head: 'Period', num: true, cell: (t) => t.period },
                { head: 'Claimed', cell: (t) => (t.claimed ? 'yes' : 'no') },
                { head: 'Updated', cell: (t) => fmt.time(t.updatedAt) },
              ]}
            />
          )}
        </Section>
      </div>

      <Section title="Operator actions on this player">
        {page.data.audit.length === 0 ? (
          <p className="a-muted">None.</p>
        ) : (
          <Table
            rows={page.data.audit}
            rowKey={(a) => a.id}
            columns={[
              { head: 'When', cell: (a) => fmt.time(a.createdAt) },
              { head: 'Operator', cell: (a) => a.adminId },
              { head: 'Action', cell: (a) => a.action },
              { head: 'Reason', cell: (a) => a.reason ?? '—' },
            ]}
          />
        )}
      </Section>

      {action === 'adjust' ? (
        <AdjustDialog player={player} onClose={() => setAction(null)} act={act} />
      ) : null}
      {action === 'ban' ? (
        <Dialog
          title={`Ban ${player.firstName} (#${player.id})?`}
          confirm="Ban"
          tone="danger"
          askReason
          onConfirm={(reason) => act(call('adminBan', { params, body: { reason } }))}
          onClose={() => setAction(null)}
        >
          <p>Their calls will be refused, the Leader Board hides them and their invites pay nothing.</p>
        </Dialog>
      ) : null}
      {action === 'unban' ? (
        <Dialog
          title={`Unban ${player.firstName} (#${player.id})?`}
          confirm="Unban"
          askReason
          onConfirm={(reason) => act(call('adminUnban', { params, body: { reason } }))}
          onClose={() => setAction(null)}
        />
      ) : null}
      {action === 'streak' ? (
        <Dialog
          title={`Reset the daily streak of ${player.firstName}?`}
          confirm="Reset streak"
          askReason
          onConfirm={(reason) => act(call('adminResetStreak', { params, body: { reason } }))}
          onClose={() => setAction(null)}
        >
          <p>The streak is now {player.rewardStreak}; the next daily reward starts again from day 1.</p>
        </Dialog>
      ) : null}
    </>
  );
}

function AdjustDialog({
  player,
  onClose,
  act,
}: {
  player: { id: number; firstName: string };
  onClose: () => void;
  act: (done: Promise<unknown>) => Promise<void>;
}) {
  const [coins, setCoins] = useState('0');
  const [tickets, setTickets] = useState('0');
  const c = Number(coins);
  const t = Number(tickets);
  const valid = Number.isSafeInteger(c) && Number.isSafeInteger(t) && (c !== 0 || t !== 0);
  return (
    <Dialog
      title={`Adjust the balance of ${player.firstName}`}
      confirm="Apply adjustment"
      askReason
      canConfirm={valid}
      onConfirm={(reason) =>
        act(call('adminAdjust', { params: { playerId: player.id }, body: { coins: c, tickets: t, reason } }))
      }
      onClose={onClose}
    >
      <p className="a-muted">Whole numbers; negative takes away. Written to the ledger as its own row.</p>
      <div className="a-row">
        <Field label="Coins">
          <input type="number" step={1} value={coins} onChange={(e) => setCoins(e.target.value)} />
        </Field>
        <Field label="Tickets">
          <input type="number" step={1} value={tickets} onChange={(e) => setTickets(e.target.value)} />
        </Field>
      </div>
      {!valid ? <p className="a-muted a-small">Enter a non-zero whole amount.</p> : null}
    </Dialog>
  );
}

function Referrals({ referrals }: { referrals: AdminPlayerResponse['referrals'] }) {
  return (
    <Section title={`Referrals (${referrals.length})`}>
      {referrals.length === 0 ? (
        <p className="a-muted">Invited nobody.</p>
      ) : (
        <ul className="a-tree">
          {referrals.map((r) => (
            <li key={r.id}>
              <Link to={`/admin/players/${r.id}`}>
                {r.firstName} #{r.id}
              </Link>{' '}
              <span className="a-muted a-small">{fmt.time(r.createdAt)}</span>
              {r.bannedAt ? <span className="a-tag a-tag-bad">banned</span> : null}
              {r.invited.length > 0 ? (
                <ul>
                  {r.invited.map((s) => (
                    <li key={s.id}>
                      <Link to={`/admin/players/${s.id}`}>
                        {s.firstName} #{s.id}
                      </Link>{' '}
                      <span className="a-muted a-small">{fmt.time(s.createdAt)}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Ledger({ id }: { id: number }) {
  // One query per page of 50; each page names the `before` of the next.
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  return (
    <Section title="Ledger (newest first)">
      <table className="a-table" aria-label="Ledger">
        <thead>
          <tr>
            <th>Row</th>
            <th>When</th>
            <th>Kind</th>
            <th className="a-r">Coins</th>
            <th className="a-r">Tickets</th>
            <th>Reference</th>
          </tr>
        </thead>
        {cursors.map((before, i) => (
          <LedgerPage
            key={before ?? 'first'}
            id={id}
            before={before}
            last={i === cursors.length - 1}
            more={(next) => setCursors((old) => [...old, next])}
          />
        ))}
      </table>
    </Section>
  );
}

function LedgerPage({
  id,
  before,
  last,
  more,
}: {
  id: number;
  before: number | undefined;
  last: boolean;
  more: (next: number) => void;
}) {
  const page = useQuery({
    queryKey: ['admin', 'ledger', id, before ?? null],
    queryFn: () => call('adminLedger', { params: { playerId: id }, query: { limit: 50, before } }),
  });
  if (page.isPending || page.error) {
    return (
      <tbody>
        <tr>
          <td colSpan={6}>{page.error ? <ErrorNote error={page.error} /> : <Loading />}</td>
        </tr>
      </tbody>
    );
  }
  const { rows, next } = page.data;
  return (
    <tbody>
      {rows.length === 0 && before === undefined ? (
        <tr>
          <td colSpan={6} className="a-muted">
            No ledger rows.
          </td>
        </tr>
      ) : null}
      {rows.map((r) => (
        <tr key={r.id}>
          <td className="num">{r.id}</td>
          <td>{fmt.time(r.createdAt)}</td>
          <td>{r.kind}</td>
          <td className={`a-r num ${r.deltaCoins < 0 ? 'a-neg' : ''}`}>{fmt.signed(r.deltaCoins)}</td>
          <td className={`a-r num ${r.deltaTicket < 0 ? 'a-neg' : ''}`}>{fmt.signed(r.deltaTicket)}</td>
          <td className="a-mono a-clip">{r.ref ?? ''}</td>
        </tr>
      ))}
      {last && next !== null ? (
        <tr>
          <td colSpan={6}>
            <Button onClick={() => more(next)}>Older rows</Button>
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}
