import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route.ts';
import { OPERATOR } from '../../plugins/auth.ts';
import { createExperimentsService } from './experiments.service.ts';

/** The console's A/B tests: started, listed with their results, stopped (operators only, audited). */
export default async function experimentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const experiments = createExperimentsService(app.deps, app.recordAudit);

  app.route({
    ...contractRoute('adminExperiments'),
    config: OPERATOR,
    handler: async () => experiments.list(),
  });

  app.route({
    ...contractRoute('adminExperimentCreate'),
    config: OPERATOR,
    handler: async (request) => experiments.create(request.userId, request.body),
  });

  app.route({
    ...contractRoute('adminExperiment'),
    config: OPERATOR,
    handler: async (request) => experiments.results(request.params.experimentId),
  });

  app.route({
    ...contractRoute('adminExperimentStop'),
    config: OPERATOR,
    handler: async (request) =>
      experiments.stop(request.userId, request.params.experimentId, request.body.reason),
  });
}
