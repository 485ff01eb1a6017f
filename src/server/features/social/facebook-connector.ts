import { DEFAULT_TOKEN_LIFETIME_SECONDS, FACEBOOK_PAGE_SCOPES, type FacebookPageView, type PageProblem } from '../../../domain/social.ts';
import type { FacebookPage, FacebookPageClient } from '../../adapters/facebook/page-client.ts';
import type { GraphClient, GraphToken, GraphTokenInfo } from '../../adapters/instagram/graph-client.ts';
import { ProviderError } from '../../adapters/provider-http.ts';
import { AppError } from '../../errors.ts';
import { type Connection, openPageTokens, openSecret, sealSecret } from './connection.ts';
import { type ConnectorDependencies, type NetworkConnector, type VerifyOutcome, exchangeFailure, expiryFrom, warningOf } from './connector.ts';
import { fetchTargetPageToken } from './instagram-connector.ts';

/** What posting as a page needs besides the page's token (Graph's refusal names both, docs/decisions/050). */
export const FACEBOOK_POSTING_PERMISSIONS = ['pages_manage_posts', 'pages_read_engagement'] as const;

/**
 * Facebook Pages through the same Meta app and Facebook Login as Instagram (issue 27, docs/decisions/050
 * and 053): the code becomes a short- then a long-lived user token, as for Instagram; the permissions the
 * user granted are read at once (/me/permissions), and a login without the two posting ones is refused
 * with what to do. The pages are those the user shared (the page client: her own, and with
 * business_management her Business Manager businesses'), each with its tasks; a page without
 * CREATE_CONTENT is kept, marked `taskMissing`, and cannot be the target. Each page's token is kept
 * sealed in `page_tokens`; the target's is what publishing uses, and the connection lasts, as Instagram's,
 * until the user's data access ends (decision 012).
 */
