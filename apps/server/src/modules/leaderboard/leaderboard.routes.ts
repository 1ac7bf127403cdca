import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, replies } from '@egg-rush/contract/common';
import { leaderboardResponse } from '@egg-rush/contract/leaderboard';
import { createLeaderboardService } from './leaderboard.service.ts';

/** The Leader Board. */
export default async function leaderboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const leaderboard = createLeaderboardService(app.deps);

  app.get(
    '/users/ranking/:id/total',
    { schema: { params: idParams, response: replies(leaderboardResponse) } },
    async (request) => leaderboard.total(request.userId),
  );
}
