import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAdjustBody,
  adminAuditQuery,
  adminAuditResponse,
  adminBulkBanBody,
  adminBulkBanResponse,
  adminDashboardResponse,
  adminLedgerQuery,
  adminLedgerResponse,
  adminMeResponse,
  adminPlayerActionResponse,
  adminPlayerParams,
  adminPlayerResponse,
  adminPlayersQuery,
  adminPlayersResponse,
  adminReasonBody,
  adminSessionBody,
  adminSessionResponse,
  adminSnapshotBody,
  adminSnapshotExport,
  adminSnapshotParams,
  adminSnapshotResponse,
  adminSnapshotsResponse,
  adminSuspicionResponse,
  adminTaskCreateBody,
  adminTaskEditBody,
  adminTaskParams,
  adminTaskResponse,
  adminTasksResponse,
  publicSnapshotResponse,
} from '@egg-rush/contract/admin';
import { optionalUseridBody, replies } from '@egg-rush/contract/common';
import { z } from 'zod';
import { BANNED_MESSAGE } from '../../lib/bans.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { OPERATOR, OPERATORS_ONLY } from '../../plugins/auth.ts';
import { createAuthService } from '../auth/index.ts';
import { createAdminService } from './admin.service.ts';

const unbanBody = z.object({ reason: z.string().trim().min(3).max(500).optional() });

/**
 * The operator console's API. The auth plugin answers 403 on /api/v1/admin/ to anyone whose
 * token is not an operator's (ADMIN_IDS); the routes here act in the operator's name
 * (request.userId) and record every change in the audit table.
 */
export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = createAuthService(app.deps, app.tokens);
  const admin = createAdminService(app.deps, app.bans);

  app.post(
    '/admin/session',
    {
      schema: { body: adminSessionBody, response: replies(adminSessionResponse) },
      config: { public: true, rateLimit: 'address' },
    },
    async (request) => {
      const body = request.body;
      const adminId = 'initData' in body ? auth.launchUserId(body.initData) : await admin.useLink(body.link);
      if (adminId === undefined || !app.deps.env.adminIds.has(adminId)) throw forbidden(OPERATORS_ONLY);
      if (await app.bans.isBanned(adminId)) throw new AppError(403, 'BANNED', BANNED_MESSAGE);
      return { token: await app.tokens.sign(adminId, app.deps.now(), 'console'), adminId };
    },
  );

  app.get(
    '/admin/me',
    { config: OPERATOR, schema: { response: replies(adminMeResponse) } },
    async (request) => ({
      adminId: request.userId,
    }),
  );

  app.get(
    '/admin/dashboard',
    { config: OPERATOR, schema: { response: replies(adminDashboardResponse) } },
    async () => admin.dashboard(),
  );

  app.get(
    '/admin/players',
    { config: OPERATOR, schema: { querystring: adminPlayersQuery, response: replies(adminPlayersResponse) } },
    async (request) => admin.players(request.query.q),
  );

  app.get(
    '/admin/players/:playerId',
    { config: OPERATOR, schema: { params: adminPlayerParams, response: replies(adminPlayerResponse) } },
    async (request) => admin.player(request.params.playerId),
  );

  app.get(
    '/admin/players/:playerId/ledger',
    {
      config: OPERATOR,
      schema: {
        params: adminPlayerParams,
        querystring: adminLedgerQuery,
        response: replies(adminLedgerResponse),
      },
    },
    async (request) => admin.ledger(request.params.playerId, request.query.before, request.query.limit),
  );

  app.post(
    '/admin/players/:playerId/adjust',
    {
      config: OPERATOR,
      schema: {
        params: adminPlayerParams,
        body: adminAdjustBody,
        response: replies(adminPlayerActionResponse),
      },
    },
    async (request) => admin.adjust(request.userId, request.params.playerId, request.body),
  );

  app.post(
    '/admin/players/:playerId/ban',
    {
      config: OPERATOR,
      schema: {
        params: adminPlayerParams,
        body: adminReasonBody,
        response: replies(adminPlayerActionResponse),
      },
    },
    async (request) => admin.ban(request.userId, request.params.playerId, request.body.reason, true),
  );

  app.post(
    '/admin/players/:playerId/unban',
    {
      config: OPERATOR,
      schema: { params: adminPlayerParams, body: unbanBody, response: replies(adminPlayerActionResponse) },
    },
    async (request) => admin.ban(request.userId, request.params.playerId, request.body.reason ?? null, false),
  );

  app.post(
    '/admin/players/:playerId/reset-streak',
    {
      config: OPERATOR,
      schema: {
        params: adminPlayerParams,
        body: adminReasonBody,
        response: replies(adminPlayerActionResponse),
      },
    },
    async (request) => admin.resetStreak(request.userId, request.params.playerId, request.body.reason),
  );

  app.post(
    '/admin/players/ban',
    { config: OPERATOR, schema: { body: adminBulkBanBody, response: replies(adminBulkBanResponse) } },
    async (request) => admin.banMany(request.userId, request.body.ids, request.body.reason),
  );

  app.get(
    '/admin/audit',
    { config: OPERATOR, schema: { querystring: adminAuditQuery, response: replies(adminAuditResponse) } },
    async (request) => admin.audit(request.query.target, request.query.limit),
  );

  app.get('/admin/tasks', { config: OPERATOR, schema: { response: replies(adminTasksResponse) } }, async () =>
    admin.tasks(),
  );

  app.post(
    '/admin/tasks',
    { config: OPERATOR, schema: { body: adminTaskCreateBody, response: replies(adminTaskResponse) } },
    async (request) => admin.createTask(request.userId, request.body),
  );

  app.put(
    '/admin/tasks/:taskName',
    {
      config: OPERATOR,
      schema: { params: adminTaskParams, body: adminTaskEditBody, response: replies(adminTaskResponse) },
    },
    async (request) => admin.editTask(request.userId, request.params.taskName, request.body),
  );

  app.post(
    '/admin/tasks/:taskName/retire',
    {
      config: OPERATOR,
      schema: { params: adminTaskParams, body: optionalUseridBody, response: replies(adminTaskResponse) },
    },
    async (request) => admin.editTask(request.userId, request.params.taskName, {}, true),
  );

  app.get(
    '/admin/suspicion',
    { config: OPERATOR, schema: { response: replies(adminSuspicionResponse) } },
    async () => admin.suspicion(),
  );

  app.get(
    '/admin/snapshots',
    { config: OPERATOR, schema: { response: replies(adminSnapshotsResponse) } },
    async () => admin.snapshots(),
  );

  app.post(
    '/admin/snapshots',
    { config: OPERATOR, schema: { body: adminSnapshotBody, response: replies(adminSnapshotResponse) } },
    async (request) => admin.takeSnapshot(request.userId, request.body),
  );

  app.get(
    '/admin/snapshots/:snapshotId/export.:format',
    { config: OPERATOR, schema: { params: adminSnapshotParams, response: replies(adminSnapshotExport) } },
    async (request, reply) => {
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
  );

  // Players check the export they are given against the published hash.
  app.get(
    '/airdrop/snapshot',
    { schema: { response: replies(publicSnapshotResponse) }, config: { public: true } },
    async () => admin.latestSnapshot(),
  );
}
