import { createHmac } from 'node:crypto';
import type {
  ComboClaimResponse,
  ComboItem,
  ComboResponse,
  PastComboResponse,
} from '@egg-rush/contract/combo';
import {
  COMBO_REWARD,
  COMBO_SIZE,
  comboComplete,
  comboDay,
  comboFromDigest,
  comboMessage,
  comboRewardKey,
} from '@egg-rush/game/combo';
import { CATEGORY_TITLES, imageLink, type MiningItem } from '@egg-rush/game/mining';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { notFound, refused } from '../../lib/errors.ts';
import { claimOnce, hasClaimed } from '../friends/index.ts';
import { creditPrize, lockAccount } from '../accounts/index.ts';
import { write } from '../ledger/index.ts';
import { findUser } from '../users/index.ts';
import { comboFindsOf, recordComboFind } from './combo.repository.ts';

export const COMBO_INCOMPLETE = 'Find all three cards of the day first.';
export const COMBO_ALREADY_CLAIMED = 'You have already claimed today’s combo.';
export const COMBO_NOT_OVER = 'This day’s combo is still being played.';

/**
 * A game day's combo: chosen by the server from an HMAC of the day under COMBO_SECRET, so no one
 * without the key can tell a day's items before finding them.
 */
export function comboOf(secret: string, day: number): MiningItem[] {
  return comboFromDigest(createHmac('sha256', secret).update(comboMessage(day)).digest());
}

/**
 * Called by a mining upgrade, inside its transaction: when the item is one of the day's combo,
 * the player has found it.
 */
export async function noteComboUpgrade(deps: Deps, tx: Tx, userId: number, itemId: string, now: number) {
  const { day } = comboDay(now);
  if (comboOf(deps.env.comboSecret, day).some((item) => item.id === itemId))
    await recordComboFind(tx, userId, day, itemId, new Date(now));
}

const view = (item: MiningItem): ComboItem => ({
  id: item.id,
  name: item.name,
  category: CATEGORY_TITLES[item.category],
  imageLink: imageLink(item),
});

export function createComboService(deps: Deps) {
  const { db } = deps.database;
  return {
    /** Today's combo as the caller may see it: the found items only. */
    async today(userId: number): Promise<ComboResponse> {
      if (!(await findUser(db, userId))) throw notFound('Player not found.');
      const { day, endsAt } = comboDay(deps.now());
      const combo = comboOf(deps.env.comboSecret, day);
      const [found, claimed] = await Promise.all([
        comboFindsOf(db, userId, day),
        hasClaimed(db, userId, comboRewardKey(day)),
      ]);
      const shown = combo.filter((item) => found.has(item.id));
      return {
        day,
        endsAt,
        size: COMBO_SIZE,
        found: shown.map(view),
        hidden: COMBO_SIZE - shown.length,
        complete: shown.length === COMBO_SIZE,
        claimed,
        reward: { ...COMBO_REWARD },
      };
    },

    /** A finished day's combo, in full; today's (or a later day's) is refused. */
    past(day: number): PastComboResponse {
      if (day >= comboDay(deps.now()).day) throw refused('COMBO_NOT_OVER', COMBO_NOT_OVER);
      return { day, items: comboOf(deps.env.comboSecret, day).map(view) };
    },

    /** Today's reward, once, when the player has found all three items today. */
    async claim(userId: number): Promise<ComboClaimResponse> {
      const now = deps.now();
      const { day } = comboDay(now);
      const at = new Date(now);
      return write(deps, async (tx, fx) => {
        if ((await lockAccount(tx, userId)) === undefined) throw notFound('Player not found.');
        const found = await comboFindsOf(tx, userId, day);
        if (!comboComplete(comboOf(deps.env.comboSecret, day), found))
          throw refused('COMBO_INCOMPLETE', COMBO_INCOMPLETE);
        if (!(await claimOnce(tx, userId, comboRewardKey(day), at)))
          throw refused('ALREADY_CLAIMED', COMBO_ALREADY_CLAIMED);
        const paid = await creditPrize(tx, userId, COMBO_REWARD);
        if (!paid) throw notFound('Player not found.');
        fx.ledger({
          userId,
          kind: 'combo',
          deltaCoins: COMBO_REWARD.onion,
          deltaTicket: COMBO_REWARD.ticket,
          ref: String(day),
          at,
        });
        return { success: true as const, ...paid };
      });
    },
  };
}
