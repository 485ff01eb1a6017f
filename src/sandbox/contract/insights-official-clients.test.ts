import { RestliClient } from 'linkedin-api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTAGRAM_SCOPES, linkedinScopes } from '../../domain/social.ts';
import { publishInstagramPost } from '../../server/adapters/instagram/graph-client.ts';
import { LINKEDIN_VERSION, TEST_APP_URL, type TestSandbox, answerConsent, sandboxClients, startTestSandbox } from '../../server/test-support/social-sandbox.ts';
import { type ImageServer, startImageServer } from './image-server.ts';
import { facebookRequestError, metaSdk } from './meta-sdk.ts';
import { axiosAnswerOf, officialAxios, routeToSandbox } from './official-clients.ts';

/**
 * The posts' figures (issue 26) as the networks' own Node clients read them from the sandbox: Meta's SDK
 * (`IGMedia.getInsights`, its FacebookRequestError for a removed metric) and LinkedIn's RestliClient
 * (the organizationalEntityShareStatistics and memberCreatorPostAnalytics finders, whose Rest.li 2.0
 * encoding of `List(…)` and `(share:…)` is LinkedIn's code, not ours). Shapes: next-features-facts.md §1.
 */
const { FacebookAdsApi, IGMedia } = metaSdk;
const STUDIO_IG = '17841400000000001';
const ORGANIZATION = 'urn:li:organization:90210001';
const DAY_SECONDS = 86_400;

let sandbox: TestSandbox;
let images: ImageServer;
let restli: RestliClient;
const unroute: Array<() => void> = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  images = await startImageServer();
  sandbox.sandbox.control.allowImageOrigins([images.origin]);
  restli = new RestliClient();
  unroute.push(routeToSandbox(sandbox.base, officialAxios), routeToSandbox(sandbox.base, restli.axiosInstance));
});
afterAll(async () => {
  for (const remove of unroute) remove();
  await images.close();
  await sandbox.close();
});

const clients = () => sandboxClients(sandbox);

async function instagramPageToken(): Promise<string> {
  const client = clients().instagram;
  const redirectUri = `${TEST_APP_URL}/auth/instagram/callback`;
  const back = await answerConsent(client.loginDialogUrl({ state: 's', redirectUri, scopes: INSTAGRAM_SCOPES }));
  const short = await client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri });
  const user = (await client.exchangeForLongLivedToken(short.accessToken!)).accessToken!;
  return (await client.getPageToken(user, '104000000000001'))!;
}

async function linkedinToken(): Promise<string> {
  const client = clients().linkedin;
  const redirectUri = `${TEST_APP_URL}/auth/linkedin/callback`;
  const back = await answerConsent(
    client.authorizationUrl({ state: 's', redirectUri, scopes: linkedinScopes({ organizationPages: true, memberAnalytics: true }) }),
  );
  return (await client.exchangeCode({ code: back.searchParams.get('code')!, redirectUri })).accessToken!;
}

describe("Meta's SDK reads media insights", () => {
  it('IGMedia.getInsights: empty before the lag, then lifetime values; a removed metric is a FacebookRequestError code 100', async () => {
    const token = await instagramPageToken();
    const { mediaId } = await publishInstagramPost(clients().instagram, token, {
      igUserId: STUDIO_IG,
      caption: 'Casa',
      images: [{ url: `${images.origin}/square.jpg` }],
    });
    FacebookAdsApi.init(token, 'en_US', false);
    expect([...(await new IGMedia(mediaId).getInsights(['name', 'period', 'values'], { metric: 'reach,likes' }))]).toEqual([]);
    sandbox.sandbox.control.advanceTime(DAY_SECONDS);
    const insights = await new IGMedia(mediaId).getInsights(['name', 'period', 'values', 'title'], {
      metric: 'reach,views,likes,comments,saved,shares,total_interactions',
    });
    const byName = Object.fromEntries(insights.map((entry) => [entry._data.name, entry._data]));
    expect(Object.keys(byName)).toEqual(['reach', 'views', 'likes', 'comments', 'saved', 'shares', 'total_interactions']);
    expect(byName.reach).toMatchObject({ period: 'lifetime', values: [{ value: expect.any(Number) }], title: 'Accounts reached' });
    const refused = await facebookRequestError(new IGMedia(mediaId).getInsights(['name'], { metric: 'reach,impressions' }));
    expect(refused.status).toBe(400);
    expect(refused.response).toMatchObject({ code: 100, type: 'OAuthException' });
  });
});

describe("LinkedIn's RestliClient reads post statistics", () => {
  it('organizationalEntityShareStatistics: the finder with shares=List(…) gives totalShareStatistics', async () => {
    const token = await linkedinToken();
    const post = await clients().linkedin.createPost(token, { author: ORGANIZATION, commentary: 'Biblioteca' });
    sandbox.sandbox.control.advanceTime(DAY_SECONDS);
    const found = await restli.finder({
      resourcePath: '/organizationalEntityShareStatistics',
      finderName: 'organizationalEntity',
      queryParams: { organizationalEntity: ORGANIZATION, shares: [post.id] },
      accessToken: token,
      versionString: LINKEDIN_VERSION,
    });
    expect(found.status).toBe(200);
    expect(found.data.elements).toEqual([
      {
        organizationalEntity: ORGANIZATION,
        share: post.id,
        totalShareStatistics: {
          impressionCount: expect.any(Number),
          uniqueImpressionsCount: expect.any(Number),
          clickCount: expect.any(Number),
          likeCount: expect.any(Number),
          commentCount: expect.any(Number),
          shareCount: expect.any(Number),
          engagement: expect.any(Number),
        },
      },
    ]);
  });

  it('memberCreatorPostAnalytics: the entity finder, one queryType, and 403 ACCESS_DENIED for another member’s post', async () => {
    const token = await linkedinToken();
    const member = (await clients().linkedin.getMember(token)).sub!;
    const post = await clients().linkedin.createPost(token, { author: `urn:li:person:${member}`, commentary: 'Casa' });
    sandbox.sandbox.control.advanceTime(DAY_SECONDS);
    const analytics = (queryType: string) =>
      restli.finder({
        resourcePath: '/memberCreatorPostAnalytics',
        finderName: 'entity',
        queryParams: { entity: { share: post.id }, queryType, aggregation: 'TOTAL' },
        accessToken: token,
        versionString: LINKEDIN_VERSION,
      });
    const found = await analytics('IMPRESSION');
    expect(found.data.elements).toEqual([{ count: expect.any(Number), metricType: 'IMPRESSION', targetEntity: { share: post.id } }]);
    const organizationPost = await clients().linkedin.createPost(token, { author: ORGANIZATION, commentary: 'Taller' });
    const refused = await restli
      .finder({
        resourcePath: '/memberCreatorPostAnalytics',
        finderName: 'entity',
        queryParams: { entity: { share: organizationPost.id }, queryType: 'IMPRESSION' },
        accessToken: token,
        versionString: LINKEDIN_VERSION,
      })
      .then(
        () => undefined,
        (error: unknown) => axiosAnswerOf(error),
      );
    expect(refused).toMatchObject({ status: 403, data: { code: 'ACCESS_DENIED' } });
  });
});
