import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/languages.ts';
import { type TestApp, createTestApp } from '../test-support/test-app.ts';
import { loginPageFile, loginPageLanguage } from './login-page.ts';

const APP = '<!doctype html><html lang="es"><body><div id="root"></div></body></html>';
const LOGIN = { es: 'Iniciar Sesión', en: 'Log in', cat: 'Inicia la sessió' } as const;
const loginHtml = (language: keyof typeof LOGIN) => `<!doctype html><html lang="${language}"><body><h1>${LOGIN[language]}</h1></body></html>`;

function webBuild(languages: readonly (keyof typeof LOGIN)[]): string {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-web-build-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), APP);
  for (const language of languages) fs.writeFileSync(path.join(webDir, loginPageFile(language)), loginHtml(language));
  return webDir;
}

describe('the prerendered login page (decision 022)', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = webBuild(LANGUAGES);
    t = await createTestApp({ webDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('is served at /login in the browser’s language when it is one of ours, else as the app would choose', async () => {
    const cases = [
      { url: '/login', acceptLanguage: 'es-ES,es;q=0.9', expected: 'es' },
      { url: '/login', acceptLanguage: 'en-US,en;q=0.9', expected: 'en' },
      { url: '/login', acceptLanguage: 'ca-ES,ca;q=0.9,es;q=0.8', expected: 'cat' },
      // SPEC §2: the browser's language wins over ?lng on the login page.
      { url: '/login?lng=cat', acceptLanguage: 'en-GB', expected: 'en' },
      // A browser in none of ours: ?lng, then its other languages, then Spanish.
      { url: '/login?lng=cat', acceptLanguage: 'de-DE,en;q=0.8', expected: 'cat' },
      { url: '/login', acceptLanguage: 'de-DE,fr;q=0.9,en;q=0.8', expected: 'en' },
      { url: '/login', acceptLanguage: 'de-DE', expected: 'es' },
      { url: '/login', acceptLanguage: '', expected: 'es' },
    ] as const;
    for (const { url, acceptLanguage, expected } of cases) {
      const response = await get(url, { 'accept-language': acceptLanguage });
      expect(response.statusCode, `${url} ${acceptLanguage}`).toBe(200);
      expect(response.body, `${url} ${acceptLanguage}`).toBe(loginHtml(expected));
      expect(response.headers['content-language']).toBe(expected === 'cat' ? 'ca' : expected);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      // Revalidated on every visit (a new deployment shows at once), and cached per language and encoding.
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toBe('accept-language, accept-encoding');
    }
  });

  it('is compressed when the browser accepts it, and answers 304 to the copy of its language it already has', async () => {
    const english = { 'accept-language': 'en-US' };
    const plain = await get('/login', english);
    const brotli = await get('/login', { ...english, 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('/login', { ...english, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const again = await get('/login', { ...english, 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another language's copy is another version: the English ETag does not validate it.
    const spanish = await get('/login', { 'accept-language': 'es-ES', 'if-none-match': String(plain.headers.etag) });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers.etag).not.toBe(plain.headers.etag);
  });

  it('never serves the built copies at their own addresses, and leaves every other page to the app', async () => {
    for (const url of ['/login-es.html', '/login-en.html', '/reset-password', '/home']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(APP);
    }
  });
});

describe('a build without every language of the login page', () => {
  it('leaves /login to the app (whose /login route then shows a link instead of loading it again)', async () => {
    const webDir = webBuild(['es', 'en']);
    const t = await createTestApp({ webDir });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/login' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(APP);
    } finally {
      await t.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
});

describe('loginPageLanguage', () => {
  it('takes the browser’s first language when it is ours (ca counts as cat), else the visit’s', () => {
    expect(loginPageLanguage('ca', 'es')).toBe('cat');
    expect(loginPageLanguage('EN-us;q=1, es', 'cat')).toBe('en');
    expect(loginPageLanguage('pt-BR, en', 'cat')).toBe('cat');
    expect(loginPageLanguage(undefined, 'en')).toBe('en');
  });
});
