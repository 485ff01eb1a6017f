import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkedinScopes } from '../../../domain/social.ts';
import { defaultOrganizations } from '../../../sandbox/personas.ts';
import { plainImage } from '../../test-support/images.ts';
import { type TestSandbox, TEST_APP_URL, answerConsent, sandboxClients, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { providerFailure } from '../../test-support/provider-failure.ts';
import { type LinkedInClient, createLinkedInClient, publishLinkedInPost, toLittleText } from './linkedin-client.ts';

const REDIRECT_URI = `${TEST_APP_URL}/auth/linkedin/callback`;
const MEMBER = 'urn:li:person:sbx4Qm7TzL';
const STUDIO = 'urn:li:organization:90210001';

let sandbox: TestSandbox;
let client: LinkedInClient;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  client = sandboxClients(sandbox).linkedin;
});
afterAll(() => sandbox.close());
afterEach(() => {
  sandbox.sandbox.control.clearFaults();
  sandbox.sandbox.control.configure({ linkedin: { issueRefreshTokens: false, postsPerDay: 150 } });
  sandbox.sandbox.control.setOrganizations(defaultOrganizations());
});

/** A member's consent through the sandbox's page, then the code exchange. */
async function grant(scopes: readonly string[] = linkedinScopes({ organizationPages: true })) {
  const consent = await answerConsent(client.authorizationUrl({ state: 'state-1', redirectUri: REDIRECT_URI, scopes }));
  return client.exchangeCode({ code: consent.searchParams.get('code')!, redirectUri: REDIRECT_URI });
}

async function token(): Promise<string> {
  return (await grant()).accessToken!;
}

