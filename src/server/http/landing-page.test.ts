import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_URL_PLACEHOLDER } from '../../domain/chat-link.ts';
import { type TestApp, createTestApp } from '../test-support/test-app.ts';

const LANDING = `<!doctype html><html lang="es"><body><h1>Landing</h1><div data-chat data-chat-url="${CHAT_URL_PLACEHOLDER}"></div></body></html>`;
const APP = '<!doctype html><html lang="es"><body><div id="root"></div></body></html>';
const CHAT_URL = 'https://wa.me/34600000000?text={message}&source="landing"';

describe('the prerendered landing page', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-web-build-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), APP);
    fs.writeFileSync(path.join(webDir, 'landing.html'), LANDING);
    t = await createTestApp({
      webDir,
      contact: { studioAddress: 'hola@alzado.test', chatUrl: CHAT_URL, maxPerAddress: 5, windowSeconds: 3600 },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('is served at exactly /, with the configured chat link filled in and escaped', async () => {
    for (const url of ['/', '/?lng=en']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<h1>Landing</h1>');
      expect(response.body).toContain('data-chat-url="https://wa.me/34600000000?text={message}&amp;source=&quot;landing&quot;"');
      expect(response.body).not.toContain(CHAT_URL_PLACEHOLDER);
    }
  });

  it('keeps the app for every other page, and never serves the landing template itself', async () => {
    for (const url of ['/privacy', '/login', '/home', '/no-such-page', '/landing.html']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(APP);
    }
  });

  it('is compressed when the browser accepts it, and answers 304 to a copy it already has', async () => {
    const plain = await get('/');
    const brotli = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers.vary).toBe('accept-encoding');

    const again = await get('/', { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('without a built web app', () => {
  it('answers 404 at / like any other unknown path', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
