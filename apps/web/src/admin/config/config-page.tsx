import type { ConfigSimulation } from '@egg-rush/contract/game-config';
import { checkConfig, CONFIG_SECTIONS, configLeaves, type GameConfig } from '@egg-rush/game/config';
import { LEAGUES } from '@egg-rush/game/leagues';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useT, type Key } from '../../lib/i18n.tsx';
import { call } from '../api.ts';
import { InPageLanguage } from '../page-language.tsx';
import { Button, ErrorNote, Loading, Section, Table } from '../ui.tsx';
import { configLabel, prizeKind } from './config-label.ts';

type Section = (typeof CONFIG_SECTIONS)[number];
const SOURCES = ['tap', 'income', 'daily', 'tasks', 'spin', 'chest', 'mole', 'farm'] as const;

const clone = (c: GameConfig): GameConfig => JSON.parse(JSON.stringify(c)) as GameConfig;

/** The configuration with the number at `path` (dotted, as configLeaves names it) set to `value`. */
function withValue(config: GameConfig, path: string, value: number): GameConfig {
  const next = clone(config);
  const keys = path.split('.');
  let node = next as unknown as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys[keys.length - 1] as string] = value;
  return next;
}

const when = (ms: number, lng: string) =>
  new Date(ms).toLocaleString(lng, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The game's configuration: the active version's values by section as a form, checked against the
 * rules' bounds as they are typed (packages/game/src/config.ts); a draft simulated against the
 * active version, published with a reason, and older versions published again. Texts in the
 * catalogues, in the language chosen here.
 */
export function ConfigPage() {
  return (
    <InPageLanguage
      testId="config-language"
      label="config.language"
      className="a-config"
      render={(picker) => <ConfigForm picker={picker} />}
    />
  );
}

function ConfigForm({ picker }: { picker: ReactNode }) {
  const client = useQueryClient();
  const { t, lng } = useT();
  const active = useQuery({ queryKey: ['admin', 'config'], queryFn: () => call('adminConfig') });
  const versions = useQuery({
    queryKey: ['admin', 'config', 'versions'],
    queryFn: () => call('adminConfigVersions'),
  });
  const [draft, setDraft] = useState<GameConfig | null>(null);
  const [simulation, setSimulation] = useState<ConfigSimulation | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');

  const base = active.data?.active.values;
  const values = draft ?? base;
  const check = useMemo(() => (values ? checkConfig(values) : null), [values]);
  const errors = useMemo(() => {
    const byPath = new Map<string, string>();
    // A list can break several bounds at once (odds, coins, tickets): every message shows.
    if (check && !check.ok)
      for (const e of check.errors) {
        const before = byPath.get(e.path);
        byPath.set(e.path, before ? `${before}; ${e.message}` : e.message);
      }
    return byPath;
  }, [check]);
  const changed = useMemo(() => {
    if (!base || !draft) return 0;
    const before = new Map(configLeaves(base).map((l) => [l.path, l.value]));
    return configLeaves(draft).filter((l) => before.get(l.path) !== l.value).length;
  }, [base, draft]);

  const refresh = async () => {
    setDraft(null);
    await client.invalidateQueries({ queryKey: ['admin', 'config'] });
  };
  const act = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice('');
    try {
      await fn();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const simulate = () =>
    act(async () => {
      if (!values) return;
      setSimulation((await call('adminConfigSimulate', { body: { values } })).simulation);
    });
  const publishDraft = () =>
    act(async () => {
      if (!values) return;
      const why = reason.replace(/\s+/g, ' ').trim();
      const created = await call('adminConfigDraft', { body: { values, reason: why } });
      setSimulation(created.simulation);
      await call('adminConfigPublish', { params: { version: created.draft.version }, body: { reason: why } });
      setReason('');
      await refresh();
      setNotice(t('config.published', { version: created.draft.version }));
    });
  const publishAgain = (version: number) =>
    act(async () => {
      await call('adminConfigPublish', {
        params: { version },
        body: { reason: reason.replace(/\s+/g, ' ').trim() },
      });
      setReason('');
      setSimulation(null);
      await refresh();
      setNotice(t('config.published', { version }));
    });
  const reasonOk = reason.trim().length >= 3;

  return (
    <>
      <div className="a-row a-between a-wrap">
        <h1>{t('config.title')}</h1>
        {picker}
      </div>
      {active.isPending ? <Loading label={t('config.loading')} /> : <ErrorNote error={active.error} />}
      {active.data ? (
        <p className="a-lead a-muted" data-testid="config-active">
          {t('config.active', {
            version: active.data.active.version,
            when: when(active.data.active.publishedAt, lng),
            reason: active.data.active.reason,
          })}
        </p>
      ) : null}
      <p className="a-lead a-muted a-small">{t('config.hint')}</p>

      {values
        ? CONFIG_SECTIONS.map((section) => (
            <ConfigSection
              key={section}
              section={section}
              values={values}
              base={base}
              errors={errors}
              onChange={(path, value) => setDraft(withValue(values, path, value))}
            />
          ))
        : null}

      {values ? (
        <div className="a-config-bar" data-testid="config-bar">
          <p className="a-small" data-testid="config-status">
            {t('config.changed', { n: changed })}
            {errors.size > 0 ? ` · ${t('config.broken', { n: errors.size })}` : ''}
          </p>
          <div className="a-row a-wrap">
            <Button onClick={() => void simulate()} busy={busy} disabled={errors.size > 0}>
              {t('config.simulate')}
            </Button>
            <Button onClick={() => setDraft(null)} disabled={busy || !draft}>
              {t('config.discard')}
            </Button>
          </div>
          <label className="a-field">
            <span>{t('config.reason')}</span>
            <input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
              data-testid="config-reason"
            />
          </label>
          <Button
            tone="primary"
            onClick={() => void publishDraft()}
            busy={busy}
            disabled={!reasonOk || errors.size > 0 || changed === 0}
          >
            {t('config.publish')}
          </Button>
          <ErrorNote error={error} />
          {notice ? (
            <p className="a-tag a-tag-good" role="status" data-testid="config-notice">
              {notice}
            </p>
          ) : null}
        </div>
      ) : null}

      {simulation ? <SimulationTable simulation={simulation} /> : null}

      <Section title={t('config.history')}>
        {versions.isPending ? <Loading label={t('config.loading')} /> : <ErrorNote error={versions.error} />}
        {versions.data ? (
          <div className="a-scroll">
            <Table
              testId="config-history"
              rows={versions.data.versions}
              rowKey={(v) => v.version}
              rowTestId="config-version"
              columns={[
                {
                  head: t('config.version'),
                  cell: (v) => (
                    <>
                      {v.version}{' '}
                      {v.active ? <span className="a-tag a-tag-good">{t('config.activeTag')}</span> : null}
                    </>
                  ),
                },
                { head: t('config.why'), cell: (v) => v.reason },
                { head: t('config.created'), className: 'a-nowrap', cell: (v) => when(v.createdAt, lng) },
                { head: t('config.publications'), cell: (v) => v.publications.length },
                {
                  head: '',
                  className: 'a-nowrap',
                  cell: (v) =>
                    v.active ? null : (
                      <Button
                        onClick={() => void publishAgain(v.version)}
                        disabled={!reasonOk || busy}
                        title={reasonOk ? undefined : t('config.reasonFirst')}
                      >
                        {t('config.publishAgain')}
                      </Button>
                    ),
                },
              ]}
            />
          </div>
        ) : null}
      </Section>
    </>
  );
}

function ConfigSection({
  section,
  values,
  base,
  errors,
  onChange,
}: {
  section: Section;
  values: GameConfig;
  base: GameConfig | undefined;
  errors: Map<string, string>;
  onChange: (path: string, value: number) => void;
}) {
  const { t } = useT();
  const leaves = configLeaves({ [section]: values[section] } as unknown as GameConfig);
  const before = new Map(base ? configLeaves(base).map((l) => [l.path, l.value]) : []);
  const broken = [...errors.keys()].filter((p) => p === section || p.startsWith(`${section}.`));
  // Bounds that name a list as a whole (odds adding up to 100 %) show above its fields.
  const whole = broken.filter((p) => !leaves.some((l) => l.path === p));
  return (
    <details
      className="a-config-section"
      open={section === 'daily' || broken.length > 0}
      data-testid={`config-${section}`}
    >
      <summary>
        {t(`config.sections.${section}` as Key)}
        {broken.length > 0 ? <span className="a-tag a-tag-bad">{broken.length}</span> : null}
      </summary>
      {whole.map((p) => (
        <p key={p} className="a-error" role="alert">
          {p}: {errors.get(p)}
        </p>
      ))}
      <div className="a-config-grid">
        {leaves.map((leaf) => {
          const error = errors.get(leaf.path);
          const edited = before.get(leaf.path) !== leaf.value;
          // The field in words; its path, as the API names it, underneath.
          const label = configLabel(leaf.path);
          const path = (
            <span
              className="a-muted a-small a-config-path"
              dir="ltr"
              aria-hidden="true"
              title={t('config.fields.apiPath')}
            >
              {leaf.path}
            </span>
          );
          return typeof leaf.value === 'number' ? (
            <label key={leaf.path} className="a-field" data-edited={edited || undefined}>
              <span className="a-small">{label}</span>
              {path}
              <input
                type="number"
                step="any"
                dir="ltr"
                value={Number.isFinite(leaf.value) ? leaf.value : ''}
                aria-invalid={error ? true : undefined}
                data-path={leaf.path}
                onChange={(e) =>
                  onChange(leaf.path, e.target.value === '' ? Number.NaN : Number(e.target.value))
                }
              />
              {error ? (
                <span className="a-error a-small" dir="ltr">
                  {error}
                </span>
              ) : null}
            </label>
          ) : (
            <p key={leaf.path} className="a-field a-small" data-path={leaf.path}>
              <span>
                {label} <b title={leaf.value}>{prizeKind(leaf.value)}</b>
              </span>
              {path}
            </p>
          );
        })}
      </div>
    </details>
  );
}

function SimulationTable({ simulation }: { simulation: ConfigSimulation }) {
  const { t } = useT();
  const n = (x: number) => x.toLocaleString();
  const days = (x: number | null | undefined) => (x == null ? t('config.notReached') : n(x));
  return (
    <Section title={t('config.simulation', { days: simulation.days })}>
      {simulation.active.map((a, i) => {
        const d = simulation.draft[i];
        if (!d) return null;
        return (
          <div key={a.strategy} className="a-scroll">
            <table className="a-table" data-testid={`config-simulation-${a.strategy}`}>
              <caption>{t(`config.strategies.${a.strategy}` as Key)}</caption>
              <thead>
                <tr>
                  <th>{t('config.coinsPerDay')}</th>
                  <th>{t('config.activeCol')}</th>
                  <th>{t('config.draftCol')}</th>
                </tr>
              </thead>
              <tbody>
                {SOURCES.map((s) => (
                  <tr key={s} data-source={s}>
                    <td>{t(`config.sources.${s}` as Key)}</td>
                    <td>{n(a.coinsPerDay[s] ?? 0)}</td>
                    <td data-changed={(a.coinsPerDay[s] ?? 0) !== (d.coinsPerDay[s] ?? 0) || undefined}>
                      {n(d.coinsPerDay[s] ?? 0)}
                    </td>
                  </tr>
                ))}
                <tr>
                  <th>{t('config.sources.total')}</th>
                  <th>{n(a.totalPerDay)}</th>
                  <th>{n(d.totalPerDay)}</th>
                </tr>
                <tr>
                  <th colSpan={3}>{t('config.daysToLeague')}</th>
                </tr>
                {LEAGUES.slice(1).map((league) => (
                  <tr key={league.id}>
                    <td>{t(`league.names.${league.id}` as Key)}</td>
                    <td>{days(a.daysToLeague[league.id])}</td>
                    <td>{days(d.daysToLeague[league.id])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </Section>
  );
}
