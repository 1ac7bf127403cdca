import { type AnalyticsRetention } from '@egg-rush/contract/analytics';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useT, type Key } from '../../lib/i18n.tsx';
import { call, fetchRaw } from '../api.ts';
import { InPageLanguage } from '../page-language.tsx';
import { Button, type Column, ErrorNote, Loading, Section, Table } from '../ui.tsx';
import { DaysChart, PALETTE, type Series } from './charts.tsx';

type Cohort = AnalyticsRetention['cohorts'][number];

const DAY = 86_400_000;
/** Today's game day (reset at UTC-6) as YYYY-MM-DD. */
const gameToday = () =>
  new Date(Math.floor((Date.now() - 6 * 3_600_000) / DAY) * DAY).toISOString().slice(0, 10);
const minus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const num = (n: number) => n.toLocaleString('en-US');
const pct = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '—');

type Chart = 'active' | 'new-players' | 'retention' | 'funnel' | 'economy' | 'revenue';
const ROUTES = {
  active: 'adminAnalyticsActive',
  'new-players': 'adminAnalyticsNewPlayers',
  retention: 'adminAnalyticsRetention',
  funnel: 'adminAnalyticsFunnel',
  economy: 'adminAnalyticsEconomy',
  revenue: 'adminAnalyticsRevenue',
} as const;

/** A JSON reply (the routes answer CSV text only when asked for it). */
function json<T>(reply: T | string): T {
  if (typeof reply === 'string') throw new Error('Unexpected CSV reply.');
  return reply;
}

