// Values that must never reach the web build: server secrets and a game passphrase, set in the
// environment of the build that e2e/build.mjs makes (e2e/secrets.test.mjs looks for them).
import { fileURLToPath } from 'node:url';

export const CANARIES = {
  BOT_TOKEN: '123456:canary-bot-token',
  JWT_SECRET: 'canary-jwt-secret-0123456789abcdef',
  GAME_SECRET: 'canary-server-game-secret',
  DATABASE_URL: 'postgres://canary-db-password@db/egg',
  REDIS_URL: 'redis://:canary-redis-password@cache',
  VITE_GAME_SECRET: 'canary-game-passphrase',
};

export const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
export const WEB_INDEX = `${WEB_DIST}/index.html`;
/** Which canaries the last e2e/build.mjs set, and the build (index.html's time) they went into. */
export const CANARY_RECORD = fileURLToPath(
  new URL('../node_modules/.cache/web-build-canaries.json', import.meta.url),
);
