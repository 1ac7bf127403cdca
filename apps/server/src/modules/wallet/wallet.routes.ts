import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type TonConnectManifest } from '@egg-rush/contract/wallet';
import { createWalletService } from './wallet.service.ts';
import { contractRoute } from '../../lib/contract-route.ts';

/**
 * The TON Connect application manifest (a static JSON file at the site origin), built from PUBLIC_URL, and the mini-app link that wallets return to.
 */
export function tonConnectManifest(publicUrl: string): TonConnectManifest {
  return {
    url: publicUrl,
    name: 'Egg Rush',
    iconUrl: `${publicUrl}/icon-180.png`,
    termsOfUseUrl: `${publicUrl}/`,
    privacyPolicyUrl: `${publicUrl}/`,
  };
}

/** Mounted at the site root (not under /api/v1): wallets fetch it by this fixed name. */
export async function walletManifestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const manifest = tonConnectManifest(app.deps.env.publicUrl);
  app.route({
    ...contractRoute('tonConnectManifest'),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600').header('access-control-allow-origin', '*');
      return manifest;
    },
  });
}

/** Under /api/v1: proof of wallet ownership, and what the web app needs to know of the deployment. */
export default async function walletRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const wallet = createWalletService(app.deps);
  app.route({
    ...contractRoute('walletPayload'),
    handler: async (request) => wallet.payload(request.userId),
  });
  app.route({
    ...contractRoute('walletCheck'),
    handler: async (request) => wallet.check(request.userId, request.body),
  });
  app.route({ ...contractRoute('walletUnbind'), handler: async (request) => wallet.unbind(request.userId) });

  const { botUsername, appShortName } = app.deps.env;
  app.route({
    ...contractRoute('appConfig'),
    config: { public: true },
    handler: async () => ({
      miniAppUrl: `https://t.me/${botUsername}/${appShortName}`,
    }),
  });
}
