import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FACEBOOK_PAGE_SCOPES } from '../../../domain/social.ts';
import { startSandboxWithImages } from '../../../sandbox/contract/contract-setup.ts';
import type { ImageServer } from '../../../sandbox/contract/image-server.ts';
import { defaultMetaPages } from '../../../sandbox/personas.ts';
import { type TestSandbox, TEST_APP_URL, answerConsent, sandboxClients } from '../../test-support/social-sandbox.ts';
import { providerFailure } from '../../test-support/provider-failure.ts';
import type { GraphClient } from '../instagram/graph-client.ts';
import { type FacebookPageClient, findPublishedPost, prepareFacebookPost } from './page-client.ts';

/**
 * The Facebook Page client against the sandbox over a real local HTTP connection: the pages with their
 * tasks and tokens, one photo, several, the reuse of unpublished photos on a retry, the lookup of a post
 * whose outcome is unknown, and Graph's refusals as ProviderErrors.
 */
/** The Meta app's redirect URI: Facebook Pages connect through the same app and Facebook Login as Instagram. */
const REDIRECT_URI = `${TEST_APP_URL}/auth/instagram/callback`;
const STUDIO_PAGE = defaultMetaPages()[0]!;
const BUSINESS_PAGE = defaultMetaPages().find((entry) => entry.business?.edge === 'owned_pages')!;

let sandbox: TestSandbox;
let graph: GraphClient;
let client: FacebookPageClient;
let images: ImageServer;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ sandbox, images, close } = await startSandboxWithImages());
  ({ instagram: graph, facebook: client } = sandboxClients(sandbox));
});
afterAll(() => close());
afterEach(() => {
  sandbox.sandbox.control.clearFaults();
  sandbox.sandbox.control.setMetaPages(defaultMetaPages());
});

/** Facebook Login with the pages' permissions (less what the user unticks), then the long-lived user token. */
async function userToken(uncheck: string[] = []): Promise<string> {
  const back = await answerConsent(graph.loginDialogUrl({ state: 's', redirectUri: REDIRECT_URI, scopes: FACEBOOK_PAGE_SCOPES }), {
    decision: 'allow',
    uncheck,
  });
  const short = await graph.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: REDIRECT_URI });
  return (await graph.exchangeForLongLivedToken(short.accessToken!)).accessToken!;
}

async function pageToken(pageId = STUDIO_PAGE.id, uncheck: string[] = []): Promise<string> {
  const page = (await client.listPages(await userToken(uncheck), { businesses: true })).find((entry) => entry.id === pageId)!;
  return page.accessToken!;
}

const image = (name: string) => `${images.origin}/${name}`;
/** The app's clock: the sandbox's, as in the all-sandbox default. */
const now = () => sandbox.sandbox.now();

describe('the pages a user shared', () => {
  it('lists her own pages and her businesses’ with their tasks and tokens; a page without CREATE_CONTENT cannot be posted to', async () => {
    sandbox.sandbox.control.setMetaPages(
      defaultMetaPages().map((entry) => (entry.id === STUDIO_PAGE.id ? { ...entry, tasks: ['ANALYZE', 'MODERATE'] } : entry)),
    );
    const token = await userToken();
    const own = await client.listPages(token);
    expect(own.map((page) => page.id)).toEqual(
      defaultMetaPages()
        .filter((entry) => !entry.business)
        .map((entry) => entry.id),
    );
    const all = await client.listPages(token, { businesses: true });
    expect(all.map((page) => page.id)).toEqual(expect.arrayContaining(defaultMetaPages().map((entry) => entry.id)));
    expect(all.find((page) => page.id === BUSINESS_PAGE.id)).toMatchObject({ through: 'business', canPost: true });
    const studio = all.find((page) => page.id === STUDIO_PAGE.id)!;
    expect(studio).toMatchObject({ through: 'user', tasks: ['ANALYZE', 'MODERATE'], canPost: false });
    expect(studio.accessToken).toMatch(/^EAAB/);
    expect(await client.getPage(token, STUDIO_PAGE.id)).toMatchObject({ canPost: false, accessToken: studio.accessToken });

    // Graph refuses the post as it refuses a page where the user may not create content: only that page is concerned.
    const refused = await providerFailure(client.uploadPhoto(studio.accessToken!, STUDIO_PAGE.id, { url: image('square.jpg'), published: true }));
    expect(refused).toMatchObject({ failure: 'page', details: { status: 403, code: 200 } });
  });
});

