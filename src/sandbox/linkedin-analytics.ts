import type { FastifyInstance } from 'fastify';
import { linkedinFigures } from './insights-figures.ts';
import { type LinkedInKit, apiError, memberOf, urnOf } from './linkedin-kit.ts';
import type { LinkedInPost } from './store.ts';

/**
 * LinkedIn's post statistics, as ../shared/reference/next-features-facts.md §1b documents them:
 * - company pages: `GET /rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity={org urn}
 *   &shares=List({share urn},…)&ugcPosts=List({ugcPost urn},…)`, answering
 *   `elements[].totalShareStatistics{impressionCount, uniqueImpressionsCount, clickCount, likeCount, commentCount,
 *   shareCount, engagement}`, for an ADMINISTRATOR of the page with the organization admin scope (the facts say
 *   rw_organization_admin; LinkedIn's permission list gives r_organization_admin "reporting data" too, which is
 *   what Alzado asks for: both are taken). A post with no activity yet is left out of `elements`.
 * - member posts: `GET /rest/memberCreatorPostAnalytics?q=entity&entity=(share:{urn})&queryType=IMPRESSION
 *   &aggregation=TOTAL`, one metric per call, with `r_member_postAnalytics`, answering
 *   `elements[{count, metricType, targetEntity}]` (empty while the figures lag). DAILY is refused for
 *   MEMBERS_REACHED; the sandbox answers TOTAL only.
 * Controls: `settings.linkedin.analyticsLagMinutes`, `refusedAnalyticsMetrics` (those queryTypes answer 400),
 * `memberAnalyticsProduct`, and a fault on either path.
 */
const MEMBER_METRICS = ['IMPRESSION', 'MEMBERS_REACHED', 'RESHARE', 'REACTION', 'COMMENT'] as const;
const ADMIN_SCOPES = ['rw_organization_admin', 'r_organization_admin'];

/** Rest.li 2.0's `List(a,b)` (the query parser has already decoded each item's %-escapes). */
function parseList(value: unknown): string[] {
  if (typeof value !== 'string' || value === '') return [];
  const match = /^List\((.*)\)$/.exec(value);
  if (!match) throw apiError(400, 'ILLEGAL_ARGUMENT', `Invalid Rest.li list: ${value.slice(0, 100)}`);
  return match[1]!.split(',').filter((item) => item !== '');
}

export function linkedinAnalyticsRoutes(kit: LinkedInKit, app: FastifyInstance): void {
  const { store, state, settings, authenticate, hasScope, holdsRole, denied, checkRestHeaders } = kit;
  const lagMs = () => settings().analyticsLagMinutes * 60_000;
  const livePost = (urn: string): LinkedInPost | undefined => state().posts.find((post) => post.id === urn && !post.deleted);

  app.get('/rest/organizationalEntityShareStatistics', async (request) => {
    const version = checkRestHeaders(request, true);
    const token = authenticate(request);
    const query = request.query as Record<string, unknown>;
    if (query.q !== 'organizationalEntity') throw apiError(400, 'ILLEGAL_ARGUMENT', 'The finder q=organizationalEntity is required');
    const organization = typeof query.organizationalEntity === 'string' ? query.organizationalEntity : '';
    const id = /^urn:li:organization:(\d+)$/.exec(organization)?.[1];
    if (!id) throw apiError(400, 'ILLEGAL_ARGUMENT', 'organizationalEntity must be an organization URN');
    if (!hasScope(token, ...ADMIN_SCOPES) || !holdsRole(memberOf(token), Number(id), ['ADMINISTRATOR']))
      throw denied('organizationalEntityShareStatistics.FINDER-organizationalEntity', version);
    const urns = [...parseList(query.shares), ...parseList(query.ugcPosts)];
    const now = store.now();
    const elements = urns.flatMap((urn) => {
      const post = livePost(urn);
      if (!post || post.author !== organization) return [];
      const figures = linkedinFigures(urn, now - post.createdAt, lagMs());
      if (!figures) return [];
      const key = urn.startsWith('urn:li:ugcPost:') ? 'ugcPost' : 'share';
      return [{ organizationalEntity: organization, [key]: urn, totalShareStatistics: figures }];
    });
    return { paging: { count: 10, start: 0, links: [] }, elements };
  });

  app.get('/rest/memberCreatorPostAnalytics', async (request) => {
    const version = checkRestHeaders(request, true);
    const token = authenticate(request);
    const query = request.query as Record<string, unknown>;
    if (!hasScope(token, 'r_member_postAnalytics')) throw denied('memberCreatorPostAnalytics.FINDER-entity', version);
    if (query.q !== 'entity') throw apiError(400, 'ILLEGAL_ARGUMENT', 'The sandbox answers the q=entity finder only');
    const entity = /^\((share|ugc):(urn:li:(?:share|ugcPost):\d+)\)$/.exec(typeof query.entity === 'string' ? query.entity : '');
    if (!entity) throw apiError(400, 'ILLEGAL_ARGUMENT', 'entity must be (share:{share urn}) or (ugc:{ugcPost urn})');
    const metric = String(query.queryType ?? '');
    if (!(MEMBER_METRICS as readonly string[]).includes(metric)) throw apiError(400, 'ILLEGAL_ARGUMENT', `Invalid queryType: ${metric.slice(0, 50)}`);
    if (query.aggregation !== undefined && query.aggregation !== 'TOTAL')
      throw apiError(400, 'ILLEGAL_ARGUMENT', `Aggregation ${String(query.aggregation).slice(0, 20)} is not supported for ${metric}`);
    if (settings().refusedAnalyticsMetrics.includes(metric)) throw apiError(400, 'ILLEGAL_ARGUMENT', `queryType ${metric} is not supported`);
    const urn = entity[2]!;
    const post = livePost(urn);
    if (!post) throw apiError(404, 'NOT_FOUND', 'Post not found');
    if (post.author !== urnOf(memberOf(token))) throw denied('memberCreatorPostAnalytics.FINDER-entity', version);
    const figures = linkedinFigures(urn, store.now() - post.createdAt, lagMs());
    if (!figures) return { paging: { count: 10, start: 0, links: [] }, elements: [] };
    const counts: Record<(typeof MEMBER_METRICS)[number], number> = {
      IMPRESSION: figures.impressionCount,
      MEMBERS_REACHED: figures.uniqueImpressionsCount,
      RESHARE: figures.shareCount,
      REACTION: figures.likeCount,
      COMMENT: figures.commentCount,
    };
    const target = entity[1] === 'ugc' ? { ugc: urn } : { share: urn };
    return {
      paging: { count: 10, start: 0, links: [] },
      elements: [{ count: counts[metric as keyof typeof counts], metricType: metric, targetEntity: target }],
    };
  });
}
