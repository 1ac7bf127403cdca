// docs/deploy.md followed as an operator follows it. Its environment file (the block marked
// `<!-- deploy-env -->`), with the secrets generated as it says and the database made for this
// run, starts the built server in production the way its systemd unit does, and the server
// answers; its webhook command (marked `<!-- deploy-webhook -->`) registers the bot's webhook
// with that environment, against a stand-in for the Bot API; the bot then takes Telegram's
// updates. The container path's `.env` and compose.yaml carry the same variables. And every
// installed package accepts the Node.js version the guide and package.json state.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { Buffer } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { parse as parseYaml } from 'yaml';
import { freshPostgres } from './lib.mjs';
import { freePort } from '../scripts/lib/net.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const guide = readFileSync(join(root, 'docs/deploy.md'), 'utf8');

/** The fenced block right after `<!-- name -->` in the guide. */
function marked(name) {
  const match = new RegExp(`<!-- ${name} -->\\s*\`\`\`\\w*\\n([\\s\\S]*?)\\n\`\`\``).exec(guide);
  assert.ok(match, `docs/deploy.md has no fenced block after <!-- ${name} -->`);
  return match[1];
}

/** An environment file as systemd's EnvironmentFile reads it (KEY=value lines, # comments). */
function envFile(text) {
  const env = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const eq = trimmed.indexOf('=');
    assert.ok(eq > 0, `not a KEY=value line: ${line}`);
    env[trimmed.slice(0, eq)] = trimmed.slice(eq + 1);
  }
  return env;
}

/**
 * The guide's environment with what it tells the operator to fill in filled: every
 * `<openssl rand -hex N>` by N random bytes in hex (what that command prints), the database's
 * password by a database of this run. Any other `<…>` is a blank the guide leaves unexplained.
 */
function filledEnv(databaseUrl) {
  const env = envFile(marked('deploy-env'));
  for (const [key, value] of Object.entries(env)) {
    if (key === 'DATABASE_URL') {
      env[key] = databaseUrl;
      continue;
    }
    const filled = value.replace(/<openssl rand -hex (\d+)>/g, (_, n) =>
      randomBytes(Number(n)).toString('hex'),
    );
    assert.doesNotMatch(filled, /[<>]/, `${key}=${value}: a blank the guide does not say how to fill`);
    env[key] = filled;
  }
  return env;
}

