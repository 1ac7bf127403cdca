import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../api.ts';
import { fmt, PageHead, QueryStatus, RefreshButton, Section, Stat, Table } from '../ui.tsx';
import { TimeChart } from './chart.tsx';

/** The game's numbers: players, activity, taps, coins by kind, retention, revenue. */
export default function DashboardPage() {
  const board = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => call('adminDashboard'),
    refetchInterval: 60_000,
  });
  const series = useMemo(() => {
    const d = board.data;
    if (!d) return null;
    // Every day and every hour, with zeros where nothing happened, so the axes span the period.
    const DAY = 86_400_000;
    const HOUR = 3_600_000;
    const active = new Map(d.dailyActive.map((p) => [Date.parse(`${p.day}T00:00:00Z`), p.players]));
    const taps = new Map(d.tapsPerHour.map((p) => [p.hour, p.taps]));
    // The axes end at the time the numbers were fetched.
    const today = Math.floor(board.dataUpdatedAt / DAY) * DAY;
    const hour = Math.floor(board.dataUpdatedAt / HOUR) * HOUR;
    const dayX = Array.from({ length: 30 }, (_, i) => today - (29 - i) * DAY);
    const hourX = Array.from({ length: 24 }, (_, i) => hour - (23 - i) * HOUR);
    return {
      dayX,
      dayY: dayX.map((x) => active.get(x) ?? 0),
      hourX,
      hourY: hourX.map((x) => taps.get(x) ?? 0),
    };
  }, [board.data, board.dataUpdatedAt]);

  return (
    <>
      <PageHead title="Dashboard" actions={<RefreshButton query={board} />} />
      <QueryStatus query={board} />
      {board.data && series ? (
        <>
          <div className="a-stats">
            <Stat label="Players" value={fmt.num(board.data.players.total)} />
            <Stat label="New today" value={fmt.num(board.data.players.newToday)} />
            <Stat label="Banned" value={fmt.num(board.data.players.banned)} />
            <Stat label="Active today" value={fmt.num(board.data.dailyActive.at(-1)?.players ?? 0)} />
            <Stat
              label="D1 retention"
              value={fmt.pct(board.data.retention.d1)}
              hint={`cohort ${fmt.num(board.data.retention.cohortD1)}`}
            />
            <Stat
              label="D7 retention"
              value={fmt.pct(board.data.retention.d7)}
              hint={`cohort ${fmt.num(board.data.retention.cohortD7)}`}
            />
            <Stat
              label="Stars revenue"
              value={board.data.starsRevenue == null ? '—' : fmt.num(board.data.starsRevenue)}
              hint={board.data.starsRevenue == null ? 'no payments yet' : undefined}
            />
          </div>
          <div className="a-cols">
            <Section title="Daily active players (30 days, UTC)">
              <TimeChart label="players" xs={series.dayX} ys={series.dayY} color="#ffc93c" bars />
            </Section>
            <Section title="Taps credited per hour (24 hours)">
              <TimeChart label="taps" xs={series.hourX} ys={series.hourY} color="#4ef0b5" bars />
            </Section>
          </div>
          <Section title="Coins and tickets by ledger kind (30 days)">
            {board.data.byKind.length === 0 ? (
              <p className="a-muted">No ledger rows yet.</p>
            ) : (
              <Table
                rows={board.data.byKind}
                rowKey={(k) => k.kind}
                columns={[
                  { head: 'Kind', cell: (k) => k.kind },
                  { head: 'Coins issued', num: true, cell: (k) => fmt.num(k.issued) },
                  { head: 'Coins spent', num: true, cell: (k) => fmt.num(k.spent) },
                  { head: 'Tickets (net)', num: true, cell: (k) => fmt.signed(k.tickets) },
                ]}
              />
            )}
          </Section>
        </>
      ) : null}
    </>
  );
}
