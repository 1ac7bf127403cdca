import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, replies } from '@egg-rush/contract/common';
import {
  leagueBoardQuery,
  leagueBoardResponse,
  leagueClaimBody,
  leagueClaimResponse,
  leagueStatusResponse,
} from '@egg-rush/contract/leagues';
import { createLeaguesService } from './leagues.service.ts';

/** Leagues by lifetime score: status, one-time rewards and a board per league. */
export default async function leaguesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const leagues = createLeaguesService(app.deps);

  app.get(
    '/leagues/:id',
    { schema: { params: idParams, response: replies(leagueStatusResponse) } },
    async (request) => leagues.status(request.userId),
  );

  app.post(
    '/leagues/claim',
    { schema: { body: leagueClaimBody, response: replies(leagueClaimResponse) } },
    async (request) => leagues.claim(request.userId, request.body.league),
  );

  app.get(
    '/leagues/:id/board',
    { schema: { params: idParams, querystring: leagueBoardQuery, response: replies(leagueBoardResponse) } },
    async (request) => leagues.board(request.userId, request.query.league),
  );
}
