import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createDailyService } from './daily.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

export default async function dailyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const daily = createDailyService(app.deps);

  app.route({ ...contractRoute('daily'), handler: async (request) => daily.claim(request.userId) });
}
