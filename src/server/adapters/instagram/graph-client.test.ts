import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INSTAGRAM_SCOPES, instagramScopes } from '../../../domain/social.ts';
import { defaultMetaPages } from '../../../sandbox/personas.ts';
import { plainImage } from '../../test-support/images.ts';
import { type TestSandbox, TEST_APP_URL, answerConsent, sandboxClients, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { providerFailure } from '../../test-support/provider-failure.ts';
import { NEWEST_GRAPH_VERSION } from '../../../domain/api-versions.ts';
import { CONTAINER_POLLING, type GraphClient, containerCheckTimes, createGraphClient, publishInstagramPost } from './graph-client.ts';

const REDIRECT_URI = `${TEST_APP_URL}/auth/instagram/callback`;
const STUDIO_IG = '17841400000000001';
/** The Instagram account of a page the studio's Business Manager business owns. */
const BUSINESS_IG = '17841400000000004';
const DAY_S = 86_400;

let sandbox: TestSandbox;
let client: GraphClient;
let images: http.Server;
let imageBase: string;

/** Where Meta fetches images from: a web server with images of every kind Instagram accepts or refuses. */
async function startImageServer(): Promise<void> {
  const files: Record<string, { type: string; body: Buffer }> = {
    '/square.jpg': { type: 'image/jpeg', body: await plainImage('jpeg', 1080, 1080, '#446688') },
    '/portrait.jpg': { type: 'image/jpeg', body: await plainImage('jpeg', 1080, 1350, '#884466') },
    '/landscape.jpg': { type: 'image/jpeg', body: await plainImage('jpeg', 1910, 1000, '#668844') },
    '/panorama.jpg': { type: 'image/jpeg', body: await plainImage('jpeg', 2000, 800) },
    '/drawing.png': { type: 'image/png', body: await plainImage('png', 1080, 1080) },
    '/huge.jpg': { type: 'image/jpeg', body: Buffer.alloc(9 * 1024 * 1024, 1) },
  };
  images = http.createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (!file) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  client = sandboxClients(sandbox).instagram;
  await startImageServer();
  // A loopback image server, which Meta could not reach: allowed in the sandbox for these tests.
  sandbox.sandbox.control.allowImageOrigins([imageBase]);
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => images.close(resolve));
});
afterEach(() => {
  sandbox.sandbox.control.clearFaults();
  sandbox.sandbox.control.configure({ meta: { quotaTotal: 50, containerProcessingMs: 0, dialogPages: null } });
  sandbox.sandbox.control.setMetaPages(defaultMetaPages());
});

/** `uncheck`: permissions and page ids the user unticks in the login dialog; `scopes`: what the app asks for. */
async function code(options: { uncheck?: string[]; scopes?: readonly string[] } = {}): Promise<string> {
  const back = await answerConsent(client.loginDialogUrl({ state: 's', redirectUri: REDIRECT_URI, scopes: options.scopes ?? INSTAGRAM_SCOPES }), {
    decision: 'allow',
    uncheck: options.uncheck,
  });
  expect(back.hash).toBe('#_=_');
  return back.searchParams.get('code')!;
}

async function longLivedToken(options: { uncheck?: string[]; scopes?: readonly string[] } = {}): Promise<string> {
  const short = await client.exchangeCode({ code: await code(options), redirectUri: REDIRECT_URI });
  return (await client.exchangeForLongLivedToken(short.accessToken!)).accessToken!;
}

