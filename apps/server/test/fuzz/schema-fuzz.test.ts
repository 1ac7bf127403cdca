import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { LAST_INSTANT } from '@egg-rush/contract/admin';
import type { RegisteredRoute } from '../../src/app.ts';
import { queryRows } from '../../src/db/client.ts';
import { findLedgerMismatches } from '../../src/modules/accounts/index.ts';
import { createTestApp, tableNames, type TestApp } from '../helpers.ts';
import {
  asText,
  encode,
  fieldsOf,
  jsonSchemaOf,
  jsonText,
  MISSING,
  queryText,
  setAt,
  validValue,
  variantsOf,
  type Field,
  type Hint,
  type JsonSchema,
  type Variant,
  type Where,
} from './schema-gen.ts';

// A fuzzer generated from the routes' own schemas. For every /api route the app registers
// (app.registeredRoutes, with the zod schemas of its params, query and body): a valid request
// built from the schemas, then, for every field of each (nested objects, array items, union
// options, and the location itself), each hostile variant of schema-gen.ts: control characters,
// look-alike letters, a 100 kB string, 1,000 levels of nesting, every bound and one past it,
// negative, fractional, 1e308, -0, "NaN", wrong types, null, missing, unknown properties. Each is
// sent by the route's caller (the player, owning the ids the route takes; the operator on the
// operators' routes; no one on public routes), and again without a token.
//
// Asserted, with every offender listed in one failure message: no answer is a 5xx; a 4xx is
// `{ code, message }` and changes no table; a control character is refused with 400 naming the
// field; without a token no private route answers 2xx; at the end every balance equals its
// ledger sum. The run prints its coverage (routes, fields, requests, seconds).
//
// Deterministic: SCHEMA_FUZZ_SEED draws other strings for the fields with a pattern.

const SEED = Number(process.env.SCHEMA_FUZZ_SEED || 20260615);

const ME = 9800;
/** Another player: the operator's target. */
const TARGET = 9801;
const OPERATOR = 9802;

// With DATABASE_URL and REDIS_URL set, on PostgreSQL with the leaderboard and rate limits in Redis.
const t: TestApp = await createTestApp({
  env: { ADMIN_IDS: String(OPERATOR) },
  redis: Boolean(process.env.REDIS_URL),
});
afterAll(() => t.close());

interface Caller {
  name: 'player' | 'operator' | 'anonymous';
  token?: string;
}
const callers: Record<Caller['name'], Caller> = {
  player: { name: 'player' },
  operator: { name: 'operator' },
  anonymous: { name: 'anonymous' },
};
let launchOfMe = '';
let launchOfOperator = '';

// --- What the routes take ------------------------------------------------------------------------

const LOCATIONS: Where[] = ['params', 'querystring', 'body'];
const BODYLESS = new Set(['GET', 'HEAD']);

interface Target {
  route: RegisteredRoute;
  label: string;
  schemas: Partial<Record<Where, JsonSchema>>;
  fields: Field[];
}

/** The location itself, for a route that declares no schema there: an unknown field is sent. */
const bare = (where: Where): Field => ({
  where,
  path: [],
  schema: { type: 'object', properties: {} },
  required: false,
  choices: new Map(),
});

/** The fuzzed routes: every /api route as registered, with its schemas as JSON Schema. */
const targets: Target[] = t.app.registeredRoutes
  .filter((route) => route.url.startsWith('/api/') && route.method !== 'OPTIONS')
  .map((route) => {
    const schemas: Partial<Record<Where, JsonSchema>> = {};
    for (const where of LOCATIONS) {
      if (where === 'body' && BODYLESS.has(route.method)) continue;
      const schema = jsonSchemaOf(route.schema?.[where]);
      if (schema) schemas[where] = schema;
    }
    const fields = LOCATIONS.flatMap((where) => {
      const schema = schemas[where];
      if (!schema) {
        const takes = where === 'querystring' || (where === 'body' && !BODYLESS.has(route.method));
        return takes ? [bare(where)] : [];
      }
      // The path's own object is no field of the request (its properties are).
      return fieldsOf(where, schema).filter((f) => where !== 'params' || f.path.length > 0);
    });
    return { route, label: `${route.method} ${route.url}`, schemas, fields };
  });

/**
 * The caller's own id where a route takes it, the operator's target where an operators' route
 * takes a player, launch data that signs in, and a task of the catalogue for the task edits.
 */
