import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP server in front of the sandbox that writes down every request exactly as it arrived
 * (method, path, query, headers, body) and passes it on unchanged, Host header included, so the
 * sandbox's absolute URLs (LinkedIn's upload URL) lead back through it. The contract tests compare what
 * was written down with what the networks document.
 */
export interface RecordedRequest {
  method: string;
  /** The path without the query, still percent-encoded as sent. */
  path: string;
  query: URLSearchParams;
  /** Lower-case names, as Node gives them. */
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The answer the sandbox gave, for the tests that check answers too. */
  answer?: { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
}

export interface RecordingProxy {
  /** http://127.0.0.1:{port} */
  origin: string;
  requests: RecordedRequest[];
  clear(): void;
  close(): Promise<void>;
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const requests: RecordedRequest[] = [];
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://proxy.invalid');
      const recorded: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const forward = http.request(
        { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
        (answer) => {
          const answerChunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => answerChunks.push(chunk));
          answer.on('end', () => {
            const body = Buffer.concat(answerChunks);
            recorded.answer = { status: answer.statusCode ?? 502, headers: answer.headers, body };
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers).end(body);
          });
        },
      );
      forward.on('error', () => outgoing.writeHead(502).end());
      forward.end(recorded.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    clear: () => requests.splice(0, requests.length),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A recorded body as the server reads it: form fields, JSON, or the raw bytes. */
export function bodyOf(request: Pick<RecordedRequest, 'headers' | 'body'>): unknown {
  if (request.body.length === 0) return undefined;
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(request.body.toString('utf8')));
  if (type === 'application/json') return JSON.parse(request.body.toString('utf8')) as unknown;
  return request.body;
}
