import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { replies, useridBody } from '@egg-rush/contract/common';
import {
  cheatResponse,
  doubleBoostResponse,
  energyCapacityResponse,
  fullyEnergyResponse,
  growOnionResponse,
  growUpResponse,
  incomeBoostResponse,
  tapRequest,
  tapResponse,
  touchIncomeResponse,
} from '@egg-rush/contract/economy';
import { flushScores } from '../leaderboard/index.ts';
import { createEconomyService } from './economy.service.ts';
import { createTapWriter } from './tap.writer.ts';

/** Taps, energy, passive income, the boost shop and treasure chests. */
export default async function economyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // One tap writer per process: batches from every player share statements and commits.
  const taps = createTapWriter(app.deps.database);
  app.addHook('onClose', async () => {
    await taps.drain();
    if (app.deps.redis) await flushScores(app.deps.redis);
  });
  const economy = createEconomyService(app.deps, taps);
  const body = <T extends z.ZodType>(reply: T) => ({
    schema: { body: useridBody, response: replies(reply) },
  });

  app.put('/users/growUp', body(growUpResponse), async (request) => economy.growUp(request.userId));
  app.put('/users/growOnion', body(growOnionResponse), async (request) => economy.growOnion(request.userId));
  // Counted in the process: the pace rule bounds what taps earn, the limit only sheds floods.
  app.put(
    '/users/tap',
    { schema: { body: tapRequest, response: replies(tapResponse) }, config: { rateLimit: 'local' } },
    async (request) => economy.tap(request.userId, request.body.count),
  );
  app.put('/users/fullyEnergy', body(fullyEnergyResponse), async (request) =>
    economy.fullyEnergy(request.userId),
  );
  app.put('/users/income', body(incomeBoostResponse), async (request) => economy.income(request.userId));
  app.put('/users/double', body(doubleBoostResponse), async (request) => economy.double(request.userId));
  app.put('/users/touchIncome', body(touchIncomeResponse), async (request) =>
    economy.touchIncome(request.userId),
  );
  app.put('/users/energyCapacity', body(energyCapacityResponse), async (request) =>
    economy.energyCapacity(request.userId),
  );
  app.put('/users/getCheat', body(cheatResponse), async (request) => economy.openChest(request.userId));
}
