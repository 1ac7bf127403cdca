import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route.ts';
import { OPERATOR } from '../../plugins/auth.ts';
import { createEventsService } from './events.service.ts';

/** Scheduled events: the players' list, and the console's scheduling and cancelling (audited). */
export default async function eventsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const events = createEventsService(app.deps);

  app.route({ ...contractRoute('events'), handler: async (request) => events.forPlayer(request.userId) });

  app.route({ ...contractRoute('adminEvents'), config: OPERATOR, handler: async () => events.list() });

  app.route({
    ...contractRoute('adminEventCreate'),
    config: OPERATOR,
    handler: async (request) => events.create(request.userId, request.body),
  });

  app.route({
    ...contractRoute('adminEventCancel'),
    config: OPERATOR,
    handler: async (request) => events.cancel(request.userId, request.params.eventId),
  });
}
