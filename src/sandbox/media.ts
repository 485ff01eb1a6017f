import type { FastifyReply } from 'fastify';
import type { SandboxFile } from './store.ts';

/**
 * What the networks' CDNs would serve, for both emulations: generated pictures (SVG, never allowed to
 * run anything) and the images posted to the sandbox.
 */
export function sendSvg(reply: FastifyReply, svg: string): FastifyReply {
  return reply
    .type('image/svg+xml')
    .header('cache-control', 'public, max-age=86400')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(svg);
}

export function sendStoredFile(reply: FastifyReply, file: SandboxFile | undefined): FastifyReply {
  if (!file) return reply.status(404).send();
  return reply.type(file.contentType).header('cache-control', 'private, max-age=3600').send(file.bytes);
}
