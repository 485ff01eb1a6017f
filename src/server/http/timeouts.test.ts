import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { type TestApp, TEST_PUBLIC_URL, createTestApp, createTestUser, signIn } from '../test-support/test-app.ts';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts, eventsHeartbeatMs } from './timeouts.ts';

/**
 * Issue 21 item 6: a socket that sent nothing was still open after 6 minutes, and a body that trickled in
 * lasted over 2. Over a real socket, with the timeouts made short for the test (http/timeouts.ts).
 */
const SHORT: HttpTimeouts = { idleMs: 400, headersMs: 600, requestMs: 1_200, keepAliveMs: 300 };

interface RawConnection {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received: () => string;
  /** Resolves with the milliseconds since the connection opened when the server closes it; `undefined` if still open after `withinMs`. */
  closedWithin: (withinMs: number) => Promise<number | undefined>;
}

function connect(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const openedAt = Date.now();
    const chunks: Buffer[] = [];
    let closedAfter: number | undefined;
    const waiting: Array<() => void> = [];
    const socket = net.connect({ port, host: '127.0.0.1' }, () => {
      resolve({
        socket,
        received: () => Buffer.concat(chunks).toString('utf8'),
        closedWithin: (withinMs) =>
          new Promise((settle) => {
            if (closedAfter !== undefined) return settle(closedAfter);
            const timer = setTimeout(() => settle(undefined), withinMs);
            waiting.push(() => {
              clearTimeout(timer);
              settle(closedAfter);
            });
          }),
      });
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closedAfter = Date.now() - openedAt;
      for (const wake of waiting.splice(0)) wake();
    });
    socket.once('error', reject);
  });
}

/** Writes `text` a piece at a time, one every `everyMs`, until it is all sent or the socket closes. */
async function trickle(socket: net.Socket, pieces: string[], everyMs: number): Promise<void> {
  for (const piece of pieces) {
    if (socket.destroyed) return;
    socket.write(piece);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

describe('the HTTP server closes what waits too long, over a real socket', () => {
  let t: TestApp;
  let port: number;
  const open: net.Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ httpTimeouts: SHORT });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of open) socket.destroy();
    await t.close();
  });

  const opened = async () => {
    const connection = await connect(port);
    open.push(connection.socket);
    return connection;
  };

  it('closes a connection that never sends a request once it has been idle for the idle time', async () => {
    const connection = await opened();
    const closedAfter = await connection.closedWithin(3_000);
    expect(closedAfter, 'still open after 3 s').toBeDefined();
    expect(closedAfter!).toBeGreaterThanOrEqual(SHORT.idleMs - 50);
  });

  it('answers 408 in our error shape and closes a request whose headers never end, though bytes keep coming', async () => {
    const connection = await opened();
    const headers = ['GET /api/health HTTP/1.1\r\nHost: localhost\r\n', ...Array.from({ length: 40 }, (_, index) => `X-Slow-${index}: a\r\n`)];
    void trickle(connection.socket, headers, 100);
    const closedAfter = await connection.closedWithin(3_000);
    expect(closedAfter, 'still open after 3 s').toBeDefined();
    expect(closedAfter!).toBeLessThan(SHORT.headersMs + 1_000);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(connection.received()).toContain('{"error":{"code":"VALIDATION_FAILED","message":"The request took too long to arrive"}}');
  });

  it('answers 408 and closes a body that trickles in for longer than the request time, though never idle', async () => {
    const connection = await opened();
    const body = JSON.stringify({ nombre: 'Luis', email: 'luis@studio.test', mensaje: 'Hola', politicaPrivacidad: true });
    const head = `POST /api/contact-form HTTP/1.1\r\nHost: localhost\r\nOrigin: ${TEST_PUBLIC_URL}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    void trickle(connection.socket, [head, ...body.split('')], 100);
    const closedAfter = await connection.closedWithin(4_000);
    expect(closedAfter, 'still open after 4 s').toBeDefined();
    expect(closedAfter!).toBeGreaterThanOrEqual(SHORT.requestMs - 50);
    expect(closedAfter!).toBeLessThan(SHORT.requestMs + 1_000);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(await t.database.db.selectFrom('contact_messages').select('id').execute()).toEqual([]);
  });

  it('keeps a connection for the keep-alive time after an answer, then closes it', async () => {
    const connection = await opened();
    connection.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    await expect.poll(() => connection.received(), { timeout: 2_000, interval: 10 }).toMatch(/^HTTP\/1\.1 200 /);
    const answeredAfter = Date.now();
    const closedAfter = await connection.closedWithin(3_000);
    expect(closedAfter, 'still open after 3 s').toBeDefined();
    expect(Date.now() - answeredAfter).toBeGreaterThanOrEqual(SHORT.keepAliveMs - 100);
  });

  it('never cuts the live-events stream: open for many idle and request times, its heartbeat arriving', async () => {
    const user = await createTestUser(t, { email: 'eventos@timeouts.test' });
    const cookie = await signIn(t, user.email, user.password);
    const connection = await opened();
    connection.socket.write(
      `GET /api/events HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip, br\r\n\r\n`,
    );
    const closedAfter = await connection.closedWithin(3 * SHORT.requestMs);
    expect(closedAfter, connection.received()).toBeUndefined();
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(connection.received().split(': heartbeat').length - 1).toBeGreaterThanOrEqual(5);
    expect(eventsHeartbeatMs(SHORT)).toBeLessThan(SHORT.idleMs / 2);
  });
});

describe('the timeouts an app gets', () => {
  it('are the deliberate defaults unless told otherwise, on the server itself', async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const server = t.app.server;
      expect({ idle: server.timeout, headers: server.headersTimeout, request: server.requestTimeout, keepAlive: server.keepAliveTimeout }).toEqual({
        idle: DEFAULT_HTTP_TIMEOUTS.idleMs,
        headers: DEFAULT_HTTP_TIMEOUTS.headersMs,
        request: DEFAULT_HTTP_TIMEOUTS.requestMs,
        keepAlive: DEFAULT_HTTP_TIMEOUTS.keepAliveMs,
      });
      expect(eventsHeartbeatMs(DEFAULT_HTTP_TIMEOUTS)).toBe(20_000);
    } finally {
      await t.close();
    }
  });

  it('take the request and keep-alive times from the environment, in whole seconds within bounds', () => {
    expect(loadConfig({}).httpTimeouts).toEqual(DEFAULT_HTTP_TIMEOUTS);
    expect(loadConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: '900', HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '650' }).httpTimeouts).toEqual({
      ...DEFAULT_HTTP_TIMEOUTS,
      requestMs: 900_000,
      keepAliveMs: 650_000,
    });
    for (const environment of [
      { HTTP_REQUEST_TIMEOUT_SECONDS: '5' },
      { HTTP_REQUEST_TIMEOUT_SECONDS: '1.5' },
      { HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '0' },
      { HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '4000' },
      { HTTP_REQUEST_TIMEOUT_SECONDS: 'soon' },
    ]) {
      expect(() => loadConfig(environment), JSON.stringify(environment)).toThrow(ConfigError);
    }
  });
});
