import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createFarmService } from './farm.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

/** The farm timer. */
export default async function farmRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const farm = createFarmService(app.deps);

  app.route({ ...contractRoute('farmStatus'), handler: async (request) => farm.status(request.userId) });
  app.route({ ...contractRoute('farmStart'), handler: async (request) => farm.start(request.userId) });
  app.route({ ...contractRoute('farmClaim'), handler: async (request) => farm.claim(request.userId) });
}
