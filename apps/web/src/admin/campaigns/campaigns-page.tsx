import type {
  CAMPAIGN_SOURCES,
  CampaignDetail,
  CampaignSegment,
  CampaignSummary,
} from '@egg-rush/contract/campaigns';
import { CAMPAIGN_SCREENS, CAMPAIGN_TEXT_MAX, type CampaignScreen } from '@egg-rush/game/campaigns';
import { LEAGUES } from '@egg-rush/game/leagues';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { isRightToLeft, LANGUAGES, t, useT, type Key, type Language } from '../../lib/i18n.tsx';
import { call } from '../api.ts';
import { InPageLanguage } from '../page-language.tsx';
import { Button, Dialog, ErrorNote, Field, fmt, QueryStatus, Section, Stat, Table } from '../ui.tsx';
import './campaigns.css';

const listKey = ['admin', 'campaigns'];
const nameOf = (code: string) => LANGUAGES.find((l) => l.code === code)?.name ?? code;

const STATUS = { draft: '', sending: 'a-tag-warn', done: 'a-tag-good' } as const;
function StatusTag({ status }: { status: CampaignSummary['status'] }) {
  return <span className={`a-tag ${STATUS[status]}`}>{t(`campaigns.status_${status}` as Key)}</span>;
}

/**
 * The campaigns' pages in the language the operator picks (the game's catalogues; Persian right
 * to left), kept while they move between the pages. Shown once that language's texts are in.
 */
function Translated({ children }: { children: () => ReactNode }) {
  return (
    <InPageLanguage
      testId="campaigns-language"
      label="campaigns.language"
      storageKey="egg-rush:campaigns-language"
      render={(picker) => (
        <>
          <div className="a-row a-end">{picker}</div>
          {children()}
        </>
      )}
    />
  );
}

/** The campaigns sent and drafted, newest first, with their counts. */
export function CampaignsPage() {
  return <Translated>{() => <CampaignList />}</Translated>;
}

function CampaignList() {
  useT();
  const list = useQuery({
    queryKey: listKey,
    queryFn: () => call('adminCampaigns'),
    // Counts move while a campaign is being sent.
    refetchInterval: (q) => (q.state.data?.campaigns.some((c) => c.status === 'sending') ? 3000 : false),
  });
  const campaigns = list.data?.campaigns ?? [];
  return (
    <>
      <div className="a-row a-between">
        <h1>{t('campaigns.title')}</h1>
        <Link className="a-btn a-btn-primary" to="/admin/campaigns/new">
          {t('campaigns.new')}
        </Link>
      </div>
      <p className="a-lead a-muted">{t('campaigns.intro')}</p>
      <Section title={t('campaigns.title')}>
        <QueryStatus query={list} />
        {list.data && campaigns.length === 0 ? <p className="a-muted">{t('campaigns.none')}</p> : null}
        {campaigns.length > 0 ? (
          <div className="a-clip-x">
            <Table
              label={t('campaigns.title')}
              rows={campaigns}
              rowKey={(c) => c.id}
              columns={[
                {
                  head: '#',
                  cell: (c) => (
                    <Link className="a-link" to={`/admin/campaigns/${c.id}`}>
                      {t('campaigns.campaign', { id: String(c.id) })}
                    </Link>
                  ),
                },
                { head: t('campaigns.created'), className: 'a-nowrap', cell: (c) => fmt.day(c.createdAt) },
                { head: t('campaigns.status'), cell: (c) => <StatusTag status={c.status} /> },
                { head: t('campaigns.recipients'), num: true, cell: (c) => fmt.num(c.recipients) },
                { head: t('campaigns.sent'), num: true, cell: (c) => fmt.num(c.sent) },
                { head: t('campaigns.blocked'), num: true, cell: (c) => fmt.num(c.blocked) },
                { head: t('campaigns.failed'), num: true, cell: (c) => fmt.num(c.failed) },
                { head: t('campaigns.opened'), num: true, cell: (c) => fmt.num(c.opened) },
              ]}
            />
          </div>
        ) : null}
      </Section>
    </>
  );
}

interface Draft {
  languages: Language[];
  minLeague: string;
  inactiveDays: string;
  walletBound: '' | 'yes' | 'no';
  squadId: string;
  from: string;
  to: string;
  source: '' | (typeof CAMPAIGN_SOURCES)[number];
}
const emptyDraft: Draft = {
  languages: [],
  minLeague: '',
  inactiveDays: '',
  walletBound: '',
  squadId: '',
  from: '',
  to: '',
  source: '',
};

/** The form as the API's segment: only the conditions filled in. */
function segmentOf(d: Draft): CampaignSegment {
  const segment: CampaignSegment = {};
  if (d.languages.length > 0) segment.languages = d.languages;
  if (d.minLeague) segment.minLeague = d.minLeague;
  if (d.inactiveDays) segment.inactiveDays = Number(d.inactiveDays);
  if (d.walletBound) segment.walletBound = d.walletBound === 'yes';
  if (d.squadId) segment.squadId = Number(d.squadId);
  if (d.from || d.to) segment.cohort = { ...(d.from ? { from: d.from } : {}), ...(d.to ? { to: d.to } : {}) };
  if (d.source) segment.source = d.source;
  return segment;
}

