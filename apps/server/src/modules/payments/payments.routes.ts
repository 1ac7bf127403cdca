import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies } from '@egg-rush/contract/common';
import { invoiceBody, invoiceResponse, packsResponse } from '@egg-rush/contract/payments';
import { createPaymentsService } from './payments.service.ts';

/** Ticket packs paid in Telegram Stars. */
export default async function paymentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const payments = createPaymentsService(app.deps);

  app.get('/payments/packs', { schema: { response: replies(packsResponse) } }, async () => payments.packs());

  app.post(
    '/payments/invoice',
    { schema: { body: invoiceBody, response: replies(invoiceResponse) } },
    async (request) => payments.invoice(request.userId, request.body.pack, app.bot?.api),
  );
}
