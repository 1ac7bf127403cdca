// `npm run airdrop:deploy -- <allocation id>`: prints the two messages that deploy the airdrop's
// jetton for a published allocation, to be sent in order from the operator's own wallet (TON Connect
// or any wallet that takes a state_init): first the library (the jetton wallet's code published on
// the masterchain, which every claim's state init refers to), then the minter; and the jetton's
// TEP-64 metadata. No key is involved. The last line is JSON
// `{ messages: [library, minter], metadata, contentUri }`, each message `{ address, amount, stateInit,
// payload }` (base64 BOCs).
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
  const { allocation, contentUri, library, message, messages, metadata } =
    await createAirdropService(deps).deployment(id);
  console.log(
    `Allocation ${allocation.id}: ${allocation.wallets} wallets, ${allocation.total} units of ${allocation.decimals} decimals, root ${allocation.root}.`,
  );
  console.log(
    `1. The library: ${library.address} (masterchain), ${Number(library.amount) / 1e9} TON for its storage; anyone may top it up later.`,
  );
  console.log(
    `2. The minter: ${message.address}, from the minter's admin wallet, once the library is published.`,
  );
  console.log(`Send both messages below in this order. The content URI ${contentUri} serves the metadata.`);
  console.log(JSON.stringify({ messages, metadata, contentUri }));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
