import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LANGUAGE_CODES } from '@egg-rush/game/language';
import { contractRoute } from '../../lib/contract-route.ts';
import { OPERATOR } from '../../plugins/auth.ts';
import { createCampaignsService } from './campaigns.service.ts';

/** A campaign's texts are paragraphs: line feeds allowed in each language's text. */
const TEXT_FIELDS = LANGUAGE_CODES.map((code) => `texts.${code}`);

/** The console's campaigns: list, preview a segment, create, read, send. Operators only, audited. */
export default async function campaignsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const campaigns = createCampaignsService(app.deps);

  app.route({
    ...contractRoute('adminCampaigns'),
    config: OPERATOR,
    handler: async () => ({ campaigns: await campaigns.list() }),
  });

  app.route({
    ...contractRoute('adminCampaignPreview'),
    config: OPERATOR,
    handler: async (request) => ({ recipients: await campaigns.preview(request.body.segment) }),
  });

  app.route({
    ...contractRoute('adminCampaignCreate'),
    config: { ...OPERATOR, lineBreaks: TEXT_FIELDS },
    handler: async (request) => ({ campaign: await campaigns.create(request.userId, request.body) }),
  });

  app.route({
    ...contractRoute('adminCampaign'),
    config: OPERATOR,
    handler: async (request) => ({ campaign: await campaigns.get(request.params.campaignId) }),
  });

  app.route({
    ...contractRoute('adminCampaignSend'),
    config: OPERATOR,
    handler: async (request) => ({
      campaign: await campaigns.send(request.userId, request.params.campaignId),
    }),
  });
}
