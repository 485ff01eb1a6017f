import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from './context.ts';
import { faultHook } from './fault-hook.ts';
import { linkedinAnalyticsRoutes } from './linkedin-analytics.ts';
import { linkedinImageRoutes } from './linkedin-images.ts';
import { apiError, createLinkedInKit } from './linkedin-kit.ts';
import { linkedinConsentRoutes } from './linkedin-consent.ts';
import { linkedinMemberRoutes } from './linkedin-members.ts';
import { linkedinPostRoutes } from './linkedin-posts.ts';
import { linkedinTokenRoutes } from './linkedin-tokens.ts';
import { initialsSvg } from './personas.ts';
import { sendStoredFile, sendSvg } from './media.ts';

/**
 * LinkedIn as Alzado uses it (../shared/reference/social-apis.md Part A): the consent page, the token
 * endpoints, OpenID userinfo, organization ACLs and lookup, the Images API with its upload URL, and the
 * Posts API, the posts' statistics (linkedin-analytics.ts), with LinkedIn's error bodies, version header rules, lifetimes and limits.
 */
export function linkedinRoutes(context: SandboxContext) {
  const kit = createLinkedInKit(context);
  const { store, organization } = kit;

  return async function routes(app: FastifyInstance): Promise<void> {
    // LinkedIn's own client sends Content-Type: application/json on every call, a bodiless DELETE included.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      if (body === '') return done(null, undefined);
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(apiError(400, 'ILLEGAL_ARGUMENT', 'The request body is not valid JSON'), undefined);
      }
    });
    const isApi = (path: string) =>
      !path.startsWith('/oauth/v2/authorization') && !path.startsWith('/media/') && !path.startsWith('/oauth/openid') && !path.startsWith('/oauth/.well-known');
    app.addHook(
      'onRequest',
      faultHook(context, 'linkedin', isApi, {
        rateLimit: {
          status: 429,
          body: { serviceErrorCode: 101, message: 'Resource level throttle limit for calls to this resource is reached.', status: 429 },
        },
        serverError: { status: 500, body: { message: 'Internal Server Error', status: 500 } },
      }),
    );

    linkedinConsentRoutes(kit, app);
    linkedinTokenRoutes(kit, app);
    linkedinMemberRoutes(kit, app);
    linkedinImageRoutes(kit, app);
    linkedinPostRoutes(kit, app);
    linkedinAnalyticsRoutes(kit, app);

    // What LinkedIn's CDN would serve: the member's picture, the pages' logos, uploaded images.
    app.get('/media/member.svg', async (_request, reply) => sendSvg(reply, initialsSvg('MS', '#0a66c2')));
    app.get('/media/logos/:file', async (request, reply) => {
      const entry = organization(Number((request.params as { file: string }).file.replace(/\.svg$/, '')));
      if (!entry?.logo) return reply.status(404).send();
      return sendSvg(reply, initialsSvg(entry.logo.initials, entry.logo.color));
    });
    app.get('/media/images/:id', async (request, reply) => sendStoredFile(reply, store.getFile(`li-${(request.params as { id: string }).id}`)));
  };
}
