import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route.ts';
import { OPERATOR } from '../../plugins/auth.ts';
import { createCipherService } from './cipher.service.ts';

/** The daily cipher: today's (its length only), an answer; the console sets a day's word. */
export default async function cipherRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cipher = createCipherService(app.deps);

  app.route({ ...contractRoute('cipher'), handler: async (request) => cipher.today(request.userId) });

  app.route({
    ...contractRoute('cipherSolve'),
    handler: async (request) => cipher.solve(request.userId, request.body.word),
  });

  app.route({ ...contractRoute('adminCipherDays'), config: OPERATOR, handler: async () => cipher.setDays() });

  app.route({
    ...contractRoute('adminCipherSet'),
    config: OPERATOR,
    handler: async (request) => cipher.setWord(request.userId, request.params.day, request.body.word),
  });
}
