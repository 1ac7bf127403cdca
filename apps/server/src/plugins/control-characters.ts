import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request is another system's own data, relayed as sent (Telegram's updates carry the
     * messages people type, line breaks included), not a field a player or an operator fills in.
     */
    foreignText?: boolean;
    /**
     * Top-level body fields whose text may hold line feeds (\n, and no other control character):
     * a player's own paragraphs, as a textarea sends them.
     */
    lineBreaks?: readonly string[];
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
/** CONTROL without the line feed, for the fields a route lets hold paragraphs. */
// eslint-disable-next-line no-control-regex -- as above.
const CONTROL_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/**
 * Every string of the path, the query and the body, with control characters, is refused with
 * 400 BAD_REQUEST naming the field, before any schema or handler sees it: so a NUL never reaches
 * PostgreSQL (which refuses it in text with an error), a log line or another player's screen,
 * whatever the route. One preValidation hook, so a new route cannot forget it.
 */
export function registerControlCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const { foreignText, lineBreaks } = request.routeOptions.config;
    if (foreignText) return;
    for (const [where, value, multiline] of [
      ['params', request.params, undefined],
      ['querystring', request.query, undefined],
      ['body', request.body, lineBreaks],
    ] as const) {
      const field = controlCharacterAt(value, multiline);
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
 * control character, or undefined; the strings at the `lineBreaks` paths may hold line feeds.
 * Iterative, so the deepest body the parser accepts walks in constant stack.
 */
export function controlCharacterAt(value: unknown, lineBreaks: readonly string[] = []): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if ((lineBreaks.includes(path) ? CONTROL_BUT_LF : CONTROL).test(item)) return path;
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
