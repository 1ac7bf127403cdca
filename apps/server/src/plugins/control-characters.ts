import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request is another system's own data, relayed as sent (Telegram's updates carry the
     * messages people type, line breaks included), not a field a player or an operator fills in.
     */
    foreignText?: boolean;
  }
}

/**
 * C0 controls (NUL, line breaks, escape…), DEL and the C1 controls. No field of the API holds
 * them: ids, names, searches, reasons and links are single lines of text. (Format characters such
 * as U+200B or U+202E are letters' business, not this rule's: names keep them.)
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

/**
 * Every string of the path, the query and the body, with control characters, is refused with
 * 400 BAD_REQUEST naming the field, before any schema or handler sees it: so a NUL never reaches
 * PostgreSQL (which refuses it in text with an error), a log line or another player's screen,
 * whatever the route. One preValidation hook, so a new route cannot forget it.
 */
export function registerControlCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.foreignText) return;
    for (const [where, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = controlCharacterAt(value);
      if (field !== undefined) {
        throw badRequest(
          `Invalid ${where}${field ? ` field '${field}'` : ''}: control characters are not allowed`,
        );
      }
    }
  });
}

/**
 * The path (`a.b.0`, '' for the value itself) of the first string or object key holding a
 * control character, or undefined. Iterative, so the deepest body the parser accepts walks in
 * constant stack.
 */
export function controlCharacterAt(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (CONTROL.test(item)) return path;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const at = path ? `${path}.${key}` : key;
        if (CONTROL.test(key)) return at.replace(CONTROLS, '?');
        pending.push([child, at]);
      }
    }
  }
  return undefined;
}
