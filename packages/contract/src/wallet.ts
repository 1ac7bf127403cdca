import { z } from 'zod';
import { userId } from './common.ts';

/** POST /wallet/proof/payload: a single-use payload for the connect request's tonProof. */
export const proofPayloadResponse = z.object({ payload: z.string(), expiresAt: z.number() });
export type ProofPayloadResponse = z.infer<typeof proofPayloadResponse>;

/** POST /wallet/proof/check: what TON Connect's ton_proof item and account hold. */
export const proofCheckBody = z.object({
  /** Optional; when sent it must be the caller (checked like every body userid). */
  userid: userId.optional(),
  address: z.string().min(1).max(100),
  network: z.enum(['-239', '-3']).optional(),
  proof: z.object({
    timestamp: z.number().int().positive(),
    domain: z.object({ lengthBytes: z.number().int().min(1).max(256), value: z.string().min(1).max(256) }),
    payload: z.string().min(1).max(128),
    signature: z.string().min(1).max(200),
    stateInit: z.string().min(1).max(8192),
  }),
});
export type ProofCheckBody = z.infer<typeof proofCheckBody>;

export const walletResponse = z.object({ address: z.string().nullable() });
export type WalletResponse = z.infer<typeof walletResponse>;

/** GET /app/config (public): where the mini-app lives, for wallets to return to. */
export const appConfigResponse = z.object({ miniAppUrl: z.string() });
export type AppConfigResponse = z.infer<typeof appConfigResponse>;

/** GET /tonconnect-manifest.json (public, at the site root): the TON Connect app manifest. */
export const tonConnectManifestResponse = z.object({
  url: z.string(),
  name: z.string(),
  iconUrl: z.string(),
  termsOfUseUrl: z.string(),
  privacyPolicyUrl: z.string(),
});
export type TonConnectManifest = z.infer<typeof tonConnectManifestResponse>;
