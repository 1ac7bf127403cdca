// `npm run reconcile`: checks that every player's coins and tickets equal the sums of their
// economy_events rows, prints the mismatches, and exits 1 when there is any.
import { openDatabase } from './db/client.ts';
import { loadEnv } from './env.ts';
import { findLedgerMismatches } from './modules/accounts/index.ts';
import { countUsers } from './modules/users/index.ts';

const env = loadEnv();
const database = await openDatabase({
  databaseUrl: env.databaseUrl,
  dataDir: env.dataDir,
  statementTimeoutMs: 0,
});
await database.migrate();
const players = (await countUsers(database.db, new Date())).total;
const mismatches = await findLedgerMismatches(database.db);
for (const m of mismatches) {
  console.log(
    `player ${m.userId}: coins ${m.coins} vs ledger ${m.ledgerCoins}, ticket ${m.ticket} vs ledger ${m.ledgerTicket}`,
  );
}
console.log(JSON.stringify({ players, mismatches: mismatches.length }));
await database.close();
process.exit(mismatches.length > 0 ? 1 : 0);
