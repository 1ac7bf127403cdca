import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AllocationRule } from '@egg-rush/game/allocation-rule';
import { contractRoute } from '../../lib/contract-route.ts';
import { OPERATOR } from '../../plugins/auth.ts';
import {
  findExclusion,
  liftExclusion,
  newestDraft,
  publishedAllocation,
  walletsOfPlayers,
} from '../airdrop/index.ts';
import { createFairnessService, type AllocationsPort } from './fairness.service.ts';
import { closeWalletFactsReader } from './signals.wallets.ts';

/**
 * Fairness of the airdrop: the clusters, the decisions on them and the appeals for operators
 * (/api/v1/admin/airdrop/, 403 to anyone else; no operator decides on a cluster or an appeal of
 * their own player), and the player's review, appeal and the published criteria.
 */
export default async function fairnessRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Reads of bound wallets' facts still in flight are given up.
  app.addHook('onClose', () => closeWalletFactsReader(app.deps));
  const { db } = app.deps.database;
  // The published allocation never changes once found: kept after the first read.
  let published: { at: number; rule: AllocationRule | null } | undefined;
  const allocations: AllocationsPort = {
    async published() {
      if (!published) {
        const a = await publishedAllocation(db);
        if (a)
          published = { at: a.publishedAt?.getTime() ?? a.createdAt.getTime(), rule: a.params.rule ?? null };
      }
      return published ?? null;
    },
    async newestDraft() {
      const draft = await newestDraft(db);
      return draft ? { id: draft.id, total: BigInt(draft.total) } : null;
    },
    walletsOf: (id, playerIds) => walletsOfPlayers(db, id, playerIds),
    excludedAlone: async (playerId) => (await findExclusion(db, playerId)) !== undefined,
    exclusionReason: async (playerId) => (await findExclusion(db, playerId))?.reason ?? null,
    include: (tx, change) => liftExclusion(tx, change),
  };
  const fairness = createFairnessService(app.deps, allocations);
  const clusterId = (request: FastifyRequest) => (request.params as { clusterId: string }).clusterId;

  app.route({
    ...contractRoute('adminClusters'),
    config: OPERATOR,
    handler: async () => fairness.clusters(),
  });

  app.route({
    ...contractRoute('adminClusterExclude'),
    config: { ...OPERATOR, targets: (request) => fairness.clusterTargets(clusterId(request)) },
    handler: async (request) =>
      fairness.decide(request.userId, request.params.clusterId, 'exclude', request.body.reason),
  });

  app.route({
    ...contractRoute('adminClusterClear'),
    config: { ...OPERATOR, targets: (request) => fairness.clusterTargets(clusterId(request)) },
    handler: async (request) =>
      fairness.decide(request.userId, request.params.clusterId, 'clear', request.body.reason),
  });

  app.route({ ...contractRoute('adminAppeals'), config: OPERATOR, handler: async () => fairness.appeals() });

  app.route({
    ...contractRoute('adminAppealAnswer'),
    config: {
      ...OPERATOR,
      targets: (request) => fairness.appealTargets((request.params as { appealId: number }).appealId),
    },
    handler: async (request) =>
      fairness.answer(request.userId, request.params.appealId, request.body.outcome, request.body.reason),
  });

  app.route({
    ...contractRoute('airdropReview'),
    handler: async (request) => fairness.review(request.userId),
  });

  app.route({
    ...contractRoute('airdropAppeal'),
    // The appeal's text is the player's own paragraphs (the review card's textarea).
    config: { lineBreaks: ['text'] },
    handler: async (request) => fairness.appeal(request.userId, request.body.text),
  });

  app.route({ ...contractRoute('airdropCriteria'), handler: async () => fairness.criteria() });
}
