import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT, HTTP_TIMEOUTS } from '../src/app.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** A socket that announces a 12 KiB login body, sends 10 bytes of it and then nothing. */
function stalledUpload(): Promise<{ socket: Socket; closed: Promise<{ after: number; answer: string }> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      const start = Date.now();
      socket.write(
        'POST /api/v1/auth/login HTTP/1.1\r\nHost: egg.example\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${12 * 1024}\r\n\r\n{"userid":`,
      );
      const closed = new Promise<{ after: number; answer: string }>((done) =>
        socket.once('close', () => done({ after: Date.now() - start, answer })),
      );
      resolve({ socket, closed });
    });
    socket.once('error', reject);
  });
}

describe('HTTP timeouts', () => {
  it(
    'closes connections whose body stalls within the request timeout, while serving others',
    async () => {
      expect(BODY_LIMIT).toBeGreaterThan(12 * 1024);
      const uploads = await Promise.all(Array.from({ length: 50 }, stalledUpload));
      // Meanwhile a normal call is answered at once.
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      expect(res.status).toBe(200);

      const deadline = HTTP_TIMEOUTS.request + HTTP_TIMEOUTS.check + 2_000;
      const late = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), deadline).unref());
      const outcomes = await Promise.all(uploads.map((u) => Promise.race([u.closed, late])));
      for (const u of uploads) u.socket.destroy();

      for (const outcome of outcomes) {
        expect(outcome).not.toBe('open');
        if (outcome === 'open') continue;
        expect(outcome.after).toBeGreaterThanOrEqual(HTTP_TIMEOUTS.request - 500);
        expect(outcome.after).toBeLessThan(deadline);
        // Answered 408 before closing, or closed without a word.
        if (outcome.answer) expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
      }
      // The server still serves.
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);
    },
    HTTP_TIMEOUTS.request + 20_000,
  );

  it('keeps the chosen limits on the server', () => {
    const server = t.app.server;
    expect(server.requestTimeout).toBe(HTTP_TIMEOUTS.request);
    expect(server.headersTimeout).toBe(HTTP_TIMEOUTS.headers);
    expect(server.timeout).toBe(HTTP_TIMEOUTS.connection);
    expect(server.keepAliveTimeout).toBe(HTTP_TIMEOUTS.keepAlive);
    expect(HTTP_TIMEOUTS.request).toBeLessThanOrEqual(15_000);
  });
});