function hintFor(target: Target): Hint {
  const { operator, url } = target.route;
  return (path) => {
    const name = path.at(-1);
    if (operator && (name === 'playerId' || (path[0] === 'ids' && path.length === 2))) return TARGET;
    if (name === 'userid' || name === 'id') return operator ? OPERATOR : ME;
    if (name === 'initData') return url.startsWith('/api/v1/admin/') ? launchOfOperator : launchOfMe;
    if (name === 'taskName' && path.length === 1 && url.includes(':taskName')) return 'Follow_Twitter';
    return undefined;
  };
}

const callerOf = (target: Target) =>
  target.route.public ? callers.anonymous : target.route.operator ? callers.operator : callers.player;

// --- Requests ------------------------------------------------------------------------------------

type Input = Partial<Record<Where, unknown>>;

/**
 * A valid input, through the union options that lead to `field` when given. `salt` varies the
 * strings drawn from patterns, so that a name one request creates (a task's) is free for the next.
 */
function validInput(target: Target, field?: Field, salt = 0): Input {
  const input: Input = {};
  for (const where of LOCATIONS) {
    const schema = target.schemas[where];
    if (!schema) continue;
    input[where] = validValue(schema, {
      hint: hintFor(target),
      seed: SEED + salt,
      ...(field?.where === where ? { choices: field.choices } : {}),
    });
  }
  return input;
}

function request(target: Target, input: Input, caller: Caller): InjectOptions {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = target.route.url.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    return value === MISSING || value === undefined ? '' : encode(asText(value));
  });
  const query =
    input.querystring && typeof input.querystring === 'object'
      ? queryText(input.querystring as Record<string, unknown>)
      : '';
  const headers: Record<string, string> = {};
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  const opts: InjectOptions = {
    method: target.route.method as InjectOptions['method'],
    url: query ? `${path}?${query}` : path,
    headers,
  };
  if (input.body !== undefined && input.body !== MISSING) {
    opts.payload = jsonText(input.body);
    headers['content-type'] = 'application/json';
  }
  return opts;
}

// --- The database's state ------------------------------------------------------------------------

let tables: string[] = [];

/**
 * Moves whenever anything was written: the next transaction id to be assigned (a snapshot's xmax)
 * moves with every transaction that wrote, committed or not, never with reads. One cheap query.
 */
