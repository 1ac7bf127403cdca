import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractRoute, sendRaw } from '../../lib/contract-route.ts';
import { cacheable, etagOf } from '../../lib/http-cache.ts';
import { OPERATOR } from '../../plugins/auth.ts';
import { createConfigService, type RecordAudit } from './config.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** modules/admin's insertAudit, decorated by app.ts. */
    recordAudit: RecordAudit;
  }
}

/** The player's copy: revalidated on every look, its ETag (the version) spares the body. */
const PRIVATE = 'private, no-cache';

/** The game's configuration: the players' active version, the console's drafts, simulation and publishing. */
export default async function configRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = createConfigService(app.deps, app.recordAudit);

  app.route({
    ...contractRoute('config'),
    handler: async (request, reply) => {
      const answer = await config.forPlayer(request.userId);
      if (cacheable(request, reply, etagOf('config', String(answer.version)), PRIVATE))
        return sendRaw(reply.code(304), '');
      return answer;
    },
  });

  app.route({ ...contractRoute('adminConfig'), config: OPERATOR, handler: async () => config.active() });

  app.route({
    ...contractRoute('adminConfigVersions'),
    config: OPERATOR,
    handler: async () => config.versions(),
  });

  app.route({
    ...contractRoute('adminConfigSimulate'),
    config: OPERATOR,
    handler: async (request) => config.simulate(request.body.values),
  });

  app.route({
    ...contractRoute('adminConfigDraft'),
    config: OPERATOR,
    handler: async (request) => config.draft(request.userId, request.body),
  });

  app.route({
    ...contractRoute('adminConfigPublish'),
    config: OPERATOR,
    handler: async (request) => config.publish(request.userId, request.params.version, request.body.reason),
  });
}
