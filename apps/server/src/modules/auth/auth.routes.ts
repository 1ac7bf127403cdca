import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rememberTimeZone } from '../bot/index.ts';
import { createAuthService } from './auth.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = createAuthService(app.deps, app.tokens);

  app.route({
    ...contractRoute('login'),
    config: { public: true },
    handler: async (request) => {
      const { userid, initData, timeZone, platform } = request.body;
      const client = { ip: request.ip, userAgent: request.headers['user-agent'], platform };
      const { token } = await auth.login(userid, initData, client, request.log);
      if (timeZone) await rememberTimeZone(app.deps, userid, timeZone);
      return { token };
    },
  });

  if (app.deps.env.devMode) {
    app.route({
      ...contractRoute('devLaunch'),
      config: { public: true },
      handler: async (request) => ({
        initData: auth.devLaunch(request.query),
      }),
    });
  }
}
