import type { FastifyInstance } from 'fastify';

/**
 * The TON Connect application manifest (SPEC.md section 7 "Wallet calls": a static JSON file at
 * the site origin), built from PUBLIC_URL, and the mini-app link that wallets return to.
 */
export function tonConnectManifest(publicUrl: string) {
  return {
    url: publicUrl,
    name: 'Egg Rush',
    iconUrl: `${publicUrl}/icon-180.png`,
    termsOfUseUrl: `${publicUrl}/`,
    privacyPolicyUrl: `${publicUrl}/`,
  };
}

/** Mounted at the site root (not under /api/v1): wallets fetch it by this fixed name. */
export async function walletManifestRoutes(app: FastifyInstance) {
  const manifest = tonConnectManifest(app.deps.env.publicUrl);
  app.get('/tonconnect-manifest.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600').header('access-control-allow-origin', '*');
    return manifest;
  });
}

/** Under /api/v1: what the web app needs to know of the deployment. */
export default async function walletRoutes(app: FastifyInstance) {
  const { botUsername, appShortName } = app.deps.env;
  app.get('/app/config', { config: { public: true } }, async () => ({
    miniAppUrl: `https://t.me/${botUsername}/${appShortName}`,
  }));
}
