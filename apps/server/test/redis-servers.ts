import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, until } from '../../../scripts/lib/net.mjs';

export { freePort, until };

export interface RedisProcess {
  port: number;
  child: ChildProcess;
  /** Starts it again on the same port and folder (it loads its last SAVE). */
  restart(): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Real redis-server processes (Debian's redis-server and redis-sentinel) on free ports, in a
 * temporary folder removed by `close`.
 */
export function redisServers() {
  const dir = mkdtempSync(join(tmpdir(), 'egg-redis-'));
  const all: RedisProcess[] = [];

  async function start(port: number, args: string[]): Promise<ChildProcess> {
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    await until(
      `redis on ${port}`,
      async () => {
        const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
        probe.on('error', () => undefined);
        try {
          await probe.connect();
          return (await probe.ping()) === 'PONG';
        } finally {
          probe.disconnect();
        }
      },
      10_000,
    );
    return child;
  }

  async function launch(name: string, extra: (port: number) => string[], sentinel = false) {
    const port = await freePort();
    const conf = join(dir, `${name}.conf`);
    const lines = [`port ${port}`, 'bind 127.0.0.1', `dir ${dir}`, ...extra(port)];
    if (!sentinel) lines.push('save ""', 'appendonly no', `dbfilename ${name}.rdb`);
    writeFileSync(conf, lines.join('\n') + '\n');
    const args = sentinel ? [conf, '--sentinel'] : [conf];
    const proc: RedisProcess = {
      port,
      child: await start(port, args),
      async restart() {
        proc.child = await start(port, args);
      },
      async kill(signal = 'SIGKILL') {
        if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
        const exited = once(proc.child, 'exit');
        proc.child.kill(signal);
        await exited;
      },
    };
    all.push(proc);
    return proc;
  }

  return {
    dir,
    /** A primary, or a replica of `of`. */
    server: (name: string, of?: RedisProcess) =>
      launch(name, () => (of ? [`replicaof 127.0.0.1 ${of.port}`] : [])),
    /** A Sentinel watching `primary` under `master`, quick to decide (tests). */
    sentinel: (name: string, master: string, primary: RedisProcess) =>
      launch(
        name,
        () => [
          `sentinel monitor ${master} 127.0.0.1 ${primary.port} 1`,
          `sentinel down-after-milliseconds ${master} 500`,
          `sentinel failover-timeout ${master} 5000`,
        ],
        true,
      ),
    async close() {
      await Promise.all(all.map((p) => p.kill()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
