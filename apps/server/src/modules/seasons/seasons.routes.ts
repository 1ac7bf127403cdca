import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, replies } from '@egg-rush/contract/common';
import { seasonBoardResponse, seasonResultsQuery, seasonResultsResponse } from '@egg-rush/contract/seasons';
import { createSeasonsService } from './seasons.service.ts';

/** Seasons: this week's board and the results of finished weeks. */
export default async function seasonsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const seasons = createSeasonsService(app.deps);

  app.get(
    '/seasons/:id',
    { schema: { params: idParams, response: replies(seasonBoardResponse) } },
    async (request) => seasons.current(request.userId),
  );

  app.get(
    '/seasons/:id/results',
    {
      schema: { params: idParams, querystring: seasonResultsQuery, response: replies(seasonResultsResponse) },
    },
    async (request) => seasons.results(request.userId, request.query.week),
  );
}
