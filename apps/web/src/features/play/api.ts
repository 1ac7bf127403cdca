import CryptoJS from 'crypto-js';
import type { PlayResultResponse, PlayStartResponse } from '@egg-rush/contract/play';
import { call } from '../../lib/api-client.ts';
import { useProfileCache } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';

/** A round as /play/start answers it: its game id and the key that seals its result. */
export interface Round {
  gameId: string;
  key: string;
}

/**
 * Seals a round's result with the round's own key (no secret is built into the app). It only
 * obfuscates: the server checks the game's owner, time and possible score.
 */
export const sealResult = (score: number, round: Round) =>
  CryptoJS.AES.encrypt(JSON.stringify({ score, gameId: round.gameId }), round.key).toString();

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
          data: sealResult(score, round),
        },
      });
      void profile.refresh();
      return reply;
    },
  };
}
