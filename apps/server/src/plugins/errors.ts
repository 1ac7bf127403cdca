import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@egg-rush/contract/errors';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DatabaseBusyError } from '../db/client.ts';
import { connectionLost } from '../db/failover.ts';
import { AppError, sqlState } from '../lib/errors.ts';
import { outsideBusy } from '../lib/outside.ts';

/**
 * Database refusals that escape a service: a race lost to another request (a unique, foreign-key,
 * exclusion or check constraint, a serialization failure or deadlock) is a clean 409, a missing
 * required value a 400; never a 500.
 */
const CONSTRAINT_REFUSALS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  '23505': { status: 409, code: 'CONFLICT', message: 'This was changed at the same time. Please try again.' },
  '23503': { status: 409, code: 'CONFLICT', message: 'This refers to something that does not exist.' },
  '23P01': { status: 409, code: 'CONFLICT', message: 'This was changed at the same time. Please try again.' },
  '23514': { status: 409, code: 'CONFLICT', message: 'This change is not allowed.' },
  '40001': { status: 409, code: 'CONFLICT', message: 'This was changed at the same time. Please try again.' },
  '40P01': { status: 409, code: 'CONFLICT', message: 'This was changed at the same time. Please try again.' },
  '23502': { status: 400, code: 'BAD_REQUEST', message: 'A required value is missing.' },
};

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/**
 * "A limit was reached, nothing was committed": our own transaction limits (db/client.ts), and
 * PostgreSQL's statement and lock time-outs, a transaction closed for idling, a server shutting
 * down or a lost connection (class 08).
 */
const BUSY_CODES = new Set(['57014', '55P03', '25P03', '57P01', '57P03']);

function isBusy(error: unknown): boolean {
  // Drizzle wraps a failed query's error in its own (`cause`).
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++)
    if (e instanceof DatabaseBusyError) return true;
  if (connectionLost(error)) return true;
  const state = sqlState(error);
  return state !== undefined && (BUSY_CODES.has(state) || state.startsWith('08'));
}

/** One error shape for every refusal: `{ code, message }`. */
export function registerErrorHandling(app: FastifyInstance, options: { spa: boolean }) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // An outside service (Bot API, TON API) refused, timed out or is cooling down.
    const outside = outsideBusy(error);
    if (outside) {
      request.log.warn({ service: outside.service, reason: outside.reason }, 'outside call refused');
      return reply
        .status(503)
        .header('retry-after', String(outside.retryAfter))
        .send({ code: outside.code, message: outside.message });
    }
    if (error instanceof AppError) {
      return reply.status(error.status).send({ code: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = error.validationContext ?? 'request';
      const field = issue?.instancePath ? issue.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
      const message = `Invalid ${where}${field ? ` field '${field}'` : ''}: ${issue?.message ?? 'bad value'}`;
      return reply.status(400).send({ code: 'BAD_REQUEST', message });
    }
    const state = sqlState(error);
    const refusal = state === undefined ? undefined : CONSTRAINT_REFUSALS[state];
    if (refusal) {
      request.log.warn({ err: error, sqlState: state }, 'database refused a change');
      return reply.status(refusal.status).send({ code: refusal.code, message: refusal.message });
    }
    if (isBusy(error)) {
      request.log.warn({ err: error }, 'request refused: a database limit was reached');
      return reply.status(503).header('retry-after', '1').send({ code: 'BUSY', message: BUSY_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const code = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
      return reply.status(status).send({ code, message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong. Please try again!' });
  });

  // Unknown API routes answer { code, message }; with the web app served, any other GET is a
  // client route and gets index.html (admin.html under /admin).
  app.setNotFoundHandler((request, reply) => {
    if (
      options.spa &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/')
    ) {
      // The operator console is a page of its own.
      const page = /^\/admin(\/|\?|#|$)/.test(request.url) ? 'admin.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    return routeNotFound(request, reply);
  });
  // Before the body is read: a request for no route is a 404 whatever its body, never a 400 for
  // a body no handler would have read.
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 && request.method !== 'GET' && request.method !== 'HEAD')
      return routeNotFound(request, reply);
  });
}

const routeNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply.status(404).send({
    code: 'NOT_FOUND',
    message: `Route ${request.method} ${request.url.split('?')[0]} not found.`,
  });