export function createFacebookConnector(
  client: GraphClient,
  pages: FacebookPageClient,
  options: { sandbox: boolean },
  deps: ConnectorDependencies,
): NetworkConnector {
  const { cipher } = deps;

  return {
    network: 'facebook',
    sandbox: options.sandbox,

    authorizationUrl: ({ state, redirectUri }) => client.loginDialogUrl({ state, redirectUri, scopes: FACEBOOK_PAGE_SCOPES }),

    async connect({ userId, code, redirectUri, previous }) {
      let longLived: GraphToken;
      try {
        const shortLived = await client.exchangeCode({ code, redirectUri });
        if (!shortLived.accessToken) throw new AppError('SOCIAL_NO_ACCESS_TOKEN', 'No access token received');
        longLived = await client.exchangeForLongLivedToken(shortLived.accessToken);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw exchangeFailure('facebook', error);
      }
      const accessToken = longLived.accessToken;
      if (!accessToken) throw new AppError('SOCIAL_NO_ACCESS_TOKEN', 'No access token received');

      let granted: string[];
      let info: GraphTokenInfo;
      let me: { id: string | undefined; name: string | undefined };
      try {
        [granted, info, me] = await Promise.all([client.getGrantedPermissions(accessToken), client.debugToken(accessToken), client.getMe(accessToken)]);
      } catch (error) {
        deps.log.warn({ err: error }, 'Meta /me/permissions, debug_token or /me failed right after the code exchange');
        throw new AppError('SOCIAL_USER_INFO_FAILED', 'Failed to verify token or get user information');
      }
      if (!info.isValid) throw new AppError('SOCIAL_USER_INFO_FAILED', 'Failed to verify token or get user information');
      // The login dialog lets the user turn permissions off: without these two no post to a page goes out.
      const missing = FACEBOOK_POSTING_PERMISSIONS.filter((permission) => !granted.includes(permission));
      if (missing.length > 0) {
        throw new AppError(
          'SOCIAL_FACEBOOK_PERMISSIONS_MISSING',
          `Facebook did not grant ${missing.join(' and ')}: connect again and keep every permission Alzado asks for`,
          { missing: missing.join(' ') },
        );
      }

      const now = deps.now();
      const accountId = me.id ?? info.userId ?? null;
      const expiresAt =
        longLived.expiresIn !== undefined ? expiryFrom(now, longLived.expiresIn) : (info.expiresAt ?? expiryFrom(now, DEFAULT_TOKEN_LIFETIME_SECONDS));
      const sameAccount = previous !== undefined && previous.accountId === accountId;
      return {
        access_token: sealSecret(cipher, userId, 'facebook', 'access_token', accessToken),
        refresh_token: null,
        refresh_token_expires_at: null,
        id_token: null,
        page_tokens: sameAccount ? previous.encrypted.page_tokens : null,
        token_type: longLived.tokenType ?? 'bearer',
        token_expires_at: expiresAt.toISOString(),
        data_access_expires_at: info.dataAccessExpiresAt?.toISOString() ?? null,
        token_issued_at: (info.issuedAt ?? now).toISOString(),
        // What the user granted, as /me/permissions says (debug_token's list is the same set).
        scopes: granted.join(' '),
        granular_scopes: JSON.stringify(info.granularScopes),
        provider_app_id: info.appId ?? null,
        provider_application: info.application ?? null,
        is_connected: true,
        account_id: accountId,
        account_name: me.name ?? null,
        connected_at: now.toISOString(),
        verified_at: now.toISOString(),
        disconnected_at: null,
        pages: null,
        pages_fetched_at: null,
        publish_target_id: sameAccount ? previous.publishTargetId : null,
      };
    },

    async verify(connection): Promise<VerifyOutcome> {
      const now = deps.now();
      if (connection.dataAccessExpiresAt && connection.dataAccessExpiresAt <= now)
        return { result: 'invalid', reason: 'data access has expired (90 days without logging in)' };
      // The page token never expires: only without one does the user token's end count.
      const target = connection.publishTargetId ? openPageTokens(cipher, connection)[connection.publishTargetId] : undefined;
      if (!target && (!connection.tokenExpiresAt || connection.tokenExpiresAt <= now)) return { result: 'invalid', reason: 'the user token has expired' };
      const token = target ?? openSecret(cipher, connection, 'access_token');
      if (!token) return { result: 'invalid', reason: 'no access token is stored' };
      try {
        const info = await client.debugToken(token);
        if (!info.isValid)
          return { result: 'invalid', reason: `Meta says the ${target ? 'page' : 'user'} token is not valid: ${info.error?.message ?? 'no reason given'}` };
        const dataAccessExpiresAt = info.dataAccessExpiresAt ?? connection.dataAccessExpiresAt;
        return {
          result: 'valid',
          changes: {
            verified_at: now.toISOString(),
            ...(dataAccessExpiresAt ? { data_access_expires_at: dataAccessExpiresAt.toISOString() } : {}),
            ...(target && dataAccessExpiresAt ? { token_expires_at: dataAccessExpiresAt.toISOString() } : {}),
          },
        };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.isTransient) return { result: 'unverified', warning: warningOf(error) };
        deps.log.error({ err: error }, 'Meta refused debug_token (app credentials?)');
        return { result: 'unverified', warning: 'serverIssues' };
      }
    },

    async fetchPages(connection) {
      const accessToken = openSecret(cipher, connection, 'access_token');
      if (!accessToken) throw new ProviderError('meta', 'invalid-token', 'No access token is stored');
      const shared = await pages.listPages(accessToken, { businesses: connection.scopes.includes('business_management') });
      // A mark left by a refusal at publish time stays until the user connects again (that clears the pages).
      const marked = new Map((connection.facebookPages ?? []).filter((page) => page.problem).map((page) => [page.id, page.problem!]));
      const views = shared.map((page) => pageViewOf(page, marked.get(page.id)));
      const pageTokens = Object.fromEntries(shared.filter((page) => page.accessToken).map((page) => [page.id, page.accessToken!]));
      const publishable = views.filter((page) => !page.problem);
      const current = publishable.some((page) => page.id === connection.publishTargetId) ? connection.publishTargetId : null;
      // One page that can be published to is the obvious target; with several, the user chooses.
      const target = current ?? (publishable.length === 1 ? publishable[0]!.id : null);
      return {
        pages: JSON.stringify(views),
        pages_fetched_at: deps.now().toISOString(),
        page_tokens: sealSecret(cipher, connection.userId, 'facebook', 'page_tokens', JSON.stringify(pageTokens)),
        publish_target_id: target,
        ...(Object.keys(pageTokens).length > 0 && connection.dataAccessExpiresAt ? { token_expires_at: connection.dataAccessExpiresAt.toISOString() } : {}),
      };
    },

    // The target page's token, stored or read again with the user's (Instagram's way: the page is the target itself).
    fetchPageToken: (connection: Connection) => fetchTargetPageToken(client, cipher, connection),
  };
}

/** A page as Settings lists it: without CREATE_CONTENT among her tasks the app cannot post as it. */
function pageViewOf(page: FacebookPage, marked: PageProblem | undefined): FacebookPageView {
  return { id: page.id, name: page.name, through: page.through, tasks: page.tasks, problem: page.canPost ? (marked ?? null) : 'taskMissing' };
}
