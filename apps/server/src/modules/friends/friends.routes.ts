import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createFriendsService } from './friends.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

export default async function friendsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const friends = createFriendsService(app.deps);

  app.route({ ...contractRoute('friends'), handler: async (request) => friends.friends(request.userId) });
}
