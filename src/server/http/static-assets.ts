import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { LANDING_FILE, loadLandingPage } from './landing-page.ts';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the answers the server writes as it goes (JSON above all) with Brotli or gzip, as the
 * browser accepts. Registered before the routes: it attaches itself to each route as it is declared.
 * Left alone: answers already encoded (the build's precompressed files, the landing page), types that
 * gain nothing (JPEG, PNG and WebP images, by mime-db) and `text/event-stream`, which a compressor
 * would hold back until it had a block's worth of events (the plugin's default types leave it out).
 * Request bodies are not decompressed: the API takes plain JSON and multipart only.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { threshold: COMPRESSION_THRESHOLD_BYTES, encodings: ['br', 'gzip'], globalDecompression: false });
}

/**
 * The built browser app: files compressed ahead of time by the build (`.br` and `.gz` beside each one,
 * vite.config.ts) sent as the browser accepts, hashed assets cached for a year, everything else (HTML,
 * the logo, /locales) revalidated on every use; the prerendered landing page at exactly /, index.html for
 * every other page so the client router decides (unknown paths included). Unknown /api paths answer
 * JSON 404.
 */
export async function serveWebApp(app: FastifyInstance, webDir: string, chatUrl: string): Promise<void> {
  const indexFile = path.join(webDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  const landing = loadLandingPage(webDir, { chatUrl });
  if (landing) app.get('/', { schema: { hide: true } }, (request, reply) => landing.send(request, reply));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The landing's template is served at / only, with its configuration filled in.
      globIgnore: [`${LANDING_FILE}*`],
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing file is a 404, not the app's page: images that are gone must look gone.
    const isFile = pathname.startsWith('/media/') || pathname.startsWith('/assets/') || pathname.startsWith('/locales/');
    if (pathname.startsWith('/api/') || pathname === '/api' || isFile || !hasWebApp || request.method !== 'GET') {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `Route ${request.method} ${pathname} not found` } });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