describe('publishing', () => {
  it('one photo: POST /{page-id}/photos published, a post whose text is the caption, its link, found among the recent posts', async () => {
    const token = await pageToken();
    const since = sandbox.sandbox.now();
    const prepared = await prepareFacebookPost(client, token, {
      pageId: STUDIO_PAGE.id,
      message: 'Casa Montgó, terminada.',
      imageUrls: [image('panorama.jpg')],
      now,
    });
    expect(prepared.photos).toEqual([]);
    const { postId, photoIds } = await prepared.create();
    expect(postId).toMatch(new RegExp(`^${STUDIO_PAGE.id}_\\d+$`));
    expect(photoIds).toHaveLength(1);
    const post = await client.getPost(token, postId);
    expect(post).toMatchObject({ id: postId, message: 'Casa Montgó, terminada.' });
    expect(post.permalink).toMatch(/\/meta\/facebook\/104000000000001\/posts\/\d+$/);
    const shown = await fetch(post.permalink!);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('Casa Montgó, terminada.');
    expect(sandbox.sandbox.control.published().facebook).toContainEqual(
      expect.objectContaining({
        id: postId,
        page: STUDIO_PAGE.id,
        pageName: STUDIO_PAGE.name,
        message: 'Casa Montgó, terminada.',
        images: [expect.any(String)],
      }),
    );

    expect((await findPublishedPost(client, token, { pageId: STUDIO_PAGE.id, message: 'Casa Montgó, terminada.', since }))?.id).toBe(postId);
    expect(await findPublishedPost(client, token, { pageId: STUDIO_PAGE.id, message: 'Otro texto', since })).toBeUndefined();
  });

  it('several photos: unpublished uploads, then the feed post with attached_media; a retry attaches the same photos instead of uploading', async () => {
    const token = await pageToken();
    const urls = [image('square.jpg'), image('portrait.jpg'), image('panorama.jpg')];
    const first = await prepareFacebookPost(client, token, { pageId: STUDIO_PAGE.id, message: 'Tres vistas', imageUrls: urls, now });
    expect(first.photos.map((photo) => photo.url)).toEqual(urls);
    // The attempt stops before its post: the next one reuses what Meta still holds.
    const again = await prepareFacebookPost(client, token, { pageId: STUDIO_PAGE.id, message: 'Tres vistas', imageUrls: urls, reuse: first.photos, now });
    expect(again.photos).toEqual(first.photos);
    const { postId, photoIds } = await again.create();
    expect(photoIds).toEqual(first.photos.map((photo) => photo.id));
    expect((await client.getPost(token, postId)).message).toBe('Tres vistas');
    // Attached photos belong to their post: a second post with them is refused, nothing is published twice.
    const twice = await providerFailure(client.createFeedPost(token, STUDIO_PAGE.id, { message: 'Tres vistas', photoIds }));
    expect(twice).toMatchObject({ failure: 'rejected', details: { code: 100 } });
  });

  it('unpublished photos expire after 24 hours: a later retry uploads anew, and the old ids are refused', async () => {
    const token = await pageToken();
    const urls = [image('square.jpg'), image('portrait.jpg')];
    const first = await prepareFacebookPost(client, token, { pageId: STUDIO_PAGE.id, message: 'Mañana', imageUrls: urls, now });
    const before = now();
    sandbox.sandbox.control.advanceTime(24 * 3600 + 60);
    try {
      expect(await client.photoExists(token, first.photos[0]!.id)).toBe(false);
      const stale = await providerFailure(client.createFeedPost(token, STUDIO_PAGE.id, { message: 'Mañana', photoIds: first.photos.map((photo) => photo.id) }));
      expect(stale).toMatchObject({ failure: 'rejected', details: { code: 100 } });
      // Matched as young enough by an app clock that did not move: still asked to Meta, which no longer has them.
      const again = await prepareFacebookPost(client, token, {
        pageId: STUDIO_PAGE.id,
        message: 'Mañana',
        imageUrls: urls,
        reuse: first.photos,
        now: () => before,
      });
      expect(again.photos.map((photo) => photo.id)).not.toContain(first.photos[0]!.id);
      // By the sandbox's clock, the photos are too old to be asked for at all.
      const later = await prepareFacebookPost(client, token, {
        pageId: STUDIO_PAGE.id,
        message: 'Mañana',
        imageUrls: urls,
        reuse: first.photos,
        now,
      });
      expect(later.photos.map((photo) => photo.id)).not.toContain(first.photos[1]!.id);
      expect((await later.create()).postId).toMatch(/_\d+$/);
    } finally {
      sandbox.sandbox.control.advanceTime(-(24 * 3600 + 60));
    }
  });

  it('an unpublished photo no post will use is deleted', async () => {
    const token = await pageToken();
    const { photoId, postId } = await client.uploadPhoto(token, STUDIO_PAGE.id, { url: image('square.jpg'), published: false });
    expect(postId).toBeUndefined();
    expect(await client.photoExists(token, photoId)).toBe(true);
    await client.deletePhoto(token, photoId);
    expect(await client.photoExists(token, photoId)).toBe(false);
  });
});

