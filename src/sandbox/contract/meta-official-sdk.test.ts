import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INSTAGRAM_SCOPES } from '../../domain/social.ts';
import type { TestSandbox } from '../../server/test-support/social-sandbox.ts';
import { defaultMetaPages } from '../personas.ts';
import { sdkAppApi, sdkLongLivedToken, startSdkSandbox } from './contract-setup.ts';
import type { ImageServer } from './image-server.ts';
import { facebookRequestError, metaSdk } from './meta-sdk.ts';

/**
 * The Meta half of the sandbox, driven by Meta's own Node SDK (facebook-nodejs-business-sdk 24.0.1:
 * FacebookAdsApi, Page, IGUser, ShadowIGMediaBuilder for containers, IGMedia). It calls
 * https://graph.facebook.com/v24.0 and reads answers and errors its own way (FacebookRequestError);
 * the sandbox must satisfy it as Graph does. References: ../shared/reference/social-apis.md Part B.
 */
const { FacebookAdsApi, IGMedia, IGUser, Page, ShadowIGMediaBuilder, User } = metaSdk;
const STUDIO_PAGE = defaultMetaPages()[0]!;
const STUDIO_IG = STUDIO_PAGE.instagram!.id;

let sandbox: TestSandbox;
let images: ImageServer;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ sandbox, images, close } = await startSdkSandbox());
});
afterAll(() => close());
afterEach(() => {
  sandbox.sandbox.control.configure({ meta: { quotaTotal: 50, containerProcessingMs: 0 } });
  sandbox.sandbox.control.setMetaPages(defaultMetaPages());
});

/** The app's own token, for the token endpoints and debug_token. */
const appApi = () => sdkAppApi(sandbox);

/** Facebook Login with Instagram's permissions, then the long-lived user token (B.1 to B.3). */
async function longLivedUserToken(): Promise<string> {
  const long = await sdkLongLivedToken(sandbox, INSTAGRAM_SCOPES);
  expect(long).toMatchObject({ access_token: expect.any(String), token_type: 'bearer', expires_in: expect.any(Number) });
  return String(long.access_token);
}

/** The studio page's token, read as the SDK reads a Page's fields with the user's token (B.6). */
async function pageToken(): Promise<string> {
  FacebookAdsApi.init(await longLivedUserToken(), 'en_US', false);
  const page = await new Page(STUDIO_PAGE.id).get(['name', 'access_token', 'instagram_business_account']);
  return String(page._data.access_token);
}

describe('tokens and pages (B.2 to B.6)', () => {
  it('reads the Instagram business account and the page token of a page, and lists the pages, as the SDK does', async () => {
    FacebookAdsApi.init(await longLivedUserToken(), 'en_US', false);
    const page = await new Page(STUDIO_PAGE.id).get(['name', 'access_token', 'instagram_business_account']);
    expect(page.id).toBe(STUDIO_PAGE.id);
    expect(page._data).toMatchObject({
      name: STUDIO_PAGE.name,
      instagram_business_account: { id: STUDIO_IG },
      access_token: expect.stringMatching(/^\S{20,}$/),
    });

    const accounts = await new User('me').getAccounts(['id', 'name', 'access_token', 'instagram_business_account']);
    const listed = accounts.map((entry) => entry._data);
    expect(listed).toContainEqual(expect.objectContaining({ id: STUDIO_PAGE.id, instagram_business_account: expect.objectContaining({ id: STUDIO_IG }) }));
    expect(listed.every((entry) => typeof entry.access_token === 'string')).toBe(true);
  });

  it('debug_token, asked with the app token: a page token from a long-lived user token never expires', async () => {
    const token = await pageToken();
    const answer = await appApi().call('GET', ['debug_token'], { input_token: token });
    expect(answer).toEqual({
      data: expect.objectContaining({
        app_id: sandbox.sandbox.credentials.meta.appId,
        type: 'PAGE',
        application: expect.any(String),
        expires_at: 0,
        is_valid: true,
        scopes: expect.arrayContaining(['instagram_content_publish']),
      }),
    });
  });
});

