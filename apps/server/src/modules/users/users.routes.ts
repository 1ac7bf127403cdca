import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '@egg-rush/contract/common';
import { createUsersService } from './users.service.ts';

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const users = createUsersService(app.deps);

  app.get('/users/get/:id', { schema: { params: idParams } }, async (request) =>
    users.profile(request.params.id),
  );
}
