import {
  FACEBOOK_COUNTS_PERMISSION,
  INSTAGRAM_INSIGHTS_PERMISSION,
  INSTAGRAM_LOGIN_INSIGHTS_PERMISSION,
  LINKEDIN_MEMBER_ANALYTICS_SCOPE,
} from '../../../domain/social.ts';
import type { PostMetric } from '../../../domain/post-metrics.ts';
import type { FacebookPageClient } from '../../adapters/facebook/page-client.ts';
import type { GraphClient } from '../../adapters/instagram/graph-client.ts';
import { type BusinessUseCaseUsage, usageOfRefusal } from '../../adapters/instagram/graph-insights.ts';
import { MEMBER_POST_METRICS, type MemberPostMetric, type ShareStatistics } from '../../adapters/linkedin/linkedin-analytics.ts';
import type { LinkedInClient } from '../../adapters/linkedin/linkedin-client.ts';
import { ProviderError } from '../../adapters/provider-http.ts';
import type { PublishingAccess } from '../social/service.ts';
import type { DueRead, Figures, Reading } from './repo.ts';

/**
 * One post's figures from its network (decision 045). A refusal is a reading with its reason, never an
 * exception for the job, and never closes a connection or touches the post: publishing alone decides that.
 */
export type ReadResult =
  { kind: 'reading'; reading: Reading; unsupported: string[]; usage?: BusinessUseCaseUsage } | { kind: 'throttled'; usage?: BusinessUseCaseUsage };

export interface ReadInput {
  read: DueRead;
  access: PublishingAccess;
  /** Counts one call against the network's daily budget; false when it is spent (LinkedIn). */
  spend: () => Promise<boolean>;
}

/** Instagram's names (next-features-facts.md §1a, FEED media) → ours. */
const INSTAGRAM_METRICS: Record<string, PostMetric> = {
  reach: 'reach',
  views: 'impressions',
  likes: 'reactions',
  comments: 'comments',
  saved: 'saves',
  shares: 'shares',
  total_interactions: 'interactions',
};
const MEMBER_METRICS: Record<MemberPostMetric, PostMetric> = {
  IMPRESSION: 'impressions',
  MEMBERS_REACHED: 'reach',
  REACTION: 'reactions',
  COMMENT: 'comments',
  RESHARE: 'shares',
};

const reading = (outcome: Reading['outcome'], reason: string | null, figures: Figures = {}, unavailable: Record<string, string> = {}): Reading => ({
  outcome,
  reason,
  figures,
  unavailable,
});

/** A refusal as a reading (or a throttle, which records nothing and waits). */
function refusal(error: unknown, unsupported: string[]): ReadResult {
  if (!(error instanceof ProviderError)) throw error;
  const usage = usageOfRefusal(error);
  if (error.failure === 'rate-limited') return { kind: 'throttled', usage };
  const reason =
    error.failure === 'invalid-token'
      ? 'token_refused'
      : error.failure === 'permission'
        ? 'permission_missing'
        : error.failure === 'page'
          ? 'page_role'
          : error.failure === 'rejected'
            ? 'refused'
            : 'network_failed';
  return { kind: 'reading', reading: reading(reason === 'network_failed' ? 'failed' : 'unavailable', reason), unsupported, usage };
}

/** Meta's all-or-nothing refusal of a metric list: `(#100) … not supported for this media type`. */
const isMetricRefusal = (error: unknown) => error instanceof ProviderError && error.failure === 'rejected' && error.details.code === 100;

/**
 * All the FEED metrics in one call; when Meta refuses the list (one metric fails the whole call), each is
 * asked alone and those refused are recorded and not asked again for this post. Empty data: not yet.
 */
export async function readInstagram(client: Pick<GraphClient, 'getMediaInsights'>, input: ReadInput): Promise<ReadResult> {
  const { read, access } = input;
  // Instagram Login's connections read on graph.instagram.com with a permission of their own (decision 054).
  const permission = access.login === 'instagram' ? INSTAGRAM_LOGIN_INSIGHTS_PERMISSION : INSTAGRAM_INSIGHTS_PERMISSION;
  if (access.scopes && !access.scopes.includes(permission))
    return { kind: 'reading', reading: reading('unavailable', 'permission_missing'), unsupported: read.unsupported };
  // The page's token when the post went to the connection's current account; the user's otherwise.
  const token = access.targetId === read.target_id && access.pageAccessToken ? access.pageAccessToken : access.accessToken;
  const asked = Object.keys(INSTAGRAM_METRICS).filter((metric) => !read.unsupported.includes(metric));
  const toFigures = (answer: Record<string, number>) =>
    Object.fromEntries(Object.entries(answer).flatMap(([name, value]) => (INSTAGRAM_METRICS[name] ? [[INSTAGRAM_METRICS[name], value]] : []))) as Figures;
  const known = Object.fromEntries(read.unsupported.map((metric) => [metric, 'unsupported']));
  try {
    const answer = await client.getMediaInsights(token, read.remote_id, asked);
    if (!answer.figures) return { kind: 'reading', reading: reading('not_yet', 'not_yet', {}, known), unsupported: read.unsupported, usage: answer.usage };
    return { kind: 'reading', reading: reading('read', null, toFigures(answer.figures), known), unsupported: read.unsupported, usage: answer.usage };
  } catch (error) {
    if (!isMetricRefusal(error)) return refusal(error, read.unsupported);
  }
  const figures: Record<string, number> = {};
  const unsupported = [...read.unsupported];
  let usage: BusinessUseCaseUsage | undefined;
  let empty = false;
  for (const metric of asked) {
    try {
      const answer = await client.getMediaInsights(token, read.remote_id, [metric]);
      usage = answer.usage ?? usage;
      if (answer.figures) Object.assign(figures, answer.figures);
      else empty = true;
    } catch (error) {
      if (!isMetricRefusal(error)) return refusal(error, unsupported);
      unsupported.push(metric);
    }
  }
  const unavailable = Object.fromEntries(unsupported.map((metric) => [metric, 'unsupported']));
  if (Object.keys(figures).length === 0)
    return { kind: 'reading', reading: reading(empty ? 'not_yet' : 'unavailable', empty ? 'not_yet' : 'refused', {}, unavailable), unsupported, usage };
  return { kind: 'reading', reading: reading('read', null, toFigures(figures), unavailable), unsupported, usage };
}

