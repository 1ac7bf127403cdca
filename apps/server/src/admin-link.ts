// `npm run admin:link -- <telegram id>`: prints a one-time sign-in link to the operator console
// for an operator listed in ADMIN_IDS (valid 15 minutes, usable once).
import { seededRng } from '@egg-rush/game/rng';
import { openDatabase } from './db/client.ts';
import { loadEnv } from './env.ts';
import { bansOf } from './lib/bans.ts';
import { createAdminService } from './modules/admin/admin.service.ts';

const env = loadEnv();
const id = Number(process.argv[2]);
if (!Number.isSafeInteger(id) || id <= 0) {
  console.error('usage: npm run admin:link -- <telegram id>');
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
await database.migrate();
const deps = { env, database, redis: undefined, now: Date.now, rng: seededRng(1) };
try {
  const secret = await createAdminService(deps, bansOf(database)).createLink(id);
  console.log(`${env.publicUrl}/admin#link=${secret}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
