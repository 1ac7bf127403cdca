import type { AdminExperiment, ExperimentGroupResult } from '@egg-rush/contract/experiments';
import { EXPERIMENT_BOUNDS, MIN_OBSERVED, type ExperimentKind } from '@egg-rush/game/experiments';
import { DAY_MS, RESET_OFFSET_HOURS, gameDay } from '@egg-rush/game/time';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useT, type Key, type Language } from '../../lib/i18n.tsx';
import { call } from '../api.ts';
import { InPageLanguage } from '../page-language.tsx';
import { Button, Dialog, Field, QueryStatus, Section, Table } from '../ui.tsx';

/** An instant in UTC (the column says so): the same for every operator, wherever they are. */
const utc = (ms: number | null, lng: string) =>
  ms == null
    ? '—'
    : new Date(ms).toLocaleString(lng, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** The instant a game day begins (its reset, at UTC-6). */
const dayStarts = (day: number) => day * DAY_MS - RESET_OFFSET_HOURS * 3_600_000;

/** Retention days as the results read them: D1, D7. */
const RETENTION_DAYS = { d1: 1, d7: 7 } as const;

type Variant = AdminExperiment['variants'][number];

/**
 * A variant as the operator reads it: its name, what it plays (a configuration version, or with or
 * without the event) and its share of new players (the weights split those outside the holdout).
 */
function useVariantLabel() {
  const { t, lng } = useT();
  return (experiment: AdminExperiment, variant: Variant, withShare: boolean) => {
    const what =
      experiment.kind === 'config'
        ? t('experimentsAdmin.variantVersion', { name: variant.name, version: variant.configVersion ?? 0 })
        : t(variant.event ? 'experimentsAdmin.variantWithEvent' : 'experimentsAdmin.variantWithoutEvent', {
            name: variant.name,
          });
    if (!withShare) return what;
    const weights = experiment.variants.reduce((sum, v) => sum + v.weight, 0);
    const share = weights > 0 ? ((100 - experiment.holdoutPercent) / 100) * (variant.weight / weights) : 0;
    return t('experimentsAdmin.variantShare', { variant: what, share: wholePercent(share, lng) });
  };
}

const KIND_LABELS: Record<ExperimentKind, Key> = {
  config: 'experimentsAdmin.kindConfig',
  event: 'experimentsAdmin.kindEvent',
};

/** A share as the operator's language writes it, one decimal: 41.2 % → "41.2%". */
const percent = (share: number, lng: Language) =>
  new Intl.NumberFormat(lng, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    share,
  );
/** The same without its sign: the interval's low end, "38.0". */
const bare = (share: number, lng: Language) =>
  new Intl.NumberFormat(lng, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(share * 100);
const stars = (n: number, lng: Language) =>
  new Intl.NumberFormat(lng, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
/** A share of players, whole: "45%" (or "12.5%" when it is not whole). */
const wholePercent = (share: number, lng: Language) =>
  new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 1 }).format(share);
/** A difference with its sign: "+52.8", "−3.1". */
const signed = (n: number, digits: number, lng: Language) =>
  new Intl.NumberFormat(lng, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'exceptZero',
  }).format(n);

/**
 * "41.2% (38.0–44.5%)" and how many players it counts; a dash and when results come while nobody's
 * day has passed yet.
 */
function ShareCell({
  share,
  day,
  experiment,
  today,
  lng,
}: {
  share: ExperimentGroupResult['d1'];
  day: number;
  experiment: AdminExperiment;
  today: number;
  lng: Language;
}) {
  const { t } = useT();
  if (share.rate === null || share.low === null || share.high === null) {
    // The first players joined on the start's game day: their day n is over once day n + 1 begins.
    const first = gameDay(experiment.startsAt) + day + 1;
    const coming = experiment.stoppedAt === null && first > today;
    return (
      <>
        —
        <div className="a-muted a-small" data-testid="no-results">
          {coming
            ? t('experimentsAdmin.resultsFrom', { day, at: utc(dayStarts(first), lng) })
            : t('experimentsAdmin.noResults')}
        </div>
      </>
    );
  }
  return (
    <>
      <span className="a-nowrap">
        {t('experimentsAdmin.interval', {
          value: percent(share.rate, lng),
          low: bare(share.low, lng),
          high: percent(share.high, lng),
        })}
      </span>
      <div className="a-muted a-small">
        {t('experimentsAdmin.observed', { retained: share.retained, observable: share.observable })}
      </div>
    </>
  );
}

