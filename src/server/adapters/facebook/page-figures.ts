import { type BusinessUseCaseUsage, readBusinessUseCaseUsage } from '../instagram/graph-insights.ts';
import { graphError } from '../instagram/graph-request.ts';
import { ProviderError, isRecord, numberOf, sendProviderRequest } from '../provider-http.ts';

/**
 * A Facebook Page post's counts (docs/decisions/056): the post's own fields,
 * `GET /{page-post-id}?fields=reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares`,
 * with the page's token and `pages_read_engagement` (which Facebook Pages already asks at connection), not
 * Page Post Insights (`read_insights`, metrics Meta renamed or removed in 2025 and 2026). With the page's
 * Business Use Case usage from `X-Business-Use-Case-Usage`.
 *
 * `counts` is undefined when Meta answered neither summary ("not yet", never zeros); `shares` absent is 0
 * (the field is left out while nobody shared the post).
 */
export interface PagePostCounts {
  counts: { reactions: number; comments: number; shares: number } | undefined;
  usage: BusinessUseCaseUsage | undefined;
}

export const PAGE_POST_COUNT_FIELDS = 'reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares';

const totalOf = (edge: unknown) => (isRecord(edge) && isRecord(edge.summary) ? numberOf(edge.summary.total_count) : undefined);

export async function readPagePostCounts(request: { url: string; token: string; timeoutMs: number }): Promise<PagePostCounts> {
  const url = `${request.url}?fields=${encodeURIComponent(PAGE_POST_COUNT_FIELDS)}`;
  const response = await sendProviderRequest('meta', { url, headers: { authorization: `Bearer ${request.token}` }, timeoutMs: request.timeoutMs });
  const usage = readBusinessUseCaseUsage(response.headers.get('x-business-use-case-usage'));
  if (response.status >= 400 || (isRecord(response.json) && isRecord(response.json.error))) {
    // The usage travels with the refusal: the reader backs off by it (graph-insights.ts usageOfRefusal).
    throw Object.assign(graphError(response, url, false), { usage });
  }
  if (!isRecord(response.json)) throw new ProviderError('meta', 'server', 'Meta answered the post’s counts with something that is not JSON');
  const reactions = totalOf(response.json.reactions);
  const comments = totalOf(response.json.comments);
  if (reactions === undefined && comments === undefined) return { counts: undefined, usage };
  const shares = isRecord(response.json.shares) ? (numberOf(response.json.shares.count) ?? 0) : 0;
  return { counts: { reactions: reactions ?? 0, comments: comments ?? 0, shares }, usage };
}
