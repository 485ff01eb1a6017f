import type { SocialNetwork } from './social-networks.ts';

/**
 * A post's figures read back from the networks (issue 26, docs/decisions/045). One set of names for both
 * networks: Instagram's views and LinkedIn's impressions are `impressions`; Instagram's reach and
 * LinkedIn's unique impressions (members reached) are `reach`; likes and reactions are `reactions`;
 * `interactions` is Instagram's total_interactions and, on LinkedIn, reactions + comments + shares + clicks.
 */
export const POST_METRICS = ['impressions', 'reach', 'reactions', 'comments', 'shares', 'saves', 'clicks', 'interactions'] as const;
export type PostMetric = (typeof POST_METRICS)[number];

/**
 * Why figures are missing:
 * - not_yet: the network has none yet (its data lags; never read as zeros);
 * - permission_missing: the connection lacks the permission (Instagram: instagram_manage_insights;
 *   LinkedIn: r_member_postAnalytics or the page's admin scope): connect again;
 * - member_analytics_unavailable: LinkedIn does not give this app a member's post figures
 *   (r_member_postAnalytics is granted to few apps; LINKEDIN_MEMBER_POST_ANALYTICS);
 * - page_role: LinkedIn gives a page's figures to its administrators only;
 * - not_connected: the owner's connection to the network is closed;
 * - token_refused: the network refused the token (the connection stays as it is: publishing decides);
 * - network_failed: the network did not answer or failed; tried again later;
 * - refused: the network refused the request itself.
 */
export const METRICS_REASONS = [
  'not_yet',
  'permission_missing',
  'member_analytics_unavailable',
  'page_role',
  'not_connected',
  'token_refused',
  'network_failed',
  'refused',
] as const;
export type MetricsReason = (typeof METRICS_REASONS)[number];

/**
 * The figures each network gives (decision 045's shared names), in the order the card shows them:
 * Instagram's reach, views, likes, comments, saved, shares, interactions; LinkedIn's impressions,
 * members reached, clicks, reactions, comments, shares, engagement.
 */
export const NETWORK_METRICS: Record<SocialNetwork, readonly PostMetric[]> = {
  instagram: ['reach', 'impressions', 'reactions', 'comments', 'saves', 'shares', 'interactions'],
  linkedin: ['impressions', 'reach', 'clicks', 'reactions', 'comments', 'shares', 'interactions'],
  // A page post's own counts (decision 056): Page Post Insights' views need read_insights, not asked.
  facebook: ['reactions', 'comments', 'shares', 'interactions'],
};