/** A value that settles: the latest after `ms` without a change (the live count's input). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A new campaign: the segment (every condition filled in must hold) with a live count of the
 * players it holds, the message per language (English required: players without theirs get it)
 * and the screen its button opens. Created as a draft; sent from its page.
 */
export function NewCampaignPage() {
  return <Translated>{() => <NewCampaign />}</Translated>;
}

function NewCampaign() {
  useT();
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [texts, setTexts] = useState<Partial<Record<Language, string>>>({});
  const [tab, setTab] = useState<Language>('en');
  const [screen, setScreen] = useState<'' | CampaignScreen>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const segment = useSettled(JSON.stringify(segmentOf(draft)), 300);
  const count = useQuery({
    queryKey: ['admin', 'campaigns', 'preview', segment],
    queryFn: () =>
      call('adminCampaignPreview', { body: { segment: JSON.parse(segment) as CampaignSegment } }),
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const toggleLanguage = (code: Language) =>
    set(
      'languages',
      draft.languages.includes(code) ? draft.languages.filter((l) => l !== code) : [...draft.languages, code],
    );
  const filled = Object.fromEntries(Object.entries(texts).filter(([, text]) => text?.trim()));
  const canCreate = Boolean(filled.en) && !busy;

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const { campaign } = await call('adminCampaignCreate', {
        body: { segment: segmentOf(draft), texts: filled, ...(screen ? { screen } : {}) },
      });
      await client.invalidateQueries({ queryKey: listKey });
      navigate(`/admin/campaigns/${campaign.id}`);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <>
      <div className="a-row a-between">
        <h1>{t('campaigns.new')}</h1>
        <Link className="a-link" to="/admin/campaigns">
          {t('campaigns.all')}
        </Link>
      </div>
      <Section
        title={t('campaigns.who')}
        actions={
          <span className="a-tag a-tag-good" role="status" aria-live="polite" data-testid="recipients">
            {count.data
              ? t('campaigns.recipientsCount', { n: count.data.recipients })
              : t('campaigns.counting')}
          </span>
        }
      >
        <ErrorNote error={count.error} />
        <p className="a-muted a-small" data-testid="rest-note">
          {t('campaigns.restNote')}
        </p>
        <fieldset className="a-campaign-langs">
          <legend>{t('campaigns.languages')}</legend>
          {LANGUAGES.map((l) => (
            <label key={l.code} className="a-check">
              <input
                type="checkbox"
                checked={draft.languages.includes(l.code)}
                onChange={() => toggleLanguage(l.code)}
              />{' '}
              <span lang={l.code}>{l.name}</span>
            </label>
          ))}
        </fieldset>
        <div className="a-campaign-grid">
          <Field label={t('campaigns.league')}>
            <select value={draft.minLeague} onChange={(e) => set('minLeague', e.target.value)}>
              <option value="">{t('campaigns.anyLeague')}</option>
              {LEAGUES.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('campaigns.inactive')}>
            <input
              type="number"
              min={1}
              max={3650}
              inputMode="numeric"
              value={draft.inactiveDays}
              onChange={(e) => set('inactiveDays', e.target.value)}
            />
          </Field>
          <Field label={t('campaigns.wallet')}>
            <select
              value={draft.walletBound}
              onChange={(e) => set('walletBound', e.target.value as Draft['walletBound'])}
            >
              <option value="">{t('campaigns.any')}</option>
              <option value="yes">{t('campaigns.walletYes')}</option>
              <option value="no">{t('campaigns.walletNo')}</option>
            </select>
          </Field>
          <Field label={t('campaigns.squad')}>
            <input
              type="number"
              min={1}
              inputMode="numeric"
              value={draft.squadId}
              onChange={(e) => set('squadId', e.target.value)}
            />
          </Field>
          <Field label={t('campaigns.from')}>
            <input type="date" value={draft.from} onChange={(e) => set('from', e.target.value)} />
          </Field>
          <Field label={t('campaigns.to')}>
            <input type="date" value={draft.to} onChange={(e) => set('to', e.target.value)} />
          </Field>
          <Field label={t('campaigns.source')} hint={t('campaigns.sourceHint')}>
            <select value={draft.source} onChange={(e) => set('source', e.target.value as Draft['source'])}>
              <option value="">{t('campaigns.any')}</option>
              <option value="invite">{t('campaigns.invite')}</option>
              <option value="direct">{t('campaigns.direct')}</option>
            </select>
          </Field>
        </div>
      </Section>

      <Section title={t('campaigns.message')}>
        <div className="a-tabs" role="tablist" aria-label={t('campaigns.messageLanguage')}>
          {LANGUAGES.map((l) => (
            <button
              key={l.code}
              type="button"
              role="tab"
              aria-selected={tab === l.code}
              className="a-tab"
              onClick={() => setTab(l.code)}
            >
              <span lang={l.code}>{l.name}</span>
              {l.code === 'en' ? ' *' : ''}
              {texts[l.code]?.trim() ? ' ✓' : ''}
            </button>
          ))}
        </div>
        <Field
          label={`${t('campaigns.textIn', { language: nameOf(tab) })} ${tab === 'en' ? t('campaigns.required') : t('campaigns.optional')}`}
        >
          <textarea
            key={tab}
            data-testid="campaign-text"
            lang={tab}
            dir={isRightToLeft(tab) ? 'rtl' : 'ltr'}
            rows={5}
            maxLength={CAMPAIGN_TEXT_MAX}
            value={texts[tab] ?? ''}
            onChange={(e) => setTexts((t) => ({ ...t, [tab]: e.target.value }))}
          />
        </Field>
        <Field label={t('campaigns.button')}>
          <select value={screen} onChange={(e) => setScreen(e.target.value as '' | CampaignScreen)}>
            <option value="">{t('campaigns.home')}</option>
            {CAMPAIGN_SCREENS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <ErrorNote error={error} />
        <div className="a-row a-end">
          <Button tone="primary" busy={busy} disabled={!canCreate} onClick={() => void create()}>
            {t('campaigns.create')}
          </Button>
        </div>
      </Section>
    </>
  );
}

/**
 * One campaign: its counts (refreshed while it is being sent), its segment and texts, and Send
 * (confirmed, once, audited).
 */
export function CampaignPage() {
  return <Translated>{() => <Campaign />}</Translated>;
}

function Campaign() {
  useT();
  const id = Number(useParams<{ campaignId: string }>().campaignId);
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const page = useQuery({
    queryKey: ['admin', 'campaigns', id],
    queryFn: () => call('adminCampaign', { params: { campaignId: id } }),
    refetchInterval: (q) => (q.state.data?.campaign.status === 'sending' ? 2000 : false),
  });
  const c: CampaignDetail | undefined = page.data?.campaign;
  return (
    <>
      <div className="a-row a-between">
        <h1>{t('campaigns.campaign', { id: String(id) })}</h1>
        <Link className="a-link" to="/admin/campaigns">
          {t('campaigns.all')}
        </Link>
      </div>
      <QueryStatus query={page} />
      {c ? (
        <>
          <div className="a-row a-between">
            <StatusTag status={c.status} />
            {c.status === 'draft' ? (
              <Button tone="primary" onClick={() => setConfirming(true)} disabled={c.recipients === 0}>
                {t('campaigns.send')}
              </Button>
            ) : (
              <span className="a-muted a-small">
                {t('campaigns.sendingStarted', { time: fmt.time(c.sendStartedAt) })}
              </span>
            )}
          </div>
          <div className="a-stats" data-testid="counts">
            <Stat label={t('campaigns.recipients')} value={fmt.num(c.recipients)} />
            <Stat label={t('campaigns.sent')} value={fmt.num(c.sent)} />
            <Stat label={t('campaigns.blocked')} value={fmt.num(c.blocked)} />
            <Stat label={t('campaigns.failed')} value={fmt.num(c.failed)} />
            <Stat
              label={t('campaigns.skipped')}
              value={fmt.num(c.skipped)}
              hint={t('campaigns.skippedHint')}
            />
            <Stat label={t('campaigns.pending')} value={fmt.num(c.pending)} />
            <Stat label={t('campaigns.opened')} value={fmt.num(c.opened)} hint={t('campaigns.openedHint')} />
          </div>
          <Section title={t('campaigns.segment')}>
            <pre className="a-mono a-break" dir="ltr">
              {JSON.stringify(c.segment, null, 1)}
            </pre>
            <p className="a-muted a-small">
              {t('campaigns.buttonInfo', {
                screen: c.screen ?? 'home',
                time: fmt.time(c.createdAt),
                admin: String(c.createdBy),
              })}
            </p>
          </Section>
          <Section title={t('campaigns.texts')}>
            {Object.entries(c.texts).map(([code, text]) => (
              <div key={code} className="a-campaign-text">
                <div className="a-muted a-small">{nameOf(code)}</div>
                <p lang={code} dir={isRightToLeft(code) ? 'rtl' : 'ltr'} className="a-quote">
                  {text}
                </p>
              </div>
            ))}
          </Section>
        </>
      ) : null}
      {confirming && c ? (
        <Dialog
          title={t('campaigns.confirmTitle', { id: String(c.id) })}
          confirm={t('campaigns.confirm', { n: c.recipients })}
          onConfirm={async () => {
            await call('adminCampaignSend', { params: { campaignId: c.id }, body: {} });
            await client.invalidateQueries({ queryKey: ['admin', 'campaigns'] });
          }}
          onClose={() => setConfirming(false)}
        >
          <p>{t('campaigns.confirmText', { n: c.recipients })}</p>
        </Dialog>
      ) : null}
    </>
  );
}
