import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INSTAGRAM_SCOPES, linkedinScopes } from '../domain/social.ts';
import { publishInstagramPost } from '../server/adapters/instagram/graph-client.ts';
import { LINKEDIN_VERSION, TEST_APP_URL, type TestSandbox, answerConsent, sandboxClients, startTestSandbox } from '../server/test-support/social-sandbox.ts';
import { type ImageServer, startImageServer } from './contract/image-server.ts';

/**
 * The posts' figures as the sandbox answers them (issue 26, next-features-facts.md §1): Instagram media
 * insights (lag, all-or-nothing, permission, BUC header and limit) and LinkedIn's share statistics and
 * member post analytics, growing with the sandbox's clock.
 */
const IG_REDIRECT = `${TEST_APP_URL}/auth/instagram/callback`;
const LI_REDIRECT = `${TEST_APP_URL}/auth/linkedin/callback`;
const STUDIO_IG = '17841400000000001';
const ORGANIZATION = 'urn:li:organization:90210001';
const HOUR = 3_600;

let sandbox: TestSandbox;
let images: ImageServer;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  images = await startImageServer();
});
afterAll(async () => {
  await images.close();
  await sandbox.close();
});
afterEach(() => sandbox.sandbox.control.reset());

const clients = () => sandboxClients(sandbox);

async function instagramPageToken(uncheck: string[] = []): Promise<string> {
  const client = clients().instagram;
  const back = await answerConsent(client.loginDialogUrl({ state: 's', redirectUri: IG_REDIRECT, scopes: INSTAGRAM_SCOPES }), { decision: 'allow', uncheck });
  const short = await client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: IG_REDIRECT });
  const user = (await client.exchangeForLongLivedToken(short.accessToken!)).accessToken!;
  return (await client.getPageToken(user, '104000000000001'))!;
}

async function publishedMedia(token: string): Promise<string> {
  sandbox.sandbox.control.allowImageOrigins([images.origin]);
  const published = await publishInstagramPost(clients().instagram, token, {
    igUserId: STUDIO_IG,
    caption: 'Casa',
    images: [{ url: `${images.origin}/square.jpg` }],
  });
  return published.mediaId;
}

const insights = (mediaId: string, token: string, metric: string) =>
  fetch(`${sandbox.base}/meta/graph/v26.0/${mediaId}/insights?metric=${metric}`, { headers: { authorization: `Bearer ${token}` } });

describe('Instagram media insights', () => {
  it('answers empty data before the lag, then figures that grow, with the BUC header', async () => {
    const token = await instagramPageToken();
    const mediaId = await publishedMedia(token);
    const early = await insights(mediaId, token, 'reach,likes');
    expect(await early.json()).toEqual({ data: [] });
    const usage = JSON.parse(early.headers.get('x-business-use-case-usage')!) as Record<string, Array<{ type: string; call_count: number }>>;
    expect(usage[STUDIO_IG]![0]).toMatchObject({ type: 'instagram', call_count: 1 });

    sandbox.sandbox.control.advanceTime(24 * HOUR);
    const day = (await clients().instagram.getMediaInsights(token, mediaId, ['reach', 'views', 'likes', 'total_interactions'])).figures!;
    expect(day.reach).toBeGreaterThan(0);
    expect(day.views).toBeGreaterThan(day.reach!);
    sandbox.sandbox.control.advanceTime(7 * 24 * HOUR);
    const week = (await clients().instagram.getMediaInsights(token, mediaId, ['reach'])).figures!;
    expect(week.reach).toBeGreaterThan(day.reach!);
    const body = (await (await insights(mediaId, token, 'reach')).json()) as { data: unknown[] };
    expect(body.data[0]).toMatchObject({ name: 'reach', period: 'lifetime', values: [{ value: week.reach }], title: 'Accounts reached' });
  });

  it('fails the whole call for one removed or refused metric, in Meta’s words', async () => {
    const token = await instagramPageToken();
    const mediaId = await publishedMedia(token);
    const removed = await insights(mediaId, token, 'reach,impressions');
    expect(removed.status).toBe(400);
    expect(await removed.json()).toMatchObject({ error: { code: 100, type: 'OAuthException', message: expect.stringContaining('impressions') } });
    sandbox.sandbox.control.configure({ meta: { insightsUnsupported: ['shares'] } });
    expect((await insights(mediaId, token, 'reach,shares')).status).toBe(400);
    expect((await insights(mediaId, token, 'reach')).status).toBe(200);
  });

  it('refuses a token without instagram_manage_insights (code 10), and past the account’s BUC limit (80002)', async () => {
    const publisher = await instagramPageToken();
    const mediaId = await publishedMedia(publisher);
    const without = await instagramPageToken(['instagram_manage_insights']);
    const refused = await insights(mediaId, without, 'reach');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 10, message: expect.stringContaining('instagram_manage_insights') } });

    sandbox.sandbox.control.configure({ meta: { insightsCallsPerHour: 2 } });
    await insights(mediaId, publisher, 'reach');
    const second = await insights(mediaId, publisher, 'reach');
    expect(JSON.parse(second.headers.get('x-business-use-case-usage')!)[STUDIO_IG][0].call_count).toBe(100);
    const over = await insights(mediaId, publisher, 'reach');
    expect(await over.json()).toMatchObject({ error: { code: 80002 } });
  });
});