async function writeMark(): Promise<string> {
  const [row] = await queryRows<{ x: string }>(
    t.deps.database.db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`,
  );
  assert(row, 'no snapshot');
  return row.x;
}

/**
 * Every table's rows, as a count and a digest per table (taken only when the write mark moved).
 * The operators' audit leaves out the refusals it records by design (`refused.*`).
 */
async function fingerprint(): Promise<Record<string, string>> {
  const columns = tables.map((name) => {
    const filter = name === 'admin_audit' ? sql`where x.action not like 'refused.%'` : sql``;
    return sql`(select count(*) || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${sql.identifier(name)} x ${filter}) as ${sql.identifier(name)}`;
  });
  const [row] = await queryRows<Record<string, string>>(
    t.deps.database.db,
    sql`select ${sql.join(columns, sql`, `)}`,
  );
  assert(row, 'no fingerprint');
  return row;
}

interface State {
  mark: string;
  print: Record<string, string>;
}
let known: State | undefined;
let digests = 0;

/** The state now, its fingerprint taken again only when something was written since the last. */
async function stateNow(): Promise<State> {
  const mark = await writeMark();
  if (known?.mark !== mark) {
    digests++;
    known = { mark, print: await fingerprint() };
  }
  return known;
}

/** The tables changed since `before`. */
async function changedSince(before: State): Promise<string[]> {
  const after = await stateNow();
  if (after.mark === before.mark) return [];
  return tables.filter((name) => after.print[name] !== before.print[name]);
}

// --- The run -------------------------------------------------------------------------------------

interface Offence {
  route: string;
  field: string;
  variant: string;
  caller: string;
  status: number;
  body: string;
}
const offences = {
  fiveHundreds: [] as Offence[],
  refusalsThatWrote: [] as (Offence & { tables: string[] })[],
  notErrorShape: [] as Offence[],
  controlNotRefused: [] as Offence[],
  reachedWithoutToken: [] as Offence[],
  /** A valid request its own caller sent, answered 401: the caller's token stopped working. */
  signedOut: [] as Offence[],
};
const statuses: Record<number, number> = {};
const covered = new Map<string, Set<string>>();
let sent = 0;
let controlChecks = 0;

const fieldName = (field: Field) =>
  field.path.length > 0 ? `${field.where}.${field.path.join('.')}` : field.where;

const isErrorShape = (body: string) => {
  try {
    const value = JSON.parse(body) as { code?: unknown; message?: unknown } | null;
    return typeof value?.code === 'string' && typeof value.message === 'string';
  } catch {
    return false;
  }
};

async function send(target: Target, input: Input, caller: Caller, field: Field | null, variant: Variant) {
  const before = await stateNow();
  const res = await t.app.inject(request(target, input, caller));
  sent++;
  statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
  const offence: Offence = {
    route: target.label,
    field: field ? fieldName(field) : '-',
    variant: variant.name,
    caller: caller.name,
    status: res.statusCode,
    body: res.body.slice(0, 160),
  };
  if (res.statusCode >= 500) offences.fiveHundreds.push(offence);
  if (res.statusCode >= 400 && res.statusCode < 500) {
    const changed = await changedSince(before);
    if (changed.length > 0) offences.refusalsThatWrote.push({ ...offence, tables: changed });
    if (!isErrorShape(res.body)) offences.notErrorShape.push(offence);
  }
  if (!target.route.public && caller === callers.anonymous && res.statusCode < 400)
    offences.reachedWithoutToken.push(offence);
  if (!field && caller.token && res.statusCode === 401) offences.signedOut.push(offence);
  // A control character anywhere is refused before the schema, naming where it is.
  // …except a line feed in a body field the route lets hold paragraphs (config.lineBreaks).
  const lineFeedAllowed =
    variant.name === 'line break' &&
    field?.where === 'body' &&
    target.route.lineBreaks.includes(field.path.join('.'));
  if (
    field &&
    variant.control &&
    caller === callerOf(target) &&
    !target.route.foreignText &&
    !lineFeedAllowed
  ) {
    controlChecks++;
    const path = field.path.join('.');
    const message = `Invalid ${field.where}${path ? ` field '${path}'` : ''}: control characters`;
    let refusal: { code?: string; message?: string } = {};
    try {
      refusal = res.json();
    } catch {
      // (not JSON: an offence below)
    }
    if (res.statusCode !== 400 || refusal.code !== 'BAD_REQUEST' || !refusal.message?.startsWith(message))
      offences.controlNotRefused.push(offence);
  }
}

let seconds = 0;

beforeAll(async () => {
  const started = performance.now();
  await t.login(TARGET);
  await t.login(OPERATOR);
  callers.player.token = await t.login(ME);
  callers.operator.token = await t.console(OPERATOR);
  launchOfMe = await t.launch(ME);
  launchOfOperator = await t.launch(OPERATOR);
  // Coins and tickets, so that purchases, spins and games can succeed.
  await t.grant(ME, { onion: 10_000_000, ticket: 200 });
  tables = await tableNames(t.deps.database.db);

  // A first valid request of every route, so that what one creates (a snapshot, a squad) exists
  // when another's variants name it.
  for (const target of targets)
    await send(target, validInput(target), callerOf(target), null, { name: 'warm-up', value: null });
  for (const target of targets) {
    const own = callerOf(target);
    const both = own === callers.anonymous ? [own] : [own, callers.anonymous];
    const seen = new Set<string>();
    covered.set(target.label, seen);
    for (const caller of both)
      await send(target, validInput(target), caller, null, { name: 'valid', value: null });
    for (const field of target.fields) {
      seen.add(fieldName(field));
      const valid = validInput(target, field);
      const current = field.path.reduce<unknown>(
        (value, step) => (value as Record<string | number, unknown> | undefined)?.[step],
        valid[field.where],
      );
      const variants: Variant[] =
        field.path.length === 0 && !(field.where === 'body' && target.schemas.body)
          ? // A location without a schema (or the query's whole): an unknown field.
            [{ name: 'unknown extra field', value: { ...(current as object), fuzzExtra: 'x' } }]
          : variantsOf(field, current);
      for (const variant of variants) {
        const base = validInput(target, field, sent);
        const input = { ...base, [field.where]: setAt(base[field.where] ?? {}, field.path, variant.value) };
        for (const caller of both) await send(target, input, caller, field, variant);
      }
    }
  }
  seconds = (performance.now() - started) / 1000;
  const fields = [...covered.values()].reduce((n, s) => n + s.size, 0);
  console.log(
    `schema fuzz on ${t.deps.database.kind}: ${covered.size} routes × ${fields} fields, ${sent} requests, ` +
      `${controlChecks} control-character refusals checked, ${digests} table digests, ` +
      `${seconds.toFixed(1)} s; statuses ${JSON.stringify(statuses)}`,
  );
}, 300_000);

const list = (found: object[]) =>
  `${found.length} offending requests:\n${found.map((o) => JSON.stringify(o)).join('\n')}`;

describe('every /api route, fuzzed from its schemas', () => {
  it('covers every registered /api route and every field of its schemas, its callers signed in', () => {
    expect(offences.signedOut, list(offences.signedOut)).toEqual([]);
    expect(targets.length).toBeGreaterThan(60);
    expect([...covered.keys()]).toEqual(targets.map((target) => target.label));
    // Nested fields are reached: the ton_proof's domain length, the bulk ban's ids.
    const all = [...covered.entries()].flatMap(([route, names]) => [...names].map((n) => `${route} ${n}`));
    expect(all).toEqual(
      expect.arrayContaining([
        'POST /api/v1/wallet/proof/check body.proof.domain.lengthBytes',
        'POST /api/v1/admin/players/ban body.ids.0',
        'GET /api/v1/admin/players/:playerId/ledger querystring.limit',
        'GET /api/v1/admin/snapshots/:snapshotId/export.:format params.format',
      ]),
    );
  });

  it('never answers with a 5xx', () => {
    expect(offences.fiveHundreds, list(offences.fiveHundreds)).toEqual([]);
  });

  it('answers every 4xx with { code, message }, changing no table', () => {
    expect(offences.notErrorShape, list(offences.notErrorShape)).toEqual([]);
    expect(offences.refusalsThatWrote, list(offences.refusalsThatWrote)).toEqual([]);
  });

  it('refuses a control character in any field with 400 naming the field', () => {
    expect(offences.controlNotRefused, list(offences.controlNotRefused)).toEqual([]);
  });

  it('answers no private route without a token', () => {
    expect(offences.reachedWithoutToken, list(offences.reachedWithoutToken)).toEqual([]);
  });

  it('leaves every balance equal to its ledger sum', async () => {
    expect(await findLedgerMismatches(t.deps.database.db)).toEqual([]);
  });
});

describe('server bugs this fuzzer found, fixed', () => {
  it("refuses a task's schedule past the year 9999 with 400, where it was a 500 (body.endsAt at maximum)", async () => {
    // zod's int() let through up to 2^53 - 1 ms; an instant past the year 9999 (a five-digit
    // year) failed in the database: a 500. A schedule's instants are now bounded (LAST_INSTANT).
    const op = callers.operator.token;
    assert(op, 'the operator is signed in');
    const before = await fingerprint();
    for (const endsAt of [LAST_INSTANT + 1, 8.64e15, Number.MAX_SAFE_INTEGER]) {
      const calls = [
        { method: 'PUT' as const, url: '/api/v1/admin/tasks/Follow_Twitter', payload: { endsAt } },
        {
          method: 'POST' as const,
          url: '/api/v1/admin/tasks',
          payload: {
            taskName: 'Far_Future',
            title: 'Far future',
            reward: { amount: 1, type: 'onion' },
            link: 'https://example.com/',
            startsAt: 1,
            endsAt,
          },
        },
      ];
      for (const call of calls) {
        const res = await t.call(op, call);
        expect({ endsAt, url: call.url, status: res.statusCode, body: res.json() }).toEqual({
          endsAt,
          url: call.url,
          status: 400,
          body: { code: 'BAD_REQUEST', message: expect.stringContaining("body field 'endsAt'") },
        });
      }
    }
    expect(await fingerprint()).toEqual(before);
    // The last instant allowed is stored and read back.
    const res = await t.call(op, {
      method: 'PUT',
      url: '/api/v1/admin/tasks/Follow_Twitter',
      payload: { startsAt: 0, endsAt: LAST_INSTANT },
    });
    expect({ status: res.statusCode, endsAt: res.json().task.endsAt }).toEqual({
      status: 200,
      endsAt: LAST_INSTANT,
    });
  });
});