/** A stand-in for the Bot API (POST /bot<token>/<method>): records calls, answers ok. */
async function fakeBotApi() {
  const calls = [];
  let webhook = '';
  const server = createServer(async (req, res) => {
    const method = /\/bot[^/]+\/(\w+)/.exec(req.url ?? '')?.[1] ?? '';
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    const payload = text ? JSON.parse(text) : {};
    calls.push({ method, payload });
    let result = true;
    if (method === 'setWebhook') webhook = payload.url;
    if (method === 'getWebhookInfo') {
      result = { url: webhook, has_custom_certificate: false, pending_update_count: 0 };
    }
    if (method === 'getMe') {
      result = { id: 42, is_bot: true, first_name: 'Egg Rush', username: 'EggRushBot' };
    }
    if (method === 'sendMessage') {
      result = { message_id: calls.length, date: 0, chat: { id: payload.chat_id, type: 'private' } };
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true, result }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    calls,
    of: (method) => calls.filter((c) => c.method === method),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** A process's output, kept for the assertion messages. */
function output(child) {
  let text = '';
  child.stdout.on('data', (d) => (text += d));
  child.stderr.on('data', (d) => (text += d));
  return () => text;
}

describe('docs/deploy.md on the host', () => {
  let db;
  let telegram;
  let server;
  let serverOutput = () => '';
  let env;
  let url;

  before(async () => {
    const main = join(root, 'apps/server/dist/main.js');
    assert.ok(existsSync(main), 'The app is not built: run `npm run build` first.');
    db = await freshPostgres();
    telegram = await fakeBotApi();
    const port = await freePort();
    env = {
      ...filledEnv(db.env.DATABASE_URL),
      // This machine's, not the guide's: a free port (3000 may be taken), the stand-in for
      // Telegram, and Redis keys of this run's own (other tests share the machine's Redis).
      PORT: String(port),
      TELEGRAM_API_ROOT: telegram.url,
      REDIS_KEY_PREFIX: `egg-deploy-${randomBytes(4).toString('hex')}:`,
    };
    url = `http://127.0.0.1:${port}`;
  });
  after(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    telegram?.close();
    await db?.drop();
  });

  /** What systemd gives a service: the environment file, a PATH and the user's HOME. */
  const serviceEnv = () => ({ PATH: process.env.PATH, HOME: process.env.HOME, ...env });

  test('its environment file starts the built server in production, as its systemd unit runs it', async () => {
    assert.equal(env.NODE_ENV, 'production');
    assert.ok(env.BOT_TOKEN, 'the guide sets BOT_TOKEN (the bot and launch data)');
    assert.match(guide, /`\/etc\/egg-rush\.env` \(mode 600/, 'the block is the file the unit reads');
    const unit = marked('deploy-unit');
    assert.match(unit, /^EnvironmentFile=\/etc\/egg-rush\.env$/m);
    assert.match(unit, /^WorkingDirectory=\/srv\/egg-rush\/app$/m);
    const [, script] = /^ExecStart=\/usr\/bin\/node (\S+)$/m.exec(unit) ?? [];
    assert.ok(script && existsSync(join(root, script)), `ExecStart runs ${script}, which the build makes`);

    server = spawn(process.execPath, [script], { cwd: root, env: serviceEnv(), stdio: 'pipe' });
    serverOutput = output(server);
    const deadline = Date.now() + 60_000;
    for (;;) {
      assert.equal(server.exitCode, null, `the server refused to start:\n${serverOutput()}`);
      try {
        if ((await fetch(`${url}/api/v1/health`)).ok) break;
      } catch {
        /* not listening yet */
      }
      assert.ok(Date.now() < deadline, `the server did not answer within 60 s:\n${serverOutput()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const ready = await (await fetch(`${url}/api/v1/ready`)).json();
    assert.equal(ready.ready, true, JSON.stringify(ready));
    assert.equal(ready.database, true, JSON.stringify(ready));
    assert.equal(ready.migrations, true, JSON.stringify(ready));
    // Production: no development login.
    assert.equal((await fetch(`${url}/api/v1/dev/launch?userid=1`)).status, 404);
  });

  test('its webhook command registers PUBLIC_URL/api/v1/bot/webhook with the secret, and the bot takes updates', async (t) => {
    if (!server || server.exitCode !== null) {
      t.skip('the server did not start');
      return;
    }
    const block = marked('deploy-webhook');
    // Run as the service runs (systemd-run reads the same environment file, in the app's folder):
    // here, the command it runs, with that environment, in the repository.
    assert.match(block, /--property=EnvironmentFile=\/etc\/egg-rush\.env\b/);
    assert.match(block, /--working-directory=\/srv\/egg-rush\/app\b/);
    const [command] = /npm run bot:webhook$/m.exec(block) ?? [];
    assert.ok(command, `the block runs npm run bot:webhook:\n${block}`);
    assert.ok(env.BOT_WEBHOOK_SECRET, 'the guide sets BOT_WEBHOOK_SECRET');

    const run = spawn('npm', command.split(' ').slice(1), { cwd: root, env: serviceEnv(), stdio: 'pipe' });
    const runOutput = output(run);
    const [code] = await once(run, 'exit');
    assert.equal(code, 0, runOutput());

    const expected = `${env.PUBLIC_URL}/api/v1/bot/webhook`;
    const [set] = telegram.of('setWebhook');
    assert.ok(set, `setWebhook was not called:\n${runOutput()}`);
    assert.equal(set.payload.url, expected);
    assert.equal(set.payload.secret_token, env.BOT_WEBHOOK_SECRET);
    const printed = JSON.parse(runOutput().trim().split('\n').at(-1));
    assert.deepEqual(printed, { url: expected, pending: 0, lastError: null });

    // Telegram's calls, with the secret, are taken; without it, refused.
    const update = {
      update_id: 1,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: 777001, type: 'private', first_name: 'Ravi' },
        from: { id: 777001, is_bot: false, first_name: 'Ravi', language_code: 'en' },
        text: '/help',
        entities: [{ type: 'bot_command', offset: 0, length: 5 }],
      },
    };
    const deliver = (secret) =>
      fetch(`${url}/api/v1/bot/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}),
        },
        body: JSON.stringify(update),
      });
    assert.equal((await deliver('wrong-secret')).status, 401);
    const taken = await deliver(env.BOT_WEBHOOK_SECRET);
    assert.equal(taken.status, 200, await taken.text());
    assert.ok(
      telegram.of('sendMessage').some((c) => Number(c.payload.chat_id) === 777001),
      `the bot answered /help: ${JSON.stringify(telegram.calls.map((c) => c.method))}\n${serverOutput()}`,
    );
  });
});

test('the container path: the guide’s .env and compose.yaml carry every variable of the host’s environment file', () => {
  const host = Object.keys(envFile(marked('deploy-env')));
  const dotEnv = envFile(marked('deploy-compose-env'));
  const compose = parseYaml(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true });
  // Inside the container: it listens on its own interfaces, its port published by compose; the
  // database and Redis are compose's services.
  const composeOwn = new Set(['HOST', 'PORT', 'DATABASE_URL', 'REDIS_URL']);
  for (const service of ['app', 'app1', 'app2']) {
    const environment = compose.services[service].environment;
    for (const name of host.filter((n) => !composeOwn.has(n))) {
      assert.ok(name in environment, `compose.yaml's ${service} does not pass ${name}`);
    }
    // Every variable compose insists on (`${NAME:?…}`) is in the guide's .env.
    for (const value of Object.values(environment)) {
      for (const [, name] of String(value).matchAll(/\$\{(\w+):\?/g)) {
        assert.ok(name in dotEnv, `the guide's .env lacks ${name}, which compose.yaml's ${service} requires`);
      }
    }
  }
  for (const secret of host.filter((n) => /SECRET|TOKEN/.test(n))) {
    assert.ok(secret in dotEnv, `the guide's .env lacks ${secret}`);
  }
});

test('every installed package accepts the Node.js version the guide and package.json state', () => {
  const [, stated] = /Node\.js (\d+\.\d+(?:\.\d+)?) or newer/.exec(guide) ?? [];
  assert.ok(stated, 'the guide states a Node.js version');
  const minimum = semver.coerce(stated).version;
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  assert.equal(
    semver.minVersion(pkg.engines.node).version,
    minimum,
    'package.json engines and the guide agree',
  );
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const refusing = Object.entries(lock.packages)
    // npm skips an optional package whose engines refuse the version, silently.
    .filter(([, entry]) => !entry.optional && typeof entry.engines?.node === 'string')
    .filter(([, entry]) => !semver.satisfies(minimum, entry.engines.node))
    .map(([path, entry]) => `${path}@${entry.version} wants node ${entry.engines.node}`);
  assert.deepEqual(refusing, [], `packages that refuse Node.js ${minimum}`);
});
