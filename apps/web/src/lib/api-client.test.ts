import { describe, expect, it } from 'vitest';
import { rawReply, refuse, serve } from '../../test/harness.tsx';
import { ApiError, ContractError, get, put } from './api-client.ts';

describe('the api client', () => {
  it('returns a reply the contract allows, parsed by the route schema', async () => {
    serve({ 'PUT /users/growUp': { success: true, energy: 7, extra: 'dropped' } });
    await expect(put('/users/growUp', 'growUpResponse', { userid: 1 })).resolves.toEqual({
      success: true,
      energy: 7,
    });
  });

  it('turns a reply the contract does not allow into one ContractError naming the route', async () => {
    serve({ 'PUT /users/tap': { success: true, credited: '5', onion: 1, energy: 2 } });
    const error = await put('/users/tap', 'tapResponse', { userid: 1, count: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as ContractError).route).toBe('PUT /users/tap');
    expect((error as ContractError).message).toMatch(/^PUT \/users\/tap: .*credited/);
    expect((error as ContractError).message).toMatch(/earned/);
  });

  it('refuses a body that is not JSON as a contract mismatch', async () => {
    serve({ 'GET /farm/status': rawReply(200, '<html>proxy</html>') });
    await expect(get('/farm/status?x=1', 'growUpResponse')).rejects.toMatchObject({
      name: 'ContractError',
      route: 'GET /farm/status',
    });
  });

  it('throws a refusal { code, message } as an ApiError, and anything else as a generic one', async () => {
    serve({ 'PUT /users/growUp': refuse(409, 'NOT_ENOUGH_BALANCE', 'Not enough coins.') });
    await expect(put('/users/growUp', 'growUpResponse')).rejects.toMatchObject({
      name: 'ApiError',
      status: 409,
      code: 'NOT_ENOUGH_BALANCE',
      message: 'Not enough coins.',
    });
    // A code the contract does not name is not a refusal the app can word: a generic failure.
    serve({ 'PUT /users/growUp': refuse(409, 'MADE_UP', 'Not enough coins.') });
    await expect(put('/users/growUp', 'growUpResponse')).rejects.toMatchObject({
      name: 'ApiError',
      status: 409,
      code: 'HTTP',
    });
    serve({ 'PUT /users/growUp': rawReply(502, '<html>bad gateway</html>') });
    await expect(put('/users/growUp', 'growUpResponse')).rejects.toMatchObject({
      name: 'ApiError',
      status: 502,
      code: 'HTTP',
    });
  });
});