type Verdict = NonNullable<ExperimentGroupResult['versusHoldout']>['d1'];

/**
 * The variant against the holdout: its lift ("+5.2 pts", "+0.61 Stars") and whether it is
 * significant yet, only once both sides have something to compare; a note while either side has
 * fewer than MIN_OBSERVED observations (never called significant then).
 */
function Versus({ verdict, lift, few }: { verdict: Verdict | undefined; lift: string; few: boolean }) {
  const { t } = useT();
  if (!verdict || verdict.difference === null) return null;
  return (
    <div className="a-versus">
      <span className="a-nowrap" data-testid="lift">
        {lift}
      </span>
      {verdict.significant ? (
        <span className="a-tag a-tag-good" data-testid="verdict">
          {t('experimentsAdmin.significant')}
        </span>
      ) : (
        <span className="a-tag a-tag-warn" data-testid="verdict">
          {t('experimentsAdmin.notYetSignificant')}
        </span>
      )}
      {few ? (
        <div className="a-muted a-small" data-testid="small-sample">
          {t('experimentsAdmin.smallSample', { min: MIN_OBSERVED })}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A/B tests: new players split between variants of a configuration version or an event and a
 * holdout; each variant's D1, D7 and Stars per player against the holdout. Its texts are in the
 * catalogues, in the language picked here.
 */
export function ExperimentsPage() {
  return (
    <InPageLanguage
      testId="experiments-language"
      label="experimentsAdmin.language"
      render={(picker) => <Experiments picker={picker} />}
    />
  );
}

function Experiments({ picker }: { picker: ReactNode }) {
  const { t, lng } = useT();
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['admin', 'experiments'], queryFn: () => call('adminExperiments') });
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [stopping, setStopping] = useState<AdminExperiment | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'experiments'] });
  const running = list.data?.experiments.some((e) => e.stoppedAt === null) ?? false;
  const label = useVariantLabel();

  return (
    <>
      <div className="a-row a-between a-wrap">
        <h1>{t('experimentsAdmin.title')}</h1>
        {picker}
        <Button
          tone="primary"
          onClick={() => setCreating(true)}
          disabled={running}
          data-testid="experiment-new"
        >
          {t('experimentsAdmin.new')}
        </Button>
      </div>
      {running ? (
        <p className="a-lead a-muted a-small" data-testid="experiment-new-why">
          {t('experimentsAdmin.oneAtATime')}
        </p>
      ) : null}
      <Section title={t('experimentsAdmin.listTitle')}>
        <QueryStatus query={list} />
        {list.data ? (
          <Table
            stack
            testId="experiments-table"
            rows={list.data.experiments}
            rowKey={(e) => e.id}
            rowTestId="experiment-row"
            columns={[
              { head: t('experimentsAdmin.colName'), stackAs: 'title', cell: (e) => e.name },
              {
                head: t('experimentsAdmin.colKind'),
                className: 'a-nowrap',
                cell: (e) => t(KIND_LABELS[e.kind]),
              },
              {
                head: t('experimentsAdmin.colVariants'),
                cell: (e) =>
                  e.variants.map((v) => (
                    <div key={v.name} className="a-nowrap" data-testid="experiment-variant">
                      {label(e, v, true)}
                    </div>
                  )),
              },
              {
                head: t('experimentsAdmin.colHoldout'),
                num: true,
                cell: (e) => percent(e.holdoutPercent / 100, lng),
              },
              {
                head: t('experimentsAdmin.colPlayers'),
                num: true,
                cell: (e) => e.players.toLocaleString(lng),
              },
              {
                head: t('experimentsAdmin.colStarted'),
                className: 'a-nowrap',
                cell: (e) => utc(e.startsAt, lng),
              },
              {
                head: t('experimentsAdmin.colStatus'),
                cell: (e) =>
                  e.stoppedAt === null ? (
                    <span className="a-tag a-tag-good">{t('experimentsAdmin.statusRunning')}</span>
                  ) : (
                    <span className="a-tag">
                      {t('experimentsAdmin.statusStopped', { at: utc(e.stoppedAt, lng) })}
                    </span>
                  ),
              },
              {
                head: '',
                stackAs: 'actions',
                className: 'a-nowrap',
                cell: (e) => (
                  <>
                    <Button onClick={() => setOpen(e.id)} data-testid="experiment-results">
                      {t('experimentsAdmin.results')}
                    </Button>{' '}
                    {e.stoppedAt === null ? (
                      <Button tone="danger" onClick={() => setStopping(e)}>
                        {t('experimentsAdmin.stop')}
                      </Button>
                    ) : null}
                  </>
                ),
              },
            ]}
          />
        ) : null}
        <p className="a-muted a-small">
          {t('experimentsAdmin.bounds', {
            min: EXPERIMENT_BOUNDS.minVariants,
            max: EXPERIMENT_BOUNDS.maxVariants,
            minHoldout: EXPERIMENT_BOUNDS.minHoldoutPercent,
            holdout: EXPERIMENT_BOUNDS.maxHoldoutPercent,
          })}
        </p>
      </Section>
      {open !== null ? <Results id={open} /> : null}
      {creating ? <ExperimentDialog onClose={() => setCreating(false)} onSaved={refresh} /> : null}
      {stopping ? (
        <Dialog
          title={t('experimentsAdmin.stopTitle', { name: stopping.name })}
          confirm={t('experimentsAdmin.stop')}
          tone="danger"
          askReason
          onConfirm={async (reason) => {
            await call('adminExperimentStop', { params: { experimentId: stopping.id }, body: { reason } });
            await refresh();
            await client.invalidateQueries({ queryKey: ['admin', 'experiment', stopping.id] });
          }}
          onClose={() => setStopping(null)}
        >
          <p>{t('experimentsAdmin.stopText')}</p>
        </Dialog>
      ) : null}
    </>
  );
}

