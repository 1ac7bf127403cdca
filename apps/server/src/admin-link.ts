// `npm run admin:link -- <telegram id>`: prints a one-time sign-in link to the operator console
// for an operator listed in ADMIN_IDS (valid 15 minutes, usable once). The link is signed, not
// stored: this command never opens the database, so it works while the server holds the embedded
// one. It needs the server's JWT_SECRET (or, without one, the same DATA_DIR).
import { loadEnv } from './env.ts';
import { createAdminLink } from './modules/admin/index.ts';

const env = loadEnv();
const id = Number(process.argv[2]);
if (!Number.isSafeInteger(id) || id <= 0) {
  console.error('usage: npm run admin:link -- <telegram id>');
  process.exit(2);
}
try {
  console.log(`${env.publicUrl}/admin#link=${createAdminLink(env, id, Date.now())}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
