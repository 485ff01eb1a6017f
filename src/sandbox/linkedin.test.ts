import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LINKEDIN_MEMBER_SCOPES, linkedinScopes } from '../domain/social.ts';
import { linkedinVersionOf } from '../domain/api-versions.ts';
import { plainImage } from '../server/test-support/images.ts';
import { LINKEDIN_VERSION, TEST_APP_URL, type TestSandbox, answerConsent, sandboxClients, startTestSandbox } from '../server/test-support/social-sandbox.ts';

/**
 * Where the sandbox's LinkedIn refuses what LinkedIn refuses (issue 12): retired versions, a missing
 * Rest.li header, image reads by a member-only token, response decoration, an app without the Community
 * Management API product, and page roles that may not post organic updates.
 */
const REDIRECT_URI = `${TEST_APP_URL}/auth/linkedin/callback`;
const MEMBER = 'urn:li:person:sbx4Qm7TzL';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
// Settings, pages and the clock back as they start.
afterEach(() => sandbox.sandbox.control.reset());

const consentUrl = (scopes: readonly string[], state = 'st') => sandboxClients(sandbox).linkedin.authorizationUrl({ state, redirectUri: REDIRECT_URI, scopes });

async function tokenFor(scopes: readonly string[] = linkedinScopes({ organizationPages: true })): Promise<string> {
  const back = await answerConsent(consentUrl(scopes));
  return (await sandboxClients(sandbox).linkedin.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: REDIRECT_URI })).accessToken!;
}

const restHeaders = (token: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  'linkedin-version': LINKEDIN_VERSION,
  'x-restli-protocol-version': '2.0.0',
  ...extra,
});

const rest = (path: string, init: RequestInit = {}) => fetch(`${sandbox.base}/linkedin/rest${path}`, init);

