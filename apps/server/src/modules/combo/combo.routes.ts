import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  comboClaimBody,
  comboClaimResponse,
  comboResponse,
  pastComboQuery,
  pastComboResponse,
} from '@egg-rush/contract/combo';
import { idParams, replies } from '@egg-rush/contract/common';
import { createComboService } from './combo.service.ts';

/** The daily combo: today's found cards, past days in full, the claim. */
export default async function comboRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const combo = createComboService(app.deps);

  app.get('/combo/:id', { schema: { params: idParams, response: replies(comboResponse) } }, async (request) =>
    combo.today(request.userId),
  );

  app.get(
    '/combo/:id/past',
    { schema: { params: idParams, querystring: pastComboQuery, response: replies(pastComboResponse) } },
    async (request) => combo.past(request.query.day),
  );

  app.post(
    '/combo/claim',
    { schema: { body: comboClaimBody, response: replies(comboClaimResponse) } },
    async (request) => combo.claim(request.userId),
  );
}