/**
 * A Facebook Page post (decision 056): its reactions, comments and shares from the post's own fields, with
 * the page's token (the user's when the post went to a page that is no longer the connection's target),
 * `pages_read_engagement` needed. Interactions are their sum. Neither summary in the answer: not yet.
 */
export async function readFacebook(client: Pick<FacebookPageClient, 'getPostCounts'>, input: ReadInput): Promise<ReadResult> {
  const { read, access } = input;
  if (access.scopes && !access.scopes.includes(FACEBOOK_COUNTS_PERMISSION))
    return { kind: 'reading', reading: reading('unavailable', 'permission_missing'), unsupported: [] };
  const token = access.targetId === read.target_id && access.pageAccessToken ? access.pageAccessToken : access.accessToken;
  try {
    const { counts, usage } = await client.getPostCounts(token, read.remote_id);
    if (!counts) return { kind: 'reading', reading: reading('not_yet', 'not_yet'), unsupported: [], usage };
    const figures: Figures = { ...counts, interactions: counts.reactions + counts.comments + counts.shares };
    return { kind: 'reading', reading: reading('read', null, figures), unsupported: [], usage };
  } catch (error) {
    return refusal(error, []);
  }
}

/** A page's posts' statistics read for several at once (read-metrics-job.ts): a post left out of the answer is null, not yet. */
export type PageStatistics = Map<string, ShareStatistics | null>;

/**
 * A company page's post: its totalShareStatistics (one call, or its line of `pageStatistics` when the job
 * read its page's due posts together); left out of the answer: not yet. A member's
 * post: one call per metric, only when the app has r_member_postAnalytics and the connection granted it.
 */
export async function readLinkedIn(
  client: LinkedInClient,
  input: ReadInput & { memberPostAnalytics: boolean; pageStatistics?: PageStatistics },
): Promise<ReadResult> {
  const { read, access } = input;
  const author = read.target_id ?? access.targetId;
  if (author.startsWith('urn:li:organization:')) {
    const batched = input.pageStatistics?.has(read.remote_id);
    if (!batched && !(await input.spend())) return { kind: 'throttled' };
    try {
      const statistics = batched
        ? (input.pageStatistics!.get(read.remote_id) ?? undefined)
        : (await client.getShareStatistics(access.accessToken, author, [read.remote_id])).get(read.remote_id);
      if (!statistics) return { kind: 'reading', reading: reading('not_yet', 'not_yet'), unsupported: [] };
      const { impressionCount, uniqueImpressionsCount, likeCount, commentCount, shareCount, clickCount } = statistics;
      const figures: Figures = {
        impressions: impressionCount,
        reach: uniqueImpressionsCount,
        reactions: likeCount,
        comments: commentCount,
        shares: shareCount,
        clicks: clickCount,
        interactions: [likeCount, commentCount, shareCount, clickCount].reduce<number>((sum, value) => sum + (value ?? 0), 0),
      };
      return { kind: 'reading', reading: reading('read', null, figures), unsupported: [] };
    } catch (error) {
      const result = refusal(error, []);
      // A 403 with the scope granted is the member's role on the page: only administrators get the figures.
      if (result.kind === 'reading' && result.reading.reason === 'permission_missing') result.reading.reason = 'page_role';
      return result;
    }
  }
  if (!input.memberPostAnalytics) return { kind: 'reading', reading: reading('unavailable', 'member_analytics_unavailable'), unsupported: [] };
  if (access.scopes && !access.scopes.includes(LINKEDIN_MEMBER_ANALYTICS_SCOPE))
    return { kind: 'reading', reading: reading('unavailable', 'permission_missing'), unsupported: [] };
  const figures: Figures = {};
  const unavailable: Record<string, string> = {};
  for (const metric of MEMBER_POST_METRICS.filter((name) => !read.unsupported.includes(name))) {
    if (!(await input.spend())) return { kind: 'throttled' };
    try {
      const count = await client.getMemberPostMetric(access.accessToken, read.remote_id, metric);
      if (count !== undefined) figures[MEMBER_METRICS[metric]] = count;
    } catch (error) {
      if (error instanceof ProviderError && error.failure === 'rejected') unavailable[metric] = 'refused';
      else return refusal(error, []);
    }
  }
  if (Object.keys(figures).length === 0) return { kind: 'reading', reading: reading('not_yet', 'not_yet', {}, unavailable), unsupported: [] };
  figures.interactions = (figures.reactions ?? 0) + (figures.comments ?? 0) + (figures.shares ?? 0);
  return { kind: 'reading', reading: reading('read', null, figures, unavailable), unsupported: [] };
}
