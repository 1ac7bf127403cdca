import type { DailyClaimResponse } from '@egg-rush/contract/daily';
import { claimDaily } from '@egg-rush/game/daily';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { notFound, refused } from '../../lib/errors.ts';
import { gameConfig } from '../config/index.ts';
import { creditPrize } from '../accounts/index.ts';
import { write } from '../ledger/index.ts';
import { dailyState, recordCheckIn } from './daily.repository.ts';

export const ALREADY_CHECKED_IN = 'You have already checked in today.';

export function createDailyService(deps: Deps) {
  return {
    /** The daily check-in: once per game day (UTC-6), streak continued or reset. */
    async claim(userId: number): Promise<DailyClaimResponse> {
      const now = deps.now();
      const config = await gameConfig(deps, userId);
      return write(deps, async (tx, fx): Promise<DailyClaimResponse> => {
        const state = await dailyState(tx, userId);
        const claim = claimDaily(state.lastDailyDay, state.rewardStreak, now, config.daily.rewards);
        if (!claim.ok || !(await recordCheckIn(tx, userId, claim.today, claim.day)))
          throw refused('ALREADY_CLAIMED', ALREADY_CHECKED_IN);
        const paid = await creditPrize(tx, userId, {
          onion: claim.onion,
          ticket: claim.ticket,
          chests: claim.chest,
        });
        if (!paid) throw notFound('Player not found.');
        fx.ledger({
          userId,
          kind: 'daily',
          deltaCoins: claim.onion,
          deltaTicket: claim.ticket,
          ref: `day:${claim.today}`,
          at: new Date(now),
        });
        return {
          status: 'success',
          onionData: paid.onion,
          ticketReward: claim.ticket,
          eggReward: claim.onion,
          chestReward: claim.chest,
          day: claim.day,
        };
      });
    },
  };
}

/** The daily check-in's part of the player's profile (registered with modules/users). */
export async function dailyProfile(tx: Tx, userId: number, now: number) {
  const state = await dailyState(tx, userId);
  return {
    rewardStreak: state.rewardStreak,
    dailyClaimable: claimDaily(state.lastDailyDay, state.rewardStreak, now).ok,
  };
}
