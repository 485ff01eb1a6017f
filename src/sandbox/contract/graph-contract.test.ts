import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INSTAGRAM_SCOPES, instagramScopes } from '../../domain/social.ts';
import { type GraphClient, publishInstagramPost } from '../../server/adapters/instagram/graph-client.ts';
import { createSocialClients } from '../../server/adapters/social-clients.ts';
import { loadConfig } from '../../server/config.ts';
import { TEST_APP_URL, type TestSandbox, answerConsent } from '../../server/test-support/social-sandbox.ts';
import { defaultMetaPages } from '../personas.ts';
import { answerMismatches, asRecorded, departures, requestMismatches } from './contract.ts';
import { sendRecorded, startRecordedSandbox } from './contract-setup.ts';
import { type GraphCallName, graphCalls, graphRefusals } from './graph-contract.ts';
import type { ImageServer } from './image-server.ts';
import type { RecordingProxy } from './recording-proxy.ts';

/**
 * Meta's documented requests and answers (graph-contract.ts), checked from both sides: the sandbox
 * answers a documented request as documented, and Alzado's Graph client, configured as production
 * configures it (its Graph version, its container polling), sends exactly the documented requests.
 */
const PREFIX = '/sandbox/meta/graph';
const REDIRECT_URI = `${TEST_APP_URL}/auth/instagram/callback`;
const STUDIO_PAGE = defaultMetaPages()[0]!;
const STUDIO_IG = STUDIO_PAGE.instagram!.id;

let sandbox: TestSandbox;
let proxy: RecordingProxy;
let images: ImageServer;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ sandbox, proxy, images, close } = await startRecordedSandbox());
});
afterAll(() => close());
beforeEach(() => proxy.clear());
afterEach(() => {
  sandbox.sandbox.control.configure({ meta: { quotaTotal: 50, containerProcessingMs: 0 } });
  sandbox.sandbox.control.setMetaPages(defaultMetaPages());
});

