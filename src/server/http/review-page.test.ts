import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test-support/test-app.ts';
import { REVIEW_PAGE_FILE } from './review-page.ts';

const APP = '<!doctype html><html lang="es"><body><div id="root"></div></body></html>';
const REVIEW = '<!doctype html><html lang="es"><head><meta name="referrer" content="no-referrer"></head><body><div id="review"></div></body></html>';
const TOKEN = 'a'.repeat(43);

describe('the review page at /review/<token> (decision 043, "Page")', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-web-build-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), APP);
    fs.writeFileSync(path.join(webDir, REVIEW_PAGE_FILE), REVIEW);
    t = await createTestApp({ webDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('answers the same page for any token, never stored, sending its address nowhere, not indexed', async () => {
    // A real link's shape, a made-up one, one that could never be a link: the page's script asks the API.
    for (const token of [TOKEN, 'not-a-link', '%E2%9C%93']) {
      const response = await get(`/review/${token}`);
      expect(response.statusCode, token).toBe(200);
      expect(response.body).toBe(REVIEW);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
  });

  it('is compressed when the browser accepts it', async () => {
    const response = await get(`/review/${TOKEN}`, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(REVIEW);
  });

  it('is served at no other address: /review.html and /review are the app’s, as any unknown page', async () => {
    for (const url of ['/review.html', '/review', `/review/${TOKEN}/more`]) {
      const response = await get(url);
      expect(response.body, url).toBe(APP);
    }
  });

  it('reads nothing and changes nothing: a POST to the page is no route', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/review/${TOKEN}`, payload: {} });
    expect(response.statusCode).toBe(404);
  });
});
