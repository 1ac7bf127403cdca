import type { PlayResultResponse, PlayStartResponse } from '@egg-rush/contract/play';
import { RESULT_SEAL } from '@egg-rush/contract/play-seal';
import { call } from '../../lib/api-client.ts';
import { useProfileCache } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';

/** A round as /play/start answers it: its game id and the key that seals its result. */
export interface Round {
  gameId: string;
  key: string;
}

const utf8 = new TextEncoder();

/** Bytes in base64url without padding. */
const base64url = (bytes: Uint8Array) =>
  btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/**
 * Seals a round's result with the round's own key (no secret is built into the app), with Web
 * Crypto, as the contract's RESULT_SEAL says: AES-256-GCM under a key derived from the round's key
 * by HKDF. It only obfuscates: the server checks the game's owner, time and possible score.
 */
export async function sealResult(score: number, round: Round): Promise<string> {
  const { subtle } = globalThis.crypto;
  const roundKey = await subtle.importKey('raw', utf8.encode(round.key), 'HKDF', false, ['deriveKey']);
  const key = await subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8.encode(RESULT_SEAL.hkdfInfo) },
    roundKey,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt'],
  );
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(RESULT_SEAL.ivBytes));
  const plaintext = utf8.encode(JSON.stringify({ score, gameId: round.gameId }));
  // The ciphertext with its tag (RESULT_SEAL.tagBytes, Web Crypto's default) at the end.
  const sealed = new Uint8Array(
    await subtle.encrypt({ name: 'AES-GCM', iv, tagLength: RESULT_SEAL.tagBytes * 8 }, key, plaintext),
  );
  const bytes = new Uint8Array(iv.length + sealed.length);
  bytes.set(iv);
  bytes.set(sealed, iv.length);
  return `${RESULT_SEAL.version}.${base64url(bytes)}`;
}

export function usePlayApi() {
  const { user } = useSession();
  const profile = useProfileCache();
  return {
    async start(): Promise<PlayStartResponse> {
      const reply = await call('playStart', { body: { userid: user.id } });
      if (reply.success) profile.patch({ ticket: reply.ticket });
      return reply;
    },
    async finish(score: number, round: Round): Promise<PlayResultResponse> {
      const reply = await call('playResult', {
        body: {
          userid: user.id,
          data: await sealResult(score, round),
        },
      });
      void profile.refresh();
      return reply;
    },
  };
}
