import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createPaymentsService } from './payments.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

/** Ticket packs paid in Telegram Stars. */
export default async function paymentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const payments = createPaymentsService(app.deps);

  app.route({ ...contractRoute('packs'), handler: async () => payments.packs() });

  app.route({
    ...contractRoute('invoice'),
    handler: async (request) => payments.invoice(request.userId, request.body.pack, app.bot?.api),
  });
}
