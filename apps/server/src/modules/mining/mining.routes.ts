import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, replies } from '@egg-rush/contract/common';
import { buyMiningBody, buyMiningResponse, miningDataResponse } from '@egg-rush/contract/mining';
import { createMiningService } from './mining.service.ts';

export default async function miningRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const mining = createMiningService(app.deps);

  app.get(
    '/users/miningData/:id',
    { schema: { params: idParams, response: replies(miningDataResponse) } },
    async (request) => mining.data(request.userId),
  );

  app.post(
    '/users/buyMining',
    { schema: { body: buyMiningBody, response: replies(buyMiningResponse) } },
    async (request) => mining.buy(request.userId, request.body),
  );
}
