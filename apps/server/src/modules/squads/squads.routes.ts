import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, replies } from '@egg-rush/contract/common';
import {
  createSquadBody,
  joinSquadBody,
  leaveSquadBody,
  squadBoardResponse,
  squadPageQuery,
  squadPageResponse,
  squadReply,
} from '@egg-rush/contract/squads';
import { createSquadsService } from './squads.service.ts';

/** Squads: create, join, leave, the squad board and a squad's page. */
export default async function squadsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const squads = createSquadsService(app.deps);

  app.post(
    '/squads/create',
    { schema: { body: createSquadBody, response: replies(squadReply) } },
    async (request) => squads.create(request.userId, request.body.name),
  );

  app.post(
    '/squads/join',
    { schema: { body: joinSquadBody, response: replies(squadReply) } },
    async (request) => squads.join(request.userId, request.body.squad),
  );

  app.post(
    '/squads/leave',
    { schema: { body: leaveSquadBody, response: replies(squadReply) } },
    async (request) => squads.leave(request.userId),
  );

  app.get(
    '/squads/:id/board',
    { schema: { params: idParams, response: replies(squadBoardResponse) } },
    async (request) => squads.board(request.userId),
  );

  app.get(
    '/squads/:id/page',
    { schema: { params: idParams, querystring: squadPageQuery, response: replies(squadPageResponse) } },
    async (request) => squads.page(request.userId, request.query.squad),
  );
}
