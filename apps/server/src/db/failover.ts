import pg from 'pg';

/**
 * Failover of the PostgreSQL primary (docs/deploy.md, "High availability"). Two forms of
 * DATABASE_URL reach the primary: one address (HAProxy in front of Patroni, health-checking
 * `/primary`), or libpq's multi-host form, which node-postgres does not read:
 * `postgres://user@h1:5432,h2:5432/db?target_session_attrs=read-write`. For the second, each new
 * connection goes to the host found to be the primary (`SHOW transaction_read_only` is off), and
 * the search starts again after a connection to it failed or it refused a write.
 */

/** A probe of one host (connect and ask) must answer within this. */
export const PRIMARY_PROBE_MS = 1_000;

/**
 * The connection is gone, or the server on it cannot take writes any more: the outcome of a
 * statement in flight is unknown (it may have committed) and the connection must not be reused.
 * A socket error, node-postgres's own "Connection terminated" or its `query_timeout` (no SQLSTATE); class 08,
 * connection exceptions; 57P01-57P03, shut down by an administrator, a crash, or not accepting
 * connections; 25006, read-only (a demoted primary, or a replica behind a stale address).
 */
export function connectionLost(error: unknown): boolean {
  // Drizzle wraps the driver's error ("Failed query: …").
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  if (cause !== undefined && cause !== error && connectionLost(cause)) return true;
  if (error instanceof pg.DatabaseError) {
    const code = error.code ?? '';
    return code.startsWith('08') || ['57P01', '57P02', '57P03', '25006'].includes(code);
  }
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && SOCKET_ERRORS.has(code)) return true;
  // node-postgres's `query_timeout` ("Query read timeout"): nothing answered on the connection.
  return /^Connection terminated|connection error|Connection is closed|^Query read timeout/i.test(
    error.message,
  );
}

const SOCKET_ERRORS = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

interface Host {
  host: string;
  port: number;
}

/** A pg client class that connects to the current primary among `hosts`. */
export interface MultiHost {
  /** The URL pg reads (the first host, without target_session_attrs). */
  url: string;
  Client: typeof pg.Client;
  /** Search for the primary again on the next connection. */
  forget(): void;
}

/** undefined when `url` names a single host. */
export function multiHost(url: string): MultiHost | undefined {
  const match = /^(postgres(?:ql)?:\/\/(?:[^@/]*@)?)([^/?#]*)(.*)$/.exec(url);
  if (!match) return undefined;
  const [, head = '', list = '', tail = ''] = match;
  if (!list.includes(',')) return undefined;
  const hosts: Host[] = list.split(',').map((part) => {
    const [host, port] = part.split(':') as [string, string | undefined];
    return { host, port: Number(port || 5432) };
  });
  const [first] = hosts;
  if (!first) return undefined; // never: the list holds a comma
  const query = new URLSearchParams(tail.includes('?') ? tail.slice(tail.indexOf('?') + 1) : '');
  const readWrite = ['read-write', 'primary'].includes(query.get('target_session_attrs') ?? 'any');
  query.delete('target_session_attrs');
  const [path = ''] = tail.split('?');
  const at = (h: Host) => `${head}${h.host}:${h.port}${path}${query.size ? `?${query}` : ''}`;

  const probe = async (h: Host): Promise<Host> => {
    const client = new pg.Client({ connectionString: at(h), connectionTimeoutMillis: PRIMARY_PROBE_MS });
    client.on('error', () => undefined);
    try {
      await client.connect();
      if (readWrite) {
        const { rows } = await client.query<{ transaction_read_only: string }>('show transaction_read_only');
        if (rows[0]?.transaction_read_only !== 'off') throw new Error(`${h.host}:${h.port} is read-only`);
      }
      return h;
    } finally {
      void client.end().catch(() => undefined);
    }
  };
  let known: Promise<Host> | undefined;
  const primary = () =>
    (known ??= Promise.any(hosts.map(probe)).catch(() => {
      known = undefined;
      throw new Error(`no ${readWrite ? 'read-write ' : ''}server among ${list}`);
    }));
  const forget = () => (known = undefined);

  type Connectable = pg.Client & {
    host: string;
    port: number;
    _connect(done: (error?: Error) => void): void;
  };
  const Base = pg.Client as unknown as new (config?: string | pg.ClientConfig) => Connectable;
  class PrimaryClient extends Base {
    override _connect(done: (error?: Error) => void) {
      primary().then(
        (h) => {
          this.host = h.host;
          this.port = h.port;
          super._connect((error) => {
            if (error) forget();
            done(error);
          });
        },
        (error: Error) => done(error),
      );
    }
  }
  return { url: at(first), Client: PrimaryClient as unknown as typeof pg.Client, forget };
}
