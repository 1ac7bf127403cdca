import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTasksService } from './tasks.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

export default async function tasksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bot = app.bot;
  const tasks = createTasksService(app.deps, {
    isChannelMember: bot ? (userId, channel) => bot.isChannelMember(userId, channel) : undefined,
  });

  app.route({ ...contractRoute('tasks'), handler: async (request) => tasks.list(request.userId) });

  app.route({
    ...contractRoute('linkReward'),
    handler: async (request) => tasks.linkReward(request.userId, request.body),
  });

  app.route({
    ...contractRoute('taskReward'),
    handler: async (request) => tasks.claim(request.userId, request.body),
  });
}
