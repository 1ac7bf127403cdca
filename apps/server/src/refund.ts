// `npm run refund -- <charge id>`: gives a Stars payment back through Telegram
// (refundStarPayment) and takes its tickets back from the player (never below zero; what they
// had already spent is recorded in the ledger as the shortfall). Running it twice refunds once.
import { openDatabase } from './db/client.ts';
import { loadEnv } from './env.ts';
import { telegramApi } from './modules/bot/index.ts';
import { createPaymentsService } from './modules/payments/index.ts';

const chargeId = process.argv[2]?.trim();
if (!chargeId) {
  console.error('usage: npm run refund -- <telegram_payment_charge_id>');
  process.exit(2);
}
const env = loadEnv();
if (!env.botEnabled) {
  console.error('BOT_TOKEN is not set: refunds go through the bot.');
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
await database.migrate();
const payments = createPaymentsService({ env, database, redis: undefined, now: Date.now, rng: Math.random });
let code = 0;
try {
  const outcome = await payments.refund(chargeId, telegramApi(env));
  console.log(JSON.stringify({ chargeId, ...outcome }));
  if (outcome.status === 'unknown') code = 1;
} catch (error) {
  console.error(`refund failed: ${(error as Error).message}`);
  code = 1;
}
await database.close();
process.exit(code);
