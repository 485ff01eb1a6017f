import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A page held in memory with its ETag and its Brotli and gzip copies, made once. */
export interface PreparedPage {
  /** Sends it as the browser accepts it, revalidated on every use (a 304 when its ETag matches). */
  send(request: FastifyRequest, reply: FastifyReply, headers?: Record<string, string>): FastifyReply | Promise<FastifyReply>;
}

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The prerendered pages (the landing, /login) are one small answer with no work per request: compressed
 * ahead, always revalidated so that a new deployment is seen at once, the ETag making that cheap.
 * `headers` adds to the answer's (a `vary` given there replaces accept-encoding's).
 */
export function preparePage(html: Buffer): PreparedPage {
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  // Compressed on libuv's threads as the server starts, not on its event loop (0.1 s of the start with
  // the three login pages); an answer asked for before its copy is ready waits for it.
  const encodings = { br: brotliCompressAsync(html), gzip: gzipAsync(html, { level: 9 }) };
  // A failure is the answer's error (500) when asked for, not an unhandled rejection before.
  for (const copy of Object.values(encodings)) copy.catch(() => {});
  return {
    send(request, reply, headers = {}) {
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('etag', etag)
        .header('vary', 'accept-encoding')
        .headers(headers);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      if (!encoding) return reply.send(html);
      return encodings[encoding].then((body) => reply.header('content-encoding', encoding).send(body));
    },
  };
}
