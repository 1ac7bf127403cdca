import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMiningService } from './mining.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

export default async function miningRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const mining = createMiningService(app.deps);

  app.route({ ...contractRoute('miningData'), handler: async (request) => mining.data(request.userId) });

  app.route({
    ...contractRoute('buyMining'),
    handler: async (request) => mining.buy(request.userId, request.body),
  });
}
