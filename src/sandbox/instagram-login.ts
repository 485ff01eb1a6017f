import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../domain/html.ts';
import { ProviderReply, paramsOf } from './context.ts';
import { errorPage, hiddenFields, page } from './html.ts';
import { graphError, graphVersionRefusal } from './meta-access.ts';
import { type MetaKit, isInstagramUserToken, parseFields } from './meta-kit.ts';
import type { metaInsights } from './meta-insights.ts';
import type { metaPublishing } from './meta-publishing.ts';
import type { SandboxInstagramAccount } from './personas.ts';
import type { MetaToken } from './store.ts';
import { metaPerson, pageOwner, signedInStudio } from './studios.ts';

/**
 * Instagram API with Instagram Login (next-features-facts.md §2, docs/decisions/052): an Instagram
 * professional account connected without a Facebook Page, with an Instagram app of its own.
 *
 *   www.instagram.com/oauth/authorize        the authorization window (log in as one account, grant scopes)
 *   api.instagram.com/oauth/access_token     the code for a short-lived (1 h) Instagram User token
 *   graph.instagram.com/access_token         ig_exchange_token: the short-lived token for a long-lived one (60 days)
 *   graph.instagram.com/refresh_access_token ig_refresh_token: a long-lived token at least 24 h old and unexpired, for 60 more days
 *   graph.instagram.com/{version}/me, /{id}, /{ig-id}/media, /media_publish, /content_publishing_limit,
 *   /{media-id}/insights (meta-insights.ts, with instagram_business_manage_insights; decision 054)
 *
 * Publishing is Facebook Login's (meta-publishing.ts): the same containers, the same checks, and the same
 * per-account quota, counted by account whichever way it is connected. An Instagram User token is good on
 * graph.instagram.com only, a Facebook token on graph.facebook.com only (meta-kit.ts `authenticate`).
 */
const CODE_LIFETIME_MS = 10 * 60 * 1000;
const DATA_ACCESS_MS = 90 * 24 * 3_600_000;
/** "Short-lived … valid for 1 hour" (Get Started of the Instagram API with Instagram Login). */
const SHORT_TOKEN_SECONDS = 3_600;
/** "Long-lived … expire in 60 days" (the access_token and refresh_access_token references). */
const LONG_TOKEN_SECONDS = 60 * 86_400;
/** "a long-lived access token that is at least 24 hours old" (refresh_access_token). */
const REFRESH_MIN_AGE_MS = 24 * 3_600_000;

/** Business Login for Instagram's scopes (the old business_* names ended on 2025-01-27: refused as unknown). */
const PERMISSIONS: Record<string, string> = {
  instagram_business_basic: 'Access your profile information and media',
  instagram_business_content_publish: 'Publish content to your account',
  instagram_business_manage_insights: 'Access insights for your account and media',
  instagram_business_manage_comments: 'Manage comments on your media',
  instagram_business_manage_messages: 'Manage messages',
};
const REQUIRED_SCOPE = 'instagram_business_basic';

/** An account as Instagram Login knows it: a page's linked account (a Business account) or one with no page. */
interface LoginAccount extends SandboxInstagramAccount {
  /** The Facebook user who owns it (the sandbox's link from a studio to its accounts). */
  ownerId: string;
}

/** The app-scoped id (`id` on /me and `user_id` of the code exchange), distinct from the account's own id (`user_id` on /me). */
const appScopedId = (igUserId: string) => `2${igUserId.slice(1)}`;

/** api.instagram.com answers in the older Instagram format, not Graph's (`{error_type, code, error_message}`). */
const apiError = (message: string) => new ProviderReply(400, { error_type: 'OAuthException', code: 400, error_message: message });

type Publishing = ReturnType<typeof metaPublishing>;
type Insights = ReturnType<typeof metaInsights>;