/** A group's Stars per player with its interval, or why there is none; against the holdout once anyone paid. */
function StarsCell({
  group,
  holdout,
}: {
  group: ExperimentGroupResult;
  holdout: ExperimentGroupResult | undefined;
}) {
  const { t, lng } = useT();
  const paid = group.revenue.stars > 0 || (holdout?.revenue.stars ?? 0) > 0;
  const revenue = group.versusHoldout?.revenue;
  return (
    <>
      {group.revenue.perPlayer === null || group.revenue.stars === 0 ? (
        <>
          —
          <div className="a-muted a-small" data-testid="no-results">
            {t(group.players === 0 ? 'experimentsAdmin.noResults' : 'experimentsAdmin.noPayments')}
          </div>
        </>
      ) : (
        <>
          <span className="a-nowrap">
            {t('experimentsAdmin.starsInterval', {
              value: stars(group.revenue.perPlayer, lng),
              low: stars(group.revenue.low ?? 0, lng),
              high: stars(group.revenue.high ?? 0, lng),
            })}
          </span>
          <div className="a-muted a-small">
            {t('experimentsAdmin.starsTotal', { stars: group.revenue.stars })}
          </div>
        </>
      )}
      {paid ? (
        <Versus
          verdict={revenue}
          few={group.players < MIN_OBSERVED || (holdout?.players ?? 0) < MIN_OBSERVED}
          lift={t('experimentsAdmin.liftStars', { value: signed(revenue?.difference ?? 0, 2, lng) })}
        />
      ) : null}
    </>
  );
}

