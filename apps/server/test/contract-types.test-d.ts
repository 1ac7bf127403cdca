/**
 * The server half of the contract, checked by tsc (`npm run typecheck`), never run: a handler
 * registered from the route table returns its route's reply (z.input of the reply schema, what
 * the serializer takes), and tsc refuses anything else. Each `@ts-expect-error` fails the
 * typecheck if the line under it ever compiles.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractRoute } from '../src/lib/contract-route.ts';

declare const fastify: FastifyInstance;
const app = fastify.withTypeProvider<ZodTypeProvider>();

// The reply as the contract says: { status } of the claim's statuses.
app.route({ ...contractRoute('airdropClaimSent'), handler: async () => ({ status: 'claim_sent' as const }) });

app.route({
  ...contractRoute('airdropClaimSent'),
  // @ts-expect-error a status the contract does not know
  handler: async () => ({ status: 'maybe' as const }),
});

app.route({
  ...contractRoute('airdropClaimSent'),
  // @ts-expect-error another route's reply
  handler: async () => ({ ready: true, database: true, redis: 'off' as const, migrations: true }),
});

app.route({
  ...contractRoute('health'),
  // @ts-expect-error a field missing (redis)
  handler: async () => ({ status: 'ok' as const, database: { kind: 'postgres' as const, up: true } }),
});

app.route({
  ...contractRoute('health'),
  // @ts-expect-error a refusal is thrown (AppError), never returned as a reply
  handler: async () => ({ code: 'NOT_FOUND' as const, message: 'no' }),
});

// A status of the route's `also` (503) answers the same shape.
app.route({
  ...contractRoute('health'),
  handler: async (_request, reply) => {
    reply.status(503);
    return {
      status: 'degraded' as const,
      database: { kind: 'postgres' as const, up: false },
      redis: 'off' as const,
    };
  },
});

// A handler that sends bytes or a redirect itself returns the reply.
app.route({
  ...contractRoute('avatar'),
  handler: async (_request, reply) => reply.type('image/svg+xml').send('<svg/>'),
});

// The request is typed by the route's schemas too.
app.route({
  ...contractRoute('avatar'),
  handler: async (request, reply) => {
    const id: number = request.params.userid;
    // @ts-expect-error no such param
    void request.params.id;
    return reply.redirect(`/x/${id}`, 302);
  },
});
