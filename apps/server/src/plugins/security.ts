import cors from '@fastify/cors';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/** The CSP hash of an empty inline event handler (sha256 of ""). */
export const EMPTY_HANDLER_HASH = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';

/** Telegram clients that embed the mini-app in a frame. */
const TELEGRAM_FRAMES = ['https://web.telegram.org', 'https://*.telegram.org', 'https://*.t.me'];

/**
 * Security headers (helmet) and CORS limited to PUBLIC_URL. The page may be framed only by
 * Telegram's web clients; it loads scripts only from itself.
 */
export async function registerSecurity(app: FastifyInstance) {
  // Built once: helmet's middleware sets the same headers on every reply. (The Fastify wrapper
  // rebuilds it, CSP parsing included, on every request.)
  const headers = helmet({
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // TON Connect's widget sets an empty `ontouchstart` on <body> (so that iOS shows :active
        // states); the hash of the empty handler lets that one through, and no other.
        scriptSrcAttr: ["'unsafe-hashes'", `'${EMPTY_HANDLER_HASH}'`],
        // canvas-confetti draws off the main thread in a worker it creates from a blob.
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'https:', 'wss:'],
        frameAncestors: ["'self'", ...TELEGRAM_FRAMES],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  await app.register(cors, { origin: [app.deps.env.publicUrl], credentials: false });
}
