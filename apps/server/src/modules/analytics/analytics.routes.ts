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

  /** A chart's handler: its rows for the query, as JSON or, with `format=csv`, as a CSV file. */
  const chart =
    <T>(file: string, rows: (query: AnalyticsQuery) => Promise<T>, csv: (rows: T) => string) =>
    async (request: { query: AnalyticsQuery }, reply: FastifyReply) => {
      const data = await rows(request.query);
      if (request.query.format !== 'csv') return data;
      const { from, to } = request.query;
      return sendRaw(
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file}-${from}-${to}.csv"`),
        csv(data),
      );
    };

  const charts = [
    ['adminAnalyticsRetention', chart('retention', analytics.retention, toCsv.retention)],
    ['adminAnalyticsEconomy', chart('economy', analytics.economy, toCsv.economy)],
    ['adminAnalyticsFunnel', chart('funnel', analytics.funnel, toCsv.funnel)],
    ['adminAnalyticsActive', chart('active', analytics.active, toCsv.active)],
    ['adminAnalyticsNewPlayers', chart('new-players', analytics.newPlayers, toCsv.newPlayers)],
    ['adminAnalyticsRevenue', chart('revenue', analytics.revenue, toCsv.revenue)],
  ] as const;
  for (const [name, handler] of charts) app.route({ ...contractRoute(name), config: OPERATOR, handler });
}
