import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowIdParamSchema } from '../../../domain/ids.ts';
import {
  REVIEW_LINK_DAYS,
  createReviewLinkSchema,
  createdReviewLinkSchema,
  reviewApproveSchema,
  reviewLinkListSchema,
  reviewPostSchema,
  reviewRequestChangesSchema,
  reviewSchema,
} from '../../../domain/review-link.ts';
import type { Auth } from '../../auth/create-auth.ts';
import { requireRole } from '../../auth/session.ts';
import { errorResponses } from '../../http/error-responses.ts';
import {
  REVIEW_LINK_MISSES_PER_ADDRESS,
  REVIEW_LINK_WINDOW_SECONDS,
  type ReviewLinksDependencies,
  createReviewLink,
  decideThroughLink,
  listReviewLinks,
  openReview,
  revokeReviewLink,
} from './service.ts';

const projectParams = z.object({ id: rowIdParamSchema });
const linkParams = z.object({ id: rowIdParamSchema, linkId: rowIdParamSchema });
// Any spelling is looked for (and counted when unknown): a malformed address is no link, like a made-up one.
const tokenParams = z.object({ token: z.string().max(200) });
const decisionParams = z.object({ token: z.string().max(200), postId: rowIdParamSchema });

/** A project's review links (decision 043): made, listed and revoked by an administrator or the project's customer. */
export async function reviewLinksRoutes(app: FastifyInstance, deps: ReviewLinksDependencies & { auth: Auth }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireRole(deps.auth, ['admin', 'customer']);
  const tags = ['review links'];

  api.post(
    '/api/projects/:id/review-links',
    {
      onRequest,
      schema: {
        tags,
        summary: `Makes a review link for the project's posts awaiting approval, valid ${REVIEW_LINK_DAYS.default} days unless told (at most ${REVIEW_LINK_DAYS.max}); with \`email\` it is e-mailed in \`language\``,
        description:
          "The answer holds the link's address, the only time it is shown: the server keeps only a hash. `emailed` is false when no e-mail was asked for or the mail server failed (the address is still answered, to be copied).",
        params: projectParams,
        body: createReviewLinkSchema,
        response: { 201: createdReviewLinkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await createReviewLink(deps, request.user!, request.params.id, request.body)),
  );

  api.get(
    '/api/projects/:id/review-links',
    {
      onRequest,
      schema: {
        tags,
        summary: "The project's review links, newest first, each with its status (active, expired, revoked, used); never their addresses",
        params: projectParams,
        response: { 200: reviewLinkListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => listReviewLinks(deps, request.user!, request.params.id),
  );

  api.delete(
    '/api/projects/:id/review-links/:linkId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Revokes a review link: its address shows only that it was revoked. Revoking it again changes nothing',
        params: linkParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeReviewLink(deps, request.user!, request.params.id, request.params.linkId);
      return reply.status(204).send(null);
    },
  );

  // Public: the link is the credential (decision 043). Reading changes nothing but when it was last opened.
  api.get(
    '/api/review/:token',
    {
      schema: {
        tags,
        summary: "What a review link opens: its project's title and posts awaiting approval, in the recipient's language",
        description:
          `No sign-in. 404 REVIEW_LINK_NOT_FOUND for an address that is no link; 410 REVIEW_LINK_EXPIRED, REVIEW_LINK_REVOKED or REVIEW_LINK_USED (nothing left to decide after its decisions). ` +
          `At most ${REVIEW_LINK_MISSES_PER_ADDRESS} unknown addresses per client address every ${REVIEW_LINK_WINDOW_SECONDS / 60} minutes, then 429.`,
        params: tokenParams,
        response: { 200: reviewSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request, reply) => {
      // The answer stands for a customer: never kept by a shared cache.
      void reply.header('cache-control', 'no-store');
      return openReview(deps, request.params.token, request.ip);
    },
  );

  const decisionErrors =
    "404 REVIEW_LINK_NOT_FOUND or NOT_FOUND (no such post in the link's project), 410 for a link that no longer works; as in the app, 409 NOT_AWAITING_APPROVAL, " +
    'POST_CHANGED (with the post as it is now), APPROVAL_TIME_PASSED (give a new day and time) or APPROVAL_ACCOUNT_MISSING.';

  api.post(
    '/api/review/:token/posts/:postId/approve',
    {
      schema: {
        tags,
        summary:
          "Approves, through a review link, one of its project's posts awaiting approval, with the reviewer's name; scheduled at its time or at the new one given",
        description: decisionErrors,
        params: decisionParams,
        body: reviewApproveSchema,
        response: { 200: reviewPostSchema, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request) => decideThroughLink(deps, request.params.token, request.ip, request.params.postId, { approve: request.body }),
  );

  api.post(
    '/api/review/:token/posts/:postId/request-changes',
    {
      schema: {
        tags,
        summary:
          "Asks for changes, through a review link, on one of its project's posts awaiting approval, with a comment and the reviewer's name; the post returns to preview",
        description: decisionErrors,
        params: decisionParams,
        body: reviewRequestChangesSchema,
        response: { 200: reviewPostSchema, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request) => decideThroughLink(deps, request.params.token, request.ip, request.params.postId, { requestChanges: request.body }),
  );
}