describe('Facebook Login and tokens', () => {
  it('code, short-lived token (1.5 h), long-lived token (about 60 days), debug_token, /me and the permissions', async () => {
    const short = await client.exchangeCode({ code: await code({ uncheck: ['business_management'] }), redirectUri: REDIRECT_URI });
    expect(short).toMatchObject({ tokenType: 'bearer', expiresIn: 5_400 });
    const long = await client.exchangeForLongLivedToken(short.accessToken!);
    expect(long.expiresIn).toBe(5_183_944);
    expect(long.accessToken).not.toBe(short.accessToken);

    const info = await client.debugToken(long.accessToken!);
    expect(info).toMatchObject({
      isValid: true,
      appId: sandbox.sandbox.credentials.meta.appId,
      type: 'USER',
      application: 'Alzado',
      userId: '10158000000000001',
    });
    expect(info.scopes).not.toContain('business_management');
    expect(info.expiresAt!.getTime() - Date.now()).toBeGreaterThan(59 * 86_400_000);
    expect(info.dataAccessExpiresAt!.getTime() - Date.now()).toBeGreaterThan(89 * 86_400_000);
    expect(info.issuedAt).toBeInstanceOf(Date);
    expect(info.granularScopes).toContainEqual({
      scope: 'pages_show_list',
      target_ids: ['104000000000001', '104000000000002', '104000000000003', '104000000000004', '104000000000005'],
    });

    expect(await client.getMe(long.accessToken!)).toEqual({ id: '10158000000000001', name: 'Marta Soler Ibáñez' });
    const permissions = await client.getGrantedPermissions(long.accessToken!);
    expect(permissions).toContain('instagram_content_publish');
    expect(permissions).not.toContain('business_management');
  });

  it.each([
    ['used', 36009],
    ['expired', 36007],
    ['sent with another redirect_uri', 36008],
  ] as const)('refuses a code %s with subcode %s', async (how, subcode) => {
    const value = await code();
    if (how === 'used') await client.exchangeCode({ code: value, redirectUri: REDIRECT_URI });
    if (how === 'expired') sandbox.sandbox.control.advanceTime(11 * 60);
    const redirectUri = how === 'sent with another redirect_uri' ? `${TEST_APP_URL}/elsewhere` : REDIRECT_URI;
    expect(await providerFailure(client.exchangeCode({ code: value, redirectUri }))).toMatchObject({ failure: 'rejected', details: { code: 100, subcode } });
  });

  it('debug_token reports an expired token as invalid, with its reason', async () => {
    const token = await longLivedToken();
    sandbox.sandbox.control.expireTokens('meta');
    expect(await client.debugToken(token)).toMatchObject({ isValid: false, error: { code: 190, subcode: 463 } });
    expect(await providerFailure(client.getMe(token))).toMatchObject({ failure: 'invalid-token', details: { code: 190, subcode: 463 } });
    expect(await providerFailure(client.exchangeForLongLivedToken(token))).toMatchObject({ failure: 'invalid-token' });
  });

  it('a user who removes the app (DELETE /me/permissions) invalidates every token: 190/458', async () => {
    const token = await longLivedToken();
    const removal = await fetch(`${sandbox.base}/meta/graph/${NEWEST_GRAPH_VERSION}/me/permissions`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await removal.json()).toEqual({ success: true });
    expect(await providerFailure(client.getMe(token))).toMatchObject({ failure: 'invalid-token', details: { subcode: 458 } });
    expect(await client.debugToken(token)).toMatchObject({ isValid: false, error: { subcode: 458 } });
    // A new login grants the app again.
    expect((await client.getMe(await longLivedToken())).id).toBe('10158000000000001');
  });

  it('with a Facebook Login for Business configuration the dialog names it, not the permissions, and grants what it holds', async () => {
    const configured = createGraphClient({
      ...sandbox.sandbox.credentials.meta,
      dialogBaseUrl: `${sandbox.base}/meta/www`,
      graphBaseUrl: `${sandbox.base}/meta/graph`,
      graphVersion: NEWEST_GRAPH_VERSION,
      timeoutMs: 5_000,
      loginConfigId: '7001',
    });
    const url = new URL(configured.loginDialogUrl({ state: 's', redirectUri: REDIRECT_URI, scopes: INSTAGRAM_SCOPES }));
    expect(url.searchParams.get('config_id')).toBe('7001');
    expect(url.searchParams.has('scope')).toBe(false);

    // A configuration the app does not have: Meta's error page, no way back.
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(400);

    sandbox.sandbox.control.configure({ meta: { loginConfigurations: { '7001': ['pages_show_list', 'instagram_basic', 'instagram_content_publish'] } } });
    try {
      const back = await answerConsent(url.toString(), { decision: 'allow' });
      const short = await configured.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: REDIRECT_URI });
      expect((await configured.getGrantedPermissions(short.accessToken!)).sort()).toEqual([
        'instagram_basic',
        'instagram_content_publish',
        'pages_show_list',
        'public_profile',
      ]);
    } finally {
      sandbox.sandbox.control.configure({ meta: { loginConfigurations: {} } });
    }
  });

  it('exchanging a long-lived token again is no renewal: the same token comes back with the life it has left', async () => {
    const token = await longLivedToken();
    sandbox.sandbox.control.advanceTime(10 * DAY_S);
    const again = await client.exchangeForLongLivedToken(token);
    expect(again.accessToken).toBe(token);
    expect(again.expiresIn).toBeLessThanOrEqual(5_183_944 - 10 * DAY_S);
    expect(again.expiresIn).toBeGreaterThan(5_183_944 - 10 * DAY_S - 60);
  });

  it('a page token from a long-lived user token outlives it, and dies with the data access; a new login renews that', async () => {
    const user = await longLivedToken();
    const page = (await client.listPages(user))[0]!.accessToken!;
    // Day 61: the user token has expired, the page token has not (it never does).
    sandbox.sandbox.control.advanceTime(61 * DAY_S);
    expect(await providerFailure(client.getMe(user))).toMatchObject({ failure: 'invalid-token', details: { code: 190, subcode: 463 } });
    const info = await client.debugToken(page);
    expect(info).toMatchObject({ isValid: true, type: 'PAGE', expiresAt: undefined });
    expect(await client.getPublishingLimit(page, STUDIO_IG)).toMatchObject({ quotaTotal: 50 });
    // Day 91: 90 days after the last login, data access has ended, and the page token with it.
    sandbox.sandbox.control.advanceTime(30 * DAY_S);
    expect(await client.debugToken(page)).toMatchObject({ isValid: false, error: { code: 190 } });
    expect(await providerFailure(client.getPublishingLimit(page, STUDIO_IG))).toMatchObject({ failure: 'invalid-token' });
    // Logging in again gives the app data access again, for the tokens the user already holds too.
    await longLivedToken();
    expect(await client.debugToken(page)).toMatchObject({ isValid: true });
    // 90 days from this login, 91 days after the first one.
    expect((await client.debugToken(page)).dataAccessExpiresAt!.getTime() - info.dataAccessExpiresAt!.getTime()).toBeGreaterThan(90 * DAY_S * 1000);
  });
});

