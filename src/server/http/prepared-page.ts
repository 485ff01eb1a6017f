import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A page held in memory with its ETag and its Brotli and gzip copies, made once at start. */
export interface PreparedPage {
  /** Sends it as the browser accepts it, revalidated on every use (a 304 when its ETag matches). */
  send(request: FastifyRequest, reply: FastifyReply, headers?: Record<string, string>): FastifyReply;
}

/**
 * The prerendered pages (the landing, /login) are one small answer with no work per request: compressed
 * ahead, always revalidated so that a new deployment is seen at once, the ETag making that cheap.
 * `headers` adds to the answer's (a `vary` given there replaces accept-encoding's).
 */
export function preparePage(html: Buffer): PreparedPage {
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  const encodings = { br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) };
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
      return reply.header('content-encoding', encoding).send(encodings[encoding]);
    },
  };
}
