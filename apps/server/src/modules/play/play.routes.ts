import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createPlayService } from './play.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

/** The mole game. Refusals answer the game's own `{ success: false, msg }`. */
export default async function playRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const play = createPlayService(app.deps);
  app.route({ ...contractRoute('playStart'), handler: async (request) => play.start(request.userId) });
  app.route({
    ...contractRoute('playResult'),
    handler: async (request) => play.result(request.userId, request.body.data),
  });
}
