import type {
  BuyMiningBody,
  BuyMiningResponse,
  MiningDataResponse,
  MiningItemView,
} from '@egg-rush/contract/mining';
import {
  configuredItem,
  decideBuy,
  findCategory,
  findItem,
  imageLink,
  itemsOf,
  MAX_MINING_LEVEL,
  nextPrice,
  type MiningCategory,
  type MiningConfig,
  type MiningItem,
} from '@egg-rush/game/mining';
import { incomeMultiplier } from '@egg-rush/game/boosts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, notFound, refused } from '../../lib/errors.ts';
import { noteComboUpgrade } from '../combo/index.ts';
import { gameConfig } from '../config/index.ts';
import { write } from '../ledger/index.ts';
import { incomeEvents } from '../events/index.ts';
import { recordRequest, settleIncome } from '../accounts/index.ts';
import { findUser } from '../users/index.ts';
import { applyPurchase, findLevel, findLevels, raiseLevel } from './mining.repository.ts';

/** Mining's refusal texts (docs/game-rules.md, Messages). */
export const NOT_ENOUGH_COIN = 'Not Enough Coin!';
export const MAX_LEVEL_REACHED = 'This upgrade is at its highest level.';

/** An item as the player sees it, priced by the active configuration's `mining`. */
function view(catalogued: MiningItem, level: number, config: MiningConfig): MiningItemView {
  const item = configuredItem(catalogued, config);
  return {
    id: item.id,
    name: item.name,
    imageLink: imageLink(item),
    level,
    price: nextPrice(item, level, config.priceGrowth),
    profit: item.profitPerLevel,
    maxed: level >= MAX_MINING_LEVEL,
  };
}

export function createMiningService(deps: Deps) {
  return {
    /** The catalogue with the player's levels: may lag a purchase by a moment (the replica). */
    async data(userId: number): Promise<MiningDataResponse> {
      const { replica } = deps.database;
      if (!(await findUser(replica, userId))) throw notFound('Player not found.');
      const levels = await findLevels(replica, userId);
      const { mining } = await gameConfig(deps, userId);
      const list = (c: MiningCategory) =>
        itemsOf(c).map((item) => view(item, levels.get(item.id) ?? 0, mining));
      return {
        rides: list('rides'),
        team: list('team'),
        concessions: list('concessions'),
        policy: list('policy'),
        welfare: list('welfare'),
      };
    },

    /**
     * Buys the next level of an item. Income accrued at the old rate is settled first, in the
     * same transaction, so the raise applies only from now on.
     */
    async buy(userId: number, body: BuyMiningBody): Promise<BuyMiningResponse> {
      const category = findCategory(body.title);
      if (!category) throw badRequest('Unknown mining category.', 'UNKNOWN_CATEGORY');
      const item = findItem(category, body.item);
      if (!item) throw badRequest('Unknown mining item.', 'UNKNOWN_ITEM');
      const now = deps.now();
      // The price and profit of the active configuration, never the client's.
      const { mining } = await gameConfig(deps, userId);
      // The income events, read before the transaction (the settled income may pay their extra).
      const events = await incomeEvents(deps, now);
      return write(deps, async (tx, fx): Promise<BuyMiningResponse> => {
        // Locks the row and pays the income accrued at the old rate before the rate changes.
        const user = await settleIncome(tx, fx, userId, now, events);
        const level = await findLevel(tx, userId, item.id);
        // Bought before with this id (its answer was lost): the item and balances as they are now.
        if (body.request !== undefined && !(await recordRequest(tx, userId, body.request))) {
          return {
            success: true,
            onion: user.coins,
            perProfit: user.earnPerHour,
            changeData: view(item, level, mining),
          };
        }
        const decision = decideBuy(
          configuredItem(item, mining),
          level,
          user.coins,
          incomeMultiplier(user.boosts),
          mining.priceGrowth,
        );
        if (!decision.ok) {
          throw decision.reason === 'max-level'
            ? refused('MAX_LEVEL', MAX_LEVEL_REACHED)
            : refused('NOT_ENOUGH_COIN', NOT_ENOUGH_COIN);
        }
        const paid = await applyPurchase(tx, {
          userId,
          price: decision.price,
          profitGain: decision.profitGain,
        });
        if (!paid) throw refused('NOT_ENOUGH_COIN', NOT_ENOUGH_COIN);
        if (!(await raiseLevel(tx, userId, item.id, level))) throw refused('BUSY', 'Please try again.');
        const at = new Date(now);
        fx.ledger({
          userId,
          kind: 'mining',
          deltaCoins: -decision.price,
          ref: `${item.id}:${decision.level}`,
          at,
        });
        fx.progress(userId, 'mining');
        await noteComboUpgrade(deps, tx, userId, item.id, now);
        return {
          success: true,
          onion: paid.onion,
          perProfit: paid.earnPerHour,
          changeData: view(item, decision.level, mining),
        };
      });
    },
  };
}
