import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_URL_PLACEHOLDER } from '../../domain/chat-link.ts';
import { escapeHtml } from '../lib/html.ts';

/** The prerendered landing page, as the build writes it (docs/decisions/003-landing-prerendered.md). */
export const LANDING_FILE = 'landing.html';

export interface LandingPage {
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/**
 * Reads the prerendered landing once, fills in its configuration (the chat link) and keeps it in
 * memory, compressed with Brotli and gzip, so that GET / is one small answer with no work per request.
 * Undefined when the web app is not built.
 */
export function loadLandingPage(webDir: string, options: { chatUrl: string }): LandingPage | undefined {
  const file = path.join(webDir, LANDING_FILE);
  if (!fs.existsSync(file)) return undefined;
  const html = Buffer.from(fs.readFileSync(file, 'utf8').replaceAll(CHAT_URL_PLACEHOLDER, escapeHtml(options.chatUrl)));
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  const encodings = { br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) };

  return {
    send(request, reply) {
      reply
        .header('content-type', 'text/html; charset=utf-8')
        // Always revalidated, so a new deployment is seen at once; the ETag makes that cheap.
        .header('cache-control', 'no-cache')
        .header('etag', etag)
        .header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      if (!encoding) return reply.send(html);
      return reply.header('content-encoding', encoding).send(encodings[encoding]);
    },
  };
}
