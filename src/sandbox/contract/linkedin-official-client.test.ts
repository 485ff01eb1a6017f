import { AuthClient, RestliClient } from 'linkedin-api-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LINKEDIN_MEMBER_SCOPES, linkedinScopes } from '../../domain/social.ts';
import { linkedinVersionOf, linkedinVersionStatus } from '../../domain/api-versions.ts';
import { plainImage } from '../../server/test-support/images.ts';
import { LINKEDIN_VERSION, TEST_APP_URL, type TestSandbox, answerConsent, startTestSandbox } from '../../server/test-support/social-sandbox.ts';
import { LINKEDIN_MEMBER, defaultOrganizations } from '../personas.ts';
import { axiosAnswerOf, officialAxios, routeToSandbox, toSandboxUrl } from './official-clients.ts';

/**
 * The LinkedIn half of the sandbox, driven by LinkedIn's own JS client (linkedin-api-client 0.3.0:
 * AuthClient for OAuth, RestliClient for the versioned Rest.li API). What it sends and how it reads
 * the answers is LinkedIn's code, not ours; the sandbox must satisfy it as api.linkedin.com does.
 * References: ../shared/reference/social-apis.md Part A, and the docs pages it cites.
 */
const REDIRECT_URI = `${TEST_APP_URL}/auth/linkedin/callback`;
const MEMBER = `urn:li:person:${LINKEDIN_MEMBER.sub}`;
const STUDIO_ID = 90210001;
const VERSION = LINKEDIN_VERSION;

let sandbox: TestSandbox;
let auth: AuthClient;
let restli: RestliClient;
const unroute: Array<() => void> = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  const { clientId, clientSecret } = sandbox.sandbox.credentials.linkedin;
  auth = new AuthClient({ clientId, clientSecret, redirectUrl: REDIRECT_URI });
  restli = new RestliClient();
  unroute.push(routeToSandbox(sandbox.base, officialAxios), routeToSandbox(sandbox.base, restli.axiosInstance));
});
afterAll(async () => {
  for (const remove of unroute) remove();
  await sandbox.close();
});
afterEach(() => {
  sandbox.sandbox.control.clearFaults();
  sandbox.sandbox.control.configure({ linkedin: { issueRefreshTokens: false, organizationProduct: true } });
  sandbox.sandbox.control.setOrganizations(defaultOrganizations());
});

/** The member consents on the page AuthClient's URL opens; the code LinkedIn sends back. */
async function consent(scopes: string[], state = 'st-1'): Promise<URL> {
  const url = auth.generateMemberAuthorizationUrl(scopes, state);
  return answerConsent(toSandboxUrl(url, sandbox.base));
}

async function accessToken(scopes: string[] = linkedinScopes({ organizationPages: true })): Promise<string> {
  const back = await consent(scopes);
  return (await auth.exchangeAuthCodeForAccessToken(back.searchParams.get('code')!)).access_token;
}

/** A refused call's answer, as linkedin-api-client surfaces it (an axios error with the response). */
async function refusal(call: Promise<unknown>) {
  return call.then(
    (value) => {
      throw new Error(`expected LinkedIn to refuse, it answered ${JSON.stringify((value as { status?: number }).status)}`);
    },
    (error: unknown) => axiosAnswerOf(error),
  );
}

/** initializeUpload through RestliClient.action, then the bytes PUT to the upload URL (A.8). */
async function uploadImage(token: string, owner = MEMBER, color = '#335577'): Promise<string> {
  const initialized = await restli.action({
    resourcePath: '/images',
    actionName: 'initializeUpload',
    data: { initializeUploadRequest: { owner } },
    accessToken: token,
    versionString: VERSION,
  });
  const value = initialized.data.value as { uploadUrl: string; uploadUrlExpiresAt: number; image: string };
  expect(value.image).toMatch(/^urn:li:image:[A-Za-z0-9_-]+$/);
  expect(value.uploadUrlExpiresAt).toBeGreaterThan(Date.now());
  const put = await fetch(value.uploadUrl, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: new Uint8Array(await plainImage('jpeg', 800, 600, color)),
  });
  expect(put.status).toBe(201);
  return value.image;
}

const post = (commentary: string, content?: Record<string, unknown>) => ({
  author: MEMBER,
  commentary,
  visibility: 'PUBLIC',
  distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
  lifecycleState: 'PUBLISHED',
  isReshareDisabledByAuthor: false,
  ...(content ? { content } : {}),
});

