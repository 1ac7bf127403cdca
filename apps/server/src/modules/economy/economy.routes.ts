import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signalRecorder } from '../fairness/index.ts';
import { flushScores } from '../leaderboard/index.ts';
import { createEconomyService } from './economy.service.ts';
import { createTapWriter } from './tap.writer.ts';
import { contractRoute } from '../../lib/contract-route.ts';

/** Taps, energy, passive income, the boost shop and treasure chests. */
export default async function economyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // One tap writer per process: batches from every player share statements and commits.
  const taps = createTapWriter(app.deps.database);
  const signals = signalRecorder(app.deps);
  app.addHook('onClose', async () => {
    await taps.drain();
    if (app.deps.redis) await flushScores(app.deps.redis);
    // The cadence summed in memory since the players' last write.
    await signals.flush(true);
  });
  const economy = createEconomyService(app.deps, taps);

  app.route({ ...contractRoute('growUp'), handler: async (request) => economy.growUp(request.userId) });
  app.route({ ...contractRoute('growOnion'), handler: async (request) => economy.growOnion(request.userId) });
  // Counted in the process: the pace rule bounds what taps earn, the limit only sheds floods.
  app.route({
    ...contractRoute('tap'),
    config: { rateLimit: 'local' },
    handler: async (request) => {
      const reply = await economy.tap(request.userId, request.body.count, request.body.batch);
      // The fairness signals: the session extended and the cadence written at most once a minute.
      await signals
        .activity(
          request.userId,
          { ip: request.ip, userAgent: request.headers['user-agent'] },
          request.body.cadence,
        )
        .catch((error: unknown) => request.log.warn({ err: error }, 'tap signals not recorded'));
      return reply;
    },
  });
  app.route({
    ...contractRoute('fullyEnergy'),
    handler: async (request) => economy.fullyEnergy(request.userId, request.body.request),
  });
  app.route({
    ...contractRoute('income'),
    handler: async (request) => economy.income(request.userId, request.body.request),
  });
  app.route({
    ...contractRoute('double'),
    handler: async (request) => economy.double(request.userId, request.body.request),
  });
  app.route({
    ...contractRoute('touchIncome'),
    handler: async (request) => economy.touchIncome(request.userId, request.body.request),
  });
  app.route({
    ...contractRoute('energyCapacity'),
    handler: async (request) => economy.energyCapacity(request.userId, request.body.request),
  });
  app.route({ ...contractRoute('chest'), handler: async (request) => economy.openChest(request.userId) });
}