describe('pages and Instagram business accounts', () => {
  it('lists the pages with their tokens and linked accounts, following the paging', async () => {
    const token = await longLivedToken();
    const pages = await client.listPages(token);
    // /me/accounts: the pages of her own page role only.
    expect(pages.map((page) => [page.id, page.instagramBusinessAccount?.username ?? null, page.through])).toEqual([
      ['104000000000001', 'soler.arquitectos', 'user'],
      ['104000000000002', 'tallernorte.estudio', 'user'],
      ['104000000000003', null, 'user'],
    ]);
    expect(pages[0]!.accessToken).toMatch(/^EAAB/);
    expect(pages[0]!.instagramBusinessAccount).toEqual({
      id: STUDIO_IG,
      username: 'soler.arquitectos',
      name: 'Soler Ibáñez Arquitectos',
      profilePictureUrl: `${sandbox.base}/meta/media/profile/${STUDIO_IG}.svg`,
      followersCount: 1204,
      mediaCount: 87,
    });
    const many = Array.from({ length: 130 }, (_, index) => ({
      id: String(105_000_000_000_000 + index),
      name: `Página ${index}`,
      category: 'Architect',
      instagram: null,
    }));
    sandbox.sandbox.control.setMetaPages(many);
    // Pages are shared in the login dialog: a new login shares the new ones.
    expect(await client.listPages(await longLivedToken())).toHaveLength(130);
  });

  it('a page token never expires and cannot list pages itself', async () => {
    const token = await longLivedToken();
    const pageToken = (await client.listPages(token))[0]!.accessToken!;
    expect(await client.debugToken(pageToken)).toMatchObject({ isValid: true, type: 'PAGE', expiresAt: undefined });
    expect(await providerFailure(client.listPages(pageToken))).toMatchObject({ failure: 'rejected', details: { code: 100 } });
  });

  it('without pages_show_list the pages are refused as a missing permission', async () => {
    expect(await providerFailure(client.listPages(await longLivedToken({ uncheck: ['pages_show_list'] })))).toMatchObject({
      failure: 'permission',
      details: { code: 10 },
    });
  });

  it('with business_management, also the pages of her Business Manager businesses: one it owns, one of a client', async () => {
    const token = await longLivedToken();
    const pages = await client.listPages(token, { businesses: true });
    expect(pages.map((page) => [page.id, page.instagramBusinessAccount?.username ?? null, page.through])).toEqual([
      ['104000000000001', 'soler.arquitectos', 'user'],
      ['104000000000002', 'tallernorte.estudio', 'user'],
      ['104000000000003', null, 'user'],
      ['104000000000004', 'soler.interiorismo', 'business'],
      ['104000000000005', 'fundaciomirador', 'business'],
    ]);
    expect(pages[3]!.accessToken).toMatch(/^EAAB/);
    // /me/businesses is business_management's.
    const declined = await longLivedToken({ uncheck: ['business_management'] });
    expect(await providerFailure(client.listPages(declined, { businesses: true }))).toMatchObject({ failure: 'permission', details: { code: 10 } });
    expect(await client.listPages(declined)).toHaveLength(3);
  });

  it('only the pages shared in the login dialog come back, from every source; the others are out of reach', async () => {
    const token = await longLivedToken({ uncheck: ['104000000000001', '104000000000005'] });
    expect((await client.listPages(token, { businesses: true })).map((page) => page.id)).toEqual(['104000000000002', '104000000000003', '104000000000004']);
    const info = await client.debugToken(token);
    expect(info.granularScopes).toContainEqual({ scope: 'instagram_basic', target_ids: ['17841400000000002', '17841400000000004'] });
    expect(await providerFailure(client.getPageToken(token, '104000000000001'))).toMatchObject({ failure: 'rejected', details: { code: 100, subcode: 33 } });
    expect(await providerFailure(client.createImageContainer(token, STUDIO_IG, { imageUrl: `${imageBase}/square.jpg` }))).toMatchObject({
      failure: 'rejected',
      details: { code: 100, subcode: 33 },
    });
    // The dialog can open with fewer pages ticked (the sandbox's setting for tests and journeys).
    sandbox.sandbox.control.configure({ meta: { dialogPages: ['104000000000002'] } });
    expect((await client.listPages(await longLivedToken(), { businesses: true })).map((page) => page.id)).toEqual(['104000000000002']);
  });

  it("reads a page's own token with the user's token", async () => {
    const token = await longLivedToken();
    const pageToken = await client.getPageToken(token, '104000000000002');
    expect(await client.debugToken(pageToken!)).toMatchObject({ isValid: true, type: 'PAGE' });
  });
});

