import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createLeaguesService } from './leagues.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

/** Leagues by lifetime score: status, one-time rewards and a board per league. */
export default async function leaguesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const leagues = createLeaguesService(app.deps);

  app.route({ ...contractRoute('leagueStatus'), handler: async (request) => leagues.status(request.userId) });

  app.route({
    ...contractRoute('leagueClaim'),
    handler: async (request) => leagues.claim(request.userId, request.body.league),
  });

  app.route({
    ...contractRoute('leagueBoard'),
    handler: async (request) => leagues.board(request.userId, request.query.league),
  });
}
