import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryEventHub } from '../events/memory-event-hub.ts';
import { plainImage } from '../test-support/images.ts';
import { projectRowValues } from '../test-support/projects.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../test-support/test-app.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './static-assets.ts';

const INDEX_HTML = '<!doctype html><html lang="es"><body><div id="root"></div><script type="module" src="/assets/app-4f9c2a.js"></script></body></html>';
// Big enough for compression to matter, as the build's chunks are.
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `palabra-${index}`))};\n`;

/** The build's copy of index.html for one page in one language (vite.config.ts's pageHtml). */
const pageHtml = (language: string, page: string) => INDEX_HTML.replace('</body>', `<link rel="modulepreload" href="/assets/${language}-${page}.js"></body>`);

/** A built web app as `npm run build:web` writes it: each file with its `.br` and `.gz` beside it. */
function writeWebBuild(webDir: string): void {
  const files = {
    'index.html': INDEX_HTML,
    'assets/app-4f9c2a.js': SCRIPT,
    'pages/es/login.html': pageHtml('es', 'login'),
    'pages/en/login.html': pageHtml('en', 'login'),
    'pages/cat/login.html': pageHtml('cat', 'login'),
    'pages/es/auth/linkedin/callback.html': pageHtml('es', 'linkedin-callback'),
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(webDir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
  }
}

/** A GET over real HTTP that reads the whole answer as bytes, with no decoding of its own. */
function getRaw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

describe('compressed answers and cached files (issue 14)', () => {
  const hub = createMemoryEventHub();
  let t: TestApp;
  let webDir: string;
  let baseUrl: string;
  let adminCookie: string;
  let adminId: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-web-build-'));
    writeWebBuild(webDir);
    t = await createTestApp({ webDir, events: hub });
    const admin = await createTestUser(t, { email: 'admin@alzado.test', role: 'admin' });
    adminId = admin.id;
    adminCookie = await signIn(t, admin.email, admin.password);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    t.app.server.closeAllConnections();
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  describe('a hashed asset of the build', () => {
    const url = () => `${baseUrl}/assets/app-4f9c2a.js`;

    it('is sent as the Brotli file the build wrote when the browser takes br, cached for a year', async () => {
      const response = await getRaw(url(), { 'accept-encoding': 'br, gzip' });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toEqual(fs.readFileSync(path.join(webDir, 'assets/app-4f9c2a.js.br')));
      expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
    });

    it('is sent gzip-compressed to a browser that takes only gzip', async () => {
      const response = await getRaw(url(), { 'accept-encoding': 'gzip' });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(response.body).toString()).toBe(SCRIPT);
    });

    it('is sent as it is otherwise', async () => {
      for (const headers of [{}, { 'accept-encoding': 'identity' }] as Array<Record<string, string>>) {
        const response = await getRaw(url(), headers);
        expect(response.status).toBe(200);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.body.toString()).toBe(SCRIPT);
      }
    });

    it('keeps the security headers', async () => {
      const response = await getRaw(url(), { 'accept-encoding': 'br, gzip' });
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  it("sends the app's page for every route, compressed, revalidated on every visit and with the security headers", async () => {
    const response = await getRaw(`${baseUrl}/projects`, { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.body).toString()).toBe(INDEX_HTML);
  });

  describe("a page of the app gets the build's copy of the page naming its chunks, in the visitor's language", () => {
    const page = async (url: string, headers: Record<string, string> = {}) => {
      const response = await getRaw(`${baseUrl}${url}`, headers);
      expect(response.status, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toMatch(/accept-language/i);
      return response.body.toString();
    };

    it('chooses the language as the app will: ?lng=, then the browser’s languages in order, then Spanish', async () => {
      expect(await page('/login')).toBe(pageHtml('es', 'login'));
      expect(await page('/login', { 'accept-language': 'en-US,en;q=0.9,es;q=0.8' })).toBe(pageHtml('en', 'login'));
      expect(await page('/login', { 'accept-language': 'fr-FR, de;q=0.9, ca-ES;q=0.8, en;q=0.7' })).toBe(pageHtml('cat', 'login'));
      expect(await page('/login', { 'accept-language': 'en;q=0.2, es;q=0.9' })).toBe(pageHtml('es', 'login'));
      expect(await page('/login?lng=en', { 'accept-language': 'es-ES' })).toBe(pageHtml('en', 'login'));
      expect(await page('/login/', { 'accept-language': 'en' })).toBe(pageHtml('en', 'login'));
    });

    it('finds pages in folders, and falls back to the plain page for any other address', async () => {
      expect(await page('/auth/linkedin/callback?code=abc&state=def')).toBe(pageHtml('es', 'linkedin-callback'));
      // No English copy of the callback: the plain page, whose code fetches what it needs.
      expect(await page('/auth/linkedin/callback', { 'accept-language': 'en' })).toBe(INDEX_HTML);
      for (const url of ['/no-such-page', '/pages/es/login', '/login/../pages/es/login', '/%2e%2e/index']) expect(await page(url)).toBe(INDEX_HTML);
    });
  });

  it('compresses a JSON list above the threshold and leaves a tiny one as it is', async () => {
    const list = () => getRaw(`${baseUrl}/api/projects`, { 'accept-encoding': 'br, gzip', cookie: adminCookie });
    const empty = await list();
    expect(empty.status).toBe(200);
    expect(empty.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(empty.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(empty.body.toString())).toMatchObject({ total: 0 });

    const rows = Array.from({ length: 10 }, (_, index) =>
      projectRowValues({ title: `Casa en la ladera número ${index}`, description: 'Vivienda unifamiliar', created_by: adminId }),
    );
    await t.database.db.insertInto('projects').values(rows).execute();
    const full = await list();
    expect(full.status).toBe(200);
    expect(full.headers['content-encoding']).toBe('br');
    const json = brotliDecompressSync(full.body);
    expect(json.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(full.body.length).toBeLessThan(json.length);
    expect(JSON.parse(json.toString())).toMatchObject({ total: 10 });
  });

  it('sends stored JPEG, PNG and WebP images as they are', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const key = `projects/1/photo.${format}`;
      const image = await plainImage(format, 400, 400);
      fs.mkdirSync(path.join(t.mediaDir, 'projects/1'), { recursive: true });
      fs.writeFileSync(path.join(t.mediaDir, key), image);
      const response = await getRaw(`${baseUrl}/media/${key}`, { 'accept-encoding': 'br, gzip' });
      expect(response.status, format).toBe(200);
      expect(response.headers['content-encoding'], format).toBeUndefined();
      expect(response.body, format).toEqual(image);
    }
  });

  it('keeps streaming live events uncompressed, each as it happens', async () => {
    const frames: string[] = [];
    const { request, headers } = await new Promise<{ request: http.ClientRequest; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const request = http.get(`${baseUrl}/api/events`, { headers: { 'accept-encoding': 'br, gzip', cookie: adminCookie }, agent: false }, (response) => {
        response.on('data', (chunk: Buffer) => frames.push(chunk.toString()));
        resolve({ request, headers: response.headers });
      });
      request.on('error', reject);
    });
    try {
      expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(headers['content-encoding']).toBeUndefined();
      await vi.waitFor(() => expect(hub.listenerCount()).toBe(1), { timeout: 5_000, interval: 10 });
      // One small event, far below any compressor's block: it arrives only if nothing holds it back.
      hub.publish({ type: 'project', projectId: 7, state: 'preview' }, { userIds: [] });
      await vi.waitFor(() => expect(frames.join('')).toContain('event: project\ndata: {"type":"project","projectId":7,"state":"preview"}\n\n'), {
        timeout: 5_000,
        interval: 10,
      });
    } finally {
      request.destroy();
    }
  });
});
