import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINKEDIN_MEMBER_SCOPES, linkedinScopes } from '../../domain/social.ts';
import { linkedinVersionOf } from '../../domain/api-versions.ts';
import { type LinkedInClient, publishLinkedInPost } from '../../server/adapters/linkedin/linkedin-client.ts';
import { createSocialClients } from '../../server/adapters/social-clients.ts';
import { loadConfig } from '../../server/config.ts';
import { plainImage } from '../../server/test-support/images.ts';
import { LINKEDIN_VERSION, TEST_APP_URL, type TestSandbox, answerConsent, startTestSandbox } from '../../server/test-support/social-sandbox.ts';
import { LINKEDIN_MEMBER, defaultOrganizations } from '../personas.ts';
import { answerMismatches, asRecorded, departures, requestMismatches } from './contract.ts';
import { type LinkedInCallName, linkedinCalls, linkedinRefusals } from './linkedin-contract.ts';
import { type RecordingProxy, startRecordingProxy } from './recording-proxy.ts';

/**
 * LinkedIn's documented requests and answers (linkedin-contract.ts), checked from both sides: the
 * sandbox answers a documented request as documented, and Alzado's client, configured as production
 * configures it, sends exactly the documented requests. Everything passes through a recording proxy.
 */
const PREFIX = '/sandbox/linkedin';
const REDIRECT_URI = `${TEST_APP_URL}/auth/linkedin/callback`;
const MEMBER = `urn:li:person:${LINKEDIN_MEMBER.sub}`;
const STUDIO = 'urn:li:organization:90210001';

let sandbox: TestSandbox;
let proxy: RecordingProxy;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  proxy = await startRecordingProxy(new URL(sandbox.base).origin);
});
afterAll(async () => {
  await proxy.close();
  await sandbox.close();
});
beforeEach(() => proxy.clear());
afterEach(() => {
  sandbox.sandbox.control.configure({ linkedin: { issueRefreshTokens: false } });
  sandbox.sandbox.control.setOrganizations(defaultOrganizations());
});

