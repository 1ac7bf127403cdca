import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { useridBody } from '@egg-rush/contract/common';
import { tapRequest } from '@egg-rush/contract/economy';
import { createEconomyService } from './economy.service.ts';

/** Taps, energy, passive income, the boost shop and treasure chests (SPEC.md section 7). */
export default async function economyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const economy = createEconomyService(app.deps);
  const body = { schema: { body: useridBody } };

  app.put('/users/growUp', body, async (request) => economy.growUp(request.userId));
  app.put('/users/growOnion', body, async (request) => economy.growOnion(request.userId));
  app.put('/users/tap', { schema: { body: tapRequest } }, async (request) =>
    economy.tap(request.userId, request.body.count),
  );
  app.put('/users/fullyEnergy', body, async (request) => economy.fullyEnergy(request.userId));
  app.put('/users/income', body, async (request) => economy.income(request.userId));
  app.put('/users/double', body, async (request) => economy.double(request.userId));
  app.put('/users/touchIncome', body, async (request) => economy.touchIncome(request.userId));
  app.put('/users/energyCapacity', body, async (request) => economy.energyCapacity(request.userId));
  app.put('/users/getCheat', body, async (request) => economy.openChest(request.userId));
}
