import { describe, expect, it, vi } from 'vitest';
import { refuse, serve } from '../../test/harness.tsx';
import { adminToken, call, setAdminToken, whenSignedOut } from './api.ts';

describe("the console's client", () => {
  it('keeps the session when one action is refused (an operator acting on their own player)', async () => {
    setAdminToken('t');
    const signedOut = vi.fn();
    whenSignedOut(signedOut);
    serve({
      adminAdjust: refuse(403, 'SELF_ACTION', 'Operators cannot act on their own player.'),
    });
    await expect(
      call('adminAdjust', { params: { playerId: 7 }, body: { coins: 5, tickets: 0, reason: 'refund' } }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'SELF_ACTION',
      message: 'Operators cannot act on their own player.',
    });
    expect(signedOut).not.toHaveBeenCalled();
    expect(adminToken()).toBe('t');
  });

  it('ends the session when the server no longer takes the token', async () => {
    for (const [status, code] of [
      [401, 'UNAUTHORIZED'],
      [403, 'FORBIDDEN'],
      [403, 'BANNED'],
    ] as const) {
      setAdminToken('t');
      const signedOut = vi.fn();
      whenSignedOut(signedOut);
      serve({ adminDashboard: refuse(status, code, 'No.') });
      await expect(call('adminDashboard')).rejects.toMatchObject({ status, code });
      expect(signedOut).toHaveBeenCalledOnce();
      expect(adminToken()).toBeNull();
    }
  });
});
