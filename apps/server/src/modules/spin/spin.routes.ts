import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSpinService } from './spin.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

/** The lucky wheel. */
export default async function spinRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const spin = createSpinService(app.deps);
  app.route({ ...contractRoute('spin'), handler: async (request) => spin.spin(request.userId) });
}
