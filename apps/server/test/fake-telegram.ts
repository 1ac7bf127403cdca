import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Bot API call as the fake received it. */
export interface Call {
  method: string;
  payload: Record<string, unknown>;
}

type Answer = { ok: true; result: unknown } | { ok: false; error_code: number; description: string };

/**
 * A local stand-in for the Telegram Bot API (POST /bot<token>/<method>, JSON in, `{ ok, result }`
 * out) that records every call. Chats in `blocked` answer sendMessage with Telegram's 403;
 * `members` says who follows the channel (any channel asked); `memberships` says it per channel
 * (key `<chat_id>:<user id>`), before `members`.
 */
export async function startFakeTelegram() {
  const calls: Call[] = [];
  const blocked = new Set<number>();
  const members = new Map<number, string>();
  const memberships = new Map<string, string>();
  let messageId = 0;
  let invoice = 0;

  const answer = (method: string, p: Record<string, unknown>): Answer => {
    switch (method) {
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
    memberships,
    /** The calls of one method, optionally to one chat. */
    of: (method: string, chatId?: number) =>
      calls.filter(
        (c) => c.method === method && (chatId === undefined || Number(c.payload.chat_id) === chatId),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
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
