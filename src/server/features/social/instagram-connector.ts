import { DEFAULT_TOKEN_LIFETIME_SECONDS, type InstagramBusinessPage, instagramScopes } from '../../../domain/social.ts';
import type { GraphClient, GraphToken, GraphTokenInfo } from '../../adapters/instagram/graph-client.ts';
import { ProviderError } from '../../adapters/provider-http.ts';
import { AppError } from '../../errors.ts';
import { openSecret, sealSecret, writeFlag } from './connection.ts';
import { type ConnectorDependencies, type NetworkConnector, type VerifyOutcome, exchangeFailure, expiryFrom, warningOf } from './connector.ts';

/**
 * Instagram through Facebook Login (SPEC §7 instagram-exchange-code, -verify-token, -fetch-admin-pages):
 * the code becomes a short-lived token and that a long-lived one (about 60 days); the pages are the
 * Facebook pages with an Instagram business account, each with its page token (kept encrypted).
 */
export function createInstagramConnector(client: GraphClient, options: { sandbox: boolean; adsRead: boolean }, deps: ConnectorDependencies): NetworkConnector {
  const { cipher, dialect } = deps;

  return {
    network: 'instagram',
    sandbox: options.sandbox,

    authorizationUrl: ({ state, redirectUri }) => client.loginDialogUrl({ state, redirectUri, scopes: instagramScopes({ adsRead: options.adsRead }) }),

    async connect({ userId, code, redirectUri, previous }) {
      let longLived: GraphToken;
      try {
        const shortLived = await client.exchangeCode({ code, redirectUri });
        if (!shortLived.accessToken) throw new AppError('SOCIAL_NO_ACCESS_TOKEN', 'No access token received');
        longLived = await client.exchangeForLongLivedToken(shortLived.accessToken);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw exchangeFailure('instagram', error);
      }
      const accessToken = longLived.accessToken;
      if (!accessToken) throw new AppError('SOCIAL_NO_ACCESS_TOKEN', 'No access token received');

      let info: GraphTokenInfo;
      let me: { id: string | undefined; name: string | undefined };
      try {
        [info, me] = await Promise.all([client.debugToken(accessToken), client.getMe(accessToken)]);
      } catch (error) {
        deps.log.warn({ err: error }, 'Meta debug_token or /me failed right after the code exchange');
        throw new AppError('SOCIAL_USER_INFO_FAILED', 'Failed to verify token or get user information');
      }
      if (!info.isValid) throw new AppError('SOCIAL_USER_INFO_FAILED', 'Failed to verify token or get user information');

      const now = new Date();
      const accountId = me.id ?? info.userId ?? null;
      const expiresAt = longLived.expiresIn !== undefined ? expiryFrom(now, longLived.expiresIn) : (info.expiresAt ?? expiryFrom(now, DEFAULT_TOKEN_LIFETIME_SECONDS));
      const sameAccount = previous !== undefined && previous.accountId === accountId;
      return {
        access_token: sealSecret(cipher, userId, 'instagram', 'access_token', accessToken),
        refresh_token: null,
        refresh_token_expires_at: null,
        id_token: null,
        page_tokens: sameAccount ? previous.encrypted.page_tokens : null,
        token_type: longLived.tokenType ?? 'bearer',
        token_expires_at: expiresAt.toISOString(),
        data_access_expires_at: info.dataAccessExpiresAt?.toISOString() ?? null,
        token_issued_at: (info.issuedAt ?? now).toISOString(),
        scopes: info.scopes.join(' '),
        granular_scopes: JSON.stringify(info.granularScopes),
        provider_app_id: info.appId ?? null,
        provider_application: info.application ?? null,
        is_connected: writeFlag(dialect, true),
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
      const now = new Date();
      if (!connection.tokenExpiresAt || connection.tokenExpiresAt <= now) return { result: 'invalid', reason: 'the access token has expired' };
      if (connection.dataAccessExpiresAt && connection.dataAccessExpiresAt <= now) return { result: 'invalid', reason: 'data access has expired (90 days without use)' };
      const accessToken = openSecret(cipher, connection, 'access_token');
      if (!accessToken) return { result: 'invalid', reason: 'no access token is stored' };
      try {
        const info = await client.debugToken(accessToken);
        if (!info.isValid) return { result: 'invalid', reason: `Meta says the token is not valid: ${info.error?.message ?? 'no reason given'}` };
        return {
          result: 'valid',
          changes: {
            verified_at: now.toISOString(),
            scopes: info.scopes.join(' '),
            granular_scopes: JSON.stringify(info.granularScopes),
            ...(info.dataAccessExpiresAt ? { data_access_expires_at: info.dataAccessExpiresAt.toISOString() } : {}),
          },
        };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.isTransient) return { result: 'unverified', warning: warningOf(error) };
        // debug_token's own errors concern the app token, not the user's: Meta said nothing about the connection.
        deps.log.error({ err: error }, 'Meta refused debug_token (app credentials?)');
        return { result: 'unverified', warning: 'serverIssues' };
      }
    },

    async fetchPages(connection) {
      const accessToken = openSecret(cipher, connection, 'access_token');
      if (!accessToken) throw new ProviderError('meta', 'invalid-token', 'No access token is stored');
      const linked = (await client.listPages(accessToken)).filter((page) => page.instagramBusinessAccount);
      const pages: InstagramBusinessPage[] = linked.map((page) => {
        const account = page.instagramBusinessAccount!;
        return {
          instagram_business_account_id: account.id,
          instagram_username: account.username,
          instagram_name: account.name,
          instagram_profile_picture: account.profilePictureUrl,
          instagram_followers_count: account.followersCount,
          instagram_media_count: account.mediaCount,
          facebook_page_id: page.id,
          facebook_page_name: page.name,
        };
      });
      const pageTokens = Object.fromEntries(linked.filter((page) => page.accessToken).map((page) => [page.id, page.accessToken!]));
      const current = pages.some((page) => page.instagram_business_account_id === connection.publishTargetId) ? connection.publishTargetId : null;
      // One business account is the obvious target; with several, the user chooses.
      const target = current ?? (pages.length === 1 ? pages[0]!.instagram_business_account_id : null);
      return {
        pages: JSON.stringify(pages),
        pages_fetched_at: new Date().toISOString(),
        page_tokens: sealSecret(cipher, connection.userId, 'instagram', 'page_tokens', JSON.stringify(pageTokens)),
        publish_target_id: target,
      };
    },
  };
}
