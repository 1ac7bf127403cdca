import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createComboService } from './combo.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

/** The daily combo: today's found cards, past days in full, the claim. */
export default async function comboRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const combo = createComboService(app.deps);

  app.route({ ...contractRoute('combo'), handler: async (request) => combo.today(request.userId) });

  app.route({ ...contractRoute('pastCombo'), handler: async (request) => combo.past(request.query.day) });

  app.route({ ...contractRoute('comboClaim'), handler: async (request) => combo.claim(request.userId) });
}
