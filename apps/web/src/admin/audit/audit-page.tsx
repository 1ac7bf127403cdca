import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { call } from '../api.ts';
import { Button, Field, fmt, PageHead, QueryStatus, RefreshButton, Section, Table } from '../ui.tsx';

/** The row counts GET /admin/audit accepts (at most 200; it has no paging). */
const LIMITS = [50, 100, 200] as const;

/** What an operator types as a target: a bare player id means `player:<id>`; anything else as it is. */
export const targetOf = (text: string) => {
  const t = text.trim();
  return /^\d{1,16}$/.test(t) ? `player:${t}` : t;
};

/**
 * Every operator's recorded actions (bans, adjustments, tasks, snapshots, airdrops), newest first,
 * narrowed to one target (a player, a task…) if asked. The filters live in the address.
 */
export function AuditPage() {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const target = params.get('target') ?? '';
  const asked = Number(params.get('limit'));
  const limit = LIMITS.find((l) => l === asked) ?? LIMITS[0];
  const [draft, setDraft] = useState(target);
  const [rows, setRows] = useState<number>(limit);
  // The form follows the address when a link (an entry's "only") changes it.
  const [shown, setShown] = useState({ target, limit });
  if (shown.target !== target || shown.limit !== limit) {
    setShown({ target, limit });
    setDraft(target);
    setRows(limit);
  }

  const log = useQuery({
    queryKey: ['admin', 'audit', target, limit],
    queryFn: () => call('adminAudit', { query: { target: target || undefined, limit } }),
  });
  const show = (next: { target: string; limit: number }) => {
    const search = new URLSearchParams({
      ...(next.target ? { target: next.target } : {}),
      ...(next.limit !== LIMITS[0] ? { limit: String(next.limit) } : {}),
    }).toString();
    navigate(search ? `/admin/audit?${search}` : '/admin/audit');
  };
  const entries = log.data?.rows.length ?? 0;
  const counted = `${entries} ${entries === 1 ? 'entry' : 'entries'}`;

  return (
    <>
      <PageHead title="Audit log" actions={<RefreshButton query={log} />} />
      <form
        className="a-row a-filters"
        role="search"
        aria-label="Audit filters"
        onSubmit={(e) => {
          e.preventDefault();
          const next = targetOf(draft);
          setDraft(next);
          show({ target: next, limit: rows });
        }}
      >
        <Field label="Target" hint="A player id, or a target as the log writes it: task:…, snapshot:…">
          <input
            type="search"
            aria-label="Target"
            placeholder="Every target"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={80}
          />
        </Field>
        <Field label="Rows" hint="The newest ones">
          <select aria-label="Rows" value={rows} onChange={(e) => setRows(Number(e.target.value))}>
            {LIMITS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </Field>
        <div className="a-row">
          <Button type="submit" tone="primary">
            Apply
          </Button>
          {target ? (
            <Button
              onClick={() => {
                setDraft('');
                show({ target: '', limit: rows });
              }}
            >
              Clear
            </Button>
          ) : null}
        </div>
      </form>
      <Section
        title={log.data ? (target ? `${counted} for ${target}` : `${entries} newest entries`) : 'Entries'}
      >
        <QueryStatus query={log} />
        {log.data && entries === 0 ? <p className="a-muted">No entry.</p> : null}
        {log.data && entries > 0 ? (
          <Table
            label="Audit log"
            rows={log.data.rows}
            rowKey={(r) => r.id}
            columns={[
              { head: 'When', className: 'a-nowrap', cell: (r) => fmt.time(r.createdAt) },
              { head: 'Operator', className: 'num', cell: (r) => r.adminId },
              { head: 'Action', className: 'a-nowrap', cell: (r) => r.action },
              { head: 'Target', className: 'a-nowrap', cell: (r) => <TargetCell target={r.target} /> },
              { head: 'Reason', className: 'a-wide', cell: (r) => r.reason ?? '—' },
              {
                head: 'Change',
                className: 'a-wide',
                cell: (r) => <Change before={r.before} after={r.after} />,
              },
            ]}
          />
        ) : null}
        {log.data && entries === limit ? (
          <p className="a-muted a-small">
            The newest {limit} only: {limit < 200 ? 'ask for more rows or ' : ''}narrow to one target to see
            older entries.
          </p>
        ) : null}
      </Section>
    </>
  );
}

function TargetCell({ target }: { target: string | null }) {
  if (target === null) return <>—</>;
  const player = /^player:(\d+)$/.exec(target)?.[1];
  const only = `/admin/audit?${new URLSearchParams({ target }).toString()}`;
  return (
    <>
      {player ? <Link to={`/admin/players/${player}`}>Player {player}</Link> : <code>{target}</code>}{' '}
      <Link className="a-small" to={only} title={`Only the entries for ${target}`}>
        only
      </Link>
    </>
  );
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value of the log as text: instants (`…At`) as dates, strings as they are, the rest as JSON. */
function text(key: string, v: unknown): string {
  if (v === undefined || v === null) return '—';
  if (typeof v === 'number' && key.endsWith('At')) return fmt.day(v);
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

/** What an entry changed: each field whose value differs, before → after. */
function Change({ before, after }: { before: unknown; after: unknown }) {
  if (!isObject(before) && !isObject(after)) {
    if (before == null && after == null) return <>—</>;
    return <span>{`${text('', before)} → ${text('', after)}`}</span>;
  }
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]),
  );
  if (keys.length === 0) return <span className="a-muted">no change</span>;
  return (
    <ul className="a-evidence a-small">
      {keys.map((k) => (
        <li key={k}>
          <span className="a-muted">{k}:</span> {text(k, b[k])} → {text(k, a[k])}
        </li>
      ))}
    </ul>
  );
}