describe('publishing (what issue 7 uses)', () => {
  it('publishes one image: a container Meta fills from image_url, then media_publish and the permalink', async () => {
    const token = await longLivedToken();
    const result = await publishInstagramPost(client, token, {
      igUserId: STUDIO_IG,
      caption: 'Casa patio #arquitectura',
      images: [{ url: `${imageBase}/square.jpg`, altText: 'Patio' }],
    });
    expect(result.mediaId).toMatch(/^\d+$/);
    expect(result.permalink).toMatch(new RegExp(`^${sandbox.base}/meta/p/[A-Za-z0-9_-]+/$`));
    expect(await client.getContainerStatus(token, result.containerId)).toMatchObject({ statusCode: 'PUBLISHED' });
    const published = sandbox.sandbox.control.published().instagram.find((media) => media.id === result.mediaId)!;
    expect(published).toMatchObject({ username: 'soler.arquitectos', mediaType: 'IMAGE', caption: 'Casa patio #arquitectura' });
    const copy = await fetch(published.images[0]!);
    expect(copy.headers.get('content-type')).toBe('image/jpeg');
    // The permalink opens the sandbox's page of the post.
    const permalink = await fetch(result.permalink!);
    expect(permalink.status).toBe(200);
    expect(await permalink.text()).toContain('Casa patio');
  });

  it('publishes a carousel of three with a page token: item containers, the carousel container, one post', async () => {
    const token = await longLivedToken();
    const pageToken = (await client.listPages(token))[0]!.accessToken!;
    const urls = ['square.jpg', 'portrait.jpg', 'landscape.jpg'].map((name) => ({ url: `${imageBase}/${name}` }));
    const before = await client.getPublishingLimit(pageToken, STUDIO_IG);
    const result = await publishInstagramPost(client, pageToken, { igUserId: STUDIO_IG, caption: 'Tres vistas', images: urls });
    const published = sandbox.sandbox.control.published().instagram.find((media) => media.id === result.mediaId)!;
    expect(published).toMatchObject({ mediaType: 'CAROUSEL_ALBUM', caption: 'Tres vistas' });
    expect(published.images).toHaveLength(3);
    expect(await client.getPublishingLimit(pageToken, STUDIO_IG)).toEqual({ quotaUsage: before.quotaUsage + 1, quotaTotal: 50, quotaDuration: 86_400 });
  });

  it('waits for a container still IN_PROGRESS; publishing it too early is 9007/2207027', async () => {
    const token = await longLivedToken();
    sandbox.sandbox.control.configure({ meta: { containerProcessingMs: 300 } });
    const container = await client.createImageContainer(token, STUDIO_IG, { imageUrl: `${imageBase}/portrait.jpg`, caption: 'Pronto' });
    expect((await client.getContainerStatus(token, container)).statusCode).toBe('IN_PROGRESS');
    expect(await providerFailure(client.publishContainer(token, STUDIO_IG, container))).toMatchObject({
      failure: 'rejected',
      details: { code: 9007, subcode: 2207027 },
    });
    await client.waitForContainer(token, container);
    expect(await client.publishContainer(token, STUDIO_IG, container)).toMatch(/^\d+$/);
    expect(await providerFailure(client.publishContainer(token, STUDIO_IG, container))).toMatchObject({ failure: 'rejected' });
  });

  it('an unpublished container expires after 24 hours', async () => {
    const token = await longLivedToken();
    const container = await client.createImageContainer(token, STUDIO_IG, { imageUrl: `${imageBase}/square.jpg` });
    sandbox.sandbox.control.advanceTime(24 * 3600);
    const fresh = await longLivedToken();
    expect((await client.getContainerStatus(fresh, container)).statusCode).toBe('EXPIRED');
    await expect(client.waitForContainer(fresh, container)).rejects.toMatchObject({ failure: 'rejected' });
    expect(await providerFailure(client.publishContainer(fresh, STUDIO_IG, container))).toMatchObject({ details: { code: 24, subcode: 2207008 } });
  });

  it.each([
    ['an address that answers 404', 'missing.jpg', 9004, 2207052],
    ['a PNG', 'drawing.png', 36001, 2207005],
    ['an image wider than 1.91:1', 'panorama.jpg', 36003, 2207009],
    ['a file over 8 MiB', 'huge.jpg', 36000, 2207004],
  ] as const)('refuses %s with %s/%s', async (_what, name, code, subcode) => {
    const token = await longLivedToken();
    expect(await providerFailure(client.createImageContainer(token, STUDIO_IG, { imageUrl: `${imageBase}/${name}` }))).toMatchObject({
      failure: 'rejected',
      details: { status: 400, code, subcode },
    });
  });

  it('refuses a caption over 2,200 characters, and a carousel of one or eleven', async () => {
    const token = await longLivedToken();
    expect(
      await providerFailure(client.createImageContainer(token, STUDIO_IG, { imageUrl: `${imageBase}/square.jpg`, caption: 'a'.repeat(2201) })),
    ).toMatchObject({
      details: { code: 36004, subcode: 2207010 },
    });
    const item = await client.createImageContainer(token, STUDIO_IG, { imageUrl: `${imageBase}/square.jpg`, isCarouselItem: true });
    expect(await providerFailure(client.createCarouselContainer(token, STUDIO_IG, { children: [item] }))).toMatchObject({
      details: { code: 100, subcode: 2207028 },
    });
    expect(await providerFailure(client.createCarouselContainer(token, STUDIO_IG, { children: Array(11).fill(item) }))).toMatchObject({
      details: { subcode: 2207028 },
    });
    // An item is published only as part of its carousel.
    expect(await providerFailure(client.publishContainer(token, STUDIO_IG, item))).toMatchObject({ details: { subcode: 2207008 } });
  });

  it('stops at the daily publishing limit: 9/2207042, a rate limit', async () => {
    const token = await longLivedToken();
    sandbox.sandbox.control.advanceTime(86_400);
    const fresh = await longLivedToken();
    sandbox.sandbox.control.configure({ meta: { quotaTotal: 1 } });
    await publishInstagramPost(client, fresh, { igUserId: STUDIO_IG, caption: 'uno', images: [{ url: `${imageBase}/square.jpg` }] });
    const error = await providerFailure(
      publishInstagramPost(client, fresh, { igUserId: STUDIO_IG, caption: 'dos', images: [{ url: `${imageBase}/square.jpg` }] }),
    );
    expect(error).toMatchObject({ failure: 'rate-limited', details: { code: 9, subcode: 2207042 } });
    expect(token).not.toBe(fresh);
  });

  it("refuses another page's token for this account, and the account of a page the user does not manage", async () => {
    const token = await longLivedToken();
    const otherPageToken = (await client.listPages(token))[1]!.accessToken!;
    expect(await providerFailure(client.createImageContainer(otherPageToken, STUDIO_IG, { imageUrl: `${imageBase}/square.jpg` }))).toMatchObject({
      failure: 'permission',
    });
    expect(await providerFailure(client.createImageContainer(token, '17841499999999999', { imageUrl: `${imageBase}/square.jpg` }))).toMatchObject({
      failure: 'rejected',
      details: { code: 100, subcode: 33 },
    });
  });
});

