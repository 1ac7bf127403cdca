import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_LINK_TTL_MS } from '@egg-rush/game/operator';
import { adminLinkKey, readAdminLink, signAdminLink } from '../src/modules/admin/admin-link.ts';

const NOW = 1_800_000_000_000;

describe('operator sign-in links', () => {
  const key = adminLinkKey({ jwtSecretGiven: true, jwtSecret: 'x'.repeat(32), dataDir: '' });

  it('reads back the operator of a link it signed, until it expires', () => {
    const link = signAdminLink(key, 770001, NOW);
    expect(readAdminLink(key, link, NOW + ADMIN_LINK_TTL_MS - 1)).toEqual({
      adminId: 770001,
      expiresAt: NOW + ADMIN_LINK_TTL_MS,
    });
    expect(readAdminLink(key, link, NOW + ADMIN_LINK_TTL_MS)).toBeUndefined();
  });

  it('refuses a link signed with another key, or with its operator or expiry changed', () => {
    const link = signAdminLink(key, 770001, NOW);
    const other = adminLinkKey({ jwtSecretGiven: true, jwtSecret: 'y'.repeat(32), dataDir: '' });
    expect(readAdminLink(other, link, NOW)).toBeUndefined();
    const [, expires, nonce, mac] = link.split('.');
    expect(readAdminLink(key, `770002.${expires}.${nonce}.${mac}`, NOW)).toBeUndefined();
    expect(readAdminLink(key, `770001.${Number(expires) + 1}.${nonce}.${mac}`, NOW)).toBeUndefined();
    expect(readAdminLink(key, 'not-a-link', NOW)).toBeUndefined();
  });

  it('without JWT_SECRET, shares one key through DATA_DIR between the command and the server', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'egg-link-'));
    try {
      const cli = adminLinkKey({ jwtSecretGiven: false, jwtSecret: 'a'.repeat(32), dataDir });
      const server = adminLinkKey({ jwtSecretGiven: false, jwtSecret: 'b'.repeat(32), dataDir });
      expect(readAdminLink(server, signAdminLink(cli, 770001, NOW), NOW)?.adminId).toBe(770001);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