const postBody = (author: string, commentary: string, feedDistribution = 'MAIN_FEED') =>
  JSON.stringify({
    author,
    commentary,
    visibility: 'PUBLIC',
    distribution: { feedDistribution, targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: 'PUBLISHED',
  });

describe('the consent, as the app LinkedIn knows', () => {
  it('an app without the Community Management API: asking for an organization scope goes back to the redirect URI with unauthorized_scope_error', async () => {
    const response = await fetch(`${sandbox.base}/control/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ linkedin: { organizationProduct: false } }),
    });
    expect(await response.json()).toMatchObject({ linkedin: { organizationProduct: false } });

    const refused = await fetch(consentUrl(linkedinScopes({ organizationPages: true }), 'st-9'), { redirect: 'manual' });
    expect(refused.status).toBe(302);
    const back = new URL(refused.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'unauthorized_scope_error',
      error_description: 'Scope "r_organization_admin" is not authorized for your application',
      state: 'st-9',
    });

    // The member's own scopes still pass: the consent page, then a code.
    const member = await answerConsent(consentUrl(LINKEDIN_MEMBER_SCOPES));
    expect(member.searchParams.get('code')).toMatch(/^AQT/);
  });

  it('a scope of a product the app never has (r_basicprofile: Advertising API) is unauthorized, an unknown one invalid', async () => {
    const basic = new URL((await fetch(consentUrl(['openid', 'profile', 'r_basicprofile']), { redirect: 'manual' })).headers.get('location')!);
    expect(basic.searchParams.get('error')).toBe('unauthorized_scope_error');
    const unknown = new URL((await fetch(consentUrl(['openid', 'r_everything']), { redirect: 'manual' })).headers.get('location')!);
    expect(unknown.searchParams.get('error')).toBe('invalid_scope_error');
    expect(unknown.searchParams.get('error_description')).toBe('Scope "r_everything" is not authorized for your application');
  });

  it('with the product, the organization scopes are granted', async () => {
    const back = await answerConsent(consentUrl(linkedinScopes({ organizationPages: true })));
    const grant = await sandboxClients(sandbox).linkedin.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: REDIRECT_URI });
    expect(grant.scopes.sort()).toEqual(['email', 'openid', 'profile', 'r_organization_admin', 'w_member_social', 'w_organization_social']);
  });
});

describe('the versioned API', () => {
  it('a retired LinkedIn-Version is 426 NONEXISTENT_VERSION by the sandbox clock; so is a month to come', async () => {
    const token = await tokenFor();
    const now = new Date();
    const retired = linkedinVersionOf(new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth() - 1, 1)));
    const old = await rest('/organizations/90210001', { headers: restHeaders(token, { 'linkedin-version': retired }) });
    expect(old.status).toBe(426);
    expect(await old.json()).toEqual({ status: 426, code: 'NONEXISTENT_VERSION', message: `Requested version ${retired} is not active` });
    const future = linkedinVersionOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
    expect((await rest('/organizations/90210001', { headers: restHeaders(token, { 'linkedin-version': future }) })).status).toBe(426);

    // The version the app is configured with is served today, and no longer 13 months on.
    expect((await rest('/organizations/90210001', { headers: restHeaders(token) })).status).toBe(200);
    sandbox.sandbox.control.advanceTime(400 * 86_400);
    const later = await tokenFor();
    expect((await rest('/organizations/90210001', { headers: restHeaders(later) })).status).toBe(426);
  });

  it.each([
    ['the organizationAcls finder', '/organizationAcls?q=roleAssignee', {}],
    ['an image read', `/images/${encodeURIComponent('urn:li:image:C4D0BAQ90210001')}`, {}],
    ['initializeUpload', '/images?action=initializeUpload', { method: 'POST', body: JSON.stringify({ initializeUploadRequest: { owner: MEMBER } }) }],
    ['a post', '/posts', { method: 'POST', body: postBody(MEMBER, 'Sin cabecera') }],
  ] as const)('%s without X-Restli-Protocol-Version: 2.0.0 is 400', async (_what, path, init) => {
    const token = await tokenFor();
    const { 'x-restli-protocol-version': _dropped, ...headers } = restHeaders(token, { 'content-type': 'application/json' });
    const response = await rest(path, { ...init, headers });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 400, code: 'ILLEGAL_ARGUMENT', message: 'This request needs the header X-Restli-Protocol-Version: 2.0.0' });
  });

  it('refuses response decoration; the logo is an asset URN whose image the Images API describes', async () => {
    const token = await tokenFor();
    const decorated = await rest('/organizations/90210001?projection=(id,logoV2(original~:playableStreams))', { headers: restHeaders(token) });
    expect(decorated.status).toBe(400);
    const plain = (await (await rest('/organizations/90210001', { headers: restHeaders(token) })).json()) as { logoV2: { original: string } };
    expect(JSON.stringify(plain)).not.toContain('~');
    const image = `urn:li:image:${plain.logoV2.original.replace('urn:li:digitalmediaAsset:', '')}`;
    const logo = (await (await rest(`/images/${encodeURIComponent(image)}`, { headers: restHeaders(token) })).json()) as {
      owner: string;
      status: string;
      downloadUrl: string;
    };
    expect(logo).toMatchObject({ owner: 'urn:li:organization:90210001', status: 'AVAILABLE' });
    expect((await fetch(logo.downloadUrl)).headers.get('content-type')).toContain('image/svg+xml');
  });
});

describe('images and posts', () => {
  it("a bodiless DELETE with Content-Type: application/json, as LinkedIn's client sends it, deletes; a body that is not JSON is 400", async () => {
    const token = await tokenFor();
    const headers = restHeaders(token, { 'content-type': 'application/json' });
    const created = await rest('/posts', { method: 'POST', headers, body: postBody(MEMBER, 'Para borrar') });
    const id = created.headers.get('x-restli-id')!;
    expect((await rest(`/posts/${encodeURIComponent(id)}`, { method: 'DELETE', headers })).status).toBe(204);
    const broken = await rest('/posts', { method: 'POST', headers, body: '{"author":' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ status: 400, code: 'ILLEGAL_ARGUMENT' });
  });

  it("a token with only the member scopes uploads and posts an image but may not read it: 403 with LinkedIn's body", async () => {
    const token = await tokenFor(LINKEDIN_MEMBER_SCOPES);
    const client = sandboxClients(sandbox).linkedin;
    const urn = await client.uploadImage(token, { owner: MEMBER, bytes: await plainImage('jpeg') });
    const read = await rest(`/images/${encodeURIComponent(urn)}`, { headers: restHeaders(token) });
    expect(read.status).toBe(403);
    expect(await read.json()).toEqual({ status: 403, message: 'Accessing this image resource is forbidden. Please check your permissions for this resource' });
    expect((await client.createPost(token, { author: MEMBER, commentary: 'Solo escritura', images: [{ urn }] })).id).toMatch(/^urn:li:share:/);
    // With the organization scopes the same read is allowed.
    const organizationToken = await tokenFor();
    const mine = await client.uploadImage(organizationToken, { owner: MEMBER, bytes: await plainImage('jpeg') });
    expect((await rest(`/images/${encodeURIComponent(mine)}`, { headers: restHeaders(organizationToken) })).status).toBe(200);
  });

  it.each([
    ['ADMINISTRATOR', 201],
    ['CONTENT_ADMINISTRATOR', 201],
    ['DIRECT_SPONSORED_CONTENT_POSTER', 403],
    ['ANALYST', 403],
    ['CURATOR', 403],
    ['RECRUITING_POSTER', 403],
  ] as const)('an organic post as a page whose member is %s: %i', async (role, status) => {
    sandbox.sandbox.control.setOrganizations([{ id: 91000001, name: 'Estudio', vanityName: 'estudio', role, state: 'APPROVED', logo: null }]);
    const token = await tokenFor();
    const response = await rest('/posts', {
      method: 'POST',
      headers: restHeaders(token, { 'content-type': 'application/json' }),
      body: postBody('urn:li:organization:91000001', `Como ${role}`),
    });
    expect(response.status).toBe(status);
    if (status === 403) expect(await response.json()).toMatchObject({ status: 403, code: 'ACCESS_DENIED' });
  });

  it('a sponsored content poster may make a dark post (feedDistribution NONE) and upload its image; a pending administrator may not', async () => {
    sandbox.sandbox.control.setOrganizations([
      { id: 91000002, name: 'Anuncios', vanityName: 'anuncios', role: 'DIRECT_SPONSORED_CONTENT_POSTER', state: 'APPROVED', logo: null },
      { id: 91000003, name: 'Pendiente', vanityName: 'pendiente', role: 'ADMINISTRATOR', state: 'REQUESTED', logo: null },
    ]);
    const token = await tokenFor();
    const headers = restHeaders(token, { 'content-type': 'application/json' });
    expect((await rest('/posts', { method: 'POST', headers, body: postBody('urn:li:organization:91000002', 'Oscura', 'NONE') })).status).toBe(201);
    const upload = await rest('/images?action=initializeUpload', {
      method: 'POST',
      headers,
      body: JSON.stringify({ initializeUploadRequest: { owner: 'urn:li:organization:91000002' } }),
    });
    expect(upload.status).toBe(200);
    expect((await rest('/posts', { method: 'POST', headers, body: postBody('urn:li:organization:91000003', 'Pendiente') })).status).toBe(403);
  });
});
