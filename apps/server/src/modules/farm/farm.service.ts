import type { FarmClaimResponse, FarmStartResponse, FarmStatusResponse } from '@egg-rush/contract/farm';
import { canClaimFarm, canStartFarm, FARM_DURATION_MS, FARM_REWARD, farmStatus } from '@egg-rush/game/farm';
import type { Deps } from '../../lib/deps.ts';
import { notFound, refused } from '../../lib/errors.ts';
import { creditPrize, currentBalances, findAccount } from '../accounts/index.ts';
import { write } from '../ledger/index.ts';
import { endFarm, farmStartedAt, startFarm } from './farm.repository.ts';

export const FARM_MESSAGES = {
  started: 'Farm started.',
  alreadyFarming: 'You are already farming.',
  notStarted: 'Start farming first.',
  notFinished: 'Farming is not finished yet.',
} as const;

export function createFarmService(deps: Deps) {
  const { db } = deps.database;

  async function startedAt(userId: number) {
    return (await farmStartedAt(db, userId))?.getTime() ?? null;
  }

  return {
    async status(userId: number): Promise<FarmStatusResponse> {
      const now = deps.now();
      const at = await startedAt(userId);
      const s = farmStatus(at, now);
      return {
        reward: FARM_REWARD,
        duration: FARM_DURATION_MS,
        started: s.started,
        remainTime: s.remainTime,
        startedAt: at,
        serverTime: now,
      };
    },

    async start(userId: number): Promise<FarmStartResponse> {
      const now = deps.now();
      if (canStartFarm(await startedAt(userId)))
        throw refused('ALREADY_FARMING', FARM_MESSAGES.alreadyFarming);
      if (!(await startFarm(db, userId, new Date(now)))) {
        throw refused('ALREADY_FARMING', FARM_MESSAGES.alreadyFarming);
      }
      return { success: true, remainTime: FARM_DURATION_MS, msg: FARM_MESSAGES.started };
    },

    async claim(userId: number): Promise<FarmClaimResponse> {
      const now = deps.now();
      return write(deps, async (tx, fx): Promise<FarmClaimResponse> => {
        if (!(await endFarm(tx, userId, new Date(now - FARM_DURATION_MS)))) {
          const why = canClaimFarm((await farmStartedAt(tx, userId))?.getTime() ?? null, now);
          if (why === 'not-started') throw refused('FARM_NOT_STARTED', FARM_MESSAGES.notStarted);
          throw refused('FARM_NOT_FINISHED', FARM_MESSAGES.notFinished);
        }
        const paid = await creditPrize(tx, userId, { onion: FARM_REWARD });
        if (!paid) throw notFound('Player not found.');
        fx.ledger({ userId, kind: 'farm', deltaCoins: FARM_REWARD, at: new Date(now) });
        const account = await findAccount(tx, userId);
        return {
          success: true,
          reward: FARM_REWARD,
          onion: account ? currentBalances(account, now).coins : paid.onion,
          msg: `You claimed ${FARM_REWARD} onions`,
        };
      });
    },
  };
}