describe('a page reached through Business Manager', () => {
  it('refuses publishing without ads_management or ads_read (403, code 200): a failure of that page only', async () => {
    const token = await longLivedToken();
    const pageToken = (await client.listPages(token, { businesses: true })).find((page) => page.id === '104000000000004')!.accessToken!;
    for (const used of [token, pageToken]) {
      const error = await providerFailure(client.createImageContainer(used, BUSINESS_IG, { imageUrl: `${imageBase}/square.jpg` }));
      expect(error).toMatchObject({ failure: 'page', details: { status: 403, code: 200 } });
      expect(error.message).toContain('ads_management or ads_read');
    }
    // Her own page is not concerned.
    expect(await client.createImageContainer(token, STUDIO_IG, { imageUrl: `${imageBase}/square.jpg` })).toMatch(/^\d+$/);
  });

  it('publishes once the user granted ads_read (META_ADS_READ)', async () => {
    const token = await longLivedToken({ scopes: instagramScopes({ adsRead: true }) });
    const pageToken = (await client.listPages(token, { businesses: true })).find((page) => page.id === '104000000000004')!.accessToken!;
    const result = await publishInstagramPost(client, pageToken, {
      igUserId: BUSINESS_IG,
      caption: 'Interiorismo',
      images: [{ url: `${imageBase}/square.jpg` }],
    });
    expect(sandbox.sandbox.control.published().instagram.find((media) => media.id === result.mediaId)).toMatchObject({ username: 'soler.interiorismo' });
  });
});

