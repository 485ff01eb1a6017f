import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarQuerySchema, calendarSchema } from '../../../domain/calendar.ts';
import { rowIdParamSchema } from '../../../domain/ids.ts';
import {
  POST_NETWORKS,
  approvePostSchema,
  approveProjectSchema,
  decidedPostsAnswerSchema,
  listPostsQuerySchema,
  postAccountsSchema,
  postPageSchema,
  postSchema,
  postTextVersionSchema,
  postUpdateSchema,
  queuePostSchema,
  requestChangesSchema,
  requestProjectChangesSchema,
  restoreVersionSchema,
  reviewResultSchema,
  rewritePostSchema,
  scheduleSchema,
} from '../../../domain/post.ts';
import type { Auth } from '../../auth/create-auth.ts';
import { requireRole } from '../../auth/session.ts';
import { errorBodySchema, errorResponses } from '../../http/error-responses.ts';
import { approvePost, approveProjectPosts, requestPostChanges, requestProjectChanges } from './approval.ts';
import { getCalendar } from './calendar.ts';
import {
  type PostsDependencies,
  deletePost,
  getPost,
  getPostAccounts,
  listPosts,
  queuePost,
  resetPost,
  listPostVersions,
  restorePostVersion,
  retryPost,
  reviewPostResult,
  rewritePost,
  schedulePost,
  updatePost,
} from './service.ts';

// Ids are PostgreSQL integers: a larger number would make the query fail instead of finding nothing.
const postParams = z.object({ id: rowIdParamSchema });
const resultParams = z.object({ id: rowIdParamSchema, network: z.enum(POST_NETWORKS) });
const versionParams = z.object({ id: rowIdParamSchema, versionId: rowIdParamSchema });
const projectParams = z.object({ id: rowIdParamSchema });

/** A decision's refusal (decision 040): POST_CHANGED and NOT_AWAITING_APPROVAL carry the post as it is now. */
const decisionConflictSchema = z.object({ error: errorBodySchema.shape.error.extend({ post: postSchema.optional() }) });
const decisionErrors = { ...errorResponses(400, 401, 403, 404), 409: decisionConflictSchema };

