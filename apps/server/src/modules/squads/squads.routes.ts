import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSquadsService } from './squads.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

/** Squads: create, join, leave, the squad board and a squad's page. */
export default async function squadsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const squads = createSquadsService(app.deps);

  app.route({
    ...contractRoute('squadCreate'),
    handler: async (request) => squads.create(request.userId, request.body.name),
  });

  app.route({
    ...contractRoute('squadJoin'),
    handler: async (request) => squads.join(request.userId, request.body.squad),
  });

  app.route({ ...contractRoute('squadLeave'), handler: async (request) => squads.leave(request.userId) });

  app.route({ ...contractRoute('squadBoard'), handler: async (request) => squads.board(request.userId) });

  app.route({
    ...contractRoute('squadPage'),
    handler: async (request) => squads.page(request.userId, request.query.squad),
  });
}
