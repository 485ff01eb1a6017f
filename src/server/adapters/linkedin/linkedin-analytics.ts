import { isRecord, numberOf, stringOf } from '../provider-http.ts';

/**
 * LinkedIn's post statistics (next-features-facts.md §1b): the requests' paths in Rest.li 2.0's query
 * syntax, and their answers read. The client (linkedin-client.ts) sends them with its /rest headers.
 */
export interface ShareStatistics {
  impressionCount: number | undefined;
  uniqueImpressionsCount: number | undefined;
  clickCount: number | undefined;
  likeCount: number | undefined;
  commentCount: number | undefined;
  shareCount: number | undefined;
  engagement: number | undefined;
}

/** memberCreatorPostAnalytics' metrics Alzado reads, one call each (the API takes one `queryType` a call). */
export const MEMBER_POST_METRICS = ['IMPRESSION', 'MEMBERS_REACHED', 'REACTION', 'COMMENT', 'RESHARE'] as const;
export type MemberPostMetric = (typeof MEMBER_POST_METRICS)[number];

const restliList = (urns: readonly string[]) => `List(${urns.map(encodeURIComponent).join(',')})`;

/** `/rest/organizationalEntityShareStatistics` for a page's shares and ugcPosts (separate parameters). */
export function shareStatisticsPath(organization: string, postUrns: readonly string[]): string {
  const shares = postUrns.filter((urn) => urn.startsWith('urn:li:share:'));
  const ugcPosts = postUrns.filter((urn) => urn.startsWith('urn:li:ugcPost:'));
  return (
    `/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeURIComponent(organization)}` +
    (shares.length > 0 ? `&shares=${restliList(shares)}` : '') +
    (ugcPosts.length > 0 ? `&ugcPosts=${restliList(ugcPosts)}` : '')
  );
}

/** Each post's statistics by URN; a post LinkedIn left out (no activity yet) is absent. */
export function readShareStatistics(json: unknown): Map<string, ShareStatistics> {
  const result = new Map<string, ShareStatistics>();
  const elements = isRecord(json) && Array.isArray(json.elements) ? json.elements.filter(isRecord) : [];
  for (const element of elements) {
    const urn = stringOf(element.share) ?? stringOf(element.ugcPost);
    const totals = isRecord(element.totalShareStatistics) ? element.totalShareStatistics : undefined;
    if (!urn || !totals) continue;
    result.set(urn, {
      impressionCount: numberOf(totals.impressionCount),
      uniqueImpressionsCount: numberOf(totals.uniqueImpressionsCount),
      clickCount: numberOf(totals.clickCount),
      likeCount: numberOf(totals.likeCount),
      commentCount: numberOf(totals.commentCount),
      shareCount: numberOf(totals.shareCount),
      engagement: numberOf(totals.engagement),
    });
  }
  return result;
}

/** `/rest/memberCreatorPostAnalytics` for one post and one metric, its lifetime total. */
export function memberPostAnalyticsPath(postUrn: string, metric: MemberPostMetric): string {
  const kind = postUrn.startsWith('urn:li:ugcPost:') ? 'ugc' : 'share';
  return `/rest/memberCreatorPostAnalytics?q=entity&entity=(${kind}:${encodeURIComponent(postUrn)})&queryType=${metric}&aggregation=TOTAL`;
}

/** The count, or undefined when LinkedIn answered no element (no figures yet). */
export function readMemberPostMetric(json: unknown): number | undefined {
  const elements = isRecord(json) && Array.isArray(json.elements) ? json.elements.filter(isRecord) : [];
  return elements.length === 0 ? undefined : numberOf(elements[0]!.count);
}
