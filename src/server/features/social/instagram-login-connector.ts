import type { InstagramBusinessPage } from '../../../domain/social.ts';
import {
  INSTAGRAM_LOGIN_INSIGHTS_SCOPE,
  INSTAGRAM_LOGIN_SCOPES,
  type InstagramLoginClient,
  type InstagramLoginProfile,
  isProfessionalAccount,
} from '../../adapters/instagram-login/instagram-login-client.ts';
import { ProviderError } from '../../adapters/provider-http.ts';
import { AppError } from '../../errors.ts';
import { openSecret, sealSecret } from './connection.ts';
import { type ConnectorDependencies, type NetworkConnector, type VerifyOutcome, exchangeFailure, expiryFrom, warningOf } from './connector.ts';
import type { ConnectionChanges } from './repo.ts';

/** A long-lived Instagram User token lasts 60 days (refresh_access_token; decision 052) when Meta does not say. */
const LONG_LIVED_SECONDS = 60 * 86_400;

/**
 * Instagram through Instagram Login (issue 27 item 2, docs/decisions/052 and 054): the professional account
 * itself (Business or Creator) authorizes the Instagram app, with no Facebook Page. The code becomes a
 * short-lived token (an hour) and that a long-lived one (60 days), kept sealed in `access_token` and
 * refreshed by the token job between 24 hours and its end (token-renewal.ts). The account is the one
 * page there is to publish to, chosen at once; posts go out with this token on graph.instagram.com.
 */
export function createInstagramLoginConnector(client: InstagramLoginClient, options: { sandbox: boolean }, deps: ConnectorDependencies): NetworkConnector {
  const { cipher } = deps;

  return {
    network: 'instagram',
    sandbox: options.sandbox,

    authorizationUrl: ({ state, redirectUri }) =>
      client.authorizeUrl({ state, redirectUri, scopes: [...INSTAGRAM_LOGIN_SCOPES, INSTAGRAM_LOGIN_INSIGHTS_SCOPE] }),

    async connect({ userId, code, redirectUri }) {
      let token: { accessToken: string; expiresIn: number | undefined; tokenType: string | undefined };
      let permissions: string[];
      try {
        const shortLived = await client.exchangeCode({ code, redirectUri });
        if (!shortLived.accessToken) throw new AppError('SOCIAL_NO_ACCESS_TOKEN', 'No access token received');
        permissions = shortLived.permissions;
        const longLived = await client.exchangeForLongLivedToken(shortLived.accessToken);
        if (!longLived.accessToken) throw new AppError('SOCIAL_NO_ACCESS_TOKEN', 'No access token received');
        token = { accessToken: longLived.accessToken, expiresIn: longLived.expiresIn, tokenType: longLived.tokenType };
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw exchangeFailure('instagram', error);
      }
      let profile: InstagramLoginProfile;
      try {
        profile = await client.getProfile(token.accessToken);
      } catch (error) {
        deps.log.warn({ err: error }, 'Instagram /me failed right after the code exchange');
        throw new AppError('SOCIAL_USER_INFO_FAILED', 'Failed to verify token or get user information');
      }
      if (!isProfessionalAccount(profile.accountType))
        throw new AppError(
          'SOCIAL_NOT_PROFESSIONAL',
          `@${profile.username} is not a professional Instagram account (${profile.accountType ?? 'no account type'})`,
        );

      const now = deps.now();
      return {
        login: 'instagram',
        access_token: sealSecret(cipher, userId, 'instagram', 'access_token', token.accessToken),
        refresh_token: null,
        refresh_token_expires_at: null,
        id_token: null,
        page_tokens: null,
        token_type: token.tokenType ?? 'bearer',
        token_expires_at: expiryFrom(now, token.expiresIn ?? LONG_LIVED_SECONDS).toISOString(),
        data_access_expires_at: null,
        // The refresh window counts from here (at least 24 hours old, decision 052).
        token_issued_at: now.toISOString(),
        scopes: permissions.join(' '),
        granular_scopes: null,
        provider_app_id: null,
        provider_application: null,
        is_connected: true,
        account_id: profile.igUserId,
        account_name: profile.username,
        connected_at: now.toISOString(),
        verified_at: now.toISOString(),
        disconnected_at: null,
        ...accountPage(profile, now),
      };
    },

    async verify(connection): Promise<VerifyOutcome> {
      const now = deps.now();
      if (!connection.tokenExpiresAt || connection.tokenExpiresAt <= now) return { result: 'invalid', reason: 'the Instagram token has expired' };
      const token = openSecret(cipher, connection, 'access_token');
      if (!token) return { result: 'invalid', reason: 'no access token is stored' };
      try {
        const profile = await client.getProfile(token);
        if (profile.igUserId !== connection.accountId) return { result: 'invalid', reason: 'the token belongs to another Instagram account' };
        return { result: 'valid', changes: { verified_at: now.toISOString(), account_name: profile.username } };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.failure === 'invalid-token') return { result: 'invalid', reason: `Instagram says the token is not valid: ${error.message}` };
        if (error.isTransient) return { result: 'unverified', warning: warningOf(error) };
        deps.log.error({ err: error }, 'Instagram refused /me for a reason that is not the token');
        return { result: 'unverified', warning: 'serverIssues' };
      }
    },

    /** The one account there is, read again (its name, picture and figures may have changed). */
    async fetchPages(connection) {
      const token = openSecret(cipher, connection, 'access_token');
      if (!token) throw new ProviderError('meta', 'invalid-token', 'No access token is stored');
      const profile = await client.getProfile(token);
      if (profile.igUserId !== connection.accountId) throw new ProviderError('meta', 'invalid-token', 'The token belongs to another Instagram account');
      const marked = connection.instagramPages?.find((page) => page.instagram_business_account_id === profile.igUserId)?.problem;
      return accountPage(profile, deps.now(), marked ?? undefined);
    },
  };
}

/** The account as the connection's one page, and the publish target. */
function accountPage(profile: InstagramLoginProfile, now: Date, problem?: InstagramBusinessPage['problem']): ConnectionChanges {
  const page: InstagramBusinessPage = {
    instagram_business_account_id: profile.igUserId,
    instagram_username: profile.username,
    instagram_name: profile.name,
    instagram_profile_picture: profile.profilePictureUrl,
    instagram_followers_count: profile.followersCount,
    instagram_media_count: profile.mediaCount,
    facebook_page_id: null,
    facebook_page_name: null,
    ...(problem ? { problem } : {}),
  };
  return { pages: JSON.stringify([page]), pages_fetched_at: now.toISOString(), publish_target_id: profile.igUserId };
}
