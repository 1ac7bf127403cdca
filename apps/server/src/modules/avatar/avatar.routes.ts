import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAvatarService } from './avatar.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

/** Design choice: avatars are cached for a day. */
const CACHE = 'public, max-age=86400';

/**
 * GET /users/avatar/:userid. Public: an <img> cannot send the bearer token,
 * and the Leader Board shows every player's avatar.
 */
export default async function avatarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const avatars = createAvatarService(app.deps);

  app.route({
    ...contractRoute('avatar', { produces: ['image/svg+xml', 'application/json'] }),
    config: { public: true },
    handler: async (request, reply) => {
      const avatar = await avatars.avatar(request.params.userid);
      reply.header('cache-control', CACHE);
      if ('redirect' in avatar) return reply.redirect(avatar.redirect, 302);
      return reply.type('image/svg+xml').send(avatar.svg);
    },
  });
}
