import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FACEBOOK_PAGE_SCOPES } from '../../domain/social.ts';
import type { TestSandbox } from '../../server/test-support/social-sandbox.ts';
import { defaultMetaPages } from '../personas.ts';
import { sdkLongLivedToken, startSdkSandbox } from './contract-setup.ts';
import type { ImageServer } from './image-server.ts';
import { facebookRequestError, metaSdk } from './meta-sdk.ts';

/**
 * Facebook Page publishing in the sandbox, driven by Meta's own Node SDK (facebook-nodejs-business-sdk:
 * FacebookAdsApi, User, Page, PagePost, Photo), as meta-official-sdk.test.ts drives Instagram's. The SDK
 * sends its POSTs as JSON bodies (attached_media as a list of objects), the app's client as forms
 * (attached_media[i]): the sandbox must read both as Graph does. Facts: next-features-facts.md §3,
 * docs/decisions/050.
 */
const { FacebookAdsApi, Page, PagePost, Photo, User } = metaSdk;
const STUDIO_PAGE = defaultMetaPages()[0]!;

let sandbox: TestSandbox;
let images: ImageServer;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ sandbox, images, close } = await startSdkSandbox());
});
afterAll(() => close());
afterEach(() => sandbox.sandbox.control.setMetaPages(defaultMetaPages()));

/** Facebook Login with the pages' permissions, then the long-lived user token. */
const longLivedUserToken = async (): Promise<string> => String((await sdkLongLivedToken(sandbox, FACEBOOK_PAGE_SCOPES)).access_token);

/** The studio page's token, from /me/accounts as the SDK lists the user's pages. */
async function pageToken(): Promise<string> {
  FacebookAdsApi.init(await longLivedUserToken(), 'en_US', false);
  const accounts = await new User('me').getAccounts(['id', 'name', 'access_token', 'tasks']);
  return String(accounts.find((entry) => entry.id === STUDIO_PAGE.id)!._data.access_token);
}

describe('the pages and their tasks', () => {
  it('lists the pages with their tokens and tasks (/me/accounts), and reads one page’s token and tasks', async () => {
    FacebookAdsApi.init(await longLivedUserToken(), 'en_US', false);
    const accounts = await new User('me').getAccounts(['id', 'name', 'access_token', 'tasks']);
    const studio = accounts.find((entry) => entry.id === STUDIO_PAGE.id)!;
    expect(studio._data).toMatchObject({
      name: STUDIO_PAGE.name,
      access_token: expect.stringMatching(/^\S{20,}$/),
      tasks: expect.arrayContaining(['CREATE_CONTENT']),
    });
    const page = await new Page(STUDIO_PAGE.id).get(['access_token', 'tasks']);
    expect(page._data).toMatchObject({ access_token: studio._data.access_token, tasks: expect.arrayContaining(['CREATE_CONTENT', 'MANAGE', 'MODERATE']) });
  });
});

describe('publishing on a page with its Page token', () => {
  it('one photo, published: {id, post_id}; the post reads back with its text and link, and among the published posts', async () => {
    FacebookAdsApi.init(await pageToken(), 'en_US', false);
    const page = new Page(STUDIO_PAGE.id);
    const photo = await page.createPhoto([], { url: `${images.origin}/panorama.jpg`, caption: 'Casa Montgó', published: true });
    expect(photo.id).toMatch(/^\d+$/);
    const postId = String(photo._data.post_id);
    expect(postId).toMatch(new RegExp(`^${STUDIO_PAGE.id}_\\d+$`));
    const post = await new PagePost(postId).get(['message', 'created_time', 'permalink_url']);
    expect(post._data).toMatchObject({ id: postId, message: 'Casa Montgó', created_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/) });
    const posts = await page.getPublishedPosts(['id', 'message', 'created_time'], { since: Math.floor(Date.now() / 1000) - 60 });
    expect(posts.map((entry) => entry.id)).toContain(postId);
  });

  it('several photos: unpublished uploads ({id} only), then /feed with attached_media as the SDK sends it (a JSON list)', async () => {
    FacebookAdsApi.init(await pageToken(), 'en_US', false);
    const page = new Page(STUDIO_PAGE.id);
    const ids: string[] = [];
    for (const file of ['square.jpg', 'portrait.jpg', 'panorama.jpg']) {
      const photo = await page.createPhoto([], { url: `${images.origin}/${file}`, published: false });
      expect(photo._data.post_id).toBeUndefined();
      ids.push(photo.id);
    }
    const post = await page.createFeed([], { message: 'Tres vistas', attached_media: ids.map((id) => ({ media_fbid: id })) });
    expect(post.id).toMatch(new RegExp(`^${STUDIO_PAGE.id}_\\d+$`));
    expect((await new PagePost(post.id).get(['message']))._data.message).toBe('Tres vistas');
    // An unpublished photo attached to no post may be deleted; one in a post may not.
    const spare = await page.createPhoto([], { url: `${images.origin}/square.jpg`, published: false });
    expect(await new Photo(spare.id).delete([])).toEqual({ success: true });
    expect((await facebookRequestError(new Photo(ids[0]!).delete([]))).response).toMatchObject({ code: 100 });
  });
});

describe('refusals, as the SDK surfaces them (FacebookRequestError)', () => {
  it('an invalid token: 190', async () => {
    FacebookAdsApi.init('EAABnot-a-token', 'en_US', false);
    const error = await facebookRequestError(new Page(STUDIO_PAGE.id).createFeed([], { message: 'Hola' }));
    expect(error.status).toBe(400);
    expect(error.response).toMatchObject({ code: 190, type: 'OAuthException' });
  });

  it('a page where the user may not create content, or a user token: (#200), HTTP 403', async () => {
    const user = await longLivedUserToken();
    FacebookAdsApi.init(user, 'en_US', false);
    const asUser = await facebookRequestError(new Page(STUDIO_PAGE.id).createFeed([], { message: 'Hola' }));
    expect(asUser.status).toBe(403);
    expect(asUser.response).toMatchObject({ code: 200, message: expect.stringContaining('pages_manage_posts') });

    const token = await pageToken();
    sandbox.sandbox.control.setMetaPages(defaultMetaPages().map((entry) => (entry.id === STUDIO_PAGE.id ? { ...entry, tasks: ['ANALYZE'] } : entry)));
    FacebookAdsApi.init(token, 'en_US', false);
    const noTask = await facebookRequestError(new Page(STUDIO_PAGE.id).createPhoto([], { url: `${images.origin}/square.jpg`, published: true }));
    expect(noTask.status).toBe(403);
    expect(noTask.response).toMatchObject({ code: 200 });
  });

  it('more than ten attached photos, and photos left unpublished past 24 hours: code 100', async () => {
    FacebookAdsApi.init(await pageToken(), 'en_US', false);
    const page = new Page(STUDIO_PAGE.id);
    const ids: string[] = [];
    for (let index = 0; index < 11; index++) ids.push((await page.createPhoto([], { url: `${images.origin}/square.jpg`, published: false })).id);
    const tooMany = await facebookRequestError(page.createFeed([], { message: 'Once', attached_media: ids.map((id) => ({ media_fbid: id })) }));
    expect(tooMany.response).toMatchObject({ code: 100 });

    sandbox.sandbox.control.advanceTime(24 * 3600);
    try {
      const expired = await facebookRequestError(page.createFeed([], { message: 'Tarde', attached_media: [{ media_fbid: ids[0] }] }));
      expect(expired.response).toMatchObject({ code: 100 });
    } finally {
      sandbox.sandbox.control.advanceTime(-24 * 3600);
    }
  });
});
