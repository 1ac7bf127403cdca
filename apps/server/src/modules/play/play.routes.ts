import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { useridBody } from '@egg-rush/contract/common';
import { playResultBody } from '@egg-rush/contract/play';
import { createPlayService } from './play.service.ts';

/** The mole game (SPEC.md section 7). Refusals answer `{ success: false, msg }` as the spec shows. */
export default async function playRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const play = createPlayService(app.deps);
  app.post('/play/start', { schema: { body: useridBody } }, async (request) => play.start(request.userId));
  app.post('/play/result', { schema: { body: playResultBody } }, async (request) =>
    play.result(request.userId, request.body.data),
  );
}
