import { z } from 'zod';
import { graphVersionStatus } from '../../domain/api-versions.ts';
import { bodyOf } from './recording-proxy.ts';
import { type DocumentedCall, type DocumentedRefusal, type NamedRule, nonEmpty, urlString } from './contract.ts';

/**
 * Meta's documented requests and answers for every call Alzado's Graph client makes
 * (src/server/adapters/instagram/graph-client.ts), from ../shared/reference/social-apis.md Part B
 * (section named in each `source`) and the pages it was read from:
 *
 *   login     https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow
 *   long      https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived
 *   debug     https://developers.facebook.com/docs/graph-api/reference/debug_token
 *   pages     https://developers.facebook.com/docs/instagram-platform/instagram-api-with-facebook-login/get-started
 *   business  https://developers.facebook.com/docs/graph-api/reference/business/owned_pages/ and .../client_pages
 *   publish   https://developers.facebook.com/docs/instagram-platform/content-publishing
 *   media     https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media
 *   container https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-container
 *   limit     https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/content_publishing_limit
 *   errors    https://developers.facebook.com/docs/instagram-platform/instagram-api/reference/error-codes ;
 *             https://developers.facebook.com/docs/graph-api/guides/error-handling
 *   versions  https://developers.facebook.com/docs/graph-api/changelog/versions
 *
 * and for Facebook Pages (issue 27, next-features-facts.md §3, docs/decisions/050):
 *
 *   fbstart   https://developers.facebook.com/docs/pages-api/getting-started (/me/accounts with tasks)
 *   fbposts   https://developers.facebook.com/docs/pages-api/posts (POST /{page-id}/feed, published_posts)
 *   fbphotos  https://developers.facebook.com/docs/graph-api/photo-uploads ; .../reference/page/photos
 *   fbfeed    https://developers.facebook.com/docs/graph-api/reference/page/feed (tasks; attached_media)
 *   fbcounts  https://developers.facebook.com/docs/graph-api/reference/v2.7/object/reactions (reactions.summary(total_count));
 *             https://developers.facebook.com/docs/graph-api/reference/pagepost (comments, shares) (docs/decisions/056)
 *   limits    https://developers.facebook.com/docs/graph-api/overview/rate-limiting/ (Business Use Case: Pages, code 80001)
 */
const id = z.string().regex(/^\d+$/);
const version = String.raw`\/v\d+\.\d+`;
const path = (rest: string) => new RegExp(`^${version}${rest}$`);

/** Graph answers collections as { data, paging } (B.0). */
const collection = (entry: z.ZodType) => z.looseObject({ data: z.array(entry), paging: z.looseObject({}).optional() });

/** B.0 and Corrections: a call names a live Graph version (an ended one is silently served by another). */
const liveVersion: NamedRule = {
  rule: 'the Graph version in the path is live (api-versions.ts; v19.0 ended on 2026-05-21)',
  holds: (request) => {
    const named = /^\/(v\d+\.\d+)\//.exec(request.path)?.[1];
    return Boolean(named && ['live', 'ending'].includes(graphVersionStatus(named, new Date()).state));
  },
};

