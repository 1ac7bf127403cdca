import { randomBytes } from 'node:crypto';
import type { ProofCheckBody, ProofPayloadResponse, WalletResponse } from '@egg-rush/contract/wallet';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, refused, sqlState, UNIQUE_VIOLATION } from '../../lib/errors.ts';
import {
  bindAddress,
  createProofPayload,
  ownerOfAddress,
  pruneProofPayloads,
  sweepExpiredPayloads,
  usePayload,
} from './wallet.repository.ts';
import { checkTonProof, TON_PROOF_TTL_MS } from './ton-proof.ts';
import { WALLET_VERSIONS } from './wallet-codes.ts';

export const WALLET_MESSAGES = {
  payload: 'This wallet proof has expired or was already used. Please connect again.',
  proof: 'The wallet could not prove it owns this address.',
  address: 'This is not a valid TON address.',
  taken: 'This wallet is already linked to another player.',
} as const;

/** Live proof payloads kept per player besides a new one (design choice: a few open dialogs). */
export const LIVE_PAYLOADS_KEPT = 2;
/** Expired payloads of any player deleted per request, at most (a bounded sweep). */
export const PAYLOAD_SWEEP_LIMIT = 100;

/** What payload() issues: 32 random bytes in hex. */
const ISSUED_PAYLOAD = /^[0-9a-f]{64}$/;

/** A wallet bound: the player, the address (raw form), when, and the wallet version its proof's code names. */
export interface WalletBind {
  userId: number;
  address: string;
  at: Date;
  version: string;
}

/**
 * A module's part in binding and unbinding wallets: `bound` and `unbound` run in the bind's
 * transaction, `afterBound` once it committed. The wallet module imports no feature: the modules
 * that follow binds (the fairness signals, the console's funnel) register at start-up (bootstrap.ts).
 */
export interface BindFollower {
  bound?(tx: Tx, bind: WalletBind): Promise<void>;
  unbound?(tx: Tx, userId: number): Promise<void>;
  afterBound?(deps: Deps, userId: number): void;
}

const followers = new Map<string, BindFollower>();

/** Registers (or replaces, by name) a module's part in every bind and unbind. */
export function followBinds(name: string, follower: BindFollower): void {
  followers.set(name, follower);
}

/** Proof of wallet ownership (TON Connect ton_proof) and the player's bound address. */
export function createWalletService(deps: Deps) {
  const { db } = deps.database;
  return {
    async payload(userId: number): Promise<ProofPayloadResponse> {
      const payload = randomBytes(32).toString('hex');
      const now = deps.now();
      const expiresAt = now + TON_PROOF_TTL_MS;
      // The table stays bounded: a few live payloads per player, expired ones swept.
      await sweepExpiredPayloads(db, new Date(now), PAYLOAD_SWEEP_LIMIT);
      await pruneProofPayloads(db, userId, new Date(now), LIVE_PAYLOADS_KEPT);
      await createProofPayload(db, payload, userId, new Date(expiresAt));
      return { payload, expiresAt };
    },

    async check(userId: number, body: ProofCheckBody): Promise<WalletResponse> {
      const now = deps.now();
      const result = checkTonProof(body, { domains: deps.env.tonProofDomains, now });
      if (!result.ok) {
        if (result.reason === 'address') throw badRequest(WALLET_MESSAGES.address);
        throw refused('BAD_PROOF', WALLET_MESSAGES.proof);
      }
      const address = result.address.toRawString();
      const bound = await deps.database.transaction(async (tx) => {
        // Only a payload as issued (hex) is looked up: text such as NUL cannot even reach a query.
        if (
          !ISSUED_PAYLOAD.test(body.proof.payload) ||
          !(await usePayload(tx, body.proof.payload, userId, new Date(now)))
        ) {
          throw refused('BAD_PAYLOAD', WALLET_MESSAGES.payload);
        }
        const owner = await ownerOfAddress(tx, address);
        if (owner !== undefined && owner !== userId) throw refused('WALLET_TAKEN', WALLET_MESSAGES.taken);
        try {
          await bindAddress(tx, userId, address, new Date(now));
        } catch (error) {
          // Another player bound it between the check and the bind: the unique index decides.
          if (sqlState(error) === UNIQUE_VIOLATION) throw refused('WALLET_TAKEN', WALLET_MESSAGES.taken);
          throw error;
        }
        const bind = { userId, address, at: new Date(now), version: WALLET_VERSIONS[result.kind] };
        for (const follower of followers.values()) await follower.bound?.(tx, bind);
        return { address };
      });
      for (const follower of followers.values()) follower.afterBound?.(deps, userId);
      return bound;
    },

    async unbind(userId: number): Promise<WalletResponse> {
      await deps.database.transaction(async (tx) => {
        await bindAddress(tx, userId, null, new Date(deps.now()));
        for (const follower of followers.values()) await follower.unbound?.(tx, userId);
      });
      return { address: null };
    },
  };
}