describe('the sandbox answers documented requests as documented', () => {
  const app = () => sandbox.sandbox.credentials.linkedin;
  const rest = (token: string, json = false) => ({
    authorization: `Bearer ${token}`,
    'linkedin-version': LINKEDIN_VERSION,
    'x-restli-protocol-version': '2.0.0',
    ...(json ? { 'content-type': 'application/json' } : {}),
  });

  /** Sends a request written from the docs; returns how the request and the answer depart from them. */
  async function send(name: LinkedInCallName, path: string, init: RequestInit = {}) {
    proxy.clear();
    const response = await fetch(path.startsWith('http') ? path : `${proxy.origin}${PREFIX}${path}`, { redirect: 'manual', ...init });
    await response.arrayBuffer();
    const recorded = proxy.requests.at(-1)!;
    return {
      recorded,
      answer: recorded.answer!,
      departures: [...requestMismatches(linkedinCalls[name].request, recorded, PREFIX), ...answerMismatches(linkedinCalls[name].answer, recorded.answer!)],
    };
  }

  const json = (answer: { body: Buffer }) => JSON.parse(answer.body.toString()) as Record<string, unknown>;

  function authorizeUrl(scopes: readonly string[], state = 'contract-state'): string {
    const url = new URL(`${proxy.origin}${PREFIX}/oauth/v2/authorization`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: app().clientId,
      redirect_uri: REDIRECT_URI,
      state,
      scope: scopes.join(' '),
    }).toString();
    return url.toString();
  }

  async function token(scopes: readonly string[] = linkedinScopes({ organizationPages: true })): Promise<{ access: string; refresh?: string }> {
    const back = await answerConsent(authorizeUrl(scopes));
    const exchanged = await send('exchangeCode', '/oauth/v2/accessToken', {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        client_id: app().clientId,
        client_secret: app().clientSecret,
        redirect_uri: REDIRECT_URI,
      }),
    });
    expect(exchanged.departures).toEqual([]);
    const body = json(exchanged.answer);
    return { access: String(body.access_token), ...(body.refresh_token ? { refresh: String(body.refresh_token) } : {}) };
  }

  it('A.1 to A.4: consent page, code exchange, refresh, introspection', async () => {
    const page = await send('authorize', authorizeUrl(LINKEDIN_MEMBER_SCOPES));
    expect(page.departures).toEqual([]);
    sandbox.sandbox.control.configure({ linkedin: { issueRefreshTokens: true } });
    const { access, refresh } = await token(LINKEDIN_MEMBER_SCOPES);
    expect(refresh).toBeTruthy();

    const refreshed = await send('refreshToken', '/oauth/v2/accessToken', {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh!, client_id: app().clientId, client_secret: app().clientSecret }),
    });
    expect(refreshed.departures).toEqual([]);
    const introspected = await send('introspectToken', '/oauth/v2/introspectToken', {
      method: 'POST',
      body: new URLSearchParams({ client_id: app().clientId, client_secret: app().clientSecret, token: access }),
    });
    expect(introspected.departures).toEqual([]);
    expect(json(introspected.answer)).toMatchObject({ active: true, status: 'active' });

    const reused = await send('exchangeCode', '/oauth/v2/accessToken', {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'AQTnot-a-code',
        client_id: app().clientId,
        client_secret: app().clientSecret,
        redirect_uri: REDIRECT_URI,
      }),
    });
    expect(answerMismatches(linkedinRefusals.oauthInvalidRequest, reused.answer)).toEqual([]);
  });

  it('A.5 to A.9: userinfo, organizationAcls, organization, initializeUpload, the upload, the image, a post', async () => {
    const { access } = await token();
    expect((await send('userinfo', '/v2/userinfo', { headers: { authorization: `Bearer ${access}` } })).departures).toEqual([]);
    expect((await send('organizationAcls', '/rest/organizationAcls?q=roleAssignee&state=APPROVED', { headers: rest(access) })).departures).toEqual([]);
    expect((await send('organization', '/rest/organizations/90210001', { headers: rest(access) })).departures).toEqual([]);

    const initialized = await send('initializeUpload', '/rest/images?action=initializeUpload', {
      method: 'POST',
      headers: rest(access, true),
      body: JSON.stringify({ initializeUploadRequest: { owner: STUDIO } }),
    });
    expect(initialized.departures).toEqual([]);
    const { uploadUrl, image } = (json(initialized.answer).value ?? {}) as { uploadUrl: string; image: string };
    // The upload URL leads back to whoever LinkedIn answered (here, through the proxy).
    expect(uploadUrl.startsWith(`${proxy.origin}/`)).toBe(true);
    const uploaded = await send('uploadImage', uploadUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${access}` },
      body: new Uint8Array(await plainImage('jpeg', 640, 480)),
    });
    expect(uploaded.departures).toEqual([]);
    expect((await send('getImage', `/rest/images/${encodeURIComponent(image)}`, { headers: rest(access) })).departures).toEqual([]);

    const created = await send('createPost', '/rest/posts', {
      method: 'POST',
      headers: rest(access, true),
      body: JSON.stringify({
        author: STUDIO,
        commentary: 'Sample text Post',
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
        content: { media: { id: image, altText: 'Planta baja' } },
      }),
    });
    expect(created.departures).toEqual([]);
  });

  const post = (commentary: string, author = MEMBER) => ({
    author,
    commentary,
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
  });
  const organization = (headers: Record<string, string>) => send('organization', '/rest/organizations/90210001', { headers });

  it('A.0: no LinkedIn-Version is 400 VERSION_MISSING, a retired one 426 NONEXISTENT_VERSION', async () => {
    const { access } = await token();
    const { 'linkedin-version': _version, ...versionless } = rest(access);
    expect(answerMismatches(linkedinRefusals.versionMissing, (await organization(versionless)).answer)).toEqual([]);
    const now = new Date();
    const retired = linkedinVersionOf(new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth() - 1, 1)));
    expect(answerMismatches(linkedinRefusals.versionRetired, (await organization({ ...rest(access), 'linkedin-version': retired })).answer)).toEqual([]);
  });

  it('A.0: a /rest call without X-Restli-Protocol-Version is 400', async () => {
    const { access } = await token();
    const { 'x-restli-protocol-version': _protocol, ...protocolless } = rest(access, true);
    expect(
      answerMismatches(
        linkedinRefusals.protocolMissing,
        (await send('createPost', '/rest/posts', { method: 'POST', headers: protocolless, body: JSON.stringify(post('Sin protocolo')) })).answer,
      ),
    ).toEqual([]);
  });

  it('A.13: no token, an unknown one, a revoked one are 401 with their serviceErrorCode', async () => {
    expect(answerMismatches(linkedinRefusals.emptyToken, (await send('userinfo', '/v2/userinfo')).answer)).toEqual([]);
    expect(answerMismatches(linkedinRefusals.invalidToken, (await organization(rest('AQVnot-a-token'))).answer)).toEqual([]);
    const { access } = await token();
    sandbox.sandbox.control.revokeTokens('linkedin');
    expect(answerMismatches(linkedinRefusals.revokedToken, (await organization(rest(access))).answer)).toEqual([]);
  });

  it('A.13: posting as a page the member only analyses is 403 ACCESS_DENIED; the same post twice is 422 DUPLICATE_POST', async () => {
    const { access } = await token();
    const asAnalyst = await send('createPost', '/rest/posts', {
      method: 'POST',
      headers: rest(access, true),
      body: JSON.stringify(post('Como analista', 'urn:li:organization:90210003')),
    });
    expect(answerMismatches(linkedinRefusals.accessDenied, asAnalyst.answer)).toEqual([]);
    const once = await send('createPost', '/rest/posts', { method: 'POST', headers: rest(access, true), body: JSON.stringify(post('Una sola vez')) });
    expect(once.departures).toEqual([]);
    const twice = await send('createPost', '/rest/posts', { method: 'POST', headers: rest(access, true), body: JSON.stringify(post('Una sola vez')) });
    expect(answerMismatches(linkedinRefusals.duplicatePost, twice.answer)).toEqual([]);
  });

  it('A.8: a token with only w_member_social may not read an image back (403)', async () => {
    const member = await token(LINKEDIN_MEMBER_SCOPES);
    const initialized = await send('initializeUpload', '/rest/images?action=initializeUpload', {
      method: 'POST',
      headers: rest(member.access, true),
      body: JSON.stringify({ initializeUploadRequest: { owner: MEMBER } }),
    });
    const { uploadUrl, image } = (json(initialized.answer).value ?? {}) as { uploadUrl: string; image: string };
    expect(
      (
        await send('uploadImage', uploadUrl, {
          method: 'PUT',
          headers: { authorization: `Bearer ${member.access}` },
          body: new Uint8Array(await plainImage('jpeg')),
        })
      ).departures,
    ).toEqual([]);
    expect(
      answerMismatches(
        linkedinRefusals.imageReadForbidden,
        (await send('getImage', `/rest/images/${encodeURIComponent(image)}`, { headers: rest(member.access) })).answer,
      ),
    ).toEqual([]);
  });
});

describe('Alzado’s LinkedIn client sends exactly the documented requests', () => {
  let client: LinkedInClient;
  let organizationPages: boolean;

  beforeAll(() => {
    // Production's configuration (its LinkedIn-Version, its scopes), with the sandbox behind the proxy.
    const { social } = loadConfig({});
    organizationPages = social.linkedin.organizationPages;
    client = createSocialClients({ social, publicUrl: proxy.origin, internalUrl: proxy.origin, sandbox: sandbox.sandbox }).linkedin!.client;
  });

  async function grant() {
    const url = client.authorizationUrl({ state: 'contract-state', redirectUri: REDIRECT_URI, scopes: linkedinScopes({ organizationPages }) });
    const back = await answerConsent(url);
    proxy.clear();
    return client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: REDIRECT_URI });
  }

  it('the authorization URL and the code exchange', async () => {
    const url = client.authorizationUrl({ state: 'contract-state', redirectUri: REDIRECT_URI, scopes: linkedinScopes({ organizationPages }) });
    expect(departures(linkedinCalls, ['authorize'], [asRecorded(url)], PREFIX)).toEqual([]);
    await grant();
    expect(departures(linkedinCalls, ['exchangeCode'], proxy.requests, PREFIX)).toEqual([]);
  });

  it('refresh and introspection', async () => {
    sandbox.sandbox.control.configure({ linkedin: { issueRefreshTokens: true } });
    const granted = await grant();
    proxy.clear();
    const refreshed = await client.refreshAccessToken(granted.refreshToken!);
    await client.introspectToken(refreshed.accessToken!);
    expect(departures(linkedinCalls, ['refreshToken', 'introspectToken'], proxy.requests, PREFIX)).toEqual([]);
  });

  it('the member, the organizations and one organization', async () => {
    const token = (await grant()).accessToken!;
    proxy.clear();
    expect((await client.getMember(token)).sub).toBe(LINKEDIN_MEMBER.sub);
    expect(departures(linkedinCalls, ['userinfo'], proxy.requests, PREFIX)).toEqual([]);

    proxy.clear();
    const ids = await client.listAdministeredOrganizationIds(token);
    expect(ids).toContain('90210001');
    expect(
      departures(
        linkedinCalls,
        proxy.requests.map(() => 'organizationAcls' as const),
        proxy.requests,
        PREFIX,
      ),
    ).toEqual([]);

    // A page with a logo: the lookup, then its logo asset read through the Images API (no decoration).
    proxy.clear();
    await client.getOrganization(token, '90210001');
    expect(departures(linkedinCalls, ['organization', 'getImage'], proxy.requests, PREFIX)).toEqual([]);
    proxy.clear();
    await client.getOrganization(token, '90210002');
    expect(departures(linkedinCalls, ['organization'], proxy.requests, PREFIX)).toEqual([]);
  });

  it('a post with one image: initializeUpload, the upload, the post, and never the image read', async () => {
    const token = (await grant()).accessToken!;
    proxy.clear();
    const published = await publishLinkedInPost(client, token, {
      author: MEMBER,
      commentary: 'Casa Montgó',
      images: [{ bytes: await plainImage('jpeg', 800, 600), altText: 'Fachada' }],
    });
    expect(departures(linkedinCalls, ['initializeUpload', 'uploadImage', 'createPost'], proxy.requests, PREFIX)).toEqual([]);
    // The id is read from x-restli-id, as the Posts API documents it.
    expect(published.id).toBe(proxy.requests.at(-1)!.answer!.headers['x-restli-id']);
  });

  it('a page’s post with two images: multiImage, each image owned by the page', async () => {
    const token = (await grant()).accessToken!;
    proxy.clear();
    const images = [{ bytes: await plainImage('jpeg', 800, 600, '#aa3300') }, { bytes: await plainImage('png', 600, 800, '#0033aa'), altText: 'Alzado' }];
    await publishLinkedInPost(client, token, { author: STUDIO, commentary: 'Taller Norte (2024)', images });
    expect(departures(linkedinCalls, ['initializeUpload', 'uploadImage', 'initializeUpload', 'uploadImage', 'createPost'], proxy.requests, PREFIX)).toEqual([]);
    const post = JSON.parse(proxy.requests.at(-1)!.body.toString()) as { author: string; content: { multiImage: { images: Array<{ id: string }> } } };
    expect(post.author).toBe(STUDIO);
    expect(post.content.multiImage.images).toHaveLength(2);
  });
});