/** The token of a call, as the access_token parameter or an Authorization: Bearer header (B.0). */
function tokenOf(request: Parameters<NamedRule['holds']>[0]): string | undefined {
  const body = bodyOf(request);
  const fromBody = typeof body === 'object' && body !== null && !Buffer.isBuffer(body) ? (body as Record<string, unknown>).access_token : undefined;
  const bearer = /^(?:Bearer|OAuth) (\S+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
  return request.query.get('access_token') ?? (typeof fromBody === 'string' ? fromBody : undefined) ?? bearer;
}
const withToken: NamedRule = { rule: 'an access token, as access_token or Authorization: Bearer', holds: (request) => Boolean(tokenOf(request)) };
/** B.4: debug_token is asked with the app's token ({app-id}|{app-secret}) or a developer's. */
const withAppToken: NamedRule = {
  rule: 'the app token {app-id}|{app-secret} as access_token or Bearer',
  holds: (request) => /^\d+\|\S+$/.test(tokenOf(request) ?? ''),
};

/** Params may come in the query or a form body (B.0); the token is allowed beside the documented ones. */
const params = <Shape extends z.ZodRawShape>(shape: Shape) => z.strictObject({ ...shape, access_token: nonEmpty.optional() });
const fields = (...required: string[]) =>
  z.string().refine(
    (value) =>
      required.every((field) =>
        value
          .split(/[,{}]/)
          .map((part) => part.trim())
          .includes(field),
      ),
    `fields naming ${required.join(', ')}`,
  );

const token = z.looseObject({ access_token: nonEmpty, token_type: z.string().optional(), expires_in: z.number().int().positive().optional() });
/** What a user may do on a page (fbstart). */
const PAGE_TASKS = z.array(z.enum(['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE']));
const instagramAccount = z.looseObject({ id, username: z.string().optional() });
const pageEntry = z.looseObject({
  id,
  name: z.string().optional(),
  access_token: nonEmpty.optional(),
  instagram_business_account: instagramAccount.optional(),
  tasks: PAGE_TASKS.optional(),
});
const created = z.looseObject({ id });
/** An edge asked with `.summary(total_count).limit(0)` (fbcounts): no entries, the count in its summary. */
const summaryEdge = z.looseObject({ data: z.array(z.unknown()), summary: z.looseObject({ total_count: z.number().int().nonnegative() }) });

/** A page post's id: `{page-id}_{post-id}` (fbposts). */
const postId = z.string().regex(/^\d+_\d+$/);
/** Facebook's limit on a post's text (the Posts guide names none; 63,206 characters is the composer's). */
const postText = z.string().max(63_206);

/** `attached_media[i]={"media_fbid":"…"}` (fbfeed): the keys numbered from 0 without gaps, at most ten (docs/decisions/050). */
const attachedMediaKeys: NamedRule = {
  rule: 'attached_media[0..n-1] each {"media_fbid":"<id>"}, numbered from 0, at most 10',
  holds: (request) => {
    const sent = { ...Object.fromEntries(request.query), ...(bodyOf(request) as Record<string, unknown> | undefined) };
    const keys = Object.keys(sent).filter((key) => key.startsWith('attached_media'));
    if (keys.length > 10) return false;
    return keys.every((key, index) => key === `attached_media[${index}]` && /^\{"media_fbid":"\d+"\}$/.test(String(sent[key])));
  },
};

export const graphCalls = {
  loginDialog: {
    source: 'B.1 (login)',
    request: {
      method: 'GET',
      path: path('/dialog/oauth'),
      query: z.strictObject({
        client_id: id,
        redirect_uri: urlString,
        state: nonEmpty,
        response_type: z.literal('code').optional(),
        // Comma- (or space-) separated permissions.
        scope: z.string().regex(/^[a-z_]+([, ][a-z_]+)*$/),
        auth_type: z.literal('rerequest').optional(),
      }),
      rules: [liveVersion],
    },
    answer: { status: 200, body: 'html' },
  },
  exchangeCode: {
    source: 'B.2 (login): GET in the docs; POST with a form body is read alike (mixpost POSTs)',
    request: {
      method: ['GET', 'POST'],
      path: path('/oauth/access_token'),
      params: params({ client_id: id, client_secret: nonEmpty, redirect_uri: urlString, code: nonEmpty }),
      rules: [liveVersion],
    },
    answer: { status: 200, body: token },
  },
  longLivedToken: {
    source: 'B.3 (long)',
    request: {
      method: ['GET', 'POST'],
      path: path('/oauth/access_token'),
      params: params({ grant_type: z.literal('fb_exchange_token'), client_id: id, client_secret: nonEmpty, fb_exchange_token: nonEmpty }),
      rules: [liveVersion],
    },
    answer: { status: 200, body: token },
  },
  debugToken: {
    source: 'B.4 (debug)',
    request: {
      method: 'GET',
      path: path('/debug_token'),
      params: params({ input_token: nonEmpty, fields: z.string().optional() }),
      rules: [liveVersion, withAppToken],
    },
    answer: {
      status: 200,
      body: z.strictObject({
        data: z.looseObject({
          app_id: id,
          type: z.enum(['USER', 'PAGE', 'APP']),
          application: z.string(),
          expires_at: z.number().int().nonnegative(),
          is_valid: z.boolean(),
          scopes: z.array(z.string()),
          data_access_expires_at: z.number().int().optional(),
          issued_at: z.number().int().optional(),
          granular_scopes: z.array(z.looseObject({ scope: z.string(), target_ids: z.array(id).optional() })).optional(),
          user_id: id.optional(),
        }),
      }),
    },
  },
  me: {
    source: 'B.5 (login)',
    request: { method: 'GET', path: path('/me'), params: params({ fields: z.string().optional() }), rules: [liveVersion, withToken] },
    answer: { status: 200, body: z.looseObject({ id, name: z.string().optional() }) },
  },
  permissions: {
    source: 'B.5 (login)',
    request: { method: 'GET', path: path('/me/permissions'), params: params({}), rules: [liveVersion, withToken] },
    answer: { status: 200, body: collection(z.strictObject({ permission: z.string(), status: z.enum(['granted', 'declined', 'expired']) })) },
  },
  accounts: {
    source: 'B.6 (pages): only the pages the user chose in the login dialog (Corrections)',
    request: {
      method: 'GET',
      path: path('/me/accounts'),
      params: params({ fields: z.string().optional(), limit: z.string().regex(/^\d+$/).optional(), after: z.string().optional() }),
      rules: [liveVersion, withToken],
    },
    answer: { status: 200, body: collection(pageEntry) },
  },
  businesses: {
    source: 'Corrections: business-owned pages come from /me/businesses (business)',
    request: {
      method: 'GET',
      path: path('/me/businesses'),
      params: params({ fields: z.string().optional(), limit: z.string().regex(/^\d+$/).optional(), after: z.string().optional() }),
      rules: [liveVersion, withToken],
    },
    answer: { status: 200, body: collection(z.looseObject({ id, name: z.string().optional() })) },
  },
  businessPages: {
    source: 'Corrections: a business’s owned_pages and client_pages (business)',
    request: {
      method: 'GET',
      path: path(String.raw`\/\d+\/(owned_pages|client_pages)`),
      params: params({ fields: z.string().optional(), limit: z.string().regex(/^\d+$/).optional(), after: z.string().optional() }),
      rules: [liveVersion, withToken],
    },
    answer: { status: 200, body: collection(pageEntry) },
  },
  pageToken: {
    source: 'B.6 (pages): GET /{page-id}?fields=access_token, with a long-lived user token: a page token that does not expire',
    request: { method: 'GET', path: path(String.raw`\/\d+`), params: params({ fields: fields('access_token') }), rules: [liveVersion, withToken] },
    answer: { status: 200, body: z.looseObject({ id, access_token: nonEmpty }) },
  },
  createImageContainer: {
    source: 'B.7, B.8 (media): image_url public when the container is made; no caption on a carousel item',
    request: {
      method: 'POST',
      path: path(String.raw`\/\d+\/media`),
      params: params({
        image_url: urlString,
        caption: z.string().max(2200).optional(),
        alt_text: z.string().max(1000).optional(),
        is_carousel_item: z.enum(['true', 'false']).optional(),
      }),
      rules: [
        liveVersion,
        withToken,
        {
          rule: 'a carousel item carries no caption',
          holds: (request) => {
            const sent = { ...Object.fromEntries(request.query), ...(bodyOf(request) as Record<string, unknown> | undefined) };
            return !(sent.is_carousel_item === 'true' && 'caption' in sent);
          },
        },
      ],
    },
    answer: { status: 200, body: created },
  },
  createCarouselContainer: {
    source: 'B.9 (media, publish): 2 to 10 children, comma-separated; the caption goes here',
    request: {
      method: 'POST',
      path: path(String.raw`\/\d+\/media`),
      params: params({ media_type: z.literal('CAROUSEL'), children: z.string().regex(/^\d+(,\d+){1,9}$/), caption: z.string().max(2200).optional() }),
      rules: [liveVersion, withToken],
    },
    answer: { status: 200, body: created },
  },
  containerStatus: {
    source: 'B.10 (container, publish): at most once a minute, for at most five minutes',
    request: { method: 'GET', path: path(String.raw`\/\d+`), params: params({ fields: fields('status_code') }), rules: [liveVersion, withToken] },
    answer: {
      status: 200,
      body: z.looseObject({ id, status_code: z.enum(['EXPIRED', 'ERROR', 'FINISHED', 'IN_PROGRESS', 'PUBLISHED']), status: z.string().optional() }),
    },
  },
  publish: {
    source: 'B.11 (publish)',
    request: { method: 'POST', path: path(String.raw`\/\d+\/media_publish`), params: params({ creation_id: id }), rules: [liveVersion, withToken] },
    answer: { status: 200, body: created },
  },
  permalink: {
    source: 'B.11 (publish): the IG Media’s permalink',
    request: { method: 'GET', path: path(String.raw`\/\d+`), params: params({ fields: fields('permalink') }), rules: [liveVersion, withToken] },
    answer: { status: 200, body: z.looseObject({ id, permalink: urlString }) },
  },
  publishingLimit: {
    source: 'B.12 (limit)',
    request: {
      method: 'GET',
      path: path(String.raw`\/\d+\/content_publishing_limit`),
      params: params({ fields: z.string().optional(), since: z.string().regex(/^\d+$/).optional() }),
      rules: [liveVersion, withToken],
    },
    answer: {
      status: 200,
      body: z.strictObject({
        data: z
          .array(
            z.looseObject({
              quota_usage: z.number().int().nonnegative(),
              config: z.looseObject({ quota_total: z.number().int().positive(), quota_duration: z.number().int().positive() }).optional(),
            }),
          )
          .length(1),
      }),
    },
  },
  pageWithTasks: {
    source: 'fbstart: a page’s token and the tasks the user may perform on it',
    request: { method: 'GET', path: path(String.raw`\/\d+`), params: params({ fields: fields('access_token', 'tasks') }), rules: [liveVersion, withToken] },
    answer: { status: 200, body: z.looseObject({ id, access_token: nonEmpty, tasks: PAGE_TASKS }) },
  },
  pagePhotoPublished: {
    source: 'fbphotos: a photo from a public URL, published (the default), its caption the post’s text; answers id and post_id',
    request: {
      method: 'POST',
      path: path(String.raw`\/\d+\/photos`),
      params: params({ url: urlString, caption: postText.optional(), published: z.literal('true').optional() }),
      rules: [liveVersion, withToken],
    },
    answer: { status: 200, body: z.strictObject({ id, post_id: postId }) },
  },
  pagePhotoUnpublished: {
    source: 'fbphotos: published=false, a photo to attach to a post within about 24 hours; answers its id only',
    request: {
      method: 'POST',
      path: path(String.raw`\/\d+\/photos`),
      params: params({ url: urlString, published: z.literal('false') }),
      rules: [liveVersion, withToken],
    },
    answer: { status: 200, body: z.strictObject({ id }) },
  },
  pageFeed: {
    source: 'fbposts, fbfeed: the post’s message and its unpublished photos as attached_media; answers {page-id}_{post-id}',
    request: {
      method: 'POST',
      path: path(String.raw`\/\d+\/feed`),
      params: z.object({ message: postText, access_token: nonEmpty.optional() }).catchall(z.string()),
      rules: [liveVersion, withToken, attachedMediaKeys],
    },
    answer: { status: 200, body: z.strictObject({ id: postId }) },
  },
  publishedPosts: {
    source: 'fbposts: the page’s own posts, newest first, since a Unix time',
    request: {
      method: 'GET',
      path: path(String.raw`\/\d+\/published_posts`),
      params: params({
        fields: z.string().optional(),
        since: z.string().regex(/^\d+$/).optional(),
        limit: z.string().regex(/^\d+$/).optional(),
        after: z.string().optional(),
      }),
      rules: [liveVersion, withToken],
    },
    answer: {
      status: 200,
      body: collection(z.looseObject({ id: postId, message: z.string().optional(), created_time: z.string().optional(), permalink_url: urlString.optional() })),
    },
  },
  pagePost: {
    source: 'fbposts: a page post’s text, time and link',
    request: { method: 'GET', path: path(String.raw`\/\d+_\d+`), params: params({ fields: z.string().optional() }), rules: [liveVersion, withToken] },
    answer: { status: 200, body: z.looseObject({ id: postId, message: z.string().optional(), permalink_url: urlString.optional() }) },
  },
  pagePostCounts: {
    source: 'fbcounts: a page post’s reactions and comments, each with its summary’s total_count, and its shares ({count}, left out while none)',
    request: {
      method: 'GET',
      path: path(String.raw`\/\d+_\d+`),
      params: params({ fields: fields('reactions.summary(total_count).limit(0)', 'comments.summary(total_count).limit(0)', 'shares') }),
      rules: [liveVersion, withToken],
    },
    answer: {
      status: 200,
      body: z.strictObject({
        id: postId,
        reactions: summaryEdge,
        comments: summaryEdge,
        shares: z.strictObject({ count: z.number().int().positive() }).optional(),
      }),
    },
  },
  photo: {
    source: 'fbphotos: an uploaded photo (an unpublished one still there to attach)',
    request: { method: 'GET', path: path(String.raw`\/\d+`), params: params({ fields: z.string().optional() }), rules: [liveVersion, withToken] },
    answer: { status: 200, body: z.looseObject({ id }) },
  },
  deletePhoto: {
    source: 'fbphotos: DELETE /{photo-id}, an unpublished photo no post will use',
    request: { method: 'DELETE', path: path(String.raw`\/\d+`), params: params({}), rules: [liveVersion, withToken] },
    answer: { status: 200, body: z.strictObject({ success: z.literal(true) }) },
  },
} satisfies Record<string, DocumentedCall>;

export type GraphCallName = keyof typeof graphCalls;

/** Every Graph error: { error: { message, type, code, error_subcode?, fbtrace_id } } (B.0, B.14); graph.instagram.com's too. */
export const graphError = (code: number, subcode?: number) =>
  z.strictObject({
    error: z.looseObject({
      message: nonEmpty,
      type: z.string(),
      code: z.literal(code),
      ...(subcode === undefined ? {} : { error_subcode: z.literal(subcode) }),
      fbtrace_id: nonEmpty,
    }),
  });

export const graphRefusals = {
  invalidToken: { source: 'B.14 (errors): code 190', status: 400, body: graphError(190), headers: { 'www-authenticate': /invalid_token/ } },
  imageNotFetched: {
    source: 'B.7, B.14 (media, errors): 9004/2207052, also for a URL Meta cannot reach (Corrections)',
    status: 400,
    body: graphError(9004, 2207052),
  },
  aspectRatio: { source: 'B.13, B.14 (errors): 36003/2207009, outside 4:5 to 1.91:1', status: 400, body: graphError(36003, 2207009) },
  captionRules: {
    source:
      'B.13, B.14 (errors): 36004/2207010, a caption over 2,200 characters; also over 5 hashtags (docs/decisions/014: the docs name no code of their own)',
    status: 400,
    body: graphError(36004, 2207010),
  },
  notReady: { source: 'B.11, B.14 (publish, errors): 9007/2207027', status: 400, body: graphError(9007, 2207027) },
  quota: { source: 'B.12, B.14 (limit, errors): 9/2207042', status: 400, body: graphError(9, 2207042) },
  carouselSize: { source: 'B.9, B.14 (publish, errors): 100/2207028', status: 400, body: graphError(100, 2207028) },
  unknownContainer: { source: 'B.11, B.14 (publish, errors): 24/2207008', status: 400, body: graphError(24, 2207008) },
  businessManagerPermission: {
    source: 'B.14 (errors), Corrections: a page role through Business Manager needs ads_read or ads_management to publish (HTTP 403, code 200)',
    status: 403,
    body: graphError(200),
  },
  pagePosting: {
    source:
      'fbposts, fbfeed: without a Page token of the page, pages_manage_posts and pages_read_engagement, or the CREATE_CONTENT task: code 200 (message as in Codeinwp/tweet-old-post#649)',
    status: 403,
    body: graphError(200),
  },
  pageReadPermission: {
    source: 'fbcounts: without pages_read_engagement, a permissions error (code 10)',
    status: 403,
    body: graphError(10),
  },
  pagesLimit: {
    source: 'limits: a page past its Business Use Case limit (Pages, code 80001)',
    status: 400,
    body: graphError(80001),
  },
  invalidAttachedMedia: {
    source: 'fbfeed: an attached photo that does not exist, has expired, is published, or one too many: code 100',
    status: 400,
    body: graphError(100),
  },
  unknownVersion: {
    source: 'B.0 (versions): a version that does not exist is an unknown path (code 2500, observed: arsduo/koala#611)',
    status: 400,
    body: graphError(2500),
  },
} satisfies Record<string, DocumentedRefusal>;
