import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Bot API call as the fake received it. */
export interface Call {
  method: string;
  payload: Record<string, unknown>;
}

type Answer =
  | { ok: true; result: unknown }
  | { ok: false; error_code: number; description: string; parameters?: { retry_after: number } };

/**
 * A local stand-in for the Telegram Bot API (POST /bot<token>/<method>, JSON in, `{ ok, result }`
 * out) that records every call. Chats in `blocked` answer sendMessage with Telegram's 403;
 * `members` says who follows the channel (any channel asked); `memberships` says it per channel
 * (key `<chat_id>:<user id>`), before `members`. Methods in `hang` are never answered; methods in
 * `limited` answer 429 with that retry_after; editing a message to the text and buttons it
 * already has answers Telegram's 400 "message is not modified".
 */
export async function startFakeTelegram() {
  const calls: Call[] = [];
  const blocked = new Set<number>();
  const members = new Map<number, string>();
  const hang = new Set<string>();
  const limited = new Map<string, number>();
  const edited = new Map<string, string>();
  const memberships = new Map<string, string>();
  let messageId = 0;
  let invoice = 0;

  const answer = (method: string, p: Record<string, unknown>): Answer => {
    const retryAfter = limited.get(method);
    if (retryAfter !== undefined) {
      return {
        ok: false,
        error_code: 429,
        description: `Too Many Requests: retry after ${retryAfter}`,
        parameters: { retry_after: retryAfter },
      };
    }
    switch (method) {
      case 'editMessageText': {
        const key = `${String(p.chat_id)}:${String(p.message_id)}`;
        const content = JSON.stringify([p.text, p.reply_markup ?? null]);
        if (edited.get(key) === content) {
          return {
            ok: false,
            error_code: 400,
            description:
              'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
          };
        }
        edited.set(key, content);
        return { ok: true, result: true };
      }
      case 'getMe':
        return {
          ok: true,
          result: {
            id: 42,
            is_bot: true,
            first_name: 'Egg Rush',
            username: 'EggRushBot',
            can_join_groups: false,
          },
        };
      case 'sendMessage':
        if (blocked.has(Number(p.chat_id)))
          return { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' };
        return {
          ok: true,
          result: {
            message_id: ++messageId,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(p.chat_id), type: 'private' },
            text: p.text,
          },
        };
      case 'createInvoiceLink':
        return { ok: true, result: `https://t.me/$fake-invoice-${++invoice}` };
      case 'getChatMember': {
        const status =
          memberships.get(`${String(p.chat_id)}:${Number(p.user_id)}`) ??
          members.get(Number(p.user_id)) ??
          'left';
        return {
          ok: true,
          result: {
            status,
            user: { id: Number(p.user_id), is_bot: false, first_name: 'P' },
            ...(status === 'restricted' ? { is_member: true } : {}),
          },
        };
      }
      case 'refundStarPayment':
        return { ok: true, result: true };
      case 'getWebhookInfo':
        return { ok: true, result: { url: '', has_custom_certificate: false, pending_update_count: 0 } };
      default:
        return { ok: true, result: true };
    }
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const method = /\/bot[^/]+\/(\w+)/.exec(req.url ?? '')?.[1] ?? '';
      const payload = await readJson(req);
      calls.push({ method, payload });
      if (hang.has(method)) return; // never answered: the caller must give up by itself
      const reply = answer(method, payload);
      res.writeHead(reply.ok ? 200 : reply.error_code, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    blocked,
    members,
    hang,
    limited,
    /** Connections open to the fake now. */
    connections: () => new Promise<number>((resolve) => server.getConnections((_e, n) => resolve(n))),
    memberships,
    /** The calls of one method, optionally to one chat. */
    of: (method: string, chatId?: number) =>
      calls.filter(
        (c) => c.method === method && (chatId === undefined || Number(c.payload.chat_id) === chatId),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { raw: text };
  }
}