describe('Graph’s refusals', () => {
  it('a user token is not a page token; a token without pages_manage_posts; an expired token (190)', async () => {
    const user = await userToken();
    expect(await providerFailure(client.uploadPhoto(user, STUDIO_PAGE.id, { url: image('square.jpg'), published: true }))).toMatchObject({
      failure: 'page',
      details: { code: 200 },
    });
    const withoutPosting = await pageToken(STUDIO_PAGE.id, ['pages_manage_posts']);
    expect(await providerFailure(client.createFeedPost(withoutPosting, STUDIO_PAGE.id, { message: 'Hola', photoIds: [] }))).toMatchObject({
      failure: 'page',
      details: { status: 403, code: 200 },
    });
    const token = await pageToken();
    sandbox.sandbox.control.expireTokens('meta');
    expect(await providerFailure(client.recentPosts(user, STUDIO_PAGE.id, new Date()))).toMatchObject({ failure: 'invalid-token', details: { code: 190 } });
    // A page token from a long-lived user token does not expire, but dies with a revoked app.
    sandbox.sandbox.control.revokeTokens('meta');
    expect(await providerFailure(client.createFeedPost(token, STUDIO_PAGE.id, { message: 'Hola', photoIds: [] }))).toMatchObject({ failure: 'invalid-token' });
  });

  it('more photos than a post takes, an image Meta cannot fetch, text too long', async () => {
    const token = await pageToken();
    const photoIds: string[] = [];
    for (let index = 0; index < 11; index++)
      photoIds.push((await client.uploadPhoto(token, STUDIO_PAGE.id, { url: image('square.jpg'), published: false })).photoId);
    expect(await providerFailure(client.createFeedPost(token, STUDIO_PAGE.id, { message: 'Once', photoIds }))).toMatchObject({
      failure: 'rejected',
      details: { code: 100 },
    });
    expect(await client.createFeedPost(token, STUDIO_PAGE.id, { message: 'Diez', photoIds: photoIds.slice(0, 10) })).toMatch(/_\d+$/);
    expect(await providerFailure(client.uploadPhoto(token, STUDIO_PAGE.id, { url: 'http://192.168.1.20/casa.jpg', published: true }))).toMatchObject({
      failure: 'rejected',
      details: { code: 100 },
    });
    expect(await providerFailure(client.createFeedPost(token, STUDIO_PAGE.id, { message: 'a'.repeat(63_207), photoIds: [] }))).toMatchObject({
      failure: 'rejected',
    });
    // Graph's booleans only: anything else is refused, not taken as published.
    const odd = await fetch(`${sandbox.base}/meta/graph/v26.0/${STUDIO_PAGE.id}/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: new URLSearchParams({ url: image('square.jpg'), published: 'maybe' }),
    });
    expect(odd.status).toBe(400);
    expect(await odd.json()).toMatchObject({ error: { code: 100 } });
  });

  it('a page reached through Business Manager posts under the same rules (its tasks)', async () => {
    const token = await pageToken(BUSINESS_PAGE.id);
    const { postId } = await (
      await prepareFacebookPost(client, token, { pageId: BUSINESS_PAGE.id, message: 'Interiorismo', imageUrls: [image('square.jpg')], now })
    ).create();
    expect(postId.startsWith(`${BUSINESS_PAGE.id}_`)).toBe(true);
  });
});
