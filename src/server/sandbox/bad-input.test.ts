import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createTestTokenCipher } from '../test-support/test-app.ts';
import { type TestSandbox, startTestSandbox } from '../test-support/social-sandbox.ts';
import { createSandbox } from './sandbox.ts';

/**
 * Input no provider expects, sent to the sandbox on its own port and mounted in the app (where the app's
 * refusal of NUL characters runs first): a 4xx in the provider's own words, never a 500 and never the
 * app's error shape.
 */
const GRAPH_ERROR = { error: { message: expect.any(String), type: expect.any(String), code: expect.any(Number), fbtrace_id: expect.any(String) } };
const LINKEDIN_ERROR = { message: expect.any(String), status: expect.any(Number) };

const NUL_BODIES: Array<[string, string]> = [
  ['application/json', '{"code":"a\\u0000b"}'],
  ['application/x-www-form-urlencoded', 'client_id=%00&code=%00&grant_type=authorization_code'],
  ['text/plain', 'a\u0000b'],
];
const POST_ROUTES = [
  '/linkedin/oauth/v2/authorization',
  '/linkedin/oauth/v2/accessToken',
  '/linkedin/oauth/v2/introspectToken',
  '/linkedin/rest/images?action=initializeUpload',
  '/linkedin/rest/posts',
  '/meta/www/dialog/oauth',
  '/meta/graph/v26.0/oauth/access_token',
  '/meta/graph/v26.0/17841400000000000/media',
  '/meta/graph/v26.0/17841400000000000/media_publish',
];

describe('the sandbox and bad input', () => {
  let alone: TestSandbox;
  let t: TestApp;

  beforeAll(async () => {
    alone = await startTestSandbox();
    const sandbox = createSandbox({ publicUrl: 'http://localhost:3000', redirectUris: { linkedin: [], meta: [] } });
    t = await createTestApp({ social: { cipher: createTestTokenCipher(), sandbox } });
  });
  afterAll(async () => {
    await alone.close();
    await t.close();
  });

  it('answers a NUL character in a body with 400 in the provider\'s shape when mounted in the app', async () => {
    for (const url of POST_ROUTES) {
      for (const [contentType, payload] of NUL_BODIES) {
        const answer = await t.app.inject({ method: 'POST', url: `/sandbox${url}`, headers: { 'content-type': contentType, authorization: 'Bearer x' }, payload });
        expect(answer.statusCode, `${url} ${contentType}`).toBe(400);
        expect(answer.json(), url).toEqual(url.startsWith('/meta/graph/') ? GRAPH_ERROR : LINKEDIN_ERROR);
      }
    }
  });

  it('answers a null body to its control API with 400, alone and mounted', async () => {
    const alone400 = await fetch(`${alone.base}/control/settings`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: 'null' });
    expect(alone400.status).toBe(400);
    expect(await alone400.json()).toEqual(LINKEDIN_ERROR);
    const mounted = await t.app.inject({ method: 'PATCH', url: '/sandbox/control/settings', headers: { 'content-type': 'application/json' }, payload: 'null' });
    expect(mounted.statusCode).toBeGreaterThanOrEqual(400);
    expect(mounted.statusCode).toBeLessThan(500);
    for (const [path, body] of [['/control/settings', '{"linkedin":null}'], ['/control/settings', '[]'], ['/control/faults', 'null'], ['/control/advance-time', 'null'], ['/control/expire-tokens', 'null']]) {
      const answer = await fetch(`${alone.base}${path}`, { method: path === '/control/settings' ? 'PATCH' : 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(answer.status, `${path} ${body}`).toBe(400);
    }
  });

  it('answers a null body to every provider endpoint with a 4xx', async () => {
    for (const url of POST_ROUTES) {
      const answer = await fetch(`${alone.base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer x' }, body: 'null' });
      expect(answer.status, url).toBeGreaterThanOrEqual(400);
      expect(answer.status, url).toBeLessThan(500);
    }
  });

  it('answers malformed percent-encoding in a Graph path with Graph\'s 400', async () => {
    const answer = await fetch(`${alone.base}/meta/graph/v26.0/%25zz`);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual(GRAPH_ERROR);
  });
});