async function linkedinToken(scopes = linkedinScopes({ organizationPages: true, memberAnalytics: true })): Promise<string> {
  const client = clients().linkedin;
  const back = await answerConsent(client.authorizationUrl({ state: 's', redirectUri: LI_REDIRECT, scopes }));
  return (await client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: LI_REDIRECT })).accessToken!;
}

describe('LinkedIn post statistics', () => {
  it('gives a page’s posts their totalShareStatistics after the lag, leaving out those with none yet', async () => {
    const token = await linkedinToken();
    const client = clients().linkedin;
    const first = await client.createPost(token, { author: ORGANIZATION, commentary: 'Casa en Sóller' });
    expect((await client.getShareStatistics(token, ORGANIZATION, [first.id])).size).toBe(0);
    sandbox.sandbox.control.advanceTime(24 * HOUR);
    const second = await client.createPost(token, { author: ORGANIZATION, commentary: 'Biblioteca' });
    const statistics = await client.getShareStatistics(token, ORGANIZATION, [first.id, second.id]);
    expect([...statistics.keys()]).toEqual([first.id]);
    expect(statistics.get(first.id)!.impressionCount).toBeGreaterThan(statistics.get(first.id)!.uniqueImpressionsCount!);
  });

  it('reads a member’s post one metric at a time with r_member_postAnalytics, 403 without it', async () => {
    const token = await linkedinToken();
    const client = clients().linkedin;
    const member = (await client.getMember(token)).sub!;
    const post = await client.createPost(token, { author: `urn:li:person:${member}`, commentary: 'Casa' });
    expect(await client.getMemberPostMetric(token, post.id, 'IMPRESSION')).toBeUndefined();
    sandbox.sandbox.control.advanceTime(24 * HOUR);
    expect(await client.getMemberPostMetric(token, post.id, 'IMPRESSION')).toBeGreaterThan(0);
    sandbox.sandbox.control.configure({ linkedin: { refusedAnalyticsMetrics: ['REACTION'] } });
    await expect(client.getMemberPostMetric(token, post.id, 'REACTION')).rejects.toMatchObject({ failure: 'rejected' });
    const plain = await linkedinToken(linkedinScopes({ organizationPages: true }));
    const refused = await fetch(
      `${sandbox.base}/linkedin/rest/memberCreatorPostAnalytics?q=entity&entity=(share:${encodeURIComponent(post.id)})&queryType=IMPRESSION`,
      {
        headers: { authorization: `Bearer ${plain}`, 'linkedin-version': LINKEDIN_VERSION, 'x-restli-protocol-version': '2.0.0' },
      },
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'ACCESS_DENIED', serviceErrorCode: 100 });
  });

  it('refuses the member analytics scope at consent when the app lacks the product', async () => {
    sandbox.sandbox.control.configure({ linkedin: { memberAnalyticsProduct: false } });
    const client = clients().linkedin;
    const url = client.authorizationUrl({ state: 's', redirectUri: LI_REDIRECT, scopes: linkedinScopes({ organizationPages: true, memberAnalytics: true }) });
    const answer = await fetch(url, { redirect: 'manual' });
    expect(new URL(answer.headers.get('location')!).searchParams.get('error')).toBe('unauthorized_scope_error');
  });
});
