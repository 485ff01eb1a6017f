import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMENT_LIMIT, createCommentSchema, postCommentSchema, postHistorySchema } from '../../../domain/history.ts';
import { rowIdParamSchema } from '../../../domain/ids.ts';
import type { Auth } from '../../auth/create-auth.ts';
import { requireRole } from '../../auth/session.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { type HistoryDependencies, addPostComment, getPostHistory } from './service.ts';

const postParams = z.object({ id: rowIdParamSchema });

/** A post's history and comments (decision 041): administrators every post's, customers their own posts'. */
export async function historyRoutes(app: FastifyInstance, deps: HistoryDependencies & { auth: Auth }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireRole(deps.auth, ['admin', 'customer']);
  const tags = ['posts'];

  api.get(
    '/api/posts/:id/history',
    {
      onRequest,
      schema: {
        tags,
        summary: "A post's history (what happened, who, when, via the app, a review link or the app itself) and its comments, oldest first",
        description:
          "A customer reads every event of their own posts and their shared comments; an administrator also the team's notes. An edit carries a word-level difference against the texts the approver last saw.",
        params: postParams,
        response: { 200: postHistorySchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getPostHistory(deps, request.user!, request.params.id),
  );

  api.post(
    '/api/posts/:id/comments',
    {
      onRequest,
      schema: {
        tags,
        summary: `Adds a comment to a post (1 to ${COMMENT_LIMIT} characters): \`team\`, the administrators' notes, or \`shared\` with the approving customer`,
        description: 'A customer writes shared comments on their own posts only (a team note: 403). Comments are never edited or deleted.',
        params: postParams,
        body: createCommentSchema,
        response: { 201: postCommentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await addPostComment(deps, request.user!, request.params.id, request.body)),
  );
}
