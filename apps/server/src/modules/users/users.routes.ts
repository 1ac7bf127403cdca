import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, replies } from '@egg-rush/contract/common';
import { profile, settingsResponse, settingsUpdate } from '@egg-rush/contract/users';
import { createUsersService } from './users.service.ts';

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const users = createUsersService(app.deps);

  app.get('/users/get/:id', { schema: { params: idParams, response: replies(profile) } }, async (request) =>
    users.profile(request.userId),
  );

  // The player's settings (language, sound, vibration, motion, the guide seen): they follow the
  // player to every device.
  app.put(
    '/users/settings',
    { schema: { body: settingsUpdate, response: replies(settingsResponse) } },
    async (request) => ({ settings: await users.saveSettings(request.userId, request.body) }),
  );
}
