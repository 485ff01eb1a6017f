import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test-support/test-app.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes as they are over a real socket (a function in between runs at that moment) and reads the
 * answers until the server closes the connection or `count` answers are in.
 */
function sendRaw(port: number, chunks: Array<string | (() => Promise<void>)>, count = 1): Promise<RawAnswer[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const answers: RawAnswer[] = [];
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (answers.length > 0) resolve(answers);
      else reject(new Error(`No complete answer: ${JSON.stringify(received.toString('latin1'))}`));
    };
    const readAnswers = () => {
      for (;;) {
        const text = received.toString('latin1');
        const headerEnd = text.indexOf('\r\n\r\n');
        if (headerEnd === -1) return;
        const [statusLine = '', ...lines] = text.slice(0, headerEnd).split('\r\n');
        const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
        const length = Number(headers['content-length'] ?? 0);
        if (received.length < headerEnd + 4 + length) return;
        answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: received.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8') });
        received = received.subarray(headerEnd + 4 + length);
        if (answers.length >= count) return settle();
      }
    };
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      readAnswers();
    });
    socket.on('close', settle);
    socket.on('error', () => settle());
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (typeof chunk === 'string') socket.write(chunk, 'latin1');
        else await chunk();
      }
    });
  });
}

async function sendOne(port: number, ...chunks: Array<string | (() => Promise<void>)>): Promise<RawAnswer> {
  return (await sendRaw(port, chunks))[0]!;
}

function expectOurShape(answer: RawAnswer, status: number, code = 'VALIDATION_FAILED') {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ error: { code, message: expect.any(String) } });
}

describe('answers from Fastify and Node themselves, over a real socket', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it.each([
    ['malformed percent-encoding in the path', 'GET /api/projects/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400],
    ['a truncated escape', 'GET /api/users/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400],
    ['a path parameter over 100 characters', `GET /api/projects/${'1'.repeat(101)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 414],
    ['headers over 16 KB', `GET /api/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['a URL over 16 KB', `GET /api/projects?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
    ['a method HTTP does not have', 'FOO /api/me HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['a header line without a colon', 'GET /api/me HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n', 400],
    ['a request line that is not HTTP', 'GET /api/me HTTQ/1.1\r\nHost: x\r\n\r\n', 400],
    [
      'both Content-Length and Transfer-Encoding',
      'POST /api/projects HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
    ],
    [
      'a malformed chunk',
      'POST /api/contact-form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
      400,
    ],
    ['an HTTP/1.1 request without Host', 'GET /api/me HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
  ])('answers %s in our shape', async (_case, request, status) => {
    expectOurShape(await sendOne(port, request), status);
  });

  it('answers an Expect it does not support with 417 in our shape', async () => {
    expectOurShape(
      await sendOne(port, 'POST /api/contact-form HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n'),
      417,
    );
  });

  it('still answers a request without Host in HTTP/1.0, and Expect: 100-continue', async () => {
    const old = await sendOne(port, 'GET /api/health HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(200);
    const continued = await sendOne(port, 'GET /api/me HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n');
    expect([100, 401]).toContain(continued.status);
  });

  it("answers a request that takes too long to arrive with 408 in our shape (Node's timeouts, shortened)", async () => {
    const slow = await createTestApp();
    // Node checks its timeouts every connectionsCheckingInterval, from the moment it listens.
    Object.assign(slow.app.server, { requestTimeout: 300, headersTimeout: 300, connectionsCheckingInterval: 50 });
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      expectOurShape(await sendOne((slow.app.server.address() as net.AddressInfo).port, 'GET /api/me HTTP/1.1\r\nHost: x\r\n'), 408);
    } finally {
      await slow.close();
    }
  });

  it('answers a request arriving while the server stops with 503 SERVICE_UNAVAILABLE in our shape', async () => {
    const stopping = await createTestApp();
    await stopping.app.listen({ port: 0, host: '127.0.0.1' });
    let stopped: Promise<unknown> = Promise.resolve();
    // Headers still arriving keep the connection open while the stop begins; the request completes after.
    const answer = await sendOne(
      (stopping.app.server.address() as net.AddressInfo).port,
      'GET /api/health HTTP/1.1\r\nHost: x\r\n',
      async () => {
        stopped = stopping.app.close();
        await new Promise((resolve) => setTimeout(resolve, 50));
      },
      '\r\n',
    );
    expectOurShape(answer, 503, 'SERVICE_UNAVAILABLE');
    expect(answer.headers.connection).toBe('close');
    await stopped;
    // Closing again is a no-op for the app; the rest (events, database, folders) goes.
    await stopping.close();
  });
});
