import { z } from 'zod';
import { publicSnapshotResponse } from './admin.ts';
import { airdropDump, airdropWalletParams, airdropWalletResponse } from './airdrop.ts';
import { devLaunchQuery, devLaunchResponse } from './auth.ts';
import { telegramUpdate, webhookResponse } from './bot.ts';
import { notModified, type RouteSchemas } from './common.ts';
import { healthResponse, openApiDocument, readyResponse } from './meta.ts';
import type { serviceRoutes } from './routes.ts';
import { tonConnectManifestResponse } from './wallet.ts';

/** The schemas of the routes others call (routes.ts, serviceRoutes), by the same names. */
export const serviceApi = {
  devLaunch: { query: devLaunchQuery, reply: devLaunchResponse },
  botWebhook: { body: telegramUpdate, reply: webhookResponse },
  publicSnapshot: { reply: publicSnapshotResponse },
  airdropWallet: { params: airdropWalletParams, reply: airdropWalletResponse, also: { 304: notModified } },
  airdropDump: { reply: airdropDump, also: { 304: notModified } },
  jettonMetadata: { reply: z.record(z.string(), z.string()), also: { 304: notModified } },
  health: { reply: healthResponse, also: { 503: healthResponse } },
  ready: { reply: readyResponse, also: { 503: readyResponse } },
  openApi: { reply: openApiDocument },
  metrics: { reply: z.string() },
  tonConnectManifest: { reply: tonConnectManifestResponse },
} as const satisfies Record<keyof typeof serviceRoutes, RouteSchemas>;
