import type {
  CAMPAIGN_SOURCES,
  CampaignDetail,
  CampaignSegment,
  CampaignSummary,
} from '@egg-rush/contract/campaigns';
import { CAMPAIGN_SCREENS, CAMPAIGN_TEXT_MAX, type CampaignScreen } from '@egg-rush/game/campaigns';
import { LEAGUES } from '@egg-rush/game/leagues';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isRightToLeft, LANGUAGES, type Language } from '../../lib/language.ts';
import { call } from '../api.ts';
import { Button, Dialog, ErrorNote, Field, fmt, Loading, Section, Stat } from '../ui.tsx';
import './campaigns.css';

const listKey = ['admin', 'campaigns'];
const nameOf = (code: string) => LANGUAGES.find((l) => l.code === code)?.name ?? code;

const STATUS = { draft: '', sending: 'a-tag-warn', done: 'a-tag-good' } as const;
function StatusTag({ status }: { status: CampaignSummary['status'] }) {
  return <span className={`a-tag ${STATUS[status]}`}>{status}</span>;
}

/** The campaigns sent and drafted, newest first, with their counts. */
export function CampaignsPage() {
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
        <h1>Campaigns</h1>
        <Link className="a-btn a-btn-primary" to="/admin/campaigns/new">
          New campaign
        </Link>
      </div>
      <p className="a-lead a-muted">
        Messages from the bot to a segment of players, each in the player&apos;s language, with a button that
        opens the game. Sent at Telegram&apos;s pace; players who turned notifications off or blocked the bot
        are left out.
      </p>
      <Section title="Campaigns">
        {list.isPending ? <Loading /> : null}
        <ErrorNote error={list.error} />
        {list.data && campaigns.length === 0 ? <p className="a-muted">No campaigns yet.</p> : null}
        {campaigns.length > 0 ? (
          <div className="a-clip-x">
            <table className="a-table" aria-label="Campaigns">
              <thead>
                <tr>
                  <th>#</th>
                  <th>Created</th>
                  <th>Status</th>
                  <th className="a-r">Recipients</th>
                  <th className="a-r">Sent</th>
                  <th className="a-r">Blocked</th>
                  <th className="a-r">Failed</th>
                  <th className="a-r">Opened</th>
                </tr>
              </thead>
              <tbody>
                {campaigns.map((c) => (
                  <tr key={c.id}>
                    <td>
                      <Link className="a-link" to={`/admin/campaigns/${c.id}`}>
                        Campaign {c.id}
                      </Link>
                    </td>
                    <td className="a-nowrap">{fmt.day(c.createdAt)}</td>
                    <td>
                      <StatusTag status={c.status} />
                    </td>
                    <td className="a-r num">{fmt.num(c.recipients)}</td>
                    <td className="a-r num">{fmt.num(c.sent)}</td>
                    <td className="a-r num">{fmt.num(c.blocked)}</td>
                    <td className="a-r num">{fmt.num(c.failed)}</td>
                    <td className="a-r num">{fmt.num(c.opened)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
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
  const navigate = useNavigate();
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
      void navigate(`/admin/campaigns/${campaign.id}`);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <>
      <div className="a-row a-between">
        <h1>New campaign</h1>
        <Link className="a-link" to="/admin/campaigns">
          All campaigns
        </Link>
      </div>
      <Section
        title="Who gets it"
        actions={
          <span className="a-tag a-tag-good" role="status" aria-live="polite" data-testid="recipients">
            {count.data ? `${fmt.num(count.data.recipients)} recipients` : 'Counting…'}
          </span>
        }
      >
        <ErrorNote error={count.error} />
        <fieldset className="a-campaign-langs">
          <legend>Languages (none: every language)</legend>
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
          <Field label="League at least">
            <select value={draft.minLeague} onChange={(e) => set('minLeague', e.target.value)}>
              <option value="">Any league</option>
              {LEAGUES.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Inactive for at least (days)">
            <input
              type="number"
              min={1}
              max={3650}
              inputMode="numeric"
              value={draft.inactiveDays}
              onChange={(e) => set('inactiveDays', e.target.value)}
            />
          </Field>
          <Field label="Wallet">
            <select
              value={draft.walletBound}
              onChange={(e) => set('walletBound', e.target.value as Draft['walletBound'])}
            >
              <option value="">Any</option>
              <option value="yes">Bound</option>
              <option value="no">Not bound</option>
            </select>
          </Field>
          <Field label="Squad id">
            <input
              type="number"
              min={1}
              inputMode="numeric"
              value={draft.squadId}
              onChange={(e) => set('squadId', e.target.value)}
            />
          </Field>
          <Field label="Joined from (game day)">
            <input type="date" value={draft.from} onChange={(e) => set('from', e.target.value)} />
          </Field>
          <Field label="Joined to (game day)">
            <input type="date" value={draft.to} onChange={(e) => set('to', e.target.value)} />
          </Field>
          <Field label="Came through" hint="An invite link, or directly (other sources are not recorded).">
            <select value={draft.source} onChange={(e) => set('source', e.target.value as Draft['source'])}>
              <option value="">Any</option>
              <option value="invite">A friend&apos;s invite</option>
              <option value="direct">Directly</option>
            </select>
          </Field>
        </div>
      </Section>

      <Section title="Message">
        <div className="a-tabs" role="tablist" aria-label="Message language">
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
          label={`Text in ${nameOf(tab)}${tab === 'en' ? ' (required)' : ' (optional: English otherwise)'}`}
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
        <Field label="The button opens">
          <select value={screen} onChange={(e) => setScreen(e.target.value as '' | CampaignScreen)}>
            <option value="">The game (home)</option>
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
            Create campaign
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
  const id = Number(useParams().campaignId);
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
        <h1>Campaign {id}</h1>
        <Link className="a-link" to="/admin/campaigns">
          All campaigns
        </Link>
      </div>
      {page.isPending ? <Loading /> : null}
      <ErrorNote error={page.error} />
      {c ? (
        <>
          <div className="a-row a-between">
            <StatusTag status={c.status} />
            {c.status === 'draft' ? (
              <Button tone="primary" onClick={() => setConfirming(true)} disabled={c.recipients === 0}>
                Send
              </Button>
            ) : (
              <span className="a-muted a-small">Sending started {fmt.time(c.sendStartedAt)}</span>
            )}
          </div>
          <div className="a-stats" aria-label="Counts">
            <Stat label="Recipients" value={fmt.num(c.recipients)} />
            <Stat label="Sent" value={fmt.num(c.sent)} />
            <Stat label="Blocked" value={fmt.num(c.blocked)} />
            <Stat label="Failed" value={fmt.num(c.failed)} />
            <Stat label="Skipped" value={fmt.num(c.skipped)} hint="Opted out or blocked since" />
            <Stat label="Pending" value={fmt.num(c.pending)} />
            <Stat label="Opened" value={fmt.num(c.opened)} hint="Opened the game from it" />
          </div>
          <Section title="Segment">
            <pre className="a-mono a-break">{JSON.stringify(c.segment, null, 1)}</pre>
            <p className="a-muted a-small">
              Button: {c.screen ?? 'home'} · created {fmt.time(c.createdAt)} by {c.createdBy}
            </p>
          </Section>
          <Section title="Texts">
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
          title={`Send campaign ${c.id}?`}
          confirm={`Send to ${fmt.num(c.recipients)} players`}
          onConfirm={async () => {
            await call('adminCampaignSend', { params: { campaignId: c.id }, body: {} });
            await client.invalidateQueries({ queryKey: ['admin', 'campaigns'] });
          }}
          onClose={() => setConfirming(false)}
        >
          <p>
            The bot sends this message to {fmt.num(c.recipients)} players, once each, at Telegram&apos;s pace.
            It cannot be undone.
          </p>
        </Dialog>
      ) : null}
    </>
  );
}
