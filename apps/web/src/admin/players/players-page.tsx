import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { call } from '../api.ts';
import { Button, fmt, QueryStatus, Section, Table } from '../ui.tsx';

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
            <Table
              rows={search.data.players}
              rowKey={(p) => p.id}
              stack
              columns={[
                {
                  head: 'Id',
                  stackAs: 'title',
                  cell: (p) => <Link to={`/admin/players/${p.id}`}>{p.id}</Link>,
                },
                { head: 'Name', cell: (p) => p.firstName },
                { head: 'Username', cell: (p) => (p.username ? `@${p.username}` : '—') },
                { head: 'Wallet', className: 'a-mono a-clip', cell: (p) => p.walletAddress ?? '—' },
                { head: 'Coins', num: true, cell: (p) => fmt.num(p.coins) },
                { head: 'Tickets', num: true, cell: (p) => fmt.num(p.tickets) },
                { head: 'Lifetime coins', num: true, cell: (p) => fmt.num(p.lifetimeCoins) },
                { head: 'Joined', cell: (p) => fmt.time(p.createdAt) },
                {
                  head: 'Status',
                  cell: (p) => (p.bannedAt ? <span className="a-tag a-tag-bad">banned</span> : 'active'),
                },
              ]}
            />
          )
        ) : null}
      </Section>
    </>
  );
}
