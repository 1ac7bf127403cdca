import type { Tx } from '../../db/client.ts';
import { changeAccount, findAccount, type AccountRow } from '../accounts/index.ts';

export async function ticketCount(tx: Tx, userId: number): Promise<number | undefined> {
  return (await findAccount(tx, userId))?.ticket;
}

/**
 * Takes `cost` tickets and pays the prize in one statement, only while the player still has the
 * tickets: concurrent spins never spend a ticket twice. Null when the tickets ran out.
 */
export async function applySpin(
  tx: Tx,
  userId: number,
  spin: { cost: number; onion: number; ticket: number; chest: number },
): Promise<AccountRow | null> {
  return changeAccount(tx, userId, {
    tickets: spin.ticket - spin.cost,
    coins: spin.onion,
    score: spin.onion,
    chests: spin.chest,
    atLeast: { tickets: spin.cost },
  });
}
