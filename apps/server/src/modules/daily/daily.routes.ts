import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies, useridBody } from '@egg-rush/contract/common';
import { dailyClaimResponse } from '@egg-rush/contract/daily';
import { createDailyService } from './daily.service.ts';

export default async function dailyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const daily = createDailyService(app.deps);

  app.post(
    '/users/claim/daily',
    { schema: { body: useridBody, response: replies(dailyClaimResponse) } },
    async (request) => daily.claim(request.userId),
  );
}
