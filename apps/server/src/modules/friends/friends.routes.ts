import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, replies } from '@egg-rush/contract/common';
import { friendsResponse } from '@egg-rush/contract/friends';
import { createFriendsService } from './friends.service.ts';

export default async function friendsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const friends = createFriendsService(app.deps);

  app.get(
    '/users/friends/:id',
    { schema: { params: idParams, response: replies(friendsResponse) } },
    async (request) => friends.friends(request.userId),
  );
}
