import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies, useridBody } from '@egg-rush/contract/common';
import { playResultBody, playResultResponse, playStartResponse } from '@egg-rush/contract/play';
import { createPlayService } from './play.service.ts';

/** The mole game. Refusals answer the game's own `{ success: false, msg }`. */
export default async function playRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const play = createPlayService(app.deps);
  app.post(
    '/play/start',
    { schema: { body: useridBody, response: replies(playStartResponse) } },
    async (request) => play.start(request.userId),
  );
  app.post(
    '/play/result',
    { schema: { body: playResultBody, response: replies(playResultResponse) } },
    async (request) => play.result(request.userId, request.body.data),
  );
}
