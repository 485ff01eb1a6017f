import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkedinScopes } from '../domain/social.ts';
import { nonPublicUrlReason } from '../server/lib/public-address.ts';
import { type TestSandbox, TEST_APP_URL, answerConsent, sandboxClients, startTestSandbox } from '../server/test-support/social-sandbox.ts';
import { parseFields } from './meta-kit.ts';
import { MAX_CLOCK_OFFSET_SECONDS, createSandbox } from './sandbox.ts';

/** The sandbox as the providers behave, beyond what the clients' tests already cover. */
let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.sandbox.control.clearFaults());

const linkedinConsentUrl = (overrides: Record<string, string> = {}) => {
  const url = new URL(`${sandbox.base}/linkedin/oauth/v2/authorization`);
  const params = {
    response_type: 'code',
    client_id: sandbox.sandbox.credentials.linkedin.clientId,
    redirect_uri: `${TEST_APP_URL}/auth/linkedin/callback`,
    state: 'abc',
    scope: linkedinScopes({ organizationPages: true }).join(' '),
    ...overrides,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
};

async function linkedinToken(): Promise<string> {
  const client = sandboxClients(sandbox).linkedin;
  const back = await answerConsent(linkedinConsentUrl());
  return (await client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: `${TEST_APP_URL}/auth/linkedin/callback` })).accessToken!;
}

