import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createUsersService } from './users.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const users = createUsersService(app.deps);

  app.route({ ...contractRoute('profile'), handler: async (request) => users.profile(request.userId) });

  // The player's settings (language, sound, vibration, motion, the guide seen): they follow the
  // player to every device.
  app.route({
    ...contractRoute('settings'),
    handler: async (request) => ({ settings: await users.saveSettings(request.userId, request.body) }),
  });
}
