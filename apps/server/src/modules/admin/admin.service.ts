import { createHash } from 'node:crypto';
import type { AdminDashboardResponse } from '@egg-rush/contract/admin';
import { SUSPICION } from '@egg-rush/game/suspicion';
import type { BanList } from '../bans/index.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { adminLinkKey, readAdminLink, signAdminLink } from './admin-link.ts';
import { ledgerReads } from '../ledger/index.ts';
import * as repo from './admin.repository.ts';
import { auditView, createPlayersAdmin } from './players.service.ts';
import { createSnapshotsAdmin, type SnapshotHooks } from './snapshots.service.ts';
import { createSuspicionAdmin } from './suspicion.service.ts';
import { createTasksAdmin } from './tasks.service.ts';
import { DAY_MS } from '@egg-rush/game/time';
import { auditRows } from '../audit/index.ts';

/**
 * The operators' console, by area as its pages are: players, tasks, suspicion and snapshots in
 * files of their own; here the dashboard, the audit log and the sign-in links.
 */
export function createAdminService(deps: Deps, bans: BanList, snapshotHooks: SnapshotHooks = {}) {
  const { db } = deps.database;
  return {
    ...createPlayersAdmin(deps, bans),
    ...createTasksAdmin(deps),
    ...createSuspicionAdmin(deps),
    ...createSnapshotsAdmin(deps, snapshotHooks),

    audit: async (target: string | undefined, limit: number) => ({
      rows: (await auditRows(db, target, limit)).map(auditView),
    }),

    // --- Dashboard -----------------------------------------------------------------------------

    async dashboard(): Promise<AdminDashboardResponse> {
      const now = deps.now();
      const today = new Date(Math.floor(now / DAY_MS) * DAY_MS);
      const passive = SUSPICION.passiveKinds;
      const [players, dailyActive, tapsPerHour, byKind, d1, d7] = await Promise.all([
        repo.playerCounts(db, today),
        ledgerReads.dailyActive(db, new Date(today.getTime() - 29 * DAY_MS)),
        ledgerReads.tapsPerHour(db, new Date(now - DAY_MS)),
        ledgerReads.ledgerByKind(db, new Date(now - 30 * DAY_MS)),
        ledgerReads.retention(db, new Date(now - 2 * DAY_MS), new Date(now - DAY_MS), 1, passive),
        ledgerReads.retention(db, new Date(now - 8 * DAY_MS), new Date(now - 7 * DAY_MS), 7, passive),
      ]);
      const share = (r: { cohort: number; retained: number }) =>
        r.cohort === 0 ? null : r.retained / r.cohort;
      return {
        players,
        dailyActive,
        tapsPerHour,
        byKind,
        retention: { d1: share(d1), d7: share(d7), cohortD1: d1.cohort, cohortD7: d7.cohort },
        starsRevenue: null,
      };
    },

    // --- Sign-in links -------------------------------------------------------------------------

    /** A one-time sign-in secret for an operator (printed by `npm run admin:link`). */
    async createLink(adminId: number): Promise<string> {
      return createAdminLink(deps.env, adminId, deps.now());
    },

    /** The operator a link signs in, once: undefined when forged, expired, used or not an operator's. */
    async useLink(secret: string): Promise<number | undefined> {
      const now = deps.now();
      const link = readAdminLink(adminLinkKey(deps.env), secret, now);
      if (!link || !deps.env.adminIds.has(link.adminId)) return undefined;
      const used = await repo.useLink(db, {
        tokenHash: hashSecret(secret),
        adminId: link.adminId,
        expiresAt: new Date(link.expiresAt),
        usedAt: new Date(now),
      });
      return used ? link.adminId : undefined;
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;

/** A one-time sign-in secret for an operator in ADMIN_IDS; needs no database. */
export function createAdminLink(
  env: Parameters<typeof adminLinkKey>[0] & Pick<Deps['env'], 'adminIds'>,
  adminId: number,
  now: number,
): string {
  if (!env.adminIds.has(adminId)) throw badRequest(`${adminId} is not in ADMIN_IDS.`);
  return signAdminLink(adminLinkKey(env), adminId, now);
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
