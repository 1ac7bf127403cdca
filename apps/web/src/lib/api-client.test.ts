import { describe, expect, it } from 'vitest';
import { rawReply, refuse, serve } from '../../test/harness.tsx';
import { ApiError, call, ContractError } from './api-client.ts';

describe('the api client', () => {
  it('returns a reply the contract allows, parsed by the route schema', async () => {
    serve({ 'PUT /users/growUp': { success: true, energy: 7, extra: 'dropped' } });
    await expect(call('growUp', { body: { userid: 1 } })).resolves.toEqual({
      success: true,
      energy: 7,
    });
  });

  it('turns a reply the contract does not allow into one ContractError naming the route', async () => {
    serve({ 'PUT /users/tap': { success: true, credited: '5', onion: 1, energy: 2 } });
    const error = await call('tap', { body: { userid: 1, count: 5 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as ContractError).route).toBe('PUT /users/tap');
    expect((error as ContractError).message).toMatch(/^PUT \/users\/tap: .*credited/);
    expect((error as ContractError).message).toMatch(/earned/);
  });

  it('refuses a body that is not JSON as a contract mismatch', async () => {
    serve({ 'GET /farm/status': rawReply(200, '<html>proxy</html>') });
    await expect(call('farmStatus')).rejects.toMatchObject({
      name: 'ContractError',
      route: 'GET /farm/status',
    });
  });

  it('throws a refusal { code, message } as an ApiError, and anything else as a generic one', async () => {
    serve({ 'PUT /users/growUp': refuse(409, 'NOT_ENOUGH_BALANCE', 'Not enough coins.') });
    await expect(call('growUp', { body: { userid: 1 } })).rejects.toMatchObject({
      name: 'ApiError',
      status: 409,
      code: 'NOT_ENOUGH_BALANCE',
      message: 'Not enough coins.',
    });
    // A code the contract does not name is not a refusal the app can word: a generic failure.
    serve({ 'PUT /users/growUp': refuse(409, 'MADE_UP', 'Not enough coins.') });
    await expect(call('growUp', { body: { userid: 1 } })).rejects.toMatchObject({
      name: 'ApiError',
      status: 409,
      code: 'HTTP',
    });
    serve({ 'PUT /users/growUp': rawReply(502, '<html>bad gateway</html>') });
    await expect(call('growUp', { body: { userid: 1 } })).rejects.toMatchObject({
      name: 'ApiError',
      status: 502,
      code: 'HTTP',
    });
  });

  it("names a route: fills its path's params, sends only the query values given, and the body as JSON", async () => {
    const calls = serve({
      'GET /leagues/7/board': { league: 2, entries: [], me: null },
      'POST /squads/join': { success: true },
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
});