/** An instance of the client whose requests lose one header on the way (the refusals below). */
function clientWithout(header: string): RestliClient {
  const client = new RestliClient();
  unroute.push(routeToSandbox(sandbox.base, client.axiosInstance));
  client.axiosInstance.interceptors.request.use((config) => {
    config.headers.delete(header);
    return config;
  });
  return client;
}

describe('AuthClient (A.1 to A.4)', () => {
  it('builds the authorization URL the consent page accepts, and exchanges the code LinkedIn sends back', async () => {
    const url = new URL(auth.generateMemberAuthorizationUrl([...LINKEDIN_MEMBER_SCOPES], 'st-42'));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.linkedin.com/oauth/v2/authorization');
    const back = await consent([...LINKEDIN_MEMBER_SCOPES], 'st-42');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('st-42');

    const grant = await auth.exchangeAuthCodeForAccessToken(back.searchParams.get('code')!);
    expect(grant.access_token.length).toBeGreaterThan(100);
    expect(grant.expires_in).toBe(5_184_000);
    // LinkedIn answers the granted scopes comma-separated (A.2), as AccessToken3LResponse documents.
    expect(grant.scope.split(',').sort()).toEqual([...LINKEDIN_MEMBER_SCOPES].sort());
    expect(grant.refresh_token).toBeUndefined();

    // A code is single use (A.2).
    const again = await refusal(auth.exchangeAuthCodeForAccessToken(back.searchParams.get('code')!));
    expect(again.status).toBe(400);
    expect(again.data).toMatchObject({ error: 'invalid_request' });
  });

  it('an app without the Community Management API asking for an organization scope: the consent fails with unauthorized_scope_error (Corrections, A.1)', async () => {
    sandbox.sandbox.control.configure({ linkedin: { organizationProduct: false } });
    const url = auth.generateMemberAuthorizationUrl(linkedinScopes({ organizationPages: true }), 'st-org');
    const answer = await fetch(toSandboxUrl(url, sandbox.base), { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('unauthorized_scope_error');
    expect(back.searchParams.get('state')).toBe('st-org');
    expect(back.searchParams.has('code')).toBe(false);
    // The member scopes alone are open to every app.
    expect((await consent([...LINKEDIN_MEMBER_SCOPES])).searchParams.get('code')).toBeTruthy();
  });

  it('refreshes with the refresh token, which keeps counting down from the first authorization (A.3)', async () => {
    sandbox.sandbox.control.configure({ linkedin: { issueRefreshTokens: true } });
    const back = await consent([...LINKEDIN_MEMBER_SCOPES]);
    const grant = await auth.exchangeAuthCodeForAccessToken(back.searchParams.get('code')!);
    expect(grant.refresh_token).toBeTruthy();
    expect(grant.refresh_token_expires_in).toBe(31_536_000);

    sandbox.sandbox.control.advanceTime(86_400);
    const refreshed = await auth.exchangeRefreshTokenForAccessToken(grant.refresh_token!);
    expect(refreshed.access_token).not.toBe(grant.access_token);
    expect(refreshed.expires_in).toBe(5_184_000);
    expect(refreshed.refresh_token).toBe(grant.refresh_token);
    expect(refreshed.refresh_token_expires_in).toBeLessThanOrEqual(31_536_000 - 86_400);

    const unknown = await refusal(auth.exchangeRefreshTokenForAccessToken('AQXnot-a-refresh-token'));
    expect(unknown.status).toBe(400);
    expect(unknown.data).toEqual({
      error: 'invalid_request',
      error_description: 'The provided authorization grant or refresh token is invalid, expired or revoked',
    });
  });

  it('introspects a token: active, then revoked (A.4)', async () => {
    const token = await accessToken([...LINKEDIN_MEMBER_SCOPES]);
    // introspectAccessToken resolves to the whole axios response, though its type says the body (lib/auth.ts).
    const read = async () => ((await auth.introspectAccessToken(token)) as unknown as { data: Record<string, unknown> }).data;
    const active = await read();
    expect(active).toMatchObject({ active: true, status: 'active', auth_type: '3L', client_id: sandbox.sandbox.credentials.linkedin.clientId });
    expect(String(active.scope).split(',').sort()).toEqual([...LINKEDIN_MEMBER_SCOPES].sort());
    expect(active.expires_at).toBeGreaterThan(Date.now() / 1000);

    sandbox.sandbox.control.revokeTokens('linkedin');
    expect(await read()).toMatchObject({ active: false, status: 'revoked' });
  });
});

describe('RestliClient on the versioned API (A.5 to A.9)', () => {
  it('reads the member from the unversioned /v2/userinfo (A.5: no LinkedIn-Version there)', async () => {
    const member = await restli.get({ resourcePath: '/userinfo', accessToken: await accessToken([...LINKEDIN_MEMBER_SCOPES]) });
    expect(member.status).toBe(200);
    expect(member.data).toMatchObject({
      sub: LINKEDIN_MEMBER.sub,
      given_name: LINKEDIN_MEMBER.givenName,
      family_name: LINKEDIN_MEMBER.familyName,
      email: LINKEDIN_MEMBER.email,
      email_verified: true,
    });
  });

  it('finds the organizations the member holds a role on (organizationAcls, q=roleAssignee)', async () => {
    const token = await accessToken();
    const found = await restli.finder({
      resourcePath: '/organizationAcls',
      finderName: 'roleAssignee',
      queryParams: { state: 'APPROVED' },
      accessToken: token,
      versionString: VERSION,
    });
    expect(found.status).toBe(200);
    expect(found.data.paging).toMatchObject({ start: 0, count: expect.any(Number) });
    expect(found.data.elements.length).toBeGreaterThan(0);
    for (const element of found.data.elements) {
      expect(element).toEqual({
        organization: expect.stringMatching(/^urn:li:organization:\d+$/),
        role: expect.any(String),
        roleAssignee: MEMBER,
        state: 'APPROVED',
      });
    }
    expect(found.data.elements.map((element) => element.organization)).toContain(`urn:li:organization:${STUDIO_ID}`);

    const administrators = await restli.finder({
      resourcePath: '/organizationAcls',
      finderName: 'roleAssignee',
      queryParams: { role: 'ADMINISTRATOR', state: 'APPROVED' },
      accessToken: token,
      versionString: VERSION,
    });
    expect(administrators.data.elements.every((element) => element.role === 'ADMINISTRATOR')).toBe(true);
  });

  it('gets an organization by id, with its logo as a digitalmediaAsset URN and no decoration (A.7)', async () => {
    const token = await accessToken();
    const organization = await restli.get({ resourcePath: '/organizations/{id}', pathKeys: { id: STUDIO_ID }, accessToken: token, versionString: VERSION });
    expect(organization.status).toBe(200);
    expect(organization.data).toMatchObject({ id: STUDIO_ID, localizedName: 'Soler Ibáñez Arquitectos', vanityName: 'soler-ibanez-arquitectos' });
    expect(organization.data.logoV2).toMatchObject({ original: expect.stringMatching(/^urn:li:digitalmediaAsset:/) });
    expect(JSON.stringify(organization.data)).not.toContain('~');
  });

  it('uploads images and publishes single-image and multi-image posts, reading the id as the client does; gets the post', async () => {
    const token = await accessToken();
    const first = await uploadImage(token);
    const single = await restli.create({
      resourcePath: '/posts',
      entity: post('Casa Montgó, una imagen', { media: { id: first, altText: 'Fachada' } }),
      accessToken: token,
      versionString: VERSION,
    });
    expect(single.status).toBe(201);
    expect(single.data).toBe('');
    // RestliClient reads the new id from the x-restli-id header, decoded (lib/utils/restli-utils.ts).
    expect(single.createdEntityId).toMatch(/^urn:li:(share|ugcPost):\d+$/);
    expect(single.headers.location).toBe(`/posts/${encodeURIComponent(String(single.createdEntityId))}`);

    const images = [await uploadImage(token, MEMBER, '#553311'), await uploadImage(token, MEMBER, '#113355')];
    const multi = await restli.create({
      resourcePath: '/posts',
      entity: post('Casa Montgó, dos imágenes', { multiImage: { images: images.map((id, index) => ({ id, altText: `Vista ${index + 1}` })) } }),
      accessToken: token,
      versionString: VERSION,
    });
    expect(multi.status).toBe(201);
    const id = String(multi.createdEntityId);

    const read = await restli.get({ resourcePath: '/posts/{id}', pathKeys: { id }, accessToken: token, versionString: VERSION });
    expect(read.data).toMatchObject({
      id,
      author: MEMBER,
      commentary: 'Casa Montgó, dos imágenes',
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
      content: { multiImage: { images: images.map((image) => expect.objectContaining({ id: image })) } },
    });
  });

  it('deletes a post (204), which is then gone (404)', async () => {
    const token = await accessToken();
    const created = await restli.create({ resourcePath: '/posts', entity: post('Para borrar'), accessToken: token, versionString: VERSION });
    const id = String(created.createdEntityId);
    // RestliClient sends Content-Type: application/json on every call, a DELETE without a body included.
    const removed = await restli.delete({ resourcePath: '/posts/{id}', pathKeys: { id }, accessToken: token, versionString: VERSION });
    expect(removed.status).toBe(204);
    const gone = await refusal(restli.get({ resourcePath: '/posts/{id}', pathKeys: { id }, accessToken: token, versionString: VERSION }));
    expect(gone.status).toBe(404);
  });
});

describe('refusals, as LinkedIn answers them (A.0, A.13)', () => {
  it('a retired LinkedIn-Version is 426 NONEXISTENT_VERSION; a missing one is 400 VERSION_MISSING', async () => {
    const token = await accessToken();
    // A month's version is served about a year (https://learn.microsoft.com/en-us/linkedin/marketing/versioning).
    const now = new Date();
    const retired = linkedinVersionOf(new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth() - 1, 1)));
    expect(linkedinVersionStatus(retired, now).state).toBe('ended');
    const old = await refusal(restli.get({ resourcePath: '/organizations/{id}', pathKeys: { id: STUDIO_ID }, accessToken: token, versionString: retired }));
    expect(old.status).toBe(426);
    expect(old.data).toEqual({ status: 426, code: 'NONEXISTENT_VERSION', message: `Requested version ${retired} is not active` });

    const missing = await refusal(
      clientWithout('LinkedIn-Version').get({ resourcePath: '/organizations/{id}', pathKeys: { id: STUDIO_ID }, accessToken: token, versionString: VERSION }),
    );
    expect(missing.status).toBe(400);
    expect(missing.data).toEqual({
      status: 400,
      code: 'VERSION_MISSING',
      message: 'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
    });
  });

  it('a /rest call without X-Restli-Protocol-Version: 2.0.0 is 400, a finder or a create alike', async () => {
    const token = await accessToken();
    const client = clientWithout('X-RestLi-Protocol-Version');
    const finder = await refusal(client.finder({ resourcePath: '/organizationAcls', finderName: 'roleAssignee', accessToken: token, versionString: VERSION }));
    expect(finder.status).toBe(400);
    expect(finder.data).toMatchObject({ status: 400, message: expect.any(String) });
    const create = await refusal(client.create({ resourcePath: '/posts', entity: post('Sin cabecera Rest.li'), accessToken: token, versionString: VERSION }));
    expect(create.status).toBe(400);
    expect(create.data).toMatchObject({ status: 400, message: expect.any(String) });
  });

  it('an unknown or revoked token is 401 with its serviceErrorCode', async () => {
    const unknown = await refusal(
      restli.get({ resourcePath: '/organizations/{id}', pathKeys: { id: STUDIO_ID }, accessToken: 'AQVnot-a-token', versionString: VERSION }),
    );
    expect(unknown.status).toBe(401);
    expect(unknown.data).toEqual({ status: 401, serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token' });

    const token = await accessToken();
    sandbox.sandbox.control.revokeTokens('linkedin');
    const revoked = await refusal(restli.create({ resourcePath: '/posts', entity: post('Revocado'), accessToken: token, versionString: VERSION }));
    expect(revoked.status).toBe(401);
    expect(revoked.data).toEqual({
      status: 401,
      serviceErrorCode: 65601,
      code: 'REVOKED_ACCESS_TOKEN',
      message: 'The token used in the request has been revoked by the user',
    });
  });

  it('a token with only the member scopes may upload an image but not read it back (403)', async () => {
    const token = await accessToken([...LINKEDIN_MEMBER_SCOPES]);
    const image = await uploadImage(token);
    const read = await refusal(restli.get({ resourcePath: '/images/{id}', pathKeys: { id: image }, accessToken: token, versionString: VERSION }));
    expect(read.status).toBe(403);
    expect(read.data).toMatchObject({ status: 403, message: expect.any(String) });
    // The same image still publishes: a member post never needs that read (Corrections, w_member_social).
    const published = await restli.create({
      resourcePath: '/posts',
      entity: post('Solo escritura', { media: { id: image } }),
      accessToken: token,
      versionString: VERSION,
    });
    expect(published.status).toBe(201);
  });

  it('the same commentary again within minutes is 422 DUPLICATE_POST', async () => {
    const token = await accessToken();
    const first = await restli.create({ resourcePath: '/posts', entity: post('Dos veces lo mismo'), accessToken: token, versionString: VERSION });
    const again = await refusal(restli.create({ resourcePath: '/posts', entity: post('Dos veces lo mismo'), accessToken: token, versionString: VERSION }));
    expect(again.status).toBe(422);
    expect(again.data).toMatchObject({
      status: 422,
      message: expect.stringContaining(`Content is a duplicate of ${String(first.createdEntityId)}`),
      errorDetails: { inputErrors: [expect.objectContaining({ code: 'DUPLICATE_POST' })] },
    });
  });
});
