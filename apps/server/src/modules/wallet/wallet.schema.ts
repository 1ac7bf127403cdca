import { bigserial, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';

/** TON proof payloads: single use, short-lived, pruned (a few live ones per player). */
export const walletProofs = pgTable(
  'wallet_proofs',
  {
    payload: text('payload').primaryKey(),
    userId: money('user_id').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    index('wallet_proofs_user_idx').on(t.userId, t.expiresAt),
    index('wallet_proofs_expires_idx').on(t.expiresAt),
  ],
);

/** Every wallet bind (an address) and unbind (null), append-only: the bound wallet at any instant. */
export const walletEvents = pgTable(
  'wallet_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: money('user_id').notNull(),
    walletAddress: text('wallet_address'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('wallet_events_user_idx').on(t.userId, t.createdAt)],
);

/** The wallet each player has bound now (the latest bind of wallet_events): one per player, one player per address. */
export const wallets = pgTable(
  'wallets',
  {
    userId: money('user_id').primaryKey(),
    address: text('address').notNull(),
  },
  (t) => [
    uniqueIndex('wallets_address_idx').on(t.address),
    // The console's search by prefix (modules/admin searchPlayers).
    index('wallets_address_prefix_idx').on(t.address.op('text_pattern_ops')),
  ],
);
