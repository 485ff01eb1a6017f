import type { FastifyReply, FastifyRequest } from 'fastify';
import { instagramFigures } from './insights-figures.ts';
import { graphError, isShared } from './meta-access.ts';
import { type MetaKit, isInstagramUserToken } from './meta-kit.ts';

/**
 * Instagram media insights, `GET /{ig-media-id}/insights?metric=a,b,c`, as
 * ../shared/reference/next-features-facts.md §1a documents them (from Meta's "IG Media Insights" reference):
 * - the answer `{data: [{name, period: "lifetime", values: [{value}], title, description, id}]}`;
 * - the metrics of a FEED image or carousel: reach, views, likes, comments, saved, shares, total_interactions
 *   (and reposts, follows, profile_visits); impressions, plays, clips_replays_count,
 *   ig_reels_aggregated_all_plays_count (removed 2025-04-21), video_views (2025-01-08), engagement and the
 *   carousel_album_* ones (v18) are refused;
 * - all or nothing: one metric the media does not support fails the whole call, `(#100) … not supported
 *   for this media type`;
 * - an empty `data` while the figures lag ("an empty set, not 0");
 * - `instagram_manage_insights` needed (code 10 without it); on graph.instagram.com (Instagram Login, decision
 *   054), an Instagram User token for the media's own account, with `instagram_business_manage_insights`;
 * - Business Use Case limits per app and account, reported in `X-Business-Use-Case-Usage` (percentages)
 *   and refused past 100 % with code 80002 (the Instagram BUC code of Graph's rate-limiting page).
 * The control: `settings.meta.insightsUnsupported` refuses chosen metrics; a fault on `/insights` fails
 * every call; `insightsLagMinutes` and `insightsCallsPerHour` set the lag and the limit.
 */
const HOUR_MS = 3_600_000;

const FEED_METRICS: Record<string, { title: string; description: string }> = {
  reach: { title: 'Accounts reached', description: 'The number of unique accounts that have seen this post at least once.' },
  views: { title: 'Views', description: 'The number of times your post was seen or played.' },
  likes: { title: 'Likes', description: 'The number of likes on your post.' },
  comments: { title: 'Comments', description: 'The number of comments on your post.' },
  saved: { title: 'Saved', description: 'The number of saves of your post.' },
  shares: { title: 'Shares', description: 'The number of shares of your post.' },
  total_interactions: {
    title: 'Interactions',
    description: 'The number of likes, saves, comments and shares on your post, minus the number of unlikes, unsaves and deleted comments.',
  },
  reposts: { title: 'Reposts', description: 'The number of times your post was reposted.' },
  follows: { title: 'Follows', description: 'The number of accounts that started following you from this post.' },
  profile_visits: { title: 'Profile visits', description: 'The number of times your profile was visited from this post.' },
};

export function metaInsights(kit: MetaKit) {
  const { context, store, state, settings, authenticate, granted, noPermission, pageOfAccount } = kit;

  /** The account's usage of its hourly insights calls, as the BUC header's percentages. */
  function usageHeader(igUserId: string, calls: number, regainMinutes: number): string {
    const percent = Math.min(100, Math.round((100 * calls) / Math.max(1, settings().insightsCallsPerHour)));
    return JSON.stringify({
      [igUserId]: [
        {
          type: 'instagram',
          call_count: percent,
          total_cputime: Math.round(percent / 2),
          total_time: Math.round(percent / 2),
          estimated_time_to_regain_access: regainMinutes,
        },
      ],
    });
  }

  function mediaInsights(request: FastifyRequest, reply: FastifyReply, mediaId: string, params: Record<string, string>) {
    const { record } = authenticate(request, params);
    const media = state().media[mediaId];
    const entry = media ? pageOfAccount(media.igUserId) : undefined;
    // Instagram Login's token acts for its own account only, linked to a page or not.
    const own = isInstagramUserToken(record);
    const reachable = own ? media?.igUserId === record.igUserId : entry && (record.kind === 'page' ? record.pageId === entry.id : isShared(record, entry));
    if (!media || !reachable) {
      throw graphError(
        400,
        100,
        `Unsupported get request. Object with ID '${mediaId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        { error_subcode: 33 },
      );
    }
    const permission = own ? 'instagram_business_manage_insights' : 'instagram_manage_insights';
    if (!granted(record, permission)) throw noPermission(permission);

    const now = store.now();
    const account = `insights:${media.igUserId}`;
    const before = context.calls.countSince('meta', account, now - HOUR_MS);
    context.calls.record('meta', account, now);
    if (before >= settings().insightsCallsPerHour) {
      context.calls.refuse({ network: 'meta', account: media.igUserId, limit: 'insightsCallsPerHour' }, now);
      throw graphError(
        400,
        80002,
        '(#80002) There have been too many calls to this Instagram account. Wait a bit and try again.',
        { is_transient: true },
        { 'x-business-use-case-usage': usageHeader(media.igUserId, before + 1, 60) },
      );
    }
    reply.header('x-business-use-case-usage', usageHeader(media.igUserId, before + 1, 0));

    const metrics = (params.metric ?? '')
      .split(',')
      .map((metric) => metric.trim())
      .filter((metric) => metric !== '');
    if (metrics.length === 0) throw graphError(400, 100, '(#100) The parameter metric is required');
    const unsupported = metrics.find((metric) => !(metric in FEED_METRICS) || settings().insightsUnsupported.includes(metric));
    if (unsupported) throw graphError(400, 100, `(#100) The metric ${unsupported} is not supported for this media type`);

    const figures = instagramFigures(mediaId, now - media.timestamp, settings().insightsLagMinutes * 60_000);
    if (!figures) return { data: [] };
    return {
      data: metrics.map((name) => ({
        name,
        period: 'lifetime',
        values: [{ value: figures[name] ?? 0 }],
        title: FEED_METRICS[name]!.title,
        description: FEED_METRICS[name]!.description,
        id: `${mediaId}/insights/${name}/lifetime`,
      })),
    };
  }

  return { mediaInsights };
}