describe("container status at Meta's pace", () => {
  it('one early check, then one a minute, for five minutes at most', () => {
    expect(containerCheckTimes(CONTAINER_POLLING)).toEqual([0, 60_000, 120_000, 180_000, 240_000, 300_000]);
    const later = containerCheckTimes(CONTAINER_POLLING).slice(1);
    for (const [index, at] of later.entries()) if (index > 0) expect(at - later[index - 1]!).toBeGreaterThanOrEqual(60_000);
    expect(containerCheckTimes({ firstCheckAfterMs: 5_000, intervalMs: 60_000, timeoutMs: 300_000 })).toEqual([5_000, 65_000, 125_000, 185_000, 245_000]);
  });

  /** The client with Meta's pace, whose waits move the sandbox's clock instead of taking minutes. */
  function pacedClient(slept: number[]) {
    return createGraphClient({
      ...sandbox.sandbox.credentials.meta,
      dialogBaseUrl: `${sandbox.base}/meta/www`,
      graphBaseUrl: `${sandbox.base}/meta/graph`,
      graphVersion: NEWEST_GRAPH_VERSION,
      timeoutMs: 2000,
      containerPolling: {
        sleep: async (ms) => {
          slept.push(ms);
          sandbox.sandbox.control.advanceTime(ms / 1000);
        },
      },
    });
  }

  it('waits for a container that takes two and a half minutes: checks at 0, 1, 2 and 3 minutes', async () => {
    const token = await longLivedToken();
    sandbox.sandbox.control.configure({ meta: { containerProcessingMs: 150_000 } });
    const slept: number[] = [];
    const paced = pacedClient(slept);
    const container = await paced.createImageContainer(token, STUDIO_IG, { imageUrl: `${imageBase}/square.jpg` });
    await paced.waitForContainer(token, container);
    expect(slept).toEqual([60_000, 60_000, 60_000]);
    expect(await paced.publishContainer(token, STUDIO_IG, container)).toMatch(/^\d+$/);
  });

  it('gives up after the check at five minutes, as a failure to try again later', async () => {
    const token = await longLivedToken();
    sandbox.sandbox.control.configure({ meta: { containerProcessingMs: 600_000 } });
    const slept: number[] = [];
    const paced = pacedClient(slept);
    const container = await paced.createImageContainer(token, STUDIO_IG, { imageUrl: `${imageBase}/square.jpg` });
    expect(await providerFailure(paced.waitForContainer(token, container))).toMatchObject({ failure: 'server', details: { code: 'IN_PROGRESS' } });
    expect(slept).toEqual([60_000, 60_000, 60_000, 60_000, 60_000]);
  });

  it('stops waiting when the job is stopped', async () => {
    const token = await longLivedToken();
    sandbox.sandbox.control.configure({ meta: { containerProcessingMs: 600_000 } });
    const container = await client.createImageContainer(token, STUDIO_IG, { imageUrl: `${imageBase}/square.jpg` });
    const slow = createGraphClient({
      ...sandbox.sandbox.credentials.meta,
      dialogBaseUrl: `${sandbox.base}/meta/www`,
      graphBaseUrl: `${sandbox.base}/meta/graph`,
      graphVersion: NEWEST_GRAPH_VERSION,
      timeoutMs: 2000,
    });
    const stop = new AbortController();
    const waiting = slow.waitForContainer(token, container, stop.signal);
    setTimeout(() => stop.abort(new Error('worker stopping')), 50);
    await expect(waiting).rejects.toThrow('worker stopping');
  });
});

