import { sql } from 'drizzle-orm';
import { refillsLeft } from '@egg-rush/game/boosts';
import type { GameConfig } from '@egg-rush/game/config';
import { settleEnergy } from '@egg-rush/game/energy';
import { incomeEventExtras, type EventSpan } from '@egg-rush/game/events';
import { settleIncome as settleIncomeRule } from '@egg-rush/game/income';
import { queryRows, type Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { ledgerSumsSql, type Effects, type LedgerEntry } from '../ledger/index.ts';
import {
  balancesSql,
  changeAccount,
  creditIncome,
  findAccount,
  lockAccount,
  type AccountRow,
} from './accounts.repository.ts';

/** The values that move with the clock, as they are at `now` (nothing is written). */
/** `regenMs`: the active configuration's energy.regenMs (modules/config). */
export function currentBalances(account: AccountRow, now: number, regenMs?: number) {
  const energy = settleEnergy(account.energy, account.maxEnergy, account.energyAt.getTime(), now, regenMs);
  const income = settleIncomeRule(account.earnPerHour, account.incomeAt.getTime(), now);
  return { energy: energy.value, coins: account.coins + income.coins, pendingIncome: income.coins };
}

/**
 * The income events a settlement pays (modules/events incomeEvents, read before the write): the
 * spans in which they paid, and how a payment is counted towards its event's total.
 */
export interface IncomeEvents {
  spans: readonly EventSpan[];
  record(tx: Tx, entries: readonly LedgerEntry[]): Promise<void>;
}

/**
 * Locks the player's account and pays the passive income accrued up to `now` (coins and the
 * lifetime score, with an 'income' ledger row), inside the caller's write (modules/ledger). Call
 * it first in any write that changes earnPerHour (boosts, mining) so that the old rate pays for
 * the time before the change. With `events`, the income accrued inside an income event's window
 * pays its extra too (ledger kind 'event', ref the event's id: packages/game/src/events.ts
 * incomeEventExtras). Returns the locked, settled account.
 */
export async function settleIncome(
  tx: Tx,
  fx: Effects,
  userId: number,
  now: number,
  events?: IncomeEvents,
): Promise<AccountRow> {
  const account = await lockAccount(tx, userId);
  if (!account) throw notFound('Player not found.');
  const settled = settleIncomeRule(account.earnPerHour, account.incomeAt.getTime(), now);
  if (settled.coins === 0 && settled.at === account.incomeAt.getTime()) return account;
  const extras = events
    ? incomeEventExtras(account.earnPerHour, account.incomeAt.getTime(), now, events.spans)
    : [];
  const entries: LedgerEntry[] = extras.map((e) => ({
    userId,
    kind: 'event',
    deltaCoins: e.extra,
    ref: String(e.id),
    at: new Date(now),
  }));
  const extra = extras.reduce((sum, e) => sum + e.extra, 0);
  const row = await creditIncome(tx, userId, settled.coins + extra, new Date(settled.at));
  fx.ledger([{ userId, kind: 'income', deltaCoins: settled.coins, at: new Date(now) }, ...entries]);
  if (events && entries.length > 0) await events.record(tx, entries);
  return row;
}

export interface Prize {
  /** Coins: raise the balance and the lifetime score, as every earning does. */
  onion?: number;
  ticket?: number;
  /** Treasure chests. */
  chests?: number;
}

/**
 * Credits a prize in one statement (the caller writes its ledger row through the write path);
 * the new balances, or undefined when the player does not exist.
 */
export async function creditPrize(tx: Tx, userId: number, prize: Prize) {
  const { onion = 0, ticket = 0, chests = 0 } = prize;
  const row = await changeAccount(tx, userId, { coins: onion, score: onion, tickets: ticket, chests });
  return row ? { onion: row.coins, ticket: row.ticket, totalScore: row.totalScore } : undefined;
}

export interface LedgerMismatch {
  userId: number;
  coins: number;
  ledgerCoins: number;
  ticket: number;
  ledgerTicket: number;
}

/** Players whose coins or tickets differ from the sums of their ledger rows. */
export async function findLedgerMismatches(tx: Tx): Promise<LedgerMismatch[]> {
  const rows = await queryRows<Record<string, string | number>>(
    tx,
    sql`
    select a.user_id, a.coins, a.ticket,
           coalesce(e.coins, 0) as ledger_coins, coalesce(e.ticket, 0) as ledger_ticket
    from ${balancesSql} a
    left join ${ledgerSumsSql} e on e.user_id = a.user_id
    where a.coins <> coalesce(e.coins, 0) or a.ticket <> coalesce(e.ticket, 0)
    order by a.user_id`,
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    coins: Number(r.coins),
    ledgerCoins: Number(r.ledger_coins),
    ticket: Number(r.ticket),
    ledgerTicket: Number(r.ledger_ticket),
  }));
}

/**
 * The profile's account part (modules/users ProfileParts): the balances as they are at `now`, by
 * the configuration the player is paid by; undefined for no account.
 */
export async function accountProfile(tx: Tx, userId: number, now: number, config: GameConfig) {
  const account = await findAccount(tx, userId);
  if (!account) return undefined;
  const current = currentBalances(account, now, config.energy.regenMs);
  return {
    onion: current.coins,
    ticket: account.ticket,
    totalScore: account.totalScore + current.pendingIncome,
    earnPerHour: account.earnPerHour,
    cheatCount: account.chests,
    energy: current.energy,
    maxEnergy: account.maxEnergy,
    earnPerTap: account.earnPerTap,
    loseEnergyPerTap: account.loseEnergyPerTap,
    boosts: account.boosts.map((name) => ({ name })),
    boostEndAt: account.boostEndAt ? account.boostEndAt.toISOString() : null,
    touchIncomeLevel: account.touchIncomeLevel,
    energyCapacityLevel: account.energyCapacityLevel,
    refillsLeft: refillsLeft(account.refillDay, account.refillCount, now, config.boosts),
  };
}