describe('the consent pages', () => {
  it('LinkedIn: names the app, the member and what each scope allows, with Allow and Cancel', async () => {
    const response = await fetch(linkedinConsentUrl());
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('Alzado would like to access your LinkedIn account');
    expect(html).toContain('Marta Soler Ibáñez');
    expect(html).toContain('Sandbox');
    for (const scope of linkedinScopes({ organizationPages: true }).filter((scope) => scope !== 'openid')) expect(html).toContain(`<code>${scope}</code>`);
    expect(html).toMatch(/value="cancel">Cancel<\/button><button class="primary" type="submit" name="decision" value="allow">Allow/);
    expect(html).not.toMatch(/<script/i);
  });

  it.each([
    ['an unknown client_id', { client_id: 'someone-else' }, 'client_id is invalid'],
    ['an unregistered redirect_uri', { redirect_uri: 'https://evil.example/callback' }, 'redirect_uri does not match'],
    ['no state', { state: '' }, 'state parameter is required'],
  ])('LinkedIn refuses %s with an error page, and never redirects', async (_what, overrides, text) => {
    const response = await fetch(linkedinConsentUrl(overrides), { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(text);
  });

  it('a tampered form (another redirect_uri) is refused too', async () => {
    const form = new URLSearchParams({
      response_type: 'code',
      client_id: sandbox.sandbox.credentials.linkedin.clientId,
      redirect_uri: 'https://evil.example/cb',
      state: 'x',
      scope: 'openid profile',
      decision: 'allow',
    });
    const response = await fetch(`${sandbox.base}/linkedin/oauth/v2/authorization`, { method: 'POST', body: form, redirect: 'manual' });
    expect(response.status).toBe(400);
  });

  it('Meta: the login dialog lists the permissions as boxes to untick; a wrong app or redirect is an error page', async () => {
    const url = sandboxClients(sandbox).instagram.loginDialogUrl({
      state: 's',
      redirectUri: `${TEST_APP_URL}/auth/instagram/callback`,
      scopes: ['pages_show_list', 'instagram_basic'],
    });
    const html = await (await fetch(url)).text();
    expect(html).toContain('Alzado is requesting access to your Pages and Instagram accounts');
    expect(html).toContain('<input type="checkbox" name="granted" value="instagram_basic" checked>');
    expect(html).toContain('Continue as Marta');
    const wrongApp = await fetch(url.replace(/client_id=\d+/, 'client_id=1'));
    expect(wrongApp.status).toBe(400);
    expect(await wrongApp.text()).toContain('Invalid App ID');
    const wrongRedirect = await fetch(url.replace(/redirect_uri=[^&]+/, 'redirect_uri=https%3A%2F%2Fevil.example'));
    expect(await wrongRedirect.text()).toContain('URL blocked');
  });
});

describe('LinkedIn API rules', () => {
  it('a /rest call without LinkedIn-Version is 400 VERSION_MISSING; a finder without the Rest.li header is refused', async () => {
    const token = await linkedinToken();
    const noVersion = await fetch(`${sandbox.base}/linkedin/rest/organizationAcls?q=roleAssignee`, {
      headers: { authorization: `Bearer ${token}`, 'x-restli-protocol-version': '2.0.0' },
    });
    expect(noVersion.status).toBe(400);
    expect(await noVersion.json()).toEqual({
      status: 400,
      code: 'VERSION_MISSING',
      message: 'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
    });
    const noRestli = await fetch(`${sandbox.base}/linkedin/rest/organizationAcls?q=roleAssignee`, {
      headers: { authorization: `Bearer ${token}`, 'linkedin-version': '202610' },
    });
    expect(noRestli.status).toBe(400);
    const future = await fetch(`${sandbox.base}/linkedin/rest/organizations/90210001`, {
      headers: { authorization: `Bearer ${token}`, 'linkedin-version': '209912' },
    });
    expect(future.status).toBe(426);
  });

  it('answers 401 with LinkedIn bodies: no token, unknown token', async () => {
    const none = await fetch(`${sandbox.base}/linkedin/v2/userinfo`);
    expect(await none.json()).toEqual({ status: 401, serviceErrorCode: 401, message: 'Empty oauth2_access_token' });
    const unknown = await fetch(`${sandbox.base}/linkedin/v2/userinfo`, { headers: { authorization: 'Bearer nope' } });
    expect(await unknown.json()).toEqual({ status: 401, serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token' });
  });

  it('the token endpoint names a missing parameter', async () => {
    const response = await fetch(`${sandbox.base}/linkedin/oauth/v2/accessToken`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: 'A required parameter "redirect_uri" is missing' });
  });

  it('creates posts with 201, an empty body, x-restli-id and location; reads and deletes them', async () => {
    const token = await linkedinToken();
    const headers = {
      authorization: `Bearer ${token}`,
      'linkedin-version': '202610',
      'x-restli-protocol-version': '2.0.0',
      'content-type': 'application/json',
    };
    const body = {
      author: 'urn:li:person:sbx4Qm7TzL',
      commentary: 'Hola',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED' },
      lifecycleState: 'PUBLISHED',
    };
    const created = await fetch(`${sandbox.base}/linkedin/rest/posts`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect(created.status).toBe(201);
    expect(await created.text()).toBe('');
    const id = created.headers.get('x-restli-id')!;
    expect(created.headers.get('location')).toBe(`/posts/${encodeURIComponent(id)}`);
    const { 'content-type': _json, ...bodiless } = headers;
    const read = await fetch(`${sandbox.base}/linkedin/rest/posts/${encodeURIComponent(id)}`, { headers: bodiless });
    expect(await read.json()).toMatchObject({ id, commentary: 'Hola', lifecycleState: 'PUBLISHED' });
    expect((await fetch(`${sandbox.base}/linkedin/rest/posts/${encodeURIComponent(id)}`, { method: 'DELETE', headers: bodiless })).status).toBe(204);
    expect((await fetch(`${sandbox.base}/linkedin/rest/posts/${encodeURIComponent(id)}`, { headers: bodiless })).status).toBe(404);
    const missingAuthor = await fetch(`${sandbox.base}/linkedin/rest/posts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...body, author: undefined, commentary: 'x' }),
    });
    expect(await missingAuthor.json()).toMatchObject({ status: 400, errorDetails: { inputErrors: [{ code: 'MISSING_FIELD' }] } });
  });
});

describe('Graph API rules', () => {
  it('accepts a live version prefix or none, and names an unknown object with code 100, subcode 33', async () => {
    const unknown = await fetch(`${sandbox.base}/meta/graph/v24.0/123?access_token=nope`);
    expect(await unknown.json()).toMatchObject({ error: { code: 190, type: 'OAuthException' } });
    expect(unknown.headers.get('www-authenticate')).toContain('invalid_token');
    const client = sandboxClients(sandbox).instagram;
    const back = await answerConsent(
      client.loginDialogUrl({ state: 's', redirectUri: `${TEST_APP_URL}/auth/instagram/callback`, scopes: ['pages_show_list'] }),
    );
    const token = (await client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: `${TEST_APP_URL}/auth/instagram/callback` })).accessToken!;
    const versionless = await fetch(`${sandbox.base}/meta/graph/me?fields=id,name`, { headers: { authorization: `Bearer ${token}` } });
    expect(await versionless.json()).toEqual({ id: '10158000000000001', name: 'Marta Soler Ibáñez' });
    const missing = await fetch(`${sandbox.base}/meta/graph/v25.0/424242`, { headers: { authorization: `Bearer ${token}` } });
    expect(await missing.json()).toMatchObject({ error: { code: 100, error_subcode: 33 } });
  });

  it('parses nested field selections', () => {
    const fields = parseFields('id,name,instagram_business_account{id,username,profile_picture_url}')!;
    expect([...fields.keys()]).toEqual(['id', 'name', 'instagram_business_account']);
    expect([...(fields.get('instagram_business_account') as Map<string, unknown>).keys()]).toEqual(['id', 'username', 'profile_picture_url']);
  });
});

describe('misbehaviour over HTTP, and what was published', () => {
  it('faults, expired tokens and settings can be set and cleared over HTTP; bad input is a 400', async () => {
    const post = (url: string, body: unknown) =>
      fetch(`${sandbox.base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/control/faults', { network: 'linkedin', kind: 'server-error', times: 2, path: '/v2/userinfo' })).status).toBe(201);
    expect(((await (await fetch(`${sandbox.base}/control`)).json()) as { faults: unknown[] }).faults).toHaveLength(1);
    const token = await linkedinToken();
    expect((await fetch(`${sandbox.base}/linkedin/v2/userinfo`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(500);
    expect((await fetch(`${sandbox.base}/linkedin/v2/userinfo`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(500);
    expect((await fetch(`${sandbox.base}/linkedin/v2/userinfo`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

    expect((await post('/control/faults', { network: 'linkedin', kind: 'explode' })).status).toBe(400);
    expect((await post('/control/expire-tokens', { network: 'linkedin' })).status).toBe(200);
    expect((await fetch(`${sandbox.base}/linkedin/v2/userinfo`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    const settings = await fetch(`${sandbox.base}/control/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ meta: { quotaTotal: 7 } }),
    });
    expect(await settings.json()).toMatchObject({ meta: { quotaTotal: 7 } });
    expect((await fetch(`${sandbox.base}/control/faults`, { method: 'DELETE' })).status).toBe(200);
  });

  it('the published page lists posts with their author, escaped', async () => {
    const client = sandboxClients(sandbox).linkedin;
    await client.createPost(await linkedinToken(), { author: 'urn:li:person:sbx4Qm7TzL', commentary: 'Casa <b>Montgó</b> & jardín' });
    const html = await (await fetch(`${sandbox.base}/`)).text();
    expect(html).toContain('What the sandbox published');
    expect(html).toContain('Casa &lt;b&gt;Montgó&lt;/b&gt; &amp; jardín');
    expect(html).toContain('Nothing published on Instagram yet.');
    const json = (await (await fetch(`${sandbox.base}/published.json`)).json()) as { linkedin: Array<{ commentary: string; authorName: string }> };
    expect(json.linkedin[0]).toMatchObject({ commentary: 'Casa <b>Montgó</b> & jardín', authorName: 'Marta Soler Ibáñez' });
  });

  it('reset forgets tokens and posts', async () => {
    const token = await linkedinToken();
    expect((await fetch(`${sandbox.base}/control/reset`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${sandbox.base}/linkedin/v2/userinfo`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect(sandbox.sandbox.control.published()).toEqual({ linkedin: [], instagram: [], facebook: [], facebookPhotos: [] });
  });

  it('unknown sandbox paths answer a JSON 404', async () => {
    const response = await fetch(`${sandbox.base}/linkedin/v3/nothing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404 });
  });
});

describe('a sandbox with a folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-sandbox-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  // Issue 21 item 5: a clock moved out of bounds before the bound existed must not outlive a restart.
  it.each([9e18, -9e18, 'soon', null])('starts with its clock at the real time when the folder remembers an offset of %s, out of bounds', (clockOffsetMs) => {
    const remembering = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-sandbox-clock-'));
    try {
      fs.writeFileSync(path.join(remembering, 'state.json'), JSON.stringify({ sequence: 5, clockOffsetMs }));
      const instance = createSandbox({
        publicUrl: 'http://127.0.0.1',
        dataDir: remembering,
        redirectUris: { linkedin: [], meta: [] },
        unreachableReason: nonPublicUrlReason,
      });
      expect(Math.abs(instance.now().getTime() - Date.now())).toBeLessThan(5_000);
    } finally {
      fs.rmSync(remembering, { recursive: true, force: true });
    }
  });

  it('keeps a remembered offset within bounds', () => {
    const remembering = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-sandbox-clock-'));
    try {
      fs.writeFileSync(path.join(remembering, 'state.json'), JSON.stringify({ sequence: 5, clockOffsetMs: MAX_CLOCK_OFFSET_SECONDS * 1000 }));
      const instance = createSandbox({
        publicUrl: 'http://127.0.0.1',
        dataDir: remembering,
        redirectUris: { linkedin: [], meta: [] },
        unreachableReason: nonPublicUrlReason,
      });
      expect(instance.now().getTime() - Date.now()).toBeGreaterThan(MAX_CLOCK_OFFSET_SECONDS * 1000 - 5_000);
      expect(() => instance.control.advanceTime(1)).toThrow(RangeError);
      expect(() => instance.control.advanceTime(Number.NaN)).toThrow(RangeError);
    } finally {
      fs.rmSync(remembering, { recursive: true, force: true });
    }
  });

  it('remembers tokens, posts and uploaded images across restarts', async () => {
    const start = async () => {
      const instance = createSandbox({
        publicUrl: 'http://127.0.0.1',
        dataDir: dir,
        redirectUris: { linkedin: [`${TEST_APP_URL}/auth/linkedin/callback`], meta: [] },
        unreachableReason: nonPublicUrlReason,
      });
      const server = Fastify({ logger: false });
      await server.register(instance.plugin, { prefix: '/sandbox' });
      await server.listen({ port: 0, host: '127.0.0.1' });
      const origin = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
      instance.setPublicUrl(origin);
      return { instance, server, base: `${origin}/sandbox` };
    };
    const first = await start();
    const testSandbox = { ...first, sandbox: first.instance, close: () => first.server.close() };
    const client = sandboxClients(testSandbox).linkedin;
    const back = await answerConsent(
      client.authorizationUrl({ state: 's', redirectUri: `${TEST_APP_URL}/auth/linkedin/callback`, scopes: linkedinScopes({ organizationPages: true }) }),
    );
    const token = (await client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: `${TEST_APP_URL}/auth/linkedin/callback` })).accessToken!;
    const { plainImage } = await import('../server/test-support/images.ts');
    const image = await client.uploadImage(token, { owner: 'urn:li:person:sbx4Qm7TzL', bytes: await plainImage('jpeg') });
    await client.createPost(token, { author: 'urn:li:person:sbx4Qm7TzL', commentary: 'persistente', images: [{ urn: image }] });
    await first.server.close();

    const second = await start();
    try {
      const again = sandboxClients({ ...second, sandbox: second.instance, close: () => second.server.close() }).linkedin;
      // The new process has new app credentials; the member's token is still valid.
      expect((await again.getMember(token)).sub).toBe('sbx4Qm7TzL');
      const [post] = second.instance.control.published().linkedin;
      expect(post).toMatchObject({ commentary: 'persistente' });
      expect((await fetch(post!.images[0]!)).status).toBe(200);
    } finally {
      await second.server.close();
    }
  });
});
