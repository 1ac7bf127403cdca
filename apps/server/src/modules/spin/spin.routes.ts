import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies, useridBody } from '@egg-rush/contract/common';
import { spinResponse } from '@egg-rush/contract/spin';
import { createSpinService } from './spin.service.ts';

/** The lucky wheel. */
export default async function spinRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const spin = createSpinService(app.deps);
  app.put(
    '/users/getSpin',
    { schema: { body: useridBody, response: replies(spinResponse) } },
    async (request) => spin.spin(request.userId),
  );
}
