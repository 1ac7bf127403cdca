// One-time sign-in links to the operator console, signed rather than stored: `npm run admin:link`
// makes one without opening the database (the embedded one belongs to the running server alone),
// and the server records a link when it is used, so it works once.
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_LINK_TTL_MS } from '@egg-rush/game/operator';
import type { Env } from '../../env.ts';
import { sameSecret } from '../../lib/secret.ts';

/**
 * The key links are signed with: derived from JWT_SECRET when it is set (every process of a
 * deployment has the same), otherwise a random key kept in DATA_DIR, shared by the CLI and a
 * server on the same machine.
 */
export function adminLinkKey(env: Pick<Env, 'jwtSecretGiven' | 'jwtSecret' | 'dataDir'>): Buffer {
  if (env.jwtSecretGiven) return createHmac('sha256', env.jwtSecret).update('admin-link').digest();
  const file = join(env.dataDir, 'admin-link.key');
  if (!existsSync(file)) {
    mkdirSync(env.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** A link's secret for `adminId`, valid ADMIN_LINK_TTL_MS from `now`. */
export function signAdminLink(key: Buffer, adminId: number, now: number): string {
  const body = `${adminId}.${now + ADMIN_LINK_TTL_MS}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${sign(key, body)}`;
}

/** What a link's secret says, when its signature holds and it has not expired. */
export function readAdminLink(
  key: Buffer,
  secret: string,
  now: number,
): { adminId: number; expiresAt: number } | undefined {
  const parts = secret.split('.');
  if (parts.length !== 4) return undefined;
  const [id, expires, nonce, mac] = parts as [string, string, string, string];
  if (!sameSecret(mac, sign(key, `${id}.${expires}.${nonce}`))) return undefined;
  const adminId = Number(id);
  const expiresAt = Number(expires);
  if (!Number.isSafeInteger(adminId) || !Number.isSafeInteger(expiresAt) || expiresAt <= now)
    return undefined;
  return { adminId, expiresAt };
}
