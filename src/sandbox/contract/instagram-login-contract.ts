import { z } from 'zod';
import { type DocumentedCall, type DocumentedRefusal, type NamedRule, nonEmpty, urlString } from './contract.ts';
import { graphCalls, graphError } from './graph-contract.ts';

/**
 * The Instagram API with Instagram Login's documented requests and answers for every call Alzado's
 * Instagram Login client makes (src/server/adapters/instagram-login/), from next-features-facts.md §2,
 * docs/decisions/052 and the pages they were read from:
 *
 *   authorize https://developers.facebook.com/docs/instagram-platform/reference/oauth-authorize
 *   login     https://developers.facebook.com/documentation/instagram-platform/instagram-api-with-instagram-login/business-login
 *   exchange  https://developers.facebook.com/documentation/instagram-platform/reference/access_token
 *   refresh   https://developers.facebook.com/documentation/instagram-platform/reference/refresh_access_token
 *   me        https://developers.facebook.com/docs/instagram-platform/reference/me ; .../instagram-graph-api/reference/ig-user
 *   publish   https://developers.facebook.com/docs/instagram-platform/content-publishing (graph.instagram.com for Instagram Login)
 *
 * Three hosts: each path begins with the host it goes to, as the sandbox serves them (/www for
 * www.instagram.com, /api for api.instagram.com, /graph for graph.instagram.com). The publishing calls
 * are Facebook Login's (graph-contract.ts), on /graph.
 */
const id = z.string().regex(/^\d+$/);
const version = String.raw`\/v\d+\.\d+`;
const graphPath = (rest: string) => new RegExp(`^\\/graph${version}${rest}$`);

/** Business Login's scopes; the old business_* names ended on 2025-01-27 (login). */
const SCOPE = z.enum([
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_insights',
  'instagram_business_manage_comments',
  'instagram_business_manage_messages',
]);
const scopes = z
  .string()
  .transform((value) => value.split(/[,\s]+/))
  .pipe(z.array(SCOPE).refine((list) => list.includes('instagram_business_basic'), 'instagram_business_basic is required'));

/** The token in the query, as the two token calls document it (exchange, refresh). */
const tokenInQuery: NamedRule = { rule: 'the token as the access_token query parameter', holds: (request) => Boolean(request.query.get('access_token')) };
const bearer: NamedRule = {
  rule: 'the token as Authorization: Bearer (or access_token)',
  holds: (request) => /^Bearer \S+$/.test(String(request.headers.authorization ?? '')) || Boolean(request.query.get('access_token')),
};

const longToken = z.strictObject({ access_token: nonEmpty, token_type: z.literal('bearer'), expires_in: z.number().int().positive() });

/**
 * A Facebook Login publishing call moved to graph.instagram.com: the same path, parameters, rules and
 * answer, under /graph (its rules read the path without it).
 */
function onInstagramGraph(call: DocumentedCall): DocumentedCall {
  return {
    source: `publish (graph.instagram.com): ${call.source}`,
    request: {
      ...call.request,
      path: new RegExp(`^\\/graph${call.request.path.source.slice(1)}`),
      rules: (call.request.rules ?? []).map((rule) => ({
        rule: rule.rule,
        holds: (request) => rule.holds({ ...request, path: request.path.replace(/^\/graph/, '') }),
      })),
    },
    answer: call.answer,
  };
}

export const instagramLoginCalls = {
  authorize: {
    source: 'authorize, login: the authorization window on www.instagram.com (the reference names api.instagram.com too)',
    request: {
      method: 'GET',
      path: /^\/www\/oauth\/authorize$/,
      query: z.strictObject({ client_id: id, redirect_uri: urlString, response_type: z.literal('code'), scope: scopes, state: nonEmpty }),
    },
    answer: { status: 200, body: 'html' },
  },
  exchangeCode: {
    source: 'login: POST api.instagram.com/oauth/access_token, a form; answers the short-lived token, the user id and the permissions',
    request: {
      method: 'POST',
      path: /^\/api\/oauth\/access_token$/,
      body: z.strictObject({
        client_id: id,
        client_secret: nonEmpty,
        grant_type: z.literal('authorization_code'),
        redirect_uri: urlString,
        code: z.string().regex(/^[A-Za-z0-9_-]+$/, 'no #_ left on the code'),
      }),
    },
    answer: {
      status: 200,
      body: z.strictObject({ data: z.tuple([z.strictObject({ access_token: nonEmpty, user_id: id, permissions: z.string() })]) }),
    },
  },
  longLivedToken: {
    source: 'exchange: GET graph.instagram.com/access_token?grant_type=ig_exchange_token&client_secret&access_token (60 days)',
    request: {
      method: 'GET',
      path: /^\/graph\/access_token$/,
      query: z.strictObject({ grant_type: z.literal('ig_exchange_token'), client_secret: nonEmpty, access_token: nonEmpty }),
      rules: [tokenInQuery],
    },
    answer: { status: 200, body: longToken },
  },
  refreshToken: {
    source: 'refresh: GET graph.instagram.com/refresh_access_token?grant_type=ig_refresh_token&access_token (24 h old, unexpired; 60 days more)',
    request: {
      method: 'GET',
      path: /^\/graph\/refresh_access_token$/,
      query: z.strictObject({ grant_type: z.literal('ig_refresh_token'), access_token: nonEmpty }),
      rules: [tokenInQuery],
    },
    answer: { status: 200, body: longToken },
  },
  me: {
    source: 'me: GET graph.instagram.com/{version}/me?fields=user_id,username,account_type,…',
    request: { method: 'GET', path: graphPath(String.raw`\/me`), query: z.strictObject({ fields: z.string().includes('user_id') }), rules: [bearer] },
    answer: {
      status: 200,
      body: z.looseObject({ id, user_id: id, username: nonEmpty, account_type: z.enum(['BUSINESS', 'MEDIA_CREATOR']) }),
    },
  },
  createImageContainer: onInstagramGraph(graphCalls.createImageContainer),
  createCarouselContainer: onInstagramGraph(graphCalls.createCarouselContainer),
  containerStatus: onInstagramGraph(graphCalls.containerStatus),
  publish: onInstagramGraph(graphCalls.publish),
  permalink: onInstagramGraph(graphCalls.permalink),
  publishingLimit: onInstagramGraph(graphCalls.publishingLimit),
} satisfies Record<string, DocumentedCall>;

export type InstagramLoginCallName = keyof typeof instagramLoginCalls;

export const instagramLoginRefusals = {
  /** api.instagram.com answers in Instagram's older format (seen in every client of it: error_type, code, error_message). */
  codeRefused: {
    source: 'login: a code used, unknown or for another redirect URI (api.instagram.com: {error_type, code 400, error_message})',
    status: 400,
    body: z.strictObject({ error_type: z.literal('OAuthException'), code: z.literal(400), error_message: nonEmpty }),
  },
  expiredToken: { source: 'refresh: an expired token (Graph code 190/463)', status: 400, body: graphError(190, 463) },
  tooYoung: {
    source: 'refresh: a token younger than 24 hours (no code documented; the sandbox answers code 100, docs/decisions/052)',
    status: 400,
    body: graphError(100),
  },
  wrongHost: {
    source: 'me: a Facebook Login token on graph.instagram.com, or the other way round (code 190)',
    status: 400,
    body: graphError(190),
  },
  quota: { source: 'publish: the account’s 24-hour quota, shared by both ways of connecting it (9/2207042)', status: 400, body: graphError(9, 2207042) },
} satisfies Record<string, DocumentedRefusal>;
