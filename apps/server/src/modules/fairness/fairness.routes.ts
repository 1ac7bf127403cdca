import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route.ts';
import { OPERATOR } from '../../plugins/auth.ts';
import { allocationsOf, createFairnessService } from './fairness.service.ts';
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
  const fairness = createFairnessService(app.deps, allocationsOf(app.deps));
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
