import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonPublicUrlReason } from '../server/lib/public-address.ts';
import { type TestApp, createTestApp, createTestTokenCipher } from '../server/test-support/test-app.ts';
import { type TestSandbox, startTestSandbox } from '../server/test-support/social-sandbox.ts';
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
    const sandbox = createSandbox({ publicUrl: 'http://localhost:3000', redirectUris: { linkedin: [], meta: [] }, unreachableReason: nonPublicUrlReason });
    t = await createTestApp({ social: { cipher: createTestTokenCipher(), sandbox } });
  });
  afterAll(async () => {
    await alone.close();
    await t.close();
  });

  it("answers a NUL character in a body with 400 in the provider's shape when mounted in the app", async () => {
    for (const url of POST_ROUTES) {
      for (const [contentType, payload] of NUL_BODIES) {
        const answer = await t.app.inject({
          method: 'POST',
          url: `/sandbox${url}`,
          headers: { 'content-type': contentType, authorization: 'Bearer x' },
          payload,
        });
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
    for (const [path, body] of [
      ['/control/settings', '{"linkedin":null}'],
      ['/control/settings', '[]'],
      ['/control/faults', 'null'],
      ['/control/advance-time', 'null'],
      ['/control/expire-tokens', 'null'],
      ['/control/remove-meta-permission', 'null'],
      ['/control/remove-meta-permission', '{"permission":"<script>"}'],
    ]) {
      const answer = await fetch(`${alone.base}${path}`, {
        method: path === '/control/settings' ? 'PATCH' : 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(answer.status, `${path} ${body}`).toBe(400);
    }
  });

  // Issue 21 item 5: no value the control API takes may break what uses the sandbox.
  it.each([
    ['a latency of 1e15 ms', { linkedin: { latencyMs: 1e15 } }],
    ['a negative latency', { linkedin: { latencyMs: -5 } }],
    ['a limit that is not a number', { linkedin: { postsPerDay: 'many' } }],
    ['a switch that is not a boolean', { linkedin: { issueRefreshTokens: 'yes' } }],
    ['a setting that does not exist', { linkedin: { somethingElse: true } }],
    ['pages that are not a list', { meta: { dialogPages: 5 } }],
    ['no login configurations', { meta: { loginConfigurations: null } }],
    ['a login configuration that is not a list', { meta: { loginConfigurations: { abc: 'x' } } }],
    ['containers processing for 30 years', { meta: { containerProcessingMs: 1e12 } }],
    ['a fractional quota', { meta: { quotaTotal: 1.5 } }],
    ['a 5000-character container error', { meta: { containerError: 'x'.repeat(5_000) } }],
    ['a network that does not exist', { elsewhere: {} }],
  ])('refuses settings with %s with 400, changing none of them', async (_label, change) => {
    const before = await (await fetch(`${alone.base}/control`)).json();
    const answer = await fetch(`${alone.base}/control/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ linkedin: { omitMemberName: true }, ...change }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual(LINKEDIN_ERROR);
    expect(await (await fetch(`${alone.base}/control`)).json()).toEqual(before);
  });

  it('takes settings within bounds', async () => {
    const change = {
      linkedin: { latencyMs: 0, postsPerDay: 3 },
      meta: { dialogPages: ['1'], loginConfigurations: { '77': ['pages_show_list'] }, containerError: null },
    };
    const answer = await fetch(`${alone.base}/control/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(change),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject(change);
    alone.sandbox.control.reset();
  });

  it('answers a null body to every provider endpoint with a 4xx', async () => {
    for (const url of POST_ROUTES) {
      const answer = await fetch(`${alone.base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
        body: 'null',
      });
      expect(answer.status, url).toBeGreaterThanOrEqual(400);
      expect(answer.status, url).toBeLessThan(500);
    }
  });

  it("answers malformed percent-encoding in a Graph path with Graph's 400", async () => {
    const answer = await fetch(`${alone.base}/meta/graph/v26.0/%25zz`);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual(GRAPH_ERROR);
  });
});