describe('Graph API versions', () => {
  const versioned = (version: string) =>
    createGraphClient({
      ...sandbox.sandbox.credentials.meta,
      dialogBaseUrl: `${sandbox.base}/meta/www`,
      graphBaseUrl: `${sandbox.base}/meta/graph`,
      graphVersion: version,
      timeoutMs: 2000,
    });

  it('an unknown version is refused as Meta does: 400, code 2500, unknown path components', async () => {
    const token = await longLivedToken();
    const error = await providerFailure(versioned('v99.0').getMe(token));
    expect(error).toMatchObject({ failure: 'rejected', details: { status: 400, code: 2500 } });
    expect(error.message).toContain('Unknown path components: /me');
  });

  it('a version past its end (v19.0 ended on 2026-05-21) is refused, where Meta would silently serve another', async () => {
    const token = await longLivedToken();
    const error = await providerFailure(versioned('v19.0').getMe(token));
    expect(error).toMatchObject({ failure: 'rejected', details: { status: 400, code: 2635 } });
    expect(error.message).toContain('v19.0 ended on 2026-05-21');
    expect(error.message).toContain(NEWEST_GRAPH_VERSION);
  });
});

describe('Graph failures as the client reports them', () => {
  it.each([
    ['server-error', 'server', 500],
    ['rate-limit', 'rate-limited', 400],
  ] as const)('a %s is %s', async (kind, expected, status) => {
    const token = await longLivedToken();
    sandbox.sandbox.control.fail({ network: 'meta', kind, path: '/me' });
    const error = await providerFailure(client.getMe(token));
    expect(error).toMatchObject({ failure: expected, details: { status } });
    expect(error.message).not.toContain(token);
  });

  it('a dropped connection is a network failure', async () => {
    const token = await longLivedToken();
    sandbox.sandbox.control.fail({ network: 'meta', kind: 'drop', path: '/debug_token' });
    expect(await providerFailure(client.debugToken(token))).toMatchObject({ failure: 'network' });
  });

  it('wrong app credentials are refused, not mistaken for a passing outage', async () => {
    const wrong = createGraphClient({
      ...sandbox.sandbox.credentials.meta,
      appSecret: 'not-the-secret',
      dialogBaseUrl: `${sandbox.base}/meta/www`,
      graphBaseUrl: `${sandbox.base}/meta/graph`,
      graphVersion: NEWEST_GRAPH_VERSION,
      timeoutMs: 2000,
    });
    const error = await providerFailure(wrong.exchangeCode({ code: await code(), redirectUri: REDIRECT_URI }));
    expect(error).toMatchObject({ failure: 'rejected', details: { status: 400, code: 1 } });
    expect(error.message).toContain('Error validating client secret.');
    expect(error.isTransient).toBe(false);
  });
});
