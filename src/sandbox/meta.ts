import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type SandboxContext, paramsOf } from './context.ts';
import { faultHook } from './fault-hook.ts';
import { businessesOf, graphError, graphVersionRefusal, isShared, userOf } from './meta-access.ts';
import { metaAccounts } from './meta-accounts.ts';
import { metaInsights } from './meta-insights.ts';
import { metaPageFigures } from './meta-page-figures.ts';
import { createMetaKit, parseFields } from './meta-kit.ts';
import { instagramLoginRoutes } from './instagram-login.ts';
import { metaLoginRoutes } from './meta-login.ts';
import { metaPages } from './meta-pages.ts';
import { metaPublishing } from './meta-publishing.ts';
import { metaTokenEndpoints } from './meta-tokens.ts';
import { initialsSvg } from './personas.ts';
import { metaPerson } from './studios.ts';
import { sendStoredFile, sendSvg } from './media.ts';

/**
 * Meta as Alzado uses it for Instagram and Facebook Pages (meta-pages.ts: page photos and posts) (../shared/reference/social-apis.md Part B): the Facebook Login
 * dialog (permissions and pages to share), the code and long-lived token exchanges, debug_token, /me,
 * the shared pages with their Instagram business accounts (the user's own and those of her Business
 * Manager businesses), and content publishing: containers (whose image_url the sandbox really fetches and
 * checks), carousels, container status, media_publish with its daily quota, and media insights (meta-insights.ts); and
 * Instagram Login on www.instagram.com, api.instagram.com and graph.instagram.com (instagram-login.ts). A live /vNN.N/ prefix or none
 * (meta-access.ts refuses unknown and ended versions).
 */
