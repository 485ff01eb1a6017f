import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACEBOOK_PAGE_SCOPES } from '../../domain/social.ts';
import type { TestSandbox } from '../../server/test-support/social-sandbox.ts';
import { defaultMetaPages } from '../personas.ts';
import { sdkLongLivedToken, startSdkSandbox } from './contract-setup.ts';
import type { ImageServer } from './image-server.ts';
import { facebookRequestError, metaSdk } from './meta-sdk.ts';

/**
 * A Facebook Page post's counts (docs/decisions/056) read by Meta's own Node SDK
 * (facebook-nodejs-business-sdk's PagePost), as insights-official-clients.test.ts reads Instagram's insights:
 * the fields with their summaries as the SDK asks and parses them, and its FacebookRequestError for a token
 * that lost pages_read_engagement (code 10) and for a refused token (code 190).
 */
const { FacebookAdsApi, Page, PagePost, User } = metaSdk;
const STUDIO_PAGE = defaultMetaPages()[0]!;
const DAY_SECONDS = 86_400;
const COUNT_FIELDS = ['reactions.summary(total_count).limit(0)', 'comments.summary(total_count).limit(0)', 'shares'];

let sandbox: TestSandbox;
let images: ImageServer;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ sandbox, images, close } = await startSdkSandbox());
});
afterAll(() => close());

async function pageToken(): Promise<string> {
  FacebookAdsApi.init(String((await sdkLongLivedToken(sandbox, FACEBOOK_PAGE_SCOPES)).access_token), 'en_US', false);
  const accounts = await new User('me').getAccounts(['id', 'access_token']);
  return String(accounts.find((entry) => entry.id === STUDIO_PAGE.id)!._data.access_token);
}

describe("Meta's SDK reads a page post's counts", () => {
  it('PagePost.get with the summaries: zeros at first, growing; code 10 without pages_read_engagement, 190 for a revoked token', async () => {
    FacebookAdsApi.init(await pageToken(), 'en_US', false);
    const photo = await new Page(STUDIO_PAGE.id).createPhoto([], { url: `${images.origin}/square.jpg`, caption: 'Casa', published: true });
    const postId = String(photo._data.post_id);
    const first = (await new PagePost(postId).get(COUNT_FIELDS))._data;
    expect(first).toMatchObject({ id: postId, reactions: { summary: { total_count: 0 } }, comments: { summary: { total_count: 0 } } });
    expect(first.shares).toBeUndefined();
    sandbox.sandbox.control.advanceTime(3 * DAY_SECONDS);
    const later = (await new PagePost(postId).get(COUNT_FIELDS))._data as { reactions: { summary: { total_count: number } }; shares: { count: number } };
    expect(later.reactions.summary.total_count).toBeGreaterThan(0);
    expect(later.shares.count).toBeGreaterThan(0);

    sandbox.sandbox.control.removeMetaPermission('pages_read_engagement');
    const withoutPermission = await facebookRequestError(new PagePost(postId).get(COUNT_FIELDS));
    expect(withoutPermission.response).toMatchObject({ code: 10, type: 'OAuthException' });
    sandbox.sandbox.control.revokeTokens('meta');
    const revoked = await facebookRequestError(new PagePost(postId).get(COUNT_FIELDS));
    expect(revoked.response).toMatchObject({ code: 190 });
  });
});
