import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rememberTimeZone } from '../bot/index.ts';
import { signalRecorder } from '../fairness/index.ts';
import { createAuthService } from './auth.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = createAuthService(app.deps, app.tokens);
  const signals = signalRecorder(app.deps);

  app.route({
    ...contractRoute('login'),
    config: { public: true },
    handler: async (request) => {
      const { userid, initData, timeZone, platform } = request.body;
      const { token } = await auth.login(userid, initData, platform, request.log);
      if (timeZone) await rememberTimeZone(app.deps, userid, timeZone);
      // A session of the fairness signals: hashes of the coarse address and of the device only.
      await signals
        .login(userid, { ip: request.ip, userAgent: request.headers['user-agent'], platform })
        .catch((error: unknown) => request.log.warn({ err: error }, 'login session not recorded'));
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