describe('content publishing through IGUser (B.7 to B.12)', () => {
  it('a container from a public image, its status, media_publish, the permalink and the publishing limit', async () => {
    FacebookAdsApi.init(await pageToken(), 'en_US', false);
    const account = new IGUser(STUDIO_IG);
    const container = await account.createMedia([], { image_url: `${images.origin}/square.jpg`, caption: 'Casa Montgó #arquitectura', alt_text: 'Fachada' });
    expect(container.id).toMatch(/^\d+$/);

    const status = await new ShadowIGMediaBuilder(container.id).get(['status_code', 'status']);
    expect(status._data).toMatchObject({ id: container.id, status_code: 'FINISHED' });

    const media = await account.createMediaPublish([], { creation_id: container.id });
    expect(media.id).toMatch(/^\d+$/);
    const read = await new IGMedia(media.id).get(['permalink', 'shortcode', 'media_type']);
    expect(read._data).toMatchObject({ id: media.id, media_type: 'IMAGE', permalink: expect.stringMatching(/\/p\/[\w-]+\/$/) });
    expect(String(read._data.permalink).endsWith(`/p/${String(read._data.shortcode)}/`)).toBe(true);
    expect((await new ShadowIGMediaBuilder(container.id).get(['status_code']))._data.status_code).toBe('PUBLISHED');

    const [limit] = await account.getContentPublishingLimit(['quota_usage', 'config']);
    expect(limit!._data).toMatchObject({ quota_usage: 1, config: { quota_total: 50, quota_duration: 86_400 } });
  });

  it('a carousel: item containers, the carousel container with the children the SDK sends, then media_publish', async () => {
    FacebookAdsApi.init(await pageToken(), 'en_US', false);
    const account = new IGUser(STUDIO_IG);
    const children = [];
    for (const file of ['square.jpg', 'portrait.jpg'])
      children.push((await account.createMedia([], { image_url: `${images.origin}/${file}`, is_carousel_item: true })).id);
    const carousel = await account.createMedia([], { media_type: 'CAROUSEL', children, caption: 'Dos vistas' });
    const media = await account.createMediaPublish([], { creation_id: carousel.id });
    expect((await new IGMedia(media.id).get(['media_type']))._data.media_type).toBe('CAROUSEL_ALBUM');
  });
});

describe('refusals, as the SDK surfaces them (FacebookRequestError, B.14)', () => {
  it('an invalid token: code 190, OAuthException', async () => {
    FacebookAdsApi.init('EAABnot-a-token', 'en_US', false);
    const error = await facebookRequestError(new IGUser(STUDIO_IG).get(['username']));
    expect(error.status).toBe(400);
    expect(error.response).toMatchObject({ code: 190, type: 'OAuthException', message: expect.any(String), fbtrace_id: expect.any(String) });
  });

  it('images Meta cannot use: unreachable or private 9004/2207052, a panorama 36003/2207009', async () => {
    FacebookAdsApi.init(await pageToken(), 'en_US', false);
    const account = new IGUser(STUDIO_IG);
    const refused = async (imageUrl: string) => (await facebookRequestError(account.createMedia([], { image_url: imageUrl, caption: 'x' }))).response;

    expect(await refused(`${images.origin}/missing.jpg`)).toMatchObject({ code: 9004, error_subcode: 2207052 });
    // The same image on a loopback name the sandbox was not told about: Meta could never fetch it.
    const private_ = new URL('/square.jpg', images.origin);
    private_.hostname = 'localhost';
    expect(await refused(private_.toString())).toMatchObject({ code: 9004, error_subcode: 2207052 });
    expect(await refused('http://10.0.0.7/square.jpg')).toMatchObject({ code: 9004, error_subcode: 2207052 });
    expect(await refused(`${images.origin}/panorama.jpg`)).toMatchObject({ code: 36003, error_subcode: 2207009 });
  });

  it('a container not ready yet: 9007/2207027; the daily quota reached: 9/2207042', async () => {
    FacebookAdsApi.init(await pageToken(), 'en_US', false);
    const account = new IGUser(STUDIO_IG);
    sandbox.sandbox.control.configure({ meta: { containerProcessingMs: 60_000 } });
    const slow = await account.createMedia([], { image_url: `${images.origin}/square.jpg`, caption: 'Despacio' });
    expect((await new ShadowIGMediaBuilder(slow.id).get(['status_code']))._data.status_code).toBe('IN_PROGRESS');
    const early = await facebookRequestError(account.createMediaPublish([], { creation_id: slow.id }));
    expect(early.status).toBe(400);
    expect(early.response).toMatchObject({ code: 9007, error_subcode: 2207027 });

    // The quota counts the account's posts of the last 24 hours (earlier tests published some): one more is the last.
    const [limit] = await account.getContentPublishingLimit(['quota_usage']);
    sandbox.sandbox.control.configure({ meta: { containerProcessingMs: 0, quotaTotal: Number(limit!._data.quota_usage) + 1 } });
    const first = await account.createMedia([], { image_url: `${images.origin}/square.jpg`, caption: 'Primera' });
    await account.createMediaPublish([], { creation_id: first.id });
    const second = await account.createMedia([], { image_url: `${images.origin}/portrait.jpg`, caption: 'Segunda' });
    const over = await facebookRequestError(account.createMediaPublish([], { creation_id: second.id }));
    expect(over.response).toMatchObject({ code: 9, error_subcode: 2207042 });
  });
});
