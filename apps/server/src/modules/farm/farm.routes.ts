import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies } from '@egg-rush/contract/common';
import {
  farmClaimResponse,
  farmRequest,
  farmStartResponse,
  farmStatusResponse,
} from '@egg-rush/contract/farm';
import { createFarmService } from './farm.service.ts';

/** The farm timer. */
export default async function farmRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const farm = createFarmService(app.deps);

  app.get('/farm/status', { schema: { response: replies(farmStatusResponse) } }, async (request) =>
    farm.status(request.userId),
  );
  app.post(
    '/farm/start',
    { schema: { body: farmRequest, response: replies(farmStartResponse) } },
    async (request) => farm.start(request.userId),
  );
  app.post(
    '/farm/claim',
    { schema: { body: farmRequest, response: replies(farmClaimResponse) } },
    async (request) => farm.claim(request.userId),
  );
}
