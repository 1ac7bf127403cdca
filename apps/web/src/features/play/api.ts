import CryptoJS from 'crypto-js';
import type { PlayResultResponse, PlayStartResponse } from '@egg-rush/contract/play';
import { post } from '../../lib/api-client.ts';
import { useProfileCache } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * The result passphrase built into the client. It only obfuscates: the server
 * checks the game's owner, time and possible score. Set VITE_GAME_SECRET at build time to match
 * the server's GAME_SECRET; the default matches the server's development passphrase.
 */
const PASSPHRASE: string = import.meta.env.VITE_GAME_SECRET ?? 'egg-rush-development-passphrase';

export const sealResult = (score: number, gameId: string) =>
  CryptoJS.AES.encrypt(JSON.stringify({ score, gameId }), PASSPHRASE).toString();

export function usePlayApi() {
  const { user } = useSession();
  const profile = useProfileCache();
  return {
    async start(): Promise<PlayStartResponse> {
      const reply = await post('/play/start', 'playStartResponse', { userid: user.id });
      if (reply.success) profile.patch({ ticket: reply.ticket });
      return reply;
    },
    async finish(score: number, gameId: string): Promise<PlayResultResponse> {
      const reply = await post('/play/result', 'playResultResponse', {
        userid: user.id,
        data: sealResult(score, gameId),
      });
      void profile.refresh();
      return reply;
    },
  };
}