export function metaRoutes(context: SandboxContext) {
  const kit = createMetaKit(context);
  const { store, state, pageOfAccount, pagesOf, authenticate, granted, noPermission } = kit;
  const { exchange, debugToken, permissions } = metaTokenEndpoints(kit);
  const { me, accounts, businesses, businessPages, pageNode, instagramNode } = metaAccounts(kit);
  const publishing = metaPublishing(kit);
  const { containerStatus, createContainer, publish, publishingLimit } = publishing;
  const insights = metaInsights(kit);
  const { mediaInsights } = insights;
  const pages = metaPages(kit);
  const pageFigures = metaPageFigures(kit);

  return async function routes(app: FastifyInstance): Promise<void> {
    app.addHook(
      'onRequest',
      faultHook(context, 'meta', (path) => path.startsWith('/graph') || path.startsWith('/instagram/graph') || path.startsWith('/instagram/api'), {
        rateLimit: {
          status: 400,
          body: {
            error: { message: '(#4) Application request limit reached', type: 'OAuthException', is_transient: true, code: 4, fbtrace_id: 'AsandboxRate' },
          },
        },
        serverError: {
          status: 500,
          body: {
            error: {
              message: 'An unexpected error has occurred. Please retry your request later.',
              type: 'OAuthException',
              is_transient: true,
              code: 2,
              fbtrace_id: 'AsandboxErr',
            },
          },
        },
      }),
    );

    metaLoginRoutes(kit, app);
    instagramLoginRoutes(kit, publishing, app, insights);
    pages.routes(app);

    // The Graph API: every method and path, routed here by its segments.
    app.all('/graph/*', async (request, reply) => {
      const segments = ((request.params as { '*': string })['*'] ?? '').split('/').filter((segment) => segment !== '');
      if (segments[0] && /^v\d+(\.\d+)?$/.test(segments[0])) {
        const version = segments.shift()!;
        const refusal = graphVersionRefusal(version, segments, new Date(store.now()));
        if (refusal) throw refusal;
      }
      const params = paramsOf(request);
      const method = request.method === 'POST' && params.method ? params.method.toUpperCase() : request.method;
      const answer = await graph(request, reply, method, segments.map(decodeURIComponent), params);
      return reply.send(answer);
    });

    async function graph(request: FastifyRequest, reply: FastifyReply, method: string, segments: string[], params: Record<string, string>): Promise<unknown> {
      const [first, second] = segments;
      if (first === 'oauth' && second === 'access_token' && segments.length === 2) return exchange(params);
      if (first === 'debug_token' && segments.length === 1) return debugToken(request, params);
      if (first === 'me' && segments.length === 1 && method === 'GET') return me(request, params);
      if (first === 'me' && second === 'permissions' && segments.length === 2) return permissions(request, method, params);
      if (first === 'me' && second === 'accounts' && segments.length === 2 && method === 'GET') return accounts(request, params);
      if (first === 'me' && second === 'businesses' && segments.length === 2 && method === 'GET') return businesses(request, params);
      if (first && (second === 'owned_pages' || second === 'client_pages') && segments.length === 2 && method === 'GET')
        return businessPages(request, first, second, params);
      if (first && second === 'media' && segments.length === 2 && method === 'POST') return createContainer(request, first, params);
      if (first && second === 'media_publish' && segments.length === 2 && method === 'POST') return publish(request, first, params);
      if (first && second === 'content_publishing_limit' && segments.length === 2 && method === 'GET') return publishingLimit(request, first, params);
      if (first && second === 'insights' && segments.length === 2 && method === 'GET') return mediaInsights(request, reply, first, params);
      if (first && second === 'photos' && segments.length === 2 && method === 'POST') return pages.createPhoto(request, first, params);
      if (first && second === 'feed' && segments.length === 2 && method === 'POST') return pages.createFeedPost(request, first, params);
      if (first && (second === 'feed' || second === 'published_posts') && segments.length === 2 && method === 'GET')
        return pages.listPosts(request, first, params);
      if (first && segments.length === 1 && method === 'GET' && pageFigures.asksCounts(first, params))
        return pageFigures.postCounts(request, reply, first, params);
      if (first && segments.length === 1 && method === 'GET') return node(request, first, params);
      const deleted = first && segments.length === 1 && method === 'DELETE' ? pages.deletePhoto(request, first, params) : undefined;
      if (deleted) return deleted;
      if (first && segments.length === 1)
        throw graphError(
          400,
          100,
          `Unsupported ${method.toLowerCase()} request. Object with ID '${first}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          { error_subcode: 33 },
        );
      throw graphError(400, 2500, 'Unknown path components: /' + segments.join('/'));
    }

    // GET /{id}: a page, an Instagram account, a container, a published media, or the user.
    function node(request: FastifyRequest, id: string, params: Record<string, string>) {
      const { record } = authenticate(request, params);
      const fields = parseFields(params.fields);
      // A page (or its Instagram account) the user did not share with the app is out of its reach.
      const entry = state().pages.find((candidate) => candidate.id === id && isShared(record, candidate));
      if (entry) return pageNode(entry, fields, record, false);
      const accountPage = pageOfAccount(id);
      if (accountPage && isShared(record, accountPage)) {
        if (!granted(record, 'instagram_basic')) throw noPermission('instagram_basic');
        return instagramNode(accountPage, fields ?? new Map([['id', true]]));
      }
      const container = state().containers[id];
      if (container) {
        const { statusCode, status } = containerStatus(container);
        return { ...(fields?.has('status_code') || !fields ? { status_code: statusCode } : {}), ...(fields?.has('status') ? { status } : {}), id };
      }
      const media = state().media[id];
      if (media) {
        return {
          permalink: `${context.publicBase}/meta/p/${media.shortcode}/`,
          shortcode: media.shortcode,
          media_type: media.mediaType,
          media_product_type: 'FEED',
          timestamp: new Date(media.timestamp).toISOString().replace(/\.\d{3}Z$/, '+0000'),
          caption: media.caption,
          id,
        };
      }
      const pagePostOrPhoto = pages.node(record, id, params);
      if (pagePostOrPhoto) return pagePostOrPhoto;
      const user = metaPerson(store, record.userId);
      if (id === user.id) return { id, name: user.name };
      const business = businessesOf(pagesOf(userOf(record))).find((candidate) => candidate.id === id);
      if (business && granted(record, 'business_management')) return business;
      throw graphError(
        400,
        100,
        `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        { error_subcode: 33 },
      );
    }

    // What Meta's CDN would serve.
    app.get('/media/user.svg', async (_request, reply) => sendSvg(reply, initialsSvg('MS', '#1877f2')));
    app.get('/media/profile/:file', async (request, reply) => {
      const id = (request.params as { file: string }).file.replace(/\.svg$/, '');
      // A page's linked account, or one with no page (Instagram Login only).
      const account = pageOfAccount(id)?.instagram ?? state().instagramAccounts.find((candidate) => candidate.id === id);
      if (!account) return reply.status(404).send();
      return sendSvg(
        reply,
        initialsSvg(
          account.name
            .split(' ')
            .map((word) => word[0])
            .join('')
            .slice(0, 2)
            .toUpperCase(),
          account.color,
        ),
      );
    });
    app.get('/media/images/:id', async (request, reply) => sendStoredFile(reply, store.getFile(`ig-${(request.params as { id: string }).id}`)));
  };
}
