import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '@egg-rush/contract/common';
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
  const tasks = createTasksService(app.deps);

  app.get(
    '/users/tasks/:id',
    { schema: { params: idParams, response: { 200: tasksResponse } } },
    async (request) => tasks.list(request.params.id),
  );

  app.post(
    '/users/linkReward',
    { schema: { body: linkRewardBody, response: { 200: linkRewardResponse } } },
    async (request) => tasks.linkReward(request.userId, request.body),
  );

  app.post(
    '/users/taskReward',
    { schema: { body: taskRewardBody, response: { 200: taskRewardResponse } } },
    async (request) => tasks.claim(request.userId, request.body),
  );
}