function Results({ id }: { id: number }) {
  const { t, lng } = useT();
  const label = useVariantLabel();
  const result = useQuery({
    queryKey: ['admin', 'experiment', id],
    queryFn: () => call('adminExperiment', { params: { experimentId: id } }),
  });
  const data = result.data;
  const holdout = data?.results.find((group) => group.holdout);
  const groupName = (group: ExperimentGroupResult) => {
    if (group.holdout || !data) return t('experimentsAdmin.holdout');
    const variant = data.experiment.variants.find((v) => v.name === group.variant);
    return variant ? label(data.experiment, variant, false) : group.variant;
  };
  const retention = (group: ExperimentGroupResult, key: keyof typeof RETENTION_DAYS) => {
    if (!data) return null;
    const verdict = group.versusHoldout?.[key];
    const few = group[key].observable < MIN_OBSERVED || (holdout?.[key].observable ?? 0) < MIN_OBSERVED;
    return (
      <>
        <ShareCell
          share={group[key]}
          day={RETENTION_DAYS[key]}
          experiment={data.experiment}
          today={data.today}
          lng={lng}
        />
        <Versus
          verdict={verdict}
          few={few}
          lift={t('experimentsAdmin.liftPoints', { value: signed((verdict?.difference ?? 0) * 100, 1, lng) })}
        />
      </>
    );
  };
  return (
    <Section title={t('experimentsAdmin.resultsTitle', { name: data?.experiment.name ?? `#${id}` })}>
      <QueryStatus query={result} />
      {data ? (
        <>
          <Table
            stack
            testId="experiment-results-table"
            rows={data.results}
            rowKey={(group) => group.variant}
            rowTestId="result-row"
            columns={[
              {
                head: t('experimentsAdmin.colVariant'),
                stackAs: 'title',
                className: 'a-nowrap',
                cell: groupName,
              },
              {
                head: t('experimentsAdmin.colPlayers'),
                num: true,
                cell: (group) => group.players.toLocaleString(lng),
              },
              { head: t('experimentsAdmin.colD1'), cell: (group) => retention(group, 'd1') },
              { head: t('experimentsAdmin.colD7'), cell: (group) => retention(group, 'd7') },
              {
                head: t('experimentsAdmin.colStars'),
                cell: (group) => <StarsCell group={group} holdout={holdout} />,
              },
            ]}
          />
          <p className="a-muted a-small">{t('experimentsAdmin.resultsNote')}</p>
        </>
      ) : null}
    </Section>
  );
}

interface VariantDraft {
  name: string;
  weight: string;
  configVersion: string;
  event: boolean;
}

const NEW_VARIANT = (n: number): VariantDraft => ({
  name: String.fromCharCode(65 + n),
  weight: '1',
  configVersion: '',
  event: n === 1,
});

function ExperimentDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => Promise<unknown> }) {
  const { t } = useT();
  const versions = useQuery({
    queryKey: ['admin', 'config', 'versions'],
    queryFn: () => call('adminConfigVersions'),
  });
  const [name, setName] = useState('');
  const [kind, setKind] = useState<ExperimentKind>('config');
  const [holdout, setHoldout] = useState('10');
  const [eventId, setEventId] = useState('');
  const [variants, setVariants] = useState<VariantDraft[]>([NEW_VARIANT(0), NEW_VARIANT(1)]);
  const change = (i: number, patch: Partial<VariantDraft>) =>
    setVariants((old) => old.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  const save = async (reason: string) => {
    await call('adminExperimentCreate', {
      body: {
        name: name.trim(),
        kind,
        holdoutPercent: Number(holdout),
        ...(kind === 'event' ? { eventId: Number(eventId) } : {}),
        variants: variants.map((v) => ({
          name: v.name.trim(),
          weight: Number(v.weight),
          ...(kind === 'config' ? { configVersion: Number(v.configVersion) } : { event: v.event }),
        })),
        reason,
      },
    });
    await onSaved();
  };
  const filled =
    name.trim() !== '' &&
    variants.every((v) => v.name.trim() !== '' && (kind === 'event' || v.configVersion !== '')) &&
    (kind === 'config' || eventId !== '');
  return (
    <Dialog
      title={t('experimentsAdmin.dialogTitle')}
      confirm={t('experimentsAdmin.start')}
      askReason
      canConfirm={filled}
      onConfirm={save}
      onClose={onClose}
    >
      <div className="a-form">
        <Field label={t('experimentsAdmin.fieldName')}>
          <input
            value={name}
            maxLength={EXPERIMENT_BOUNDS.maxName}
            onChange={(e) => setName(e.target.value)}
            data-testid="experiment-name"
          />
        </Field>
        <div className="a-row">
          <Field label={t('experimentsAdmin.fieldKind')}>
            <select
              value={kind}
              onChange={(e) => setKind(e.target.value as ExperimentKind)}
              data-testid="experiment-kind"
            >
              <option value="config">{t('experimentsAdmin.kindConfig')}</option>
              <option value="event">{t('experimentsAdmin.kindEvent')}</option>
            </select>
          </Field>
          <Field
            label={t('experimentsAdmin.fieldHoldout')}
            hint={t('experimentsAdmin.holdoutHint', {
              min: EXPERIMENT_BOUNDS.minHoldoutPercent,
              max: EXPERIMENT_BOUNDS.maxHoldoutPercent,
            })}
          >
            <input
              type="number"
              min={EXPERIMENT_BOUNDS.minHoldoutPercent}
              max={EXPERIMENT_BOUNDS.maxHoldoutPercent}
              step={1}
              value={holdout}
              onChange={(e) => setHoldout(e.target.value)}
              data-testid="experiment-holdout"
            />
          </Field>
          {kind === 'event' ? (
            <Field label={t('experimentsAdmin.fieldEvent')}>
              <input
                type="number"
                min={1}
                value={eventId}
                onChange={(e) => setEventId(e.target.value)}
                data-testid="experiment-event"
              />
            </Field>
          ) : null}
        </div>
        {variants.map((v, i) => (
          <div className="a-row" key={i} data-testid="variant">
            <Field label={t('experimentsAdmin.fieldVariant', { n: i + 1 })}>
              <input
                value={v.name}
                maxLength={EXPERIMENT_BOUNDS.maxVariantName}
                onChange={(e) => change(i, { name: e.target.value })}
                data-testid={`variant-name-${i}`}
              />
            </Field>
            <Field label={t('experimentsAdmin.fieldWeight')}>
              <input
                type="number"
                min={1}
                max={EXPERIMENT_BOUNDS.maxWeight}
                step={1}
                value={v.weight}
                onChange={(e) => change(i, { weight: e.target.value })}
                data-testid={`variant-weight-${i}`}
              />
            </Field>
            {kind === 'config' ? (
              <Field label={t('experimentsAdmin.fieldVersion')}>
                {versions.data ? (
                  <select
                    value={v.configVersion}
                    onChange={(e) => change(i, { configVersion: e.target.value })}
                    data-testid={`variant-version-${i}`}
                  >
                    <option value="">—</option>
                    {versions.data.versions.map((version) => (
                      <option key={version.version} value={version.version}>
                        {t(version.active ? 'experimentsAdmin.versionActive' : 'experimentsAdmin.version', {
                          version: version.version,
                          reason: version.reason,
                        })}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    type="number"
                    min={1}
                    value={v.configVersion}
                    onChange={(e) => change(i, { configVersion: e.target.value })}
                    data-testid={`variant-version-${i}`}
                  />
                )}
              </Field>
            ) : (
              <label className="a-row">
                <input
                  type="checkbox"
                  checked={v.event}
                  onChange={(e) => change(i, { event: e.target.checked })}
                  data-testid={`variant-event-${i}`}
                />
                {t('experimentsAdmin.fieldGetsEvent')}
              </label>
            )}
            {variants.length > EXPERIMENT_BOUNDS.minVariants ? (
              <Button onClick={() => setVariants((old) => old.filter((_, j) => j !== i))}>
                {t('experimentsAdmin.removeVariant')}
              </Button>
            ) : null}
          </div>
        ))}
        {variants.length < EXPERIMENT_BOUNDS.maxVariants ? (
          <Button
            onClick={() => setVariants((old) => [...old, NEW_VARIANT(old.length)])}
            data-testid="variant-add"
          >
            {t('experimentsAdmin.addVariant')}
          </Button>
        ) : null}
        <p className="a-muted a-small">{t('experimentsAdmin.holdoutNote')}</p>
      </div>
    </Dialog>
  );
}
