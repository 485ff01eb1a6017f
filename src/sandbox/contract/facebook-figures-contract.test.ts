import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FACEBOOK_PAGE_SCOPES } from '../../domain/social.ts';
import { type FacebookPageClient, prepareFacebookPost } from '../../server/adapters/facebook/page-client.ts';
import type { GraphClient } from '../../server/adapters/instagram/graph-client.ts';
import { createSocialClients } from '../../server/adapters/social-clients.ts';
import { loadConfig } from '../../server/config.ts';
import { TEST_APP_URL, type TestSandbox, answerConsent } from '../../server/test-support/social-sandbox.ts';
import { defaultMetaPages } from '../personas.ts';
import { answerMismatches, departures, requestMismatches } from './contract.ts';
import { sendRecorded, startRecordedSandbox } from './contract-setup.ts';
import { graphCalls, graphRefusals } from './graph-contract.ts';
import type { ImageServer } from './image-server.ts';
import type { RecordingProxy } from './recording-proxy.ts';

/**
 * A Facebook Page post's counts (docs/decisions/056; graph-contract.ts, fbcounts and limits) from both
 * sides: the sandbox answers the documented request as documented (the summaries' total_count, shares left
 * out while none, code 10 without pages_read_engagement, code 80001 past the page's Business Use Case limit
 * with its X-Business-Use-Case-Usage header), and Alzado's Facebook Page client sends exactly that request.
 */
const PREFIX = '/sandbox/meta/graph';
const VERSION = 'v26.0';
const REDIRECT_URI = `${TEST_APP_URL}/auth/instagram/callback`;
const STUDIO_PAGE = defaultMetaPages()[0]!;
const DAY_SECONDS = 86_400;
const COUNTS = 'reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares';

let sandbox: TestSandbox;
let proxy: RecordingProxy;
let images: ImageServer;
let close: () => Promise<void>;
let graph: GraphClient;
let client: FacebookPageClient;

beforeAll(async () => {
  ({ sandbox, proxy, images, close } = await startRecordedSandbox());
  const { social } = loadConfig({});
  const clients = createSocialClients({ social, publicUrl: proxy.origin, internalUrl: proxy.origin, sandbox: sandbox.sandbox });
  graph = clients.instagram!.client;
  client = clients.facebook!.client;
});
afterAll(() => close());
beforeEach(() => proxy.clear());
afterEach(() => sandbox.sandbox.control.configure({ meta: { insightsCallsPerHour: 200 } }));

/** The studio page's token, and a post on the page with one photo. */
async function pagePost(): Promise<{ page: string; postId: string }> {
  const back = await answerConsent(graph.loginDialogUrl({ state: 'contract', redirectUri: REDIRECT_URI, scopes: FACEBOOK_PAGE_SCOPES }));
  const short = await graph.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: REDIRECT_URI });
  const user = (await graph.exchangeForLongLivedToken(short.accessToken!)).accessToken!;
  const page = (await client.getPage(user, STUDIO_PAGE.id)).accessToken!;
  const now = () => sandbox.sandbox.now();
  const prepared = await prepareFacebookPost(client, page, { pageId: STUDIO_PAGE.id, message: 'Casa Montgó', imageUrls: [`${images.origin}/square.jpg`], now });
  return { page, postId: (await prepared.create()).postId };
}

async function askCounts(token: string, postId: string) {
  const recorded = await sendRecorded(proxy, `${proxy.origin}${PREFIX}/${VERSION}/${postId}?fields=${encodeURIComponent(COUNTS)}`, { token });
  return { answer: recorded.answer!, requestDepartures: requestMismatches(graphCalls.pagePostCounts.request, recorded, PREFIX) };
}

describe('the sandbox answers a page post’s counts as documented', () => {
  it('zero at first (shares left out), then growing with its clock, with the page’s usage header', async () => {
    const { page, postId } = await pagePost();
    const first = await askCounts(page, postId);
    expect(first.requestDepartures).toEqual([]);
    expect(answerMismatches(graphCalls.pagePostCounts.answer, first.answer)).toEqual([]);
    const body = JSON.parse(first.answer.body.toString()) as Record<string, unknown>;
    expect(body).toEqual({
      id: postId,
      reactions: { data: [], summary: { total_count: 0, viewer_reaction: 'NONE' } },
      comments: { data: [], summary: { order: 'ranked', total_count: 0, can_comment: true } },
    });
    const usage = JSON.parse(String(first.answer.headers['x-business-use-case-usage'])) as Record<string, Array<{ type: string }>>;
    expect(usage[STUDIO_PAGE.id]![0]!.type).toBe('pages');

    sandbox.sandbox.control.advanceTime(3 * DAY_SECONDS);
    const later = await askCounts(page, postId);
    expect(answerMismatches(graphCalls.pagePostCounts.answer, later.answer)).toEqual([]);
    const grown = JSON.parse(later.answer.body.toString()) as { reactions: { summary: { total_count: number } }; shares?: { count: number } };
    expect(grown.reactions.summary.total_count).toBeGreaterThan(0);
    expect(grown.shares?.count).toBeGreaterThan(0);
  });

  it('refusals: past the page’s limit (code 80001), without pages_read_engagement (code 10)', async () => {
    const { page, postId } = await pagePost();
    sandbox.sandbox.control.configure({ meta: { insightsCallsPerHour: 0 } });
    const limited = await askCounts(page, postId);
    expect(answerMismatches(graphRefusals.pagesLimit, limited.answer)).toEqual([]);
    expect(limited.answer.headers['x-business-use-case-usage']).toBeDefined();
    sandbox.sandbox.control.configure({ meta: { insightsCallsPerHour: 200 } });
    sandbox.sandbox.control.removeMetaPermission('pages_read_engagement');
    expect(answerMismatches(graphRefusals.pageReadPermission, (await askCounts(page, postId)).answer)).toEqual([]);
  });
});

describe('Alzado’s Facebook Page client asks a post’s counts exactly as documented', () => {
  it('getPostCounts: one GET of the post with the three fields; zeros at first, then the counts', async () => {
    const { page, postId } = await pagePost();
    proxy.clear();
    const first = await client.getPostCounts(page, postId);
    expect(departures(graphCalls, ['pagePostCounts'], proxy.requests, PREFIX)).toEqual([]);
    expect(first.counts).toEqual({ reactions: 0, comments: 0, shares: 0 });
    expect(first.usage).toMatchObject({ percent: expect.any(Number) });
    sandbox.sandbox.control.advanceTime(3 * DAY_SECONDS);
    const later = await client.getPostCounts(page, postId);
    expect(later.counts!.reactions).toBeGreaterThan(0);
    expect(later.counts!.shares).toBeGreaterThan(0);
  });
});
