import type { Server, ServerResponse } from 'node:http';
import type { Deps } from '../../lib/deps.ts';

/**
 * A graceful stop (SIGTERM, SIGINT) has this long to finish the requests in flight, write the
 * tap batches and Leader Board totals still in the process and close the pools; past it the
 * process exits anyway (with code 1). Above the longest request: a write waits at most
 * `acquireMs` + `transactionMs` (8 s, db/client.ts) and a slow client `HTTP_TIMEOUTS.request`.
 */
export const SHUTDOWN_LIMIT_MS = 15_000;

const draining = new WeakSet<Deps>();

/** From now on `/api/v1/ready` answers 503, so that load balancers send nothing new here. */
export function startDraining(deps: Deps): void {
  draining.add(deps);
}

export function isDraining(deps: Deps): boolean {
  return draining.has(deps);
}

/**
 * Asks every connection to close after its current answer once draining starts: the requests in
 * flight at that moment, and those arriving later on connections kept alive (Fastify adds the
 * header to those too). An idle kept-alive connection is closed by the server's own close.
 */
export function closeConnectionsOnDrain(server: Server): { drain(): void } {
  const open = new Set<ServerResponse>();
  let draining = false;
  const close = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  };
  server.on('request', (_request, res: ServerResponse) => {
    if (draining) return close(res);
    open.add(res);
    res.once('close', () => open.delete(res));
  });
  return {
    drain() {
      draining = true;
      for (const res of open) close(res);
      open.clear();
    },
  };
}
