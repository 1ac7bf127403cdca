import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, replies } from '@egg-rush/contract/common';
import { profile } from '@egg-rush/contract/users';
import { createUsersService } from './users.service.ts';

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const users = createUsersService(app.deps);

  app.get('/users/get/:id', { schema: { params: idParams, response: replies(profile) } }, async (request) =>
    users.profile(request.userId),
  );
}
