import { DEFAULT_TOKEN_LIFETIME_SECONDS, type InstagramBusinessPage, type PageProblem, instagramScopes } from '../../../domain/social.ts';
import type { GraphClient, GraphPage, GraphToken, GraphTokenInfo } from '../../adapters/instagram/graph-client.ts';
import { ProviderError } from '../../adapters/provider-http.ts';
import { AppError } from '../../errors.ts';
import type { TokenCipher } from '../../lib/token-cipher.ts';
import { type Connection, openPageTokens, openSecret, sealSecret, targetPageId } from './connection.ts';
import { type ConnectorDependencies, type NetworkConnector, type VerifyOutcome, exchangeFailure, expiryFrom, warningOf } from './connector.ts';
import type { ConnectionChanges } from './repo.ts';

/**
 * Instagram through Facebook Login (SPEC §7 instagram-exchange-code, -verify-token, -fetch-admin-pages;
 * docs/decisions/012): the code becomes a short-lived user token and that a long-lived one (about 60
 * days). The pages are the Facebook pages with an Instagram business account that the user shared, her
 * own and those of her Business Manager businesses, each with its page token (kept encrypted).
 *
 * What lasts is a page token obtained with the long-lived user token: it never expires, but dies with
 * the user's data access (90 days after she last logged in to the app), a password change, a lost page
 * role or the app's removal. So publishing uses the target page's token, and once one is stored the
 * connection's end (token_expires_at, Settings' "valid until") is the end of data access; before that,
 * the user token's own end.
 */
export function createInstagramConnector(client: GraphClient, options: { sandbox: boolean; adsRead: boolean }, deps: ConnectorDependencies): NetworkConnector {
  const { cipher } = deps;

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

      const now = deps.now();
      const accountId = me.id ?? info.userId ?? null;
      const expiresAt =
        longLived.expiresIn !== undefined ? expiryFrom(now, longLived.expiresIn) : (info.expiresAt ?? expiryFrom(now, DEFAULT_TOKEN_LIFETIME_SECONDS));
      const sameAccount = previous !== undefined && previous.login === 'facebook' && previous.accountId === accountId;
      return {
        login: 'facebook',
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
      const target = targetPageToken(connection);
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
            scopes: info.scopes.join(' '),
            granular_scopes: JSON.stringify(info.granularScopes),
            ...(dataAccessExpiresAt ? { data_access_expires_at: dataAccessExpiresAt.toISOString() } : {}),
            ...(target && dataAccessExpiresAt ? { token_expires_at: dataAccessExpiresAt.toISOString() } : {}),
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
      // Pages of Business Manager businesses are read only with business_management (/me/businesses needs it).
      const linked = (await client.listPages(accessToken, { businesses: connection.scopes.includes('business_management') })).filter(
        (page) => page.instagramBusinessAccount,
      );
      const adsGranted = connection.scopes.includes('ads_read') || connection.scopes.includes('ads_management');
      // A mark left by a refusal at publish time stays until the user connects again (that clears the pages).
      const marked = new Map(
        (connection.instagramPages ?? []).filter((page) => page.problem).map((page) => [page.instagram_business_account_id, page.problem!]),
      );
      const pages = linked.map((page) => businessPageOf(page, adsGranted, marked.get(page.instagramBusinessAccount!.id)));
      const pageTokens = Object.fromEntries(linked.filter((page) => page.accessToken).map((page) => [page.id, page.accessToken!]));
      const current = pages.some((page) => page.instagram_business_account_id === connection.publishTargetId) ? connection.publishTargetId : null;
      // One account that can be published to is the obvious target; with several, the user chooses.
      const publishable = pages.filter((page) => !page.problem);
      const target = current ?? (publishable.length === 1 ? publishable[0]!.instagram_business_account_id : null);
      return {
        pages: JSON.stringify(pages),
        pages_fetched_at: deps.now().toISOString(),
        page_tokens: sealSecret(cipher, connection.userId, 'instagram', 'page_tokens', JSON.stringify(pageTokens)),
        publish_target_id: target,
        ...connectionEnd(connection, Object.keys(pageTokens).length > 0),
      };
    },

    async fetchPageToken(connection) {
      return fetchTargetPageToken(client, cipher, connection);
    },
  };

  function targetPageToken(connection: Connection): string | undefined {
    const pageId = targetPageId(connection);
    return pageId ? openPageTokens(cipher, connection)[pageId] : undefined;
  }
}

/** The stored page for Settings: a page reached through Business Manager cannot be published to without an ads permission. */
function businessPageOf(page: GraphPage, adsGranted: boolean, marked: PageProblem | undefined): InstagramBusinessPage {
  const account = page.instagramBusinessAccount!;
  const problem = page.through === 'business' && !adsGranted ? 'businessManagerPermission' : marked;
  return {
    instagram_business_account_id: account.id,
    instagram_username: account.username,
    instagram_name: account.name,
    instagram_profile_picture: account.profilePictureUrl,
    instagram_followers_count: account.followersCount,
    instagram_media_count: account.mediaCount,
    facebook_page_id: page.id,
    facebook_page_name: page.name,
    ...(problem ? { problem } : {}),
  };
}

/** With a page token stored, the connection lasts as long as the user's data access (the page token itself never expires). */
function connectionEnd(connection: Connection, pageTokens: boolean): ConnectionChanges {
  return pageTokens && connection.dataAccessExpiresAt ? { token_expires_at: connection.dataAccessExpiresAt.toISOString() } : {};
}

/** The Facebook page behind the chosen Instagram account. */
/**
 * The target page's token, read with the user's token when none is stored, and the columns that keep it
 * (the page tokens with it, the connection's end moved to the end of data access). A ProviderError
 * `page` when Meta gives none for that page (the user no longer manages it, or did not share it).
 */
export async function fetchTargetPageToken(
  client: GraphClient,
  cipher: TokenCipher,
  connection: Connection,
): Promise<{ token: string; changes: ConnectionChanges }> {
  const stored = openPageTokens(cipher, connection);
  const known = targetPageId(connection);
  if (known && stored[known]) return { token: stored[known]!, changes: {} };
  const userToken = openSecret(cipher, connection, 'access_token');
  if (!userToken) throw new ProviderError('meta', 'invalid-token', 'No access token is stored');
  // Pages not fetched since the last login: the page is found among the user's again.
  const pageId =
    known ??
    (await client.listPages(userToken, { businesses: connection.scopes.includes('business_management') })).find(
      (page) => page.instagramBusinessAccount?.id === connection.publishTargetId,
    )?.id;
  if (!pageId) throw new ProviderError('meta', 'page', 'The chosen Instagram account is not among the pages the user shared with the app');
  const token = await client.getPageToken(userToken, pageId).catch((error: unknown) => {
    // Code 100 (subcode 33): the page cannot be loaded with her token, it is no longer hers to share.
    if (error instanceof ProviderError && error.failure === 'rejected' && error.details.code === 100) return undefined;
    throw error;
  });
  if (!token)
    throw new ProviderError(
      'meta',
      'page',
      `Meta gave no token for the Facebook page ${pageId}: the user no longer manages it, or did not share it with the app`,
    );
  return {
    token,
    changes: {
      page_tokens: sealSecret(cipher, connection.userId, connection.network, 'page_tokens', JSON.stringify({ ...stored, [pageId]: token })),
      ...connectionEnd(connection, true),
    },
  };
}
