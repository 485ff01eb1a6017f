import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../domain/languages.ts';
import { LANDING_FILE, loadLandingPage } from './landing-page.ts';
import { loadLoginPage } from './login-page.ts';
import { REVIEW_PAGE_FILE, serveReviewPage } from './review-page.ts';

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

/** The build's copies of index.html per language and page, naming the page's chunks (vite.config.ts). */
const PAGE_HTML_DIR = 'pages';

/**
 * The built browser app: files compressed ahead of time by the build (`.br` and `.gz` beside each one,
 * vite.config.ts) sent as the browser accepts, hashed assets cached for a year, everything else (HTML,
 * the logo, /locales) revalidated on every use; the prerendered landing page at exactly /, and the
 * prerendered login page at /login in the visitor's language (login-page.ts), a review link's page at
 * /review/<token> (review-page.ts). Every other
 * page gets the app's HTML, so the client router decides (unknown paths included): for a page of the
 * app, the build's copy that names its chunks and translations in the visitor's language, so the
 * browser fetches them at once. Unknown /api paths answer JSON 404.
 */
export async function serveWebApp(app: FastifyInstance, webDir: string, chatUrl: string): Promise<void> {
  const indexFile = path.join(webDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  const built = listBuiltFiles(webDir);
  // The page copies the build wrote (pages/es/projects.html).
  const pageFiles = new Set([...built].filter((file) => file.startsWith(`${PAGE_HTML_DIR}/`) && file.endsWith('.html')));
  const landing = loadLandingPage(webDir, { chatUrl });
  if (landing) app.get('/', { schema: { hide: true } }, (request, reply) => landing.send(request, reply));
  const login = loadLoginPage(webDir);
  if (login) app.get('/login', { schema: { hide: true } }, (request, reply) => login.send(request, reply, languageOfVisit(request)));
  // A review link's page, at /review/<token> only (review-page.ts).
  serveReviewPage(app, webDir);
  // Any other address or method; under /*, a path that is no file of the build.
  const answerElse = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing file is a 404, not the app's page: images that are gone must look gone.
    const isFile = pathname.startsWith('/media/') || pathname.startsWith('/assets/') || pathname.startsWith('/locales/');
    if (pathname.startsWith('/api/') || pathname === '/api' || isFile || !hasWebApp || request.method !== 'GET') {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `Route ${request.method} ${pathname} not found` } });
    }
    const pageFile = `${PAGE_HTML_DIR}/${languageOfVisit(request)}${pathname.replace(/\/+$/, '')}.html`;
    // The copy depends on the visitor's language as well as on the encoding.
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language')
      .sendFile(pageFiles.has(pageFile) ? pageFile : 'index.html');
  };
  if (hasWebApp) {
    // reply.sendFile only, and one route for every file the build wrote: @fastify/static's own routes
    // (wildcard: false) are one per file, found with a glob at start, about 650 of them: 0.15 s of every start.
    await app.register(fastifyStatic, {
      root: webDir,
      serve: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Served as they are: all the build wrote but the landing's template (served at / only, its
    // configuration filled in), the login page's copies (at /login only), the review page (at /review/<token>
    // only) and the pages' copies of index.html.
    const files = new Set(
      [...built].filter(
        (file) =>
          !file.startsWith(LANDING_FILE) && !/^login-[^/]*\.html/.test(file) && !file.startsWith(REVIEW_PAGE_FILE) && !file.startsWith(`${PAGE_HTML_DIR}/`),
      ),
    );
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      schema: { hide: true },
      // As @fastify/static's routes do: a download the browser gave up is no error to answer.
      errorHandler: (error, request, reply) => {
        if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') request.raw.destroy();
        else app.errorHandler(error, request, reply);
      },
      handler: (request, reply) => {
        const file = webFileOf(request.url);
        return file !== undefined && files.has(file) ? reply.sendFile(file) : answerElse(request, reply);
      },
    });
  }
  app.setNotFoundHandler(answerElse);
}

/** The files the build wrote, by their path relative to webDir (assets/index-1a2b.js), dotfiles left out. */
function listBuiltFiles(webDir: string): Set<string> {
  if (!fs.existsSync(webDir)) return new Set();
  const entries = fs.readdirSync(webDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const files = entries.map((entry) => path.relative(webDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  return new Set(files.filter((file) => !file.split('/').some((segment) => segment.startsWith('.'))));
}

/** The file a request's path names, relative to webDir; undefined when it cannot name one. */
function webFileOf(url: string): string | undefined {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '').slice(1);
  } catch {
    return undefined;
  }
}

/**
 * The language the app will choose for this visit, as far as the server can tell: ?lng=, then the
 * browser's languages in order of preference (a choice stored in the browser's local storage is not
 * sent; the page then fetches that language's translations itself).
 */
export function languageOfVisit(request: FastifyRequest): Language {
  const fromQuery = toLanguage(new URLSearchParams(request.url.split('?')[1] ?? '').get('lng'));
  if (fromQuery) return fromQuery;
  const accepted = String(request.headers['accept-language'] ?? '')
    .split(',')
    .map((entry, order) => {
      const [tag = '', ...parameters] = entry.trim().split(';');
      const quality = Number(
        parameters
          .map((parameter) => parameter.trim())
          .find((parameter) => parameter.startsWith('q='))
          ?.slice(2) ?? 1,
      );
      return { tag, quality: Number.isFinite(quality) ? quality : 0, order };
    })
    .filter(({ quality }) => quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const { tag } of accepted) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
