// `npm run airdrop:deploy -- <allocation id>`: prints the message that deploys the airdrop's jetton
// minter for a published allocation, to be sent from the operator's own wallet (TON Connect or any
// wallet that takes a state_init), and the jetton's TEP-64 metadata. No key is involved: the last
// line is JSON `{ address, amount, stateInit, payload, metadata, contentUri }` (base64 BOCs).
import { seededRng } from '@egg-rush/game/rng';
import { openDatabase } from './db/client.ts';
import { loadEnv } from './env.ts';
import { createAirdropService } from './modules/airdrop/index.ts';

const env = loadEnv();
const id = Number(process.argv[2]);
if (!Number.isSafeInteger(id) || id <= 0) {
  console.error('usage: npm run airdrop:deploy -- <allocation id>');
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
await database.migrate();
const deps = { env, database, redis: undefined, now: Date.now, rng: seededRng(1) };
try {
  const { allocation, contentUri, message, metadata } = await createAirdropService(deps).deployment(id);
  console.log(
    `Allocation ${allocation.id}: ${allocation.wallets} wallets, ${allocation.total} units of ${allocation.decimals} decimals, root ${allocation.root}.`,
  );
  console.log(
    `Send the message below from the minter's admin wallet. Its content URI ${contentUri} serves the metadata.`,
  );
  console.log(JSON.stringify({ ...message, metadata, contentUri }));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