describe('LinkedIn OAuth', () => {
  it('exchanges a code for a 60-day token with the granted scopes (comma-separated on the wire) and an ID token', async () => {
    const result = await grant();
    expect(result.accessToken).toMatch(/^AQV/);
    expect(result.expiresIn).toBe(5_184_000);
    expect(result.scopes.sort()).toEqual(linkedinScopes({ organizationPages: true }).sort());
    expect(result.refreshToken).toBeUndefined();
    const claims = JSON.parse(Buffer.from(result.idToken!.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({
      sub: 'sbx4Qm7TzL',
      aud: sandbox.sandbox.credentials.linkedin.clientId,
      name: 'Marta Soler Ibáñez',
      email: 'marta.soler@sandbox.alzado.test',
    });
  });

  it('a code is single-use and lives 30 minutes', async () => {
    const consent = await answerConsent(
      client.authorizationUrl({ state: 's', redirectUri: REDIRECT_URI, scopes: linkedinScopes({ organizationPages: true }) }),
    );
    const code = consent.searchParams.get('code')!;
    await client.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const reused = await providerFailure(client.exchangeCode({ code, redirectUri: REDIRECT_URI }));
    expect(reused).toMatchObject({ failure: 'rejected', details: { status: 400, code: 'invalid_request' } });
    expect(reused.message).toContain('authorization code expired');

    const late = await answerConsent(client.authorizationUrl({ state: 's', redirectUri: REDIRECT_URI, scopes: linkedinScopes({ organizationPages: true }) }));
    sandbox.sandbox.control.advanceTime(31 * 60);
    expect(await providerFailure(client.exchangeCode({ code: late.searchParams.get('code')!, redirectUri: REDIRECT_URI }))).toMatchObject({
      failure: 'rejected',
    });
    const unknown = await providerFailure(client.exchangeCode({ code: 'AQTnothing', redirectUri: REDIRECT_URI }));
    expect(unknown.message).toContain('authorization code not found');
  });

  it('refuses wrong app credentials with invalid_client', async () => {
    const wrong = createLinkedInClient({
      ...sandbox.sandbox.credentials.linkedin,
      clientSecret: 'not-it',
      authorizationBaseUrl: `${sandbox.base}/linkedin`,
      oauthBaseUrl: `${sandbox.base}/linkedin`,
      apiBaseUrl: `${sandbox.base}/linkedin`,
      apiVersion: '202610',
      timeoutMs: 2000,
    });
    expect(await providerFailure(wrong.exchangeCode({ code: 'x', redirectUri: REDIRECT_URI }))).toMatchObject({
      failure: 'rejected',
      details: { status: 401, code: 'invalid_client' },
    });
  });

  it('refreshes with a refresh token that counts 365 days from the first authorization', async () => {
    sandbox.sandbox.control.configure({ linkedin: { issueRefreshTokens: true } });
    const first = await grant();
    expect(first.refreshTokenExpiresIn).toBe(31_536_000);
    sandbox.sandbox.control.advanceTime(59 * 86_400);
    const renewed = await client.refreshAccessToken(first.refreshToken!);
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect(renewed.expiresIn).toBe(5_184_000);
    expect(renewed.refreshToken).toBe(first.refreshToken);
    expect(renewed.refreshTokenExpiresIn).toBeLessThanOrEqual(306 * 86_400);
    expect(await providerFailure(client.refreshAccessToken('AQXnothing'))).toMatchObject({ failure: 'rejected' });
  });

  it('introspects: active, then expired, then revoked', async () => {
    const accessToken = await token();
    expect(await client.introspectToken(accessToken)).toMatchObject({ active: true, status: 'active' });
    sandbox.sandbox.control.expireTokens('linkedin');
    expect(await client.introspectToken(accessToken)).toMatchObject({ active: false, status: 'expired' });
    const other = await token();
    sandbox.sandbox.control.revokeTokens('linkedin');
    expect(await client.introspectToken(other)).toMatchObject({ active: false, status: 'revoked' });
  });

  it('a grant with other scopes invalidates the earlier tokens (A.1)', async () => {
    const earlier = await token();
    await grant(['openid', 'profile', 'w_member_social']);
    expect(await client.introspectToken(earlier)).toMatchObject({ active: false, status: 'revoked' });
  });
});

describe('LinkedIn member and organizations', () => {
  it('reads the member from userinfo', async () => {
    expect(await client.getMember(await token())).toEqual({
      sub: 'sbx4Qm7TzL',
      name: 'Marta Soler Ibáñez',
      givenName: 'Marta',
      familyName: 'Soler Ibáñez',
      picture: `${sandbox.base}/linkedin/media/member.svg`,
      email: 'marta.soler@sandbox.alzado.test',
    });
  });

  it('lists only the approved roles that may post organic updates (administrator, content administrator), across pages of 100', async () => {
    const accessToken = await token();
    // 90210003 is an analyst's, 90210004 a pending request, 90210005 a sponsored content poster's.
    expect(await client.listAdministeredOrganizationIds(accessToken)).toEqual(['90210001', '90210002']);
    const many = Array.from({ length: 230 }, (_, index) => ({
      id: 91000000 + index,
      name: `Estudio ${index}`,
      vanityName: `e${index}`,
      role: 'ADMINISTRATOR',
      state: 'APPROVED',
      logo: null,
    }));
    sandbox.sandbox.control.setOrganizations(many);
    const ids = await client.listAdministeredOrganizationIds(accessToken);
    expect(ids).toHaveLength(230);
    expect(ids.at(-1)).toBe('91000229');
  });

  it('reads an organization without decoration: the logo asset resolved through the Images API', async () => {
    const accessToken = await token();
    expect(await client.getOrganization(accessToken, '90210001')).toEqual({
      id: '90210001',
      urn: STUDIO,
      name: 'Soler Ibáñez Arquitectos',
      vanityName: 'soler-ibanez-arquitectos',
      logoUrl: `${sandbox.base}/linkedin/media/logos/90210001.svg`,
    });
    expect((await client.getOrganization(accessToken, '90210002')).logoUrl).toBeNull();
    const logo = await fetch(`${sandbox.base}/linkedin/media/logos/90210001.svg`);
    expect(logo.headers.get('content-type')).toContain('image/svg+xml');
    expect(await providerFailure(client.getOrganization(accessToken, '1'))).toMatchObject({ failure: 'rejected', details: { status: 404 } });
  });

  it('a logo the token may not read is no logo, and the page keeps its name', async () => {
    // A content administrator may post as the page; a page's images are for its administrators and
    // sponsored content posters to read.
    sandbox.sandbox.control.setOrganizations(
      defaultOrganizations().map((entry) => (entry.id === 90210001 ? { ...entry, role: 'CONTENT_ADMINISTRATOR' } : entry)),
    );
    const organization = await client.getOrganization(await token(), '90210001');
    expect(organization).toMatchObject({ name: 'Soler Ibáñez Arquitectos', logoUrl: null });
  });
});

describe('LinkedIn images and posts (what publishing uses)', () => {
  it('uploads an image for the member: WAITING_UPLOAD until the bytes arrive, then AVAILABLE', async () => {
    const accessToken = await token();
    const urn = await client.uploadImage(accessToken, { owner: MEMBER, bytes: await plainImage('jpeg', 1200, 900) });
    expect(urn).toMatch(/^urn:li:image:C4E10AQ/);
    const image = await client.getImage(accessToken, urn);
    expect(image.status).toBe('AVAILABLE');
    const download = await fetch(image.downloadUrl!);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
  });

  it('publishes text only, one image (media) and several (multiImage), as the member and as a page', async () => {
    const accessToken = await token();
    const text = await client.createPost(accessToken, { author: MEMBER, commentary: 'Solo texto' });
    expect(text.id).toMatch(/^urn:li:share:\d+$/);
    // The link opens the sandbox's page of the post (its web base URL), which shows the text.
    expect(text.url).toBe(`${sandbox.base}/linkedin/web/feed/update/${text.id}`);
    expect(await (await fetch(text.url)).text()).toContain('Solo texto');
    // Without a web base URL, links point at LinkedIn itself.
    const served = `${sandbox.base}/linkedin`;
    const plain = createLinkedInClient({
      ...sandbox.sandbox.credentials.linkedin,
      authorizationBaseUrl: served,
      oauthBaseUrl: served,
      apiBaseUrl: served,
      apiVersion: '202610',
      timeoutMs: 5_000,
    });
    const real = await plain.createPost(accessToken, { author: MEMBER, commentary: 'Otro texto' });
    expect(real.url).toBe(`https://www.linkedin.com/feed/update/${real.id}`);

    const single = await publishLinkedInPost(client, accessToken, {
      author: STUDIO,
      commentary: 'Casa en el Montgó',
      images: [{ bytes: await plainImage('jpeg', 1080, 1080), altText: 'Fachada' }],
    });
    const multi = await publishLinkedInPost(client, accessToken, {
      author: MEMBER,
      commentary: 'Reforma de un ático',
      images: [{ bytes: await plainImage('jpeg', 1080, 1350) }, { bytes: await plainImage('png', 1200, 628) }, { bytes: await plainImage('gif', 800, 800) }],
    });
    expect(multi.imageUrns).toHaveLength(3);

    const published = sandbox.sandbox.control.published().linkedin;
    expect(published.find((post) => post.id === single.id)).toMatchObject({
      author: STUDIO,
      authorName: 'Soler Ibáñez Arquitectos',
      commentary: 'Casa en el Montgó',
      images: [expect.stringContaining('/linkedin/media/images/')],
    });
    expect(published.find((post) => post.id === multi.id)?.images).toHaveLength(3);
    expect(published.find((post) => post.id === text.id)?.images).toEqual([]);
  });

  it("refuses what LinkedIn refuses: another author's image, a page the member does not administer, a duplicate, a long text, a failed image", async () => {
    const accessToken = await token();
    const mine = await client.uploadImage(accessToken, { owner: MEMBER, bytes: await plainImage('jpeg') });
    const notOwned = await providerFailure(client.createPost(accessToken, { author: STUDIO, commentary: 'x', images: [{ urn: mine }] }));
    expect(notOwned).toMatchObject({ failure: 'rejected', details: { status: 400 } });

    // A page whose role does not allow organic posts concerns that page only ('page'), not the token.
    const analyst = await providerFailure(client.createPost(accessToken, { author: 'urn:li:organization:90210003', commentary: 'Hola' }));
    expect(analyst).toMatchObject({ failure: 'page', details: { status: 403, code: 'ACCESS_DENIED' } });
    expect(analyst.message).toContain('partnerApiPostsExternal.CREATE.202610');
    const analystImage = await providerFailure(client.uploadImage(accessToken, { owner: 'urn:li:organization:90210003', bytes: await plainImage('jpeg') }));
    expect(analystImage).toMatchObject({ failure: 'page', details: { status: 403 } });

    await client.createPost(accessToken, { author: MEMBER, commentary: 'Una sola vez' });
    expect(await providerFailure(client.createPost(accessToken, { author: MEMBER, commentary: 'Una sola vez' }))).toMatchObject({
      failure: 'rejected',
      details: { status: 422 },
    });

    expect(await providerFailure(client.createPost(accessToken, { author: MEMBER, commentary: 'a'.repeat(3001) }))).toMatchObject({
      failure: 'rejected',
      details: { status: 400 },
    });

    const webp = await client.uploadImage(accessToken, { owner: MEMBER, bytes: await plainImage('webp') });
    expect((await client.getImage(accessToken, webp)).status).toBe('PROCESSING_FAILED');
    expect(await providerFailure(client.createPost(accessToken, { author: MEMBER, commentary: 'webp', images: [{ urn: webp }] }))).toMatchObject({
      failure: 'rejected',
    });

    // The member refused is the token refused: a permission the whole connection lacks (a grant with
    // other scopes revokes the earlier token, so this comes last).
    const memberOnly = await grant(['openid', 'profile']);
    expect(await providerFailure(client.createPost(memberOnly.accessToken!, { author: MEMBER, commentary: 'Sin permiso' }))).toMatchObject({
      failure: 'permission',
      details: { status: 403 },
    });
  });

  it('is throttled per member per day (429, rate-limited)', async () => {
    const accessToken = await token();
    sandbox.sandbox.control.configure({ linkedin: { postsPerDay: 1 } });
    sandbox.sandbox.control.advanceTime(86_400);
    await client.createPost(accessToken, { author: MEMBER, commentary: 'primera' });
    expect(await providerFailure(client.createPost(accessToken, { author: MEMBER, commentary: 'segunda' }))).toMatchObject({
      failure: 'rate-limited',
      details: { status: 429, subcode: 101 },
    });
  });

  it('escapes reserved characters of little text, keeping hashtags', () => {
    expect(toLittleText('Casa (2024) #arquitectura @estudio a_b *c* [d] {e} <f> ~g | h\\ # solo')).toBe(
      'Casa \\(2024\\) #arquitectura \\@estudio a\\_b \\*c\\* \\[d\\] \\{e\\} \\<f\\> \\~g \\| h\\\\ \\# solo',
    );
  });
});

describe('LinkedIn failures as the client reports them', () => {
  it('an expired or revoked token is invalid-token, with LinkedIn code', async () => {
    const accessToken = await token();
    sandbox.sandbox.control.expireTokens('linkedin');
    expect(await providerFailure(client.getMember(accessToken))).toMatchObject({
      failure: 'invalid-token',
      details: { status: 401, code: 'EXPIRED_ACCESS_TOKEN' },
    });
    const other = await token();
    sandbox.sandbox.control.revokeTokens('linkedin');
    expect(await providerFailure(client.getMember(other))).toMatchObject({
      failure: 'invalid-token',
      details: { code: 'REVOKED_ACCESS_TOKEN', subcode: 65601 },
    });
    expect(await providerFailure(client.getMember('made-up'))).toMatchObject({
      failure: 'invalid-token',
      details: { code: 'INVALID_ACCESS_TOKEN', subcode: 65600 },
    });
  });

  it('a version LinkedIn no longer serves is 426 NONEXISTENT_VERSION', async () => {
    const accessToken = await token();
    const old = sandboxClients(sandbox, { linkedinVersion: '202201' }).linkedin;
    const error = await providerFailure(old.listAdministeredOrganizationIds(accessToken));
    expect(error).toMatchObject({ failure: 'rejected', details: { status: 426, code: 'NONEXISTENT_VERSION' } });
    expect(error.message).toContain('Requested version 202201 is not active');
  });

  it.each([
    ['server-error', 'server', 500],
    ['rate-limit', 'rate-limited', 429],
  ] as const)('a %s is %s', async (kind, expected, status) => {
    const accessToken = await token();
    sandbox.sandbox.control.fail({ network: 'linkedin', kind, path: '/rest/organizationAcls' });
    const error = await providerFailure(client.listAdministeredOrganizationIds(accessToken));
    expect(error).toMatchObject({ failure: expected, details: { status } });
    expect(error.isTransient).toBe(true);
    expect(error.message).not.toContain(accessToken);
  });

  it('a dropped connection, an answer too slow and a closed port are network failures, without the token or the query in the message', async () => {
    const accessToken = await token();
    sandbox.sandbox.control.fail({ network: 'linkedin', kind: 'drop', path: '/v2/userinfo' });
    expect(await providerFailure(client.getMember(accessToken))).toMatchObject({ failure: 'network' });

    const impatient = sandboxClients(sandbox, { timeoutMs: 200 }).linkedin;
    sandbox.sandbox.control.fail({ network: 'linkedin', kind: 'slow', delayMs: 1000, path: '/oauth/v2/introspectToken' });
    const slow = await providerFailure(impatient.introspectToken(accessToken));
    expect(slow.failure).toBe('network');
    expect(slow.message).toContain('no answer within 200 ms');

    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const nowhere = createLinkedInClient({
      ...sandbox.sandbox.credentials.linkedin,
      authorizationBaseUrl: 'x',
      oauthBaseUrl: `http://127.0.0.1:${closedPort}`,
      apiBaseUrl: `http://127.0.0.1:${closedPort}`,
      apiVersion: '202610',
      timeoutMs: 1000,
    });
    const refused = await providerFailure(nowhere.introspectToken(accessToken));
    expect(refused.failure).toBe('network');
    expect(refused.message).toContain('ECONNREFUSED');
    expect(refused.message).not.toContain(accessToken);
  });
});
