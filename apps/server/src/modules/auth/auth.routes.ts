import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { devLaunchQuery, devLaunchResponse, loginRequest, loginResponse } from '@egg-rush/contract/auth';
import { replies } from '@egg-rush/contract/common';
import { rememberTimeZone } from '../bot/index.ts';
import { createAuthService } from './auth.service.ts';

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = createAuthService(app.deps, app.tokens);

  app.post(
    '/auth/login',
    { schema: { body: loginRequest, response: replies(loginResponse) }, config: { public: true } },
    async (request) => {
      const { userid, initData, timeZone } = request.body;
      const { token } = await auth.login(userid, initData);
      if (timeZone) await rememberTimeZone(app.deps, userid, timeZone);
      return { token };
    },
  );

  if (app.deps.env.devMode) {
    app.get(
      '/dev/launch',
      {
        schema: { querystring: devLaunchQuery, response: replies(devLaunchResponse) },
        config: { public: true },
      },
      async (request) => ({
        initData: auth.devLaunch(request.query),
      }),
    );
  }
}
