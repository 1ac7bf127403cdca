import type { SpinResponse } from '@egg-rush/contract/spin';
import { drawSpin, SPIN_COST_TICKETS } from '@egg-rush/game/spin';
import type { Deps } from '../../lib/deps.ts';
import { notFound, refused } from '../../lib/errors.ts';
import { gameConfig } from '../config/index.ts';
import { write } from '../ledger/index.ts';
import { currentBalances } from '../accounts/index.ts';
import { applySpin, ticketCount } from './spin.repository.ts';

/** The spin's refusal text (docs/game-rules.md, Messages). */
export const NOT_ENOUGH_TICKET = 'Not Enough Ticket.';

export function createSpinService(deps: Deps) {
  return {
    /** One spin: a ticket taken, a prize drawn on the server and paid, all in one transaction. */
    async spin(userId: number): Promise<SpinResponse> {
      const now = deps.now();
      const config = await gameConfig(deps, userId);
      return write(deps, async (tx, fx) => {
        const tickets = await ticketCount(tx, userId);
        if (tickets === undefined) throw notFound('Player not found.');
        const draw = drawSpin(tickets, deps.rng, config.spin.wheel);
        if (!draw.ok) throw refused('NOT_ENOUGH_TICKET', NOT_ENOUGH_TICKET);
        const { type, value } = draw.prize;
        const paid = {
          onion: type === 'onion' ? value : 0,
          ticket: type === 'ticket' ? value : 0,
          chest: type === 'treasure' ? value : 0,
        };
        const row = await applySpin(tx, userId, { cost: SPIN_COST_TICKETS, ...paid });
        if (!row) throw refused('NOT_ENOUGH_TICKET', NOT_ENOUGH_TICKET);
        fx.ledger({
          userId,
          kind: 'spin',
          deltaCoins: paid.onion,
          deltaTicket: paid.ticket - SPIN_COST_TICKETS,
          ref: `segment:${draw.segment}`,
          at: new Date(now),
        });
        fx.progress(userId, 'spin');
        return {
          cheatData: { type, value },
          segment: draw.segment,
          onion: currentBalances(row, now, config.energy.regenMs).coins,
          ticket: row.ticket,
          cheatCount: row.chests,
        };
      });
    },
  };
}
