import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { call } from '../api.ts';
import { Button, fmt, QueryStatus, Section } from '../ui.tsx';

/** Search by Telegram id, the start of a username or first name (any case), or a wallet address. */
export function PlayersPage() {
  const [, navigate] = useLocation();
  const q = new URLSearchParams(useSearch()).get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const search = useQuery({
    queryKey: ['admin', 'players', q],
    queryFn: () => call('adminPlayers', { query: { q } }),
  });
  return (
    <>
      <h1>Players</h1>
      <form
        className="a-row"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          const text = draft.trim();
          navigate(text ? `/admin/players?${new URLSearchParams({ q: text }).toString()}` : '/admin/players');
        }}
      >
        <input
          type="search"
          className="a-grow"
          aria-label="Search players"
          placeholder="Telegram id, username, first name or wallet address"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={128}
        />
        <Button type="submit" tone="primary" busy={search.isFetching}>
          Search
        </Button>
      </form>
      <Section title={q ? `Results for “${q}”` : 'Newest players'}>
        <QueryStatus query={search} />
        {search.data ? (
          search.data.players.length === 0 ? (
            <p className="a-muted">No player matches.</p>
          ) : (
            <table className="a-table">
              <thead>
                <tr>
                  <th>Id</th>
                  <th>Name</th>
                  <th>Username</th>
                  <th>Wallet</th>
                  <th className="a-r">Coins</th>
                  <th className="a-r">Tickets</th>
                  <th className="a-r">Lifetime coins</th>
                  <th>Joined</th>
                  <th>Status</th>
                </tr>
              </thead>
              <tbody>
                {search.data.players.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <Link to={`/admin/players/${p.id}`}>{p.id}</Link>
                    </td>
                    <td>{p.firstName}</td>
                    <td>{p.username ? `@${p.username}` : '—'}</td>
                    <td className="a-mono a-clip">{p.walletAddress ?? '—'}</td>
                    <td className="a-r num">{fmt.num(p.coins)}</td>
                    <td className="a-r num">{fmt.num(p.tickets)}</td>
                    <td className="a-r num">{fmt.num(p.lifetimeCoins)}</td>
                    <td>{fmt.time(p.createdAt)}</td>
                    <td>{p.bannedAt ? <span className="a-tag a-tag-bad">banned</span> : 'active'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        ) : null}
      </Section>
    </>
  );
}