describe('the sandbox answers documented requests as documented', () => {
  const app = () => sandbox.sandbox.credentials.meta;
  const VERSION = 'v26.0';
  const json = (answer: { body: Buffer }) => JSON.parse(answer.body.toString()) as Record<string, unknown>;

  /** Sends a request written from the docs; returns the recorded answer and how request and answer depart from them. */
  async function send(name: GraphCallName, path: string, init: { method?: string; form?: Record<string, string>; token?: string } = {}) {
    const recorded = await sendRecorded(proxy, `${proxy.origin}${PREFIX}/${VERSION}${path}`, init);
    return {
      answer: recorded.answer!,
      departures: [...requestMismatches(graphCalls[name].request, recorded, PREFIX), ...answerMismatches(graphCalls[name].answer, recorded.answer!)],
    };
  }

  /** B.1 to B.3 by the documented GETs: the dialog, the code, the long-lived token. */
  async function userToken(): Promise<string> {
    const dialog = `${proxy.origin}/sandbox/meta/www/${VERSION}/dialog/oauth?${new URLSearchParams({ client_id: app().appId, redirect_uri: REDIRECT_URI, state: 'doc', response_type: 'code', scope: INSTAGRAM_SCOPES.join(',') })}`;
    expect(requestMismatches(graphCalls.loginDialog.request, asRecorded(dialog), '/sandbox/meta/www')).toEqual([]);
    const back = await answerConsent(dialog);
    const code = back.searchParams.get('code')!;
    const short = await send(
      'exchangeCode',
      `/oauth/access_token?${new URLSearchParams({ client_id: app().appId, redirect_uri: REDIRECT_URI, client_secret: app().appSecret, code })}`,
    );
    expect(short.departures).toEqual([]);
    const long = await send(
      'longLivedToken',
      `/oauth/access_token?${new URLSearchParams({ grant_type: 'fb_exchange_token', client_id: app().appId, client_secret: app().appSecret, fb_exchange_token: String(json(short.answer).access_token) })}`,
    );
    expect(long.departures).toEqual([]);
    return String(json(long.answer).access_token);
  }

  it('B.1 to B.6: login, tokens, debug_token, the user, the pages and a page token', async () => {
    const user = await userToken();
    expect((await send('me', '/me?fields=id,name', { token: user })).departures).toEqual([]);
    expect((await send('permissions', '/me/permissions', { token: user })).departures).toEqual([]);
    const accounts = await send(
      'accounts',
      `/me/accounts?${new URLSearchParams({ fields: 'id,name,access_token,instagram_business_account{id,username}', limit: '100' })}`,
      { token: user },
    );
    expect(accounts.departures).toEqual([]);
    const page = await send('pageToken', `/${STUDIO_PAGE.id}?fields=access_token`, { token: user });
    expect(page.departures).toEqual([]);
    const debugged = await send('debugToken', `/debug_token?input_token=${encodeURIComponent(String(json(page.answer).access_token))}`, {
      token: `${app().appId}|${app().appSecret}`,
    });
    expect(debugged.departures).toEqual([]);
    expect(json(debugged.answer).data).toMatchObject({ type: 'PAGE', expires_at: 0, is_valid: true });
    const businesses = await send('businesses', '/me/businesses?fields=id,name', { token: user });
    expect(businesses.departures).toEqual([]);
    const [business] = json(businesses.answer).data as Array<{ id: string }>;
    for (const edge of ['owned_pages', 'client_pages']) {
      expect(
        (await send('businessPages', `/${business!.id}/${edge}?fields=id,name,access_token,instagram_business_account{id,username}`, { token: user }))
          .departures,
      ).toEqual([]);
    }
  });

  it('B.7 to B.12: containers, a carousel, status, media_publish, permalink, publishing limit', async () => {
    const token = await userToken();
    const single = await send('createImageContainer', `/${STUDIO_IG}/media`, {
      token,
      form: { image_url: `${images.origin}/portrait.jpg`, caption: 'Casa Montgó', alt_text: 'Fachada' },
    });
    expect(single.departures).toEqual([]);
    const containerId = String(json(single.answer).id);
    expect((await send('containerStatus', `/${containerId}?fields=status_code,status`, { token })).departures).toEqual([]);
    const published = await send('publish', `/${STUDIO_IG}/media_publish`, { token, form: { creation_id: containerId } });
    expect(published.departures).toEqual([]);
    expect((await send('permalink', `/${String(json(published.answer).id)}?fields=permalink,shortcode,media_type,timestamp`, { token })).departures).toEqual(
      [],
    );

    const children: string[] = [];
    for (const file of ['square.jpg', 'square.jpg']) {
      const item = await send('createImageContainer', `/${STUDIO_IG}/media`, {
        token,
        form: { image_url: `${images.origin}/${file}`, is_carousel_item: 'true' },
      });
      expect(item.departures).toEqual([]);
      children.push(String(json(item.answer).id));
    }
    const carousel = await send('createCarouselContainer', `/${STUDIO_IG}/media`, {
      token,
      form: { media_type: 'CAROUSEL', children: children.join(','), caption: 'Dos vistas' },
    });
    expect(carousel.departures).toEqual([]);
    expect((await send('publish', `/${STUDIO_IG}/media_publish`, { token, form: { creation_id: String(json(carousel.answer).id) } })).departures).toEqual([]);
    const limit = await send('publishingLimit', `/${STUDIO_IG}/content_publishing_limit?fields=quota_usage,config`, { token });
    expect(limit.departures).toEqual([]);
    expect(json(limit.answer).data).toEqual([{ quota_usage: 2, config: { quota_total: 50, quota_duration: 86_400 } }]);
  });

  it('B.14: an invalid token, images Meta cannot use, a carousel of one, an unknown container', async () => {
    expect(answerMismatches(graphRefusals.invalidToken, (await send('me', '/me', { token: 'EAABnot-a-token' })).answer)).toEqual([]);
    const token = await userToken();
    const container = (imageUrl: string) => send('createImageContainer', `/${STUDIO_IG}/media`, { token, form: { image_url: imageUrl, caption: 'x' } });
    expect(answerMismatches(graphRefusals.imageNotFetched, (await container(`${images.origin}/missing.jpg`)).answer)).toEqual([]);
    expect(answerMismatches(graphRefusals.imageNotFetched, (await container('http://192.168.1.20/casa.jpg')).answer)).toEqual([]);
    // The test's own image server under a loopback name the sandbox was not told about: reachable here, never by Meta.
    const loopback = new URL('/square.jpg', images.origin);
    loopback.hostname = 'localhost';
    expect(answerMismatches(graphRefusals.imageNotFetched, (await container(loopback.toString())).answer)).toEqual([]);
    expect(answerMismatches(graphRefusals.aspectRatio, (await container(`${images.origin}/panorama.jpg`)).answer)).toEqual([]);
    const captioned = (caption: string) =>
      send('createImageContainer', `/${STUDIO_IG}/media`, { token, form: { image_url: `${images.origin}/square.jpg`, caption } });
    expect(answerMismatches(graphRefusals.captionRules, (await captioned('a'.repeat(2201))).answer)).toEqual([]);
    expect(answerMismatches(graphRefusals.captionRules, (await captioned('Casa #uno #dos #tres #cuatro #cinco #seis')).answer)).toEqual([]);
    expect((await captioned('Casa #uno #dos #tres #cuatro #cinco')).departures).toEqual([]);
    const item = json(
      (await send('createImageContainer', `/${STUDIO_IG}/media`, { token, form: { image_url: `${images.origin}/square.jpg`, is_carousel_item: 'true' } }))
        .answer,
    );
    const lonely = await send('createCarouselContainer', `/${STUDIO_IG}/media`, { token, form: { media_type: 'CAROUSEL', children: String(item.id) } });
    expect(answerMismatches(graphRefusals.carouselSize, lonely.answer)).toEqual([]);
    expect(
      answerMismatches(
        graphRefusals.unknownContainer,
        (await send('publish', `/${STUDIO_IG}/media_publish`, { token, form: { creation_id: '17889999999999999' } })).answer,
      ),
    ).toEqual([]);
  });

  it('B.0, B.14: a Graph version that does not exist; a page reached through Business Manager without ads_read (403, code 200)', async () => {
    const token = await userToken();
    proxy.clear();
    await (await fetch(`${proxy.origin}${PREFIX}/v99.0/me`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
    expect(answerMismatches(graphRefusals.unknownVersion, proxy.requests.at(-1)!.answer!)).toEqual([]);

    const businessPage = defaultMetaPages().find((entry) => entry.business?.edge === 'owned_pages')!;
    const refused = await send('createImageContainer', `/${businessPage.instagram!.id}/media`, {
      token,
      form: { image_url: `${images.origin}/square.jpg`, caption: 'Interiorismo' },
    });
    expect(answerMismatches(graphRefusals.businessManagerPermission, refused.answer)).toEqual([]);
  });

  it('B.11, B.12, B.14: a container not ready yet (9007/2207027), the daily quota reached (9/2207042)', async () => {
    const token = await userToken();
    sandbox.sandbox.control.configure({ meta: { containerProcessingMs: 60_000 } });
    const slow = json(
      (await send('createImageContainer', `/${STUDIO_IG}/media`, { token, form: { image_url: `${images.origin}/square.jpg`, caption: 'Despacio' } })).answer,
    );
    expect(
      answerMismatches(
        graphRefusals.notReady,
        (await send('publish', `/${STUDIO_IG}/media_publish`, { token, form: { creation_id: String(slow.id) } })).answer,
      ),
    ).toEqual([]);

    const usage = (json((await send('publishingLimit', `/${STUDIO_IG}/content_publishing_limit`, { token })).answer).data as Array<{ quota_usage: number }>)[0]!
      .quota_usage;
    sandbox.sandbox.control.configure({ meta: { containerProcessingMs: 0, quotaTotal: Math.max(1, usage) } });
    if (usage === 0) {
      const first = json(
        (await send('createImageContainer', `/${STUDIO_IG}/media`, { token, form: { image_url: `${images.origin}/square.jpg`, caption: 'Primera' } })).answer,
      );
      await send('publish', `/${STUDIO_IG}/media_publish`, { token, form: { creation_id: String(first.id) } });
    }
    const over = json(
      (await send('createImageContainer', `/${STUDIO_IG}/media`, { token, form: { image_url: `${images.origin}/square.jpg`, caption: 'Una más' } })).answer,
    );
    expect(
      answerMismatches(graphRefusals.quota, (await send('publish', `/${STUDIO_IG}/media_publish`, { token, form: { creation_id: String(over.id) } })).answer),
    ).toEqual([]);
  });
});

describe('Alzado’s Graph client sends exactly the documented requests', () => {
  let client: GraphClient;
  let adsRead: boolean;

  beforeAll(() => {
    // Production's configuration (its Graph version, its polling pace), with the sandbox behind the proxy.
    const { social } = loadConfig({});
    adsRead = social.meta.adsRead;
    client = createSocialClients({ social, publicUrl: proxy.origin, internalUrl: proxy.origin, sandbox: sandbox.sandbox }).instagram!.client;
  });

  async function userToken(): Promise<string> {
    const back = await answerConsent(client.loginDialogUrl({ state: 'contract', redirectUri: REDIRECT_URI, scopes: instagramScopes({ adsRead }) }));
    const short = await client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: REDIRECT_URI });
    return (await client.exchangeForLongLivedToken(short.accessToken!)).accessToken!;
  }

  it('the login dialog URL, the code and long-lived exchanges, debug_token, the user and the permissions', async () => {
    const url = client.loginDialogUrl({ state: 'contract', redirectUri: REDIRECT_URI, scopes: instagramScopes({ adsRead }) });
    expect(requestMismatches(graphCalls.loginDialog.request, asRecorded(url), '/sandbox/meta/www')).toEqual([]);
    const back = await answerConsent(url);
    proxy.clear();
    const short = await client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: REDIRECT_URI });
    const long = await client.exchangeForLongLivedToken(short.accessToken!);
    await client.debugToken(long.accessToken!);
    await client.getMe(long.accessToken!);
    await client.getGrantedPermissions(long.accessToken!);
    expect(departures(graphCalls, ['exchangeCode', 'longLivedToken', 'debugToken', 'me', 'permissions'], proxy.requests, PREFIX)).toEqual([]);
  });

  it('the pages with their Instagram accounts: the user’s own, then her businesses’ owned and client pages; a page’s token', async () => {
    const token = await userToken();
    proxy.clear();
    const pages = await client.listPages(token, { businesses: true });
    expect(pages.map((page) => page.id)).toEqual(expect.arrayContaining(defaultMetaPages().map((entry) => entry.id)));
    expect(departures(graphCalls, ['accounts', 'businesses', 'businessPages', 'businessPages'], proxy.requests, PREFIX)).toEqual([]);

    proxy.clear();
    expect(await client.getPageToken(token, STUDIO_PAGE.id)).toBeTruthy();
    expect(departures(graphCalls, ['pageToken'], proxy.requests, PREFIX)).toEqual([]);
  });

  it('one image: the container, its status, media_publish, the permalink; then the publishing limit', async () => {
    const token = await userToken();
    const pageToken = (await client.listPages(token)).find((page) => page.id === STUDIO_PAGE.id)!.accessToken!;
    proxy.clear();
    const published = await publishInstagramPost(client, pageToken, {
      igUserId: STUDIO_IG,
      caption: 'Casa Montgó #arquitectura',
      images: [{ url: `${images.origin}/portrait.jpg`, altText: 'Fachada' }],
    });
    expect(departures(graphCalls, ['createImageContainer', 'containerStatus', 'publish', 'permalink'], proxy.requests, PREFIX)).toEqual([]);
    expect(published.mediaId).toBe(JSON.parse(proxy.requests[2]!.answer!.body.toString()).id);
    expect(published.permalink).toBe(JSON.parse(proxy.requests[3]!.answer!.body.toString()).permalink);

    proxy.clear();
    await client.getPublishingLimit(pageToken, STUDIO_IG);
    expect(departures(graphCalls, ['publishingLimit'], proxy.requests, PREFIX)).toEqual([]);
  });

  it('a carousel: item containers without captions, their status, the carousel container, its status, media_publish, the permalink', async () => {
    const token = await userToken();
    const pageToken = (await client.listPages(token)).find((page) => page.id === STUDIO_PAGE.id)!.accessToken!;
    proxy.clear();
    await publishInstagramPost(client, pageToken, {
      igUserId: STUDIO_IG,
      caption: 'Dos vistas',
      images: [{ url: `${images.origin}/square.jpg` }, { url: `${images.origin}/portrait.jpg`, altText: 'Interior' }],
    });
    expect(
      departures(
        graphCalls,
        [
          'createImageContainer',
          'createImageContainer',
          'containerStatus',
          'containerStatus',
          'createCarouselContainer',
          'containerStatus',
          'publish',
          'permalink',
        ],
        proxy.requests,
        PREFIX,
      ),
    ).toEqual([]);
  });
});
