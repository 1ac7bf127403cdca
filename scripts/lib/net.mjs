// The helpers that tests, benchmarks and scripts share for the processes they start: a free port
// to give a server, waiting until something is true, the CPU a process used, a development player
// logged in to a server, and the highly available topology started. One copy (scripts/lib/net.d.mts types it
// for the TypeScript tests).
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A TCP port on 127.0.0.1 that nothing listens on now (the OS's choice), given to one caller only
 * among the processes started together: the OS may give a port just closed by one caller to the
 * next, and two servers were started on one port (the browser tests, four files at a time). Each
 * port given is reserved as a directory under a folder of the parent process (the test runner),
 * which mkdir creates once: a port already reserved there is passed over.
 */
export async function freePort() {
  const reserved = join(tmpdir(), `egg-rush-ports-${process.ppid}`);
  mkdirSync(reserved, { recursive: true });
  for (;;) {
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    server.close();
    await once(server, 'close');
    try {
      mkdirSync(join(reserved, String(port)));
      return port;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * `check()` again every `everyMs` until it gives a value other than undefined, null or false (a
 * throw counts as not yet), which it returns; throws `${what}: not within ${limitMs} ms` after.
 */
export async function until(what, check, limitMs, everyMs = 50) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await Promise.resolve()
      .then(check)
      .catch(() => undefined);
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The kernel's clock ticks a second (/proc's unit of CPU time), asked once. */
let clockTicks = 0;

/** CPU seconds (user + system) of a process (Linux's /proc), or 0 when it is gone. */
export function cpuSeconds(pid) {
  clockTicks ||= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return 0;
  }
}

/**
 * Logs development player `userid` in to the server at `url` as the app does (its /dev/launch
 * data, then /auth/login) and returns the bearer token; throws when the login is refused.
 */
export async function devLogin(url, userid) {
  const { initData } = await (await fetch(`${url}/api/v1/dev/launch?userid=${userid}`)).json();
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userid, initData }),
  });
  if (res.status !== 200) throw new Error(`login ${userid}: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/**
 * Starts the highly available topology (scripts/ha/up.mjs; `npm run build` first), its servers
 * quiet and without a bot, with `env` added, and returns the JSON object it printed last
 * ({ app, databaseUrl, postgres, redis, servers }). `npm run ha:down` stops it.
 */
export function haUp(env = {}) {
  const up = fileURLToPath(new URL('../ha/up.mjs', import.meta.url));
  const out = execFileSync(process.execPath, [up], {
    env: { ...process.env, LOG_LEVEL: 'warn', BOT_TOKEN: '', ...env },
    timeout: 240_000,
  });
  return JSON.parse(out.toString().trim().split('\n').at(-1));
}
