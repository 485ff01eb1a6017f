import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authorizationSchema,
  authorizeQuerySchema,
  networkParamsSchema,
  oauthCallbackSchema,
  publishTargetSchema,
  socialConnectionViewSchema,
} from '../../../domain/social.ts';
import type { Auth } from '../../auth/create-auth.ts';
import { requireSession } from '../../auth/session.ts';
import { errorResponses } from '../../http/error-responses.ts';
import {
  type SocialDependencies,
  choosePublishTarget,
  completeAuthorization,
  disconnect,
  fetchPages,
  getConnectionStatus,
  startAuthorization,
} from './service.ts';

/**
 * /api/social/:network (DESIGN §5). Every answer is the client view of SPEC §3: never a token. The
 * signed-in user acts on their own connections only.
 */
export async function socialRoutes(app: FastifyInstance, deps: SocialDependencies & { auth: Auth }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireSession(deps.auth, 'User not authenticated');
  const tags = ['social'];
  const params = networkParamsSchema;

  api.get(
    '/api/social/:network',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'The connection to LinkedIn or Instagram, checked with the provider (a provider failure keeps it connected, with a warning)',
        params,
        response: { 200: socialConnectionViewSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => getConnectionStatus(deps, { userId: request.user!.id, network: request.params.network }),
  );

  api.post(
    '/api/social/:network/authorize',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          "The provider's consent page, with a state bound to this session; the browser goes there. Instagram: login=instagram for Instagram Login, Facebook Login otherwise",
        params,
        querystring: authorizeQuerySchema,
        response: { 200: authorizationSchema, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => startAuthorization(deps, { user: request.user!, network: request.params.network, login: request.query.login }),
  );

  api.post(
    '/api/social/:network/callback',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Completes the connection with the code and state the provider returned to the callback page',
        params,
        body: oauthCallbackSchema,
        response: { 200: socialConnectionViewSchema, ...errorResponses(400, 401, 502, 503) },
      },
    },
    async (request) => completeAuthorization(deps, { user: request.user!, network: request.params.network, ...request.body }),
  );

  api.get(
    '/api/social/:network/pages',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Fetches the pages to publish to (LinkedIn: the member and the organizations they administer; Instagram: the business accounts)',
        params,
        response: { 200: socialConnectionViewSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503) },
      },
    },
    async (request) => fetchPages(deps, { userId: request.user!.id, network: request.params.network }),
  );

  api.put(
    '/api/social/:network/target',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "Chooses the page or account the network's posts are published to",
        params,
        body: publishTargetSchema,
        response: { 200: socialConnectionViewSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => choosePublishTarget(deps, { userId: request.user!.id, network: request.params.network, targetId: request.body.targetId }),
  );

  api.delete(
    '/api/social/:network',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Disconnects the network: not connected any more, its data kept',
        params,
        response: { 200: socialConnectionViewSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => disconnect(deps, { userId: request.user!.id, network: request.params.network }),
  );
}
