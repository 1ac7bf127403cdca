import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AnalyticsQuery } from '@egg-rush/contract/analytics';
import { contractRoute, sendRaw } from '../../lib/contract-route.ts';
import { createAnalyticsService, toCsv } from './analytics.service.ts';

const OPERATOR = { operator: true } as const;

/** The console's charts (operators only): JSON, or CSV with `format=csv`. */
export default async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const analytics = createAnalyticsService(app.deps);

  /** The chart's reply, as JSON or as a CSV file. */
  function answer<T>(
    chart: string,
    query: AnalyticsQuery,
    reply: FastifyReply,
    data: T,
    csv: (d: T) => string,
  ) {
    if (query.format !== 'csv') return data;
    return sendRaw(
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${chart}-${query.from}-${query.to}.csv"`),
      csv(data),
    );
  }

  app.route({
    ...contractRoute('adminAnalyticsRetention'),
    config: OPERATOR,
    handler: async (request, reply) =>
      answer('retention', request.query, reply, await analytics.retention(request.query), toCsv.retention),
  });
  app.route({
    ...contractRoute('adminAnalyticsEconomy'),
    config: OPERATOR,
    handler: async (request, reply) =>
      answer('economy', request.query, reply, await analytics.economy(request.query), toCsv.economy),
  });
  app.route({
    ...contractRoute('adminAnalyticsFunnel'),
    config: OPERATOR,
    handler: async (request, reply) =>
      answer('funnel', request.query, reply, await analytics.funnel(request.query), toCsv.funnel),
  });
  app.route({
    ...contractRoute('adminAnalyticsActive'),
    config: OPERATOR,
    handler: async (request, reply) =>
      answer('active', request.query, reply, await analytics.active(request.query), toCsv.active),
  });
  app.route({
    ...contractRoute('adminAnalyticsNewPlayers'),
    config: OPERATOR,
    handler: async (request, reply) =>
      answer(
        'new-players',
        request.query,
        reply,
        await analytics.newPlayers(request.query),
        toCsv.newPlayers,
      ),
  });
  app.route({
    ...contractRoute('adminAnalyticsRevenue'),
    config: OPERATOR,
    handler: async (request, reply) =>
      answer('revenue', request.query, reply, await analytics.revenue(request.query), toCsv.revenue),
  });
}
