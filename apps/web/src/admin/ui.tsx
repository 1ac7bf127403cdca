import { useEffect, useId, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';

/** The console's own small components: plain, dense, in the game's palette (admin.css). */

export const fmt = {
  num: (n: number) => n.toLocaleString('en-US'),
  signed: (n: number) => (n > 0 ? `+${n.toLocaleString('en-US')}` : n.toLocaleString('en-US')),
  time: (ms: number | null | undefined) =>
    ms == null ? '—' : new Date(ms).toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
  /** Shorter, for tables: 2026-11-24 14:09. */
  day: (ms: number | null | undefined) =>
    ms == null ? '—' : new Date(ms).toISOString().slice(0, 16).replace('T', ' '),
  pct: (x: number | null) => (x == null ? '—' : `${(x * 100).toFixed(1)}%`),
};

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  busy?: boolean;
  tone?: 'primary' | 'danger' | 'plain';
};

export function Button({ busy, tone = 'plain', children, disabled, className, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={`a-btn a-btn-${tone} ${className ?? ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="a-spin" aria-hidden /> : null}
      {children}
    </button>
  );
}

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <p className="a-error" role="alert">
      {message}
    </p>
  );
}

/** What an action just did, for the operator to read; nothing while there is none. */
export function OkNote({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="a-ok" role="status">
      {message}
    </p>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="a-muted" role="status">
      <span className="a-spin" aria-hidden /> {label}
    </p>
  );
}

/** How a query stands while it has nothing to show: loading, or why it failed. */
export function QueryStatus({ query }: { query: { isPending: boolean; error: unknown } }) {
  return (
    <>
      {query.isPending ? <Loading /> : null}
      <ErrorNote error={query.error} />
    </>
  );
}

/** A page's heading, with what acts on the whole page at its other end. */
export function PageHead({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <div className="a-row a-between">
      <h1>{title}</h1>
      {actions}
    </div>
  );
}

/** Asks for a query's data again, busy while it comes. */
export function RefreshButton({
  query,
}: {
  query: { isFetching: boolean; refetch: () => Promise<unknown> };
}) {
  return (
    <Button busy={query.isFetching} onClick={() => void query.refetch()}>
      Refresh
    </Button>
  );
}

export function Section({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="a-card">
      <header className="a-card-head">
        <h2>{title}</h2>
        {actions}
      </header>
      {children}
    </section>
  );
}

export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="a-stat">
      <div className="a-stat-label">{label}</div>
      <div className="a-stat-value num">{value}</div>
      {hint ? <div className="a-muted a-small">{hint}</div> : null}
    </div>
  );
}

/** A column of a `Table`: its heading and what each row shows under it. */
export type Column<T> = {
  /** The heading; in a stacking table also each cell's label, above its value. */
  head: string;
  cell: (row: T) => ReactNode;
  /** A figure: aligned to the end, heading included, in tabular digits. */
  num?: boolean;
  /** The cell's own classes (`a-nowrap`, `a-mono`, …). */
  className?: string;
  /** The heading's hover hint. */
  hint?: string;
  /** In a stacking table: the row card's title (first) or its actions (last), unlabelled. */
  stackAs?: 'title' | 'actions';
};

/**
 * A list as a table: a heading per column, a row per item. `stack` lays each row out as a card at
 * phone width (admin.css, .a-stack), every cell under its column's heading.
 */
export function Table<T>({
  rows,
  columns,
  rowKey,
  rowClass,
  rowTestId,
  stack = false,
  label,
  testId,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  rowClass?: (row: T) => string | undefined;
  rowTestId?: string;
  stack?: boolean;
  label?: string;
  testId?: string;
}) {
  const cellClass = (c: Column<T>) =>
    [c.num ? 'a-r num' : '', c.className ?? '', stack && c.stackAs ? `a-stack-${c.stackAs}` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <table className={stack ? 'a-table a-stack' : 'a-table'} aria-label={label} data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} className={c.num ? 'a-r' : undefined} title={c.hint}>
              {c.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClass?.(row)} data-testid={rowTestId}>
            {columns.map((c, i) => (
              <td
                key={i}
                className={cellClass(c)}
                data-label={stack && !c.stackAs && c.head ? c.head : undefined}
              >
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <label className="a-field">
      <span>{label}</span>
      {children}
      {hint ? <small className="a-muted">{hint}</small> : null}
    </label>
  );
}

/** A date and a time to type or pick, as the input's text (`2026-11-24T14:09`; '' when empty). */
export function DateTimeInput({
  value,
  onChange,
  ...rest
}: {
  value: string;
  onChange: (value: string) => void;
  'data-testid'?: string;
}) {
  return <input type="datetime-local" value={value} onChange={(e) => onChange(e.target.value)} {...rest} />;
}

/**
 * A modal confirmation: the question, optional fields (`children`), a mandatory reason when
 * asked for, progress while `onConfirm` runs and its error when it fails. Closes on success.
 */
export function Dialog({
  title,
  children,
  confirm,
  tone = 'primary',
  askReason = false,
  canConfirm = true,
  onConfirm,
  onClose,
}: {
  title: string;
  children?: ReactNode;
  confirm: string;
  tone?: 'primary' | 'danger';
  askReason?: boolean;
  canConfirm?: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const reasonOk = !askReason || reason.trim().length >= 3;
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      // One line: the server refuses control characters (a line break included) in every field.
      await onConfirm(reason.replace(/\s+/g, ' ').trim());
      onClose();
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <dialog ref={ref} className="a-dialog" aria-labelledby={titleId} onCancel={onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (reasonOk && canConfirm && !busy) void submit();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        {askReason ? (
          <Field label="Reason (required, kept in the audit log)">
            <textarea
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={2}
              maxLength={500}
              required
              minLength={3}
            />
          </Field>
        ) : null}
        <ErrorNote error={error} />
        <div className="a-row a-end">
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" tone={tone} busy={busy} disabled={!reasonOk || !canConfirm}>
            {confirm}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
