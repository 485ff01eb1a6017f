import type { FastifyReply, FastifyRequest } from 'fastify';
import { facebookCounts } from './insights-figures.ts';
import { graphError, isShared } from './meta-access.ts';
import { type MetaKit, parseFields } from './meta-kit.ts';

/**
 * A Facebook Page post's counts read from the post itself (docs/decisions/056):
 * `GET /{page-post-id}?fields=reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares`,
 * as Meta's Object Reactions reference shows it (`reactions.summary(total_count)` answers
 * `{reactions: {data: [], summary: {total_count}}}`) and the Page Post reference's `shares` (`{count}`,
 * absent while nobody shared the post: UNCONFIRMED, reported by clients, and what a reader must expect).
 *
 * - the page's token, or a user token that shares the page, with `pages_read_engagement` (code 10 without it);
 *   a token Meta refuses is code 190 (meta-kit.ts's authenticate);
 * - live counts (zero until people react; they grow with the sandbox clock after `insightsLagMinutes`);
 * - Pages calls count against the page's Business Use Case limit, reported in `X-Business-Use-Case-Usage`
 *   with type `pages` and refused past `insightsCallsPerHour` with code 80001 (Graph's rate-limiting page:
 *   the Pages BUC code);
 * - the control: a fault on the post's path fails the call (faults.ts), as for the other networks.
 */
const HOUR_MS = 3_600_000;
export const COUNT_FIELDS = ['reactions', 'comments', 'shares'] as const;

export function metaPageFigures(kit: MetaKit) {
  const { context, store, state, settings, authenticate, granted } = kit;

  /** A GET of a page post asking one of the count fields. */
  const asksCounts = (id: string, params: Record<string, string>) => {
    if (!state().pagePosts[id]) return false;
    const fields = parseFields(params.fields);
    return COUNT_FIELDS.some((name) => fields?.has(name));
  };

  function usageHeader(pageId: string, calls: number, regainMinutes: number): string {
    const percent = Math.min(100, Math.round((100 * calls) / Math.max(1, settings().insightsCallsPerHour)));
    return JSON.stringify({
      [pageId]: [
        {
          type: 'pages',
          call_count: percent,
          total_cputime: Math.round(percent / 2),
          total_time: Math.round(percent / 2),
          estimated_time_to_regain_access: regainMinutes,
        },
      ],
    });
  }

  function postCounts(request: FastifyRequest, reply: FastifyReply, id: string, params: Record<string, string>) {
    const { record } = authenticate(request, params);
    const post = state().pagePosts[id]!;
    const entry = state().pages.find((candidate) => candidate.id === post.pageId);
    const reachable = entry && (record.kind === 'page' ? record.pageId === entry.id : isShared(record, entry));
    if (!reachable) {
      throw graphError(
        400,
        100,
        `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        { error_subcode: 33 },
      );
    }
    if (!granted(record, 'pages_read_engagement')) throw graphError(403, 10, '(#10) This endpoint requires the pages_read_engagement permission');

    const now = store.now();
    const account = `page-figures:${post.pageId}`;
    const before = context.calls.countSince('meta', account, now - HOUR_MS);
    context.calls.record('meta', account, now);
    if (before >= settings().insightsCallsPerHour) {
      context.calls.refuse({ network: 'meta', account: post.pageId, limit: 'insightsCallsPerHour' }, now);
      throw graphError(
        400,
        80001,
        '(#80001) There have been too many calls to this Page account. Wait a bit and try again.',
        { is_transient: true },
        { 'x-business-use-case-usage': usageHeader(post.pageId, before + 1, 60) },
      );
    }
    reply.header('x-business-use-case-usage', usageHeader(post.pageId, before + 1, 0));

    const fields = parseFields(params.fields)!;
    const counts = facebookCounts(id, now - post.createdAt, settings().insightsLagMinutes * 60_000);
    const answer: Record<string, unknown> = {};
    if (fields.has('reactions')) answer.reactions = { data: [], summary: { total_count: counts.reactions, viewer_reaction: 'NONE' } };
    if (fields.has('comments')) answer.comments = { data: [], summary: { order: 'ranked', total_count: counts.comments, can_comment: true } };
    if (fields.has('shares') && counts.shares > 0) answer.shares = { count: counts.shares };
    answer.id = id;
    return answer;
  }

  return { asksCounts, postCounts };
}
