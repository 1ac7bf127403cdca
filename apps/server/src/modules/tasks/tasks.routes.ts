import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, replies } from '@egg-rush/contract/common';
import {
  linkRewardBody,
  linkRewardResponse,
  taskRewardBody,
  taskRewardResponse,
  tasksResponse,
} from '@egg-rush/contract/tasks';
import { createTasksService } from './tasks.service.ts';

export default async function tasksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bot = app.bot;
  const tasks = createTasksService(app.deps, {
    isChannelMember: bot ? (userId, channel) => bot.isChannelMember(userId, channel) : undefined,
  });

  app.get(
    '/users/tasks/:id',
    { schema: { params: idParams, response: replies(tasksResponse) } },
    async (request) => tasks.list(request.userId),
  );

  app.post(
    '/users/linkReward',
    { schema: { body: linkRewardBody, response: replies(linkRewardResponse) } },
    async (request) => tasks.linkReward(request.userId, request.body),
  );

  app.post(
    '/users/taskReward',
    { schema: { body: taskRewardBody, response: replies(taskRewardResponse) } },
    async (request) => tasks.claim(request.userId, request.body),
  );
}
