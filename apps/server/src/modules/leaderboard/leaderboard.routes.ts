import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createLeaderboardService } from './leaderboard.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

/** The Leader Board. */
export default async function leaderboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const leaderboard = createLeaderboardService(app.deps);

  app.route({
    ...contractRoute('leaderboard'),
    handler: async (request) => leaderboard.total(request.userId),
  });
}
