import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSeasonsService } from './seasons.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

/** Seasons: this week's board and the results of finished weeks. */
export default async function seasonsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const seasons = createSeasonsService(app.deps);

  app.route({ ...contractRoute('seasonBoard'), handler: async (request) => seasons.current(request.userId) });

  app.route({
    ...contractRoute('seasonResults'),
    handler: async (request) => seasons.results(request.userId, request.query.week),
  });
}