/** Posts (SPEC §2 "Preview projects", §4, §5, §6): administrators see all, customers their own. */
export async function postsRoutes(app: FastifyInstance, deps: PostsDependencies & { auth: Auth }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Refused before the body is read: publishers and basic users have no posts (SPEC §6).
  const onRequest = requireRole(deps.auth, ['admin', 'customer']);
  const tags = ['posts'];

  api.get(
    '/api/posts',
    {
      onRequest,
      schema: {
        tags,
        summary: "Posts the user sees, previews first then newest, paged and filtered by state, with the count of each state and the studio's today",
        querystring: listPostsQuerySchema,
        response: { 200: postPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listPosts(deps, request.user!, request.query),
  );

  api.get(
    '/api/calendar',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "The posts the user sees whose day is from `from` to `to` (at most 42 days; `owner` filters, administrators only), in time order, and the weekly queue's free slots of those days",
        querystring: calendarQuerySchema,
        response: { 200: calendarSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => getCalendar(deps, request.user!, request.query),
  );

  api.get(
    '/api/posts/:id',
    {
      onRequest,
      schema: { tags, summary: 'One post with its images and results', params: postParams, response: { 200: postSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request) => getPost(deps, request.user!, request.params.id),
  );

  api.patch(
    '/api/posts/:id',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Changes the text and the images (the post's whole list, in order, each selected or not); until 15 minutes (the lock margin) before its time, 409 POST_LOCKED after",
        params: postParams,
        body: postUpdateSchema,
        response: { 200: postSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updatePost(deps, request.user!, request.params.id, request.body),
  );

  api.delete(
    '/api/posts/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Deletes a post and the image files only it used',
        params: postParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deletePost(deps, request.user!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/api/posts/:id/schedule',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Sets the publish day, time (the studio's HH:MM; PUBLISH_HOUR:00 by default) and networks (the owner's connected accounts); no day leaves it in preview; a time that has come publishes at once",
        params: postParams,
        body: scheduleSchema,
        response: { 200: postSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => schedulePost(deps, request.user!, request.params.id, request.body),
  );

  api.post(
    '/api/posts/:id/queue',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Add to queue: schedules the post for these networks at its owner's next free weekly slot after now plus the lock margin; 409 QUEUE_HAS_NO_SLOTS when there is none",
        params: postParams,
        body: queuePostSchema,
        response: { 200: postSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => queuePost(deps, request.user!, request.params.id, request.body),
  );

  api.post(
    '/api/posts/:id/reset',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Publish again: a published post back to preview, without day, networks or results; where it was published is kept (published_before), and a network that has it is chosen again only with republish (decision 028)',
        params: postParams,
        response: { 200: postSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => resetPost(deps, request.user!, request.params.id),
  );

  api.post(
    '/api/posts/:id/retry',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Retry: a published post tries again the networks that failed, and only those (the ones that published it are not called); 409 NOTHING_TO_RETRY without a failed network, SOCIAL_NOT_CONNECTED when one of them is not connected',
        params: postParams,
        response: { 200: postSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => retryPost(deps, request.user!, request.params.id),
  );

  api.post(
    '/api/posts/:id/rewrite',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Writes a post in preview again with the configured writer, alone, with an optional note ("shorter"); its texts before are kept as a version; 409 for a post not in preview, 502 when the writer fails',
        params: postParams,
        body: rewritePostSchema,
        response: { 200: postSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503) },
      },
    },
    async (request) => rewritePost(deps, request.user!, request.params.id, request.body),
  );

  api.get(
    '/api/posts/:id/versions',
    {
      onRequest,
      schema: {
        tags,
        summary: "A post's earlier texts, newest first: what each edit, rewrite or restore replaced",
        params: postParams,
        response: { 200: z.object({ items: z.array(postTextVersionSchema) }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ items: await listPostVersions(deps, request.user!, request.params.id) }),
  );

  api.post(
    '/api/posts/:id/versions/:versionId/restore',
    {
      onRequest,
      schema: {
        tags,
        summary: "Brings an earlier text back, as an edit of the texts (the post's rules, lock and facts); the texts it replaces are kept",
        params: versionParams,
        body: restoreVersionSchema,
        response: { 200: postSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => restorePostVersion(deps, request.user!, request.params.id, request.params.versionId, request.body.confirm_facts),
  );

  api.post(
    '/api/posts/:id/results/:network/review',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Marks a "needs review" result published or not published, as checked on the network, with who and when (decision 025); any other result is 409',
        params: resultParams,
        body: reviewResultSchema,
        response: { 200: postSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => reviewPostResult(deps, request.user!, request.params.id, request.params.network, request.body),
  );

  api.post(
    '/api/posts/:id/approve',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'The owning customer approves a post awaiting approval: scheduled at its time, or at the new day and time given (needed when its own has passed or is inside the lock margin: 409 APPROVAL_TIME_PASSED); 403 for anyone else, administrators included; 409 NOT_AWAITING_APPROVAL, POST_CHANGED (with the post as it is now, when `updated_at` is not its own), APPROVAL_ACCOUNT_MISSING (details.network)',
        params: postParams,
        body: approvePostSchema,
        response: { 200: postSchema, ...decisionErrors },
      },
    },
    async (request) => approvePost(deps, request.user!, request.params.id, request.body),
  );

  api.post(
    '/api/posts/:id/request-changes',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'The owning customer asks for changes on a post awaiting approval, with a comment: back to preview without day or networks, the comment shown with it; 403 for anyone else, administrators included; 409 NOT_AWAITING_APPROVAL, POST_CHANGED',
        params: postParams,
        body: requestChangesSchema,
        response: { 200: postSchema, ...decisionErrors },
      },
    },
    async (request) => requestPostChanges(deps, request.user!, request.params.id, request.body),
  );

  api.post(
    '/api/projects/:id/approve',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "The owning customer approves the project's posts named (each with the `updated_at` read), all in one transaction or none: each at its own time; the errors of a post's approval, with details.post_id",
        params: projectParams,
        body: approveProjectSchema,
        response: { 200: decidedPostsAnswerSchema, ...decisionErrors },
      },
    },
    async (request) => approveProjectPosts(deps, request.user!, request.params.id, request.body),
  );

  api.post(
    '/api/projects/:id/request-changes',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "The owning customer asks for changes on the project's posts named, with one comment, all in one transaction or none; the errors of a post's request, with details.post_id",
        params: projectParams,
        body: requestProjectChangesSchema,
        response: { 200: decidedPostsAnswerSchema, ...decisionErrors },
      },
    },
    async (request) => requestProjectChanges(deps, request.user!, request.params.id, request.body),
  );

  api.get(
    '/api/posts/:id/accounts',
    {
      onRequest,
      schema: {
        tags,
        summary: "The owner's accounts the post goes to: per network, connected, and the name and picture of the target chosen in Settings",
        params: postParams,
        response: { 200: postAccountsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getPostAccounts(deps, request.user!, request.params.id),
  );
}