/** Downloads a chart's CSV (it needs the token, so it cannot be a plain link). */
async function downloadCsv(chart: Chart, from: string, to: string) {
  const blob = await fetchRaw(ROUTES[chart], { query: { from, to, format: 'csv' } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${chart}-${from}-${to}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Series per key of the days' records (a source, a flow), largest total first. */
function seriesOf(
  days: { values: Record<string, number> }[],
  label: (key: string) => string,
  sign = 1,
): Series[] {
  const totals = new Map<string, number>();
  for (const d of days)
    for (const [k, v] of Object.entries(d.values)) totals.set(k, (totals.get(k) ?? 0) + v);
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([key], i) => ({
      label: label(key),
      color: PALETTE[i % PALETTE.length] as string,
      values: days.map((d) => sign * (d.values[key] ?? 0)),
    }));
}

/**
 * The game's analytics, from the server's rollups (modules/analytics): active players, new players
 * by source, retention cohorts, the funnel, coins created and spent, Stars revenue, over a range of
 * game days; each as CSV too. Its texts are in the catalogues, in the language chosen here.
 */
export default function AnalyticsPage() {
  return (
    <InPageLanguage
      testId="analytics-language"
      label="analytics.language"
      render={(picker) => <Analytics picker={picker} />}
    />
  );
}

function Analytics({ picker }: { picker: ReactNode }) {
  const { t, lng } = useT();
  const [to, setTo] = useState(gameToday);
  const [from, setFrom] = useState(() => minus(gameToday(), 29));
  const query = { from, to };
  const q = <C extends Chart>(chart: C) => ({
    queryKey: ['admin', 'analytics', chart, from, to],
    refetchInterval: 60_000,
  });
  const active = useQuery({
    ...q('active'),
    queryFn: async () => json(await call('adminAnalyticsActive', { query })),
  });
  const fresh = useQuery({
    ...q('new-players'),
    queryFn: async () => json(await call('adminAnalyticsNewPlayers', { query })),
  });
  const retention = useQuery({
    ...q('retention'),
    queryFn: async () => json(await call('adminAnalyticsRetention', { query })),
  });
  const funnel = useQuery({
    ...q('funnel'),
    queryFn: async () => json(await call('adminAnalyticsFunnel', { query })),
  });
  const economy = useQuery({
    ...q('economy'),
    queryFn: async () => json(await call('adminAnalyticsEconomy', { query })),
  });
  const revenue = useQuery({
    ...q('revenue'),
    queryFn: async () => json(await call('adminAnalyticsRevenue', { query })),
  });
  const [csvError, setCsvError] = useState<unknown>(null);

  const sourceLabel = (key: string) => {
    const known = ['direct', 'invite', 'squad', 'campaign', 'channel', 'unknown'];
    return known.includes(key) ? t(`analytics.sources.${key}` as Key) : key;
  };
  const charts = useMemo(() => {
    const xs = (days: { day: string }[]) => days.map((d) => msOf(d.day));
    return {
      active: active.data && {
        xs: xs(active.data.days),
        series: [
          {
            label: t('analytics.players'),
            color: PALETTE[0] as string,
            values: active.data.days.map((d) => d.players),
          },
        ],
      },
      fresh: fresh.data && {
        xs: xs(fresh.data.days),
        series: seriesOf(
          fresh.data.days.map((d) => ({ values: d.sources })),
          sourceLabel,
        ),
      },
      economy: economy.data && {
        xs: xs(economy.data.days),
        series: [
          ...seriesOf(
            economy.data.days.map((d) => ({ values: d.sources })),
            (k) => `+ ${k}`,
          ),
          ...seriesOf(
            economy.data.days.map((d) => ({ values: d.sinks })),
            (k) => `− ${k}`,
            -1,
          ),
        ],
      },
      revenue: revenue.data && {
        xs: xs(revenue.data.days),
        series: [
          {
            label: t('analytics.stars'),
            color: PALETTE[0] as string,
            values: revenue.data.days.map((d) => d.stars),
          },
          {
            label: t('analytics.refunded'),
            color: PALETTE[3] as string,
            values: revenue.data.days.map((d) => d.refunded),
          },
        ],
      },
    };
    // The labels follow the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active.data, fresh.data, economy.data, revenue.data, lng]);

  const csv = (chart: Chart, title: string) => (
    <Button
      onClick={() => {
        setCsvError(null);
        downloadCsv(chart, from, to).catch(setCsvError);
      }}
      aria-label={t('analytics.downloadCsv', { chart: title })}
    >
      CSV
    </Button>
  );
  const pending = (r: { isPending: boolean; error: unknown }) =>
    r.isPending ? <Loading label={t('analytics.loading')} /> : <ErrorNote error={r.error} />;
  const setRange = (days: number) => {
    const today = gameToday();
    setTo(today);
    setFrom(minus(today, days - 1));
  };

  return (
    <>
      <div className="a-row a-between a-wrap">
        <h1>{t('analytics.title')}</h1>
        {picker}
      </div>
      <div className="a-row a-wrap">
        <label className="a-row">
          <span className="a-muted a-small">{t('analytics.from')}</span>
          <input
            type="date"
            value={from}
            max={to}
            onChange={(e) => e.target.value && setFrom(e.target.value)}
          />
        </label>
        <label className="a-row">
          <span className="a-muted a-small">{t('analytics.to')}</span>
          <input
            type="date"
            value={to}
            min={from}
            onChange={(e) => e.target.value && setTo(e.target.value)}
          />
        </label>
        {[7, 30, 90, 365].map((n) => (
          <Button key={n} onClick={() => setRange(n)}>
            {t('analytics.lastDays', { n })}
          </Button>
        ))}
      </div>
      <p className="a-lead a-muted a-small">{t('analytics.gameDays')}</p>
      <ErrorNote error={csvError} />

      <div className="a-cols">
        <Section title={t('analytics.active')} actions={csv('active', t('analytics.active'))}>
          {charts.active ? <DaysChart label={t('analytics.active')} {...charts.active} /> : pending(active)}
        </Section>
        <Section title={t('analytics.newPlayers')} actions={csv('new-players', t('analytics.newPlayers'))}>
          {charts.fresh ? (
            <DaysChart label={t('analytics.newPlayers')} stacked {...charts.fresh} />
          ) : (
            pending(fresh)
          )}
        </Section>
      </div>

      <Section title={t('analytics.economy')} actions={csv('economy', t('analytics.economy'))}>
        {charts.economy ? (
          <>
            <p className="a-muted a-small">{t('analytics.economyHint')}</p>
            <DaysChart label={t('analytics.economy')} stacked height={300} {...charts.economy} />
          </>
        ) : (
          pending(economy)
        )}
      </Section>

      <div className="a-cols">
        <Section title={t('analytics.funnel')} actions={csv('funnel', t('analytics.funnel'))}>
          {funnel.data ? (
            <ol className="a-funnel">
              {funnel.data.steps.map((s, i, all) => {
                const top = all[0]?.players ?? 0;
                const previous = i > 0 ? (all[i - 1]?.players ?? 0) : s.players;
                return (
                  <li key={s.name}>
                    <div className="a-row a-between">
                      <span>{t(`analytics.steps.${s.name}` as Key)}</span>
                      <span className="num">
                        {num(s.players)}
                        {i > 0 ? (
                          <span className="a-muted a-small">
                            {' '}
                            · {t('analytics.ofPrevious', { pct: pct(s.players, previous) })}
                          </span>
                        ) : null}
                      </span>
                    </div>
                    <div className="a-funnel-track" aria-hidden>
                      <div
                        className="a-bar"
                        style={{ width: top > 0 ? `${(s.players / top) * 100}%` : '0%' }}
                      />
                    </div>
                  </li>
                );
              })}
            </ol>
          ) : (
            pending(funnel)
          )}
        </Section>
        <Section title={t('analytics.revenue')} actions={csv('revenue', t('analytics.revenue'))}>
          {charts.revenue ? (
            <DaysChart label={t('analytics.revenue')} {...charts.revenue} />
          ) : (
            pending(revenue)
          )}
        </Section>
      </div>

      <Section title={t('analytics.retention')} actions={csv('retention', t('analytics.retention'))}>
        {retention.data ? (
          retention.data.cohorts.length === 0 ? (
            <p className="a-muted">{t('analytics.empty')}</p>
          ) : (
            <div className="a-scroll">
              <Table
                rows={[...retention.data.cohorts].reverse()}
                rowKey={(c) => c.day}
                columns={[
                  { head: t('analytics.cohort'), className: 'num', cell: (c) => c.day },
                  { head: t('analytics.players'), num: true, cell: (c) => num(c.size) },
                  ...([1, 7, 30] as const).map((n): Column<Cohort> => ({
                    head: t('analytics.dayN', { n }),
                    num: true,
                    cell: (c) => {
                      const retained = c.retained[`d${n}`];
                      return retained === null ? (
                        <span className="a-muted">{t('analytics.notYet')}</span>
                      ) : (
                        <>
                          {pct(retained, c.size)} <span className="a-muted a-small">({num(retained)})</span>
                        </>
                      );
                    },
                  })),
                ]}
              />
            </div>
          )
        ) : (
          pending(retention)
        )}
      </Section>
    </>
  );
}
