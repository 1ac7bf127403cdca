import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AnalyticsQuery } from '@egg-rush/contract/analytics';
import { contractRoute, sendRaw, type ContractReply } from '../../lib/contract-route.ts';
import type { RouteName } from '@egg-rush/contract/routes';
import { createAnalyticsService, toCsv } from './analytics.service.ts';

const OPERATOR = { operator: true } as const;

/** The console's charts (operators only): JSON, or CSV with `format=csv`. */
export default async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const analytics = createAnalyticsService(app.deps);

  /**
   * A chart's route and handler: its rows for the query, as JSON or, with `format=csv`, as a CSV
   * file. The rows' type is checked against route `name`'s reply here, one chart at a time (the
   * registration below sees the routes as one union).
   */
  const chart = <N extends RouteName, T extends ContractReply<N>>(
    name: N,
    file: string,
    rows: (query: AnalyticsQuery) => Promise<T>,
    csv: (rows: T) => string,
  ) =>
    [
      name,
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
      },
    ] as const;

  const charts = [
    chart('adminAnalyticsRetention', 'retention', analytics.retention, toCsv.retention),
    chart('adminAnalyticsEconomy', 'economy', analytics.economy, toCsv.economy),
    chart('adminAnalyticsFunnel', 'funnel', analytics.funnel, toCsv.funnel),
    chart('adminAnalyticsActive', 'active', analytics.active, toCsv.active),
    chart('adminAnalyticsNewPlayers', 'new-players', analytics.newPlayers, toCsv.newPlayers),
    chart('adminAnalyticsRevenue', 'revenue', analytics.revenue, toCsv.revenue),
  ];
  for (const [name, handler] of charts) app.route({ ...contractRoute(name), config: OPERATOR, handler });
}