export function instagramLoginRoutes(kit: MetaKit, publishing: Publishing, app: FastifyInstance, insights: Insights): void {
  const { context, store, state, authenticate, instagramHost } = kit;
  const credentials = context.instagram;

  function accounts(): LoginAccount[] {
    const linked = state().pages.flatMap((entry) =>
      entry.instagram ? [{ ...entry.instagram, accountType: 'BUSINESS' as const, ownerId: pageOwner(entry), owner: pageOwner(entry) }] : [],
    );
    const standalone = state().instagramAccounts.map((account) => ({ ...account, ownerId: account.owner ?? metaPerson(store, undefined).id }));
    return [...linked, ...standalone];
  }
  const accountOf = (igUserId: string | undefined) => accounts().find((account) => account.id === igUserId);

  // ---- www.instagram.com: the authorization window ----

  function readAuthorize(request: FastifyRequest): { fields: Record<string, string>; scopes: string[] } | { error: [string, string] } {
    const params = paramsOf(request);
    if (params.client_id !== credentials.appId) return { error: ['Invalid request', 'Invalid platform app'] };
    if (!params.redirect_uri || !credentials.redirectUris.includes(params.redirect_uri))
      return { error: ['Invalid request', 'Invalid redirect_uri: it must match one of the app’s valid OAuth redirect URIs exactly.'] };
    if (params.response_type !== 'code') return { error: ['Invalid request', 'response_type must be code.'] };
    const scopes = (params.scope ?? '').split(/[\s,]+/).filter((scope) => scope !== '');
    const unknown = scopes.find((scope) => !(scope in PERMISSIONS));
    if (unknown) return { error: ['Invalid Scopes', `Invalid Scopes: ${unknown}. This message is only shown to developers.`] };
    if (!scopes.includes(REQUIRED_SCOPE)) return { error: ['Invalid Scopes', `The scope ${REQUIRED_SCOPE} is required.`] };
    return {
      fields: { client_id: params.client_id, redirect_uri: params.redirect_uri, response_type: 'code', scope: scopes.join(','), state: params.state ?? '' },
      scopes,
    };
  }

  function consentPage(userId: string, fields: Record<string, string>, scopes: string[]): string {
    const mine = accounts().filter((account) => account.ownerId === userId);
    const choices = mine.map(
      (account, index) =>
        `<li><label><input type="radio" name="account" value="${escapeHtml(account.id)}"${index === 0 ? ' checked' : ''}><span>@${escapeHtml(account.username)} <small>${account.accountType === 'MEDIA_CREATOR' ? 'Creator account' : 'Business account'}</small></span></label></li>`,
    );
    const items = scopes.map(
      (scope) =>
        `<li><label><input type="checkbox" name="granted" value="${escapeHtml(scope)}" checked${scope === REQUIRED_SCOPE ? ' disabled' : ''}><span>${escapeHtml(PERMISSIONS[scope]!)} <code>${escapeHtml(scope)}</code></span></label></li>`,
    );
    return page({
      title: 'Instagram · Allow Alzado (sandbox)',
      body: `<div class="card">
<div class="brand"><div class="mark meta">◎</div>Instagram</div>
<h1>Alzado is requesting access to your Instagram professional account</h1>
<form method="post" action="${escapeHtml(`${context.prefix}/meta/instagram/www/oauth/authorize`)}">
<h2>Log in as:</h2>
<ul class="scopes checks">${choices.join('') || '<li>No professional account</li>'}</ul>
<h2>Alzado will receive:</h2>
<ul class="scopes checks">${items.join('')}</ul>
${hiddenFields(fields)}
<div class="actions"><button class="secondary meta" type="submit" name="decision" value="cancel">Cancel</button><button class="primary meta" type="submit" name="decision" value="allow"${mine.length ? '' : ' disabled'}>Allow</button></div>
</form>
<p class="fine">Unticked permissions are declined. You will return to ${escapeHtml(fields.redirect_uri ?? '')}</p>
</div>`,
    });
  }

  const refuseWindow = (reply: FastifyReply, error: [string, string]) =>
    reply
      .status(400)
      .type('text/html; charset=utf-8')
      .send(errorPage('meta', error[0], error[1]));

  app.get('/instagram/www/oauth/authorize', async (request, reply) => {
    const read = readAuthorize(request);
    if ('error' in read) return refuseWindow(reply, read.error);
    const user = metaPerson(store, signedInStudio(request, store)?.meta.userId);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(consentPage(user.id, read.fields, read.scopes));
  });

  app.post('/instagram/www/oauth/authorize', async (request, reply) => {
    const read = readAuthorize(request);
    if ('error' in read) return refuseWindow(reply, read.error);
    const target = new URL(read.fields.redirect_uri!);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const userId = signedInStudio(request, store)?.meta.userId;
    const user = metaPerson(store, userId);
    const account = accountOf(typeof body.account === 'string' ? body.account : undefined);
    if (body.decision !== 'allow' || !account || account.ownerId !== user.id) {
      target.search = new URLSearchParams({
        error: 'access_denied',
        error_reason: 'user_denied',
        error_description: 'The user denied your request.',
        state: read.fields.state!,
      }).toString();
      return reply.redirect(`${target.toString()}#_`, 302);
    }
    const ticked = ([] as unknown[]).concat(body.granted ?? []).map(String);
    const granted = [REQUIRED_SCOPE, ...read.scopes.filter((scope) => scope !== REQUIRED_SCOPE && ticked.includes(scope))];
    const code = `AQC${store.random(120)}`;
    state().codes[code] = {
      ...(userId ? { userId } : {}),
      igUserId: account.id,
      redirectUri: read.fields.redirect_uri!,
      granted,
      declined: read.scopes.filter((scope) => !granted.includes(scope)),
      pages: [],
      dataAccessExpiresAt: store.now() + DATA_ACCESS_MS,
      expiresAt: store.now() + CODE_LIFETIME_MS,
      used: false,
    };
    store.save();
    // Meta appends #_ to the redirect URI (the oauth-authorize reference): not part of the code.
    target.search = new URLSearchParams({ code, state: read.fields.state! }).toString();
    return reply.redirect(`${target.toString()}#_`, 302);
  });

  // ---- api.instagram.com: the code for a short-lived token ----

  function issue(kind: 'ig-short' | 'ig-long', base: Pick<MetaToken, 'userId' | 'igUserId' | 'granted' | 'declined' | 'dataAccessExpiresAt'>, seconds: number) {
    const now = store.now();
    const token = `IGAA${store.random(150)}`;
    state().tokens[token] = {
      kind,
      ...(base.userId ? { userId: base.userId } : {}),
      igUserId: base.igUserId!,
      granted: base.granted,
      declined: base.declined,
      pages: [],
      issuedAt: now,
      expiresAt: now + seconds * 1000,
      dataAccessExpiresAt: base.dataAccessExpiresAt,
      revoked: false,
    };
    return token;
  }

  app.post('/instagram/api/oauth/access_token', async (request) => {
    const params = paramsOf(request);
    if (params.client_id !== credentials.appId) throw apiError('Invalid platform app');
    if (params.client_secret !== credentials.appSecret) throw apiError('Error validating client secret.');
    if (params.grant_type !== 'authorization_code') throw apiError('Invalid grant_type: it must be authorization_code.');
    if (!params.redirect_uri) throw apiError('Missing required field redirect_uri');
    if (!params.code) throw apiError('Missing required field code');
    const code = state().codes[params.code];
    if (!code || code.igUserId === undefined || code.used) throw apiError('Matching code was not found or was already used');
    if (code.expiresAt <= store.now()) throw apiError('This authorization code has expired');
    if (code.redirectUri !== params.redirect_uri)
      throw apiError('Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request');
    code.used = true;
    const token = issue('ig-short', code, SHORT_TOKEN_SECONDS);
    store.save();
    // The shape of the Business Login page's example: the token, the app-scoped user id, the granted permissions.
    return { data: [{ access_token: token, user_id: appScopedId(code.igUserId), permissions: code.granted.join(',') }] };
  });
  app.get('/instagram/api/oauth/access_token', async () => {
    throw apiError('The code is exchanged with POST.');
  });

  // ---- graph.instagram.com ----

  /** The token a request carries, checked (unknown, revoked, expired: code 190) and of Instagram Login. */
  function instagramToken(request: FastifyRequest, params: Record<string, string>): { token: string; record: MetaToken } {
    instagramHost.add(request);
    return authenticate(request, params);
  }

  function longLived(request: FastifyRequest, params: Record<string, string>) {
    if (params.grant_type !== 'ig_exchange_token') throw graphError(400, 100, 'Invalid grant_type: it must be ig_exchange_token.');
    if (params.client_secret !== credentials.appSecret) throw graphError(400, 1, 'Error validating client secret.');
    const { token, record } = instagramToken(request, params);
    // Documented for a short-lived token; a long-lived one is given back with the life it has left, as on graph.facebook.com.
    if (record.kind === 'ig-long') return { access_token: token, token_type: 'bearer', expires_in: Math.floor((record.expiresAt - store.now()) / 1000) };
    const long = issue('ig-long', record, LONG_TOKEN_SECONDS);
    store.save();
    return { access_token: long, token_type: 'bearer', expires_in: LONG_TOKEN_SECONDS };
  }

  function refresh(request: FastifyRequest, params: Record<string, string>) {
    if (params.grant_type !== 'ig_refresh_token') throw graphError(400, 100, 'Invalid grant_type: it must be ig_refresh_token.');
    // An expired or revoked token is refused here as on any call (code 190).
    const { record } = instagramToken(request, params);
    if (record.kind !== 'ig-long') throw graphError(400, 100, 'Only a long-lived Instagram User access token can be refreshed.');
    if (store.now() - record.issuedAt < REFRESH_MIN_AGE_MS)
      throw graphError(400, 100, 'The access token is not old enough to be refreshed: it must be at least 24 hours old.');
    const refreshed = issue('ig-long', record, LONG_TOKEN_SECONDS);
    store.save();
    return { access_token: refreshed, token_type: 'bearer', expires_in: LONG_TOKEN_SECONDS };
  }

  function profile(account: LoginAccount, fields: ReturnType<typeof parseFields>) {
    const all: Record<string, unknown> = {
      id: appScopedId(account.id),
      user_id: account.id,
      username: account.username,
      name: account.name,
      account_type: account.accountType,
      profile_picture_url: `${context.publicBase}/meta/media/profile/${account.id}.svg`,
      followers_count: account.followers,
      media_count: account.media,
    };
    const wanted = fields ? [...fields.keys()] : ['id'];
    for (const field of wanted) if (!(field in all)) throw graphError(400, 100, `(#100) Tried accessing nonexisting field (${field}) on node type (User)`);
    // Graph always answers a node's id beside the fields asked for.
    return Object.fromEntries([...new Set([...wanted, 'id'])].map((field) => [field, all[field]]));
  }

  function node(request: FastifyRequest, id: string, params: Record<string, string>) {
    const { record } = instagramToken(request, params);
    const fields = parseFields(params.fields);
    const own = accountOf(record.igUserId);
    if (own && (id === 'me' || id === own.id || id === appScopedId(own.id))) return profile(own, fields);
    const container = state().containers[id];
    if (container && container.igUserId === record.igUserId) {
      const { statusCode, status } = publishing.containerStatus(container);
      return { ...(fields?.has('status_code') || !fields ? { status_code: statusCode } : {}), ...(fields?.has('status') ? { status } : {}), id };
    }
    const media = state().media[id];
    if (media && media.igUserId === record.igUserId) {
      return {
        permalink: `${context.publicBase}/meta/p/${media.shortcode}/`,
        shortcode: media.shortcode,
        media_type: media.mediaType,
        timestamp: new Date(media.timestamp).toISOString().replace(/\.\d{3}Z$/, '+0000'),
        id,
      };
    }
    throw graphError(
      400,
      100,
      `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      { error_subcode: 33 },
    );
  }

  app.all('/instagram/graph/*', async (request, reply) => {
    const segments = ((request.params as { '*': string })['*'] ?? '')
      .split('/')
      .filter((segment) => segment !== '')
      .map(decodeURIComponent);
    if (segments[0] && /^v\d+(\.\d+)?$/.test(segments[0])) {
      const version = segments.shift()!;
      const refusal = graphVersionRefusal(version, segments, new Date(store.now()));
      if (refusal) throw refusal;
    }
    const params = paramsOf(request);
    const method = request.method;
    const [first, second] = segments;
    const only = (count: number, wanted: string) => segments.length === count && method === wanted;
    if (first === 'access_token' && only(1, 'GET')) return reply.send(longLived(request, params));
    if (first === 'refresh_access_token' && only(1, 'GET')) return reply.send(refresh(request, params));
    // The publishing edges are Facebook Login's, with the token checked as graph.instagram.com checks it.
    if (first && second === 'media' && only(2, 'POST')) {
      instagramHost.add(request);
      return reply.send(await publishing.createContainer(request, meOf(request, first, params), params));
    }
    if (first && second === 'media_publish' && only(2, 'POST')) {
      instagramHost.add(request);
      return reply.send(publishing.publish(request, meOf(request, first, params), params));
    }
    if (first && second === 'content_publishing_limit' && only(2, 'GET')) {
      instagramHost.add(request);
      return reply.send(publishing.publishingLimit(request, meOf(request, first, params), params));
    }
    // A media's insights (Results), as on graph.facebook.com with Instagram Login's permission.
    if (first && second === 'insights' && only(2, 'GET')) {
      instagramHost.add(request);
      return reply.send(insights.mediaInsights(request, reply, first, params));
    }
    if (first && only(1, 'GET')) return reply.send(node(request, first, params));
    throw graphError(400, 2500, 'Unknown path components: /' + segments.join('/'));
  });

  /** `me` on a publishing edge stands for the token's own account (its professional account id). */
  function meOf(request: FastifyRequest, id: string, params: Record<string, string>): string {
    if (id !== 'me') return id;
    const token = params.access_token ?? kit.tokenOf(request, params);
    const record = token ? state().tokens[token] : undefined;
    return record && isInstagramUserToken(record) && record.igUserId ? record.igUserId : id;
  }
}
