import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BANNED_MESSAGE } from '../bans/index.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { OPERATOR, OPERATORS_ONLY } from '../../plugins/auth.ts';
import { createAuthService } from '../auth/index.ts';
import { snapshotHooks } from '../fairness/index.ts';
import { createAdminService } from './admin.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

/**
 * The operator console's API. The auth plugin answers 403 on /api/v1/admin/ to anyone whose
 * token is not an operator's (ADMIN_IDS); the routes here act in the operator's name
 * (request.userId) and record every change in the audit table.
 */
export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = createAuthService(app.deps, app.tokens);
  // A snapshot freezes the allocation rule's facts and has the clusters computed again.
  const admin = createAdminService(app.deps, app.bans, snapshotHooks(app.deps));

  app.route({
    ...contractRoute('adminSession'),
    config: { public: true, rateLimit: 'address' },
    handler: async (request) => {
      const body = request.body;
      const adminId = 'initData' in body ? auth.launchUserId(body.initData) : await admin.useLink(body.link);
      if (adminId === undefined || !app.deps.env.adminIds.has(adminId)) throw forbidden(OPERATORS_ONLY);
      if (await app.bans.isBanned(adminId)) throw new AppError(403, 'BANNED', BANNED_MESSAGE);
      return { token: await app.tokens.sign(adminId, app.deps.now(), 'console'), adminId };
    },
  });

  app.route({
    ...contractRoute('adminMe'),
    config: OPERATOR,
    handler: async (request) => ({
      adminId: request.userId,
    }),
  });

  app.route({ ...contractRoute('adminDashboard'), config: OPERATOR, handler: async () => admin.dashboard() });

  app.route({
    ...contractRoute('adminPlayers'),
    config: OPERATOR,
    handler: async (request) => admin.players(request.query.q),
  });

  app.route({
    ...contractRoute('adminPlayer'),
    config: OPERATOR,
    handler: async (request) => admin.player(request.params.playerId),
  });

  app.route({
    ...contractRoute('adminLedger'),
    config: OPERATOR,
    handler: async (request) =>
      admin.ledger(request.params.playerId, request.query.before, request.query.limit),
  });

  app.route({
    ...contractRoute('adminAdjust'),
    config: OPERATOR,
    handler: async (request) => admin.adjust(request.userId, request.params.playerId, request.body),
  });

  app.route({
    ...contractRoute('adminBan'),
    config: OPERATOR,
    handler: async (request) => admin.ban(request.userId, request.params.playerId, request.body.reason, true),
  });

  app.route({
    ...contractRoute('adminUnban'),
    config: OPERATOR,
    handler: async (request) =>
      admin.ban(request.userId, request.params.playerId, request.body.reason ?? null, false),
  });

  app.route({
    ...contractRoute('adminResetStreak'),
    config: OPERATOR,
    handler: async (request) =>
      admin.resetStreak(request.userId, request.params.playerId, request.body.reason),
  });

  app.route({
    ...contractRoute('adminBulkBan'),
    config: OPERATOR,
    handler: async (request) => admin.banMany(request.userId, request.body.ids, request.body.reason),
  });

  app.route({
    ...contractRoute('adminAudit'),
    config: OPERATOR,
    handler: async (request) => admin.audit(request.query.target, request.query.limit),
  });

  app.route({ ...contractRoute('adminTasks'), config: OPERATOR, handler: async () => admin.tasks() });

  app.route({
    ...contractRoute('adminTaskCreate'),
    config: OPERATOR,
    handler: async (request) => admin.createTask(request.userId, request.body),
  });

  app.route({
    ...contractRoute('adminTaskEdit'),
    config: OPERATOR,
    handler: async (request) => admin.editTask(request.userId, request.params.taskName, request.body),
  });

  app.route({
    ...contractRoute('adminTaskRetire'),
    config: OPERATOR,
    handler: async (request) => admin.editTask(request.userId, request.params.taskName, {}, true),
  });

  app.route({ ...contractRoute('adminSuspicion'), config: OPERATOR, handler: async () => admin.suspicion() });

  app.route({ ...contractRoute('adminSnapshots'), config: OPERATOR, handler: async () => admin.snapshots() });

  app.route({
    ...contractRoute('adminSnapshotCreate'),
    config: OPERATOR,
    handler: async (request) => admin.takeSnapshot(request.userId, request.body),
  });

  app.route({
    ...contractRoute('adminSnapshotExport'),
    config: OPERATOR,
    handler: async (request, reply) => {
      const { snapshotId, format } = request.params;
      const text = await admin.exportSnapshot(snapshotId, format);
      return (
        reply
          // The hash of these very bytes, to compare with the one published for the snapshot.
          .header('x-content-sha256', createHash('sha256').update(text).digest('hex'))
          .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="airdrop-snapshot-${snapshotId}.${format}"`)
          .send(text)
      );
    },
  });

  // Players check the export they are given against the published hash.
  app.route({
    ...contractRoute('publicSnapshot'),
    config: { public: true },
    handler: async () => admin.latestSnapshot(),
  });
}
