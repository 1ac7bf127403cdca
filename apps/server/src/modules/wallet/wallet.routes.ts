import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { optionalUseridBody, replies } from '@egg-rush/contract/common';
import {
  appConfigResponse,
  proofCheckBody,
  proofPayloadResponse,
  tonConnectManifestResponse,
  type TonConnectManifest,
  walletResponse,
} from '@egg-rush/contract/wallet';
import { createWalletService } from './wallet.service.ts';

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
  const schema = { response: replies(tonConnectManifestResponse) };
  app.get('/tonconnect-manifest.json', { schema }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600').header('access-control-allow-origin', '*');
    return manifest;
  });
}

/** Under /api/v1: proof of wallet ownership, and what the web app needs to know of the deployment. */
export default async function walletRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const wallet = createWalletService(app.deps);
  app.post(
    '/wallet/proof/payload',
    { schema: { body: optionalUseridBody, response: replies(proofPayloadResponse) } },
    async (request) => wallet.payload(request.userId),
  );
  app.post(
    '/wallet/proof/check',
    { schema: { body: proofCheckBody, response: replies(walletResponse) } },
    async (request) => wallet.check(request.userId, request.body),
  );
  app.delete(
    '/wallet',
    { schema: { body: optionalUseridBody, response: replies(walletResponse) } },
    async (request) => wallet.unbind(request.userId),
  );

  const { botUsername, appShortName } = app.deps.env;
  const config = { schema: { response: replies(appConfigResponse) }, config: { public: true } };
  app.get('/app/config', config, async () => ({
    miniAppUrl: `https://t.me/${botUsername}/${appShortName}`,
  }));
}
