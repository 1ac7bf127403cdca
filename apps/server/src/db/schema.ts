/**
 * Every table, for the database client (typed relational queries) and drizzle-kit. Each module
 * owns its tables in `modules/<module>/<module>.schema.ts`, beside its repository; only that
 * module reads or writes them (eslint.config.js): nothing but the client imports this file.
 */
export * from '../modules/accounts/accounts.schema.ts';
export * from '../modules/admin/admin.schema.ts';
export * from '../modules/airdrop/airdrop.schema.ts';
export * from '../modules/analytics/analytics.schema.ts';
export * from '../modules/audit/audit.schema.ts';
export * from '../modules/bans/bans.schema.ts';
export * from '../modules/bot/bot.schema.ts';
export * from '../modules/cipher/cipher.schema.ts';
export * from '../modules/campaigns/campaigns.schema.ts';
export * from '../modules/combo/combo.schema.ts';
export * from '../modules/config/config.schema.ts';
export * from '../modules/events/events.schema.ts';
export * from '../modules/experiments/experiments.schema.ts';
export * from '../modules/fairness/fairness.schema.ts';
export * from '../modules/fairness/signals.schema.ts';
export * from '../modules/friends/friends.schema.ts';
export * from '../modules/ledger/ledger.schema.ts';
export * from '../modules/mining/mining.schema.ts';
export * from '../modules/payments/payments.schema.ts';
export * from '../modules/play/play.schema.ts';
export * from '../modules/seasons/seasons.schema.ts';
export * from '../modules/squads/squads.schema.ts';
export * from '../modules/tasks/tasks.schema.ts';
export * from '../modules/users/users.schema.ts';
export * from '../modules/wallet/wallet.schema.ts';
