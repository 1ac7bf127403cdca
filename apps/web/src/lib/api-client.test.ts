import { describe, expect, it } from 'vitest';
import { rawReply, refuse, reply, serve } from '../../test/harness.tsx';
import { ApiError, call, ContractError } from './api-client.ts';

describe('the api client', () => {
  it('returns a reply the contract allows, parsed by the route schema', async () => {
    // A field the contract does not name, sent as text: a stub of the route could not carry it.
    serve({ growUp: rawReply(200, JSON.stringify({ success: true, energy: 7, extra: 'dropped' })) });
    await expect(call('growUp', { body: { userid: 1 } })).resolves.toEqual({
      success: true,
      energy: 7,
    });
  });

  it('turns a reply the contract does not allow into one ContractError naming the route', async () => {
    serve({ tap: rawReply(200, JSON.stringify({ success: true, credited: '5', onion: 1, energy: 2 })) });
    const error = await call('tap', { body: { userid: 1, count: 5 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as ContractError).route).toBe('PUT /users/tap');
    expect((error as ContractError).message).toMatch(/^PUT \/users\/tap: .*credited/);
    expect((error as ContractError).message).toMatch(/earned/);
  });

  it('refuses a body that is not JSON as a contract mismatch', async () => {
    serve({ farmStatus: rawReply(200, '<html>proxy</html>') });
    await expect(call('farmStatus')).rejects.toMatchObject({
      name: 'ContractError',
      route: 'GET /farm/status',
    });
  });

  it('throws a refusal { code, message } as an ApiError, and anything else as a generic one', async () => {
    serve({ growUp: refuse(409, 'NOT_ENOUGH_BALANCE', 'Not enough coins.') });
    await expect(call('growUp', { body: { userid: 1 } })).rejects.toMatchObject({
      name: 'ApiError',
      status: 409,
      code: 'NOT_ENOUGH_BALANCE',
      message: 'Not enough coins.',
    });
    // A code the contract does not name is not a refusal the app can word: a generic failure.
    serve({ growUp: rawReply(409, JSON.stringify({ code: 'MADE_UP', message: 'Not enough coins.' })) });
    await expect(call('growUp', { body: { userid: 1 } })).rejects.toMatchObject({
      name: 'ApiError',
      status: 409,
      code: 'HTTP',
    });
    serve({ growUp: rawReply(502, '<html>bad gateway</html>') });
    await expect(call('growUp', { body: { userid: 1 } })).rejects.toMatchObject({
      name: 'ApiError',
      status: 502,
      code: 'HTTP',
    });
  });

  it("names a route: fills its path's params, sends only the query values given, and the body as JSON", async () => {
    const calls = serve({
      // What they answer does not matter here.
      leagueBoard: rawReply(200, '{}'),
      squadJoin: rawReply(200, '{}'),
    });
    await call('leagueBoard', { params: { id: 7 }, query: { league: 2 } }).catch(() => undefined);
    await call('leagueBoard', { params: { id: 7 }, query: { league: undefined } }).catch(() => undefined);
    await call('squadJoin', { body: { userid: 7, squad: 3 } }).catch(() => undefined);
    expect(calls.map((c) => [c.method, c.path, c.search, c.body])).toEqual([
      ['GET', '/leagues/7/board', '?league=2', undefined],
      ['GET', '/leagues/7/board', '', undefined],
      ['POST', '/squads/join', '', { userid: 7, squad: 3 }],
    ]);
  });

  it('types every call by its route: a wrong name, a missing or wrong body, a missing param do not compile', () => {
    const never = () => {
      // @ts-expect-error: no such route
      void call('tapp', { body: { userid: 1, count: 1 } });
      // @ts-expect-error: joining needs the squad
      void call('squadJoin', { body: { userid: 1 } });
      // @ts-expect-error: a count is a number
      void call('tap', { body: { userid: 1, count: 'many' } });
      // @ts-expect-error: the profile's path needs the player's id
      void call('profile');
      // @ts-expect-error: a console route is not the players' app's to call
      void call('adminPlayers', { query: { q: 'x' } });
    };
    expect(typeof never).toBe('function');
  });

  it('types every stub of the tests by its route: an unknown name, a wrong reply or refusal code do not compile', () => {
    const never = () => {
      // @ts-expect-error: no such route (a renamed route's stub fails the typecheck, not the test)
      serve({ tapp: { success: true } });
      // @ts-expect-error: the path is no route name
      serve({ 'PUT /users/tap': { success: true } });
      // @ts-expect-error: the reply misses the energy
      serve({ growUp: { success: true } });
      // @ts-expect-error: a count is a number
      serve({ tap: { success: true, credited: '5', earned: 1, onion: 1, energy: 2 } });
      // @ts-expect-error: a function's answer is checked as well
      serve({ growUp: () => ({ success: 'yes', energy: 1 }) });
      // @ts-expect-error: no such refusal code
      serve({ growUp: refuse(409, 'MADE_UP', 'No.') });
      // @ts-expect-error: the other statuses of a route answer its shape
      serve({ growUp: reply(503, { ready: false }) });
      // The right ones compile.
      serve({ growUp: { success: true, energy: 7 }, tap: refuse(409, 'NO_ENERGY', 'Not enough energy.') });
    };
    expect(typeof never).toBe('function');
  });

  it("types ApiError.code as a code of the contract or the client's own", () => {
    const never = () => {
      // @ts-expect-error: no such code
      void new ApiError(409, 'MADE_UP', 'No.');
      void new ApiError(409, 'NOT_ENOUGH_COIN', 'No.');
      void new ApiError(0, 'NETWORK', 'No network.');
      const code: ApiError['code'] = 'HTTP';
      // @ts-expect-error: a code is compared only with codes that exist
      return code === 'NOT_A_CODE';
    };
    expect(typeof never).toBe('function');
  });
});
