import {
  DEFAULT_LINKEDIN_PERSON_ID,
  DEFAULT_LINKEDIN_USER_NAME,
  DEFAULT_TOKEN_LIFETIME_SECONDS,
  linkedinScopes,
  type LinkedInPage,
} from '../../../domain/social.ts';
import type { LinkedInClient, LinkedInTokenGrant } from '../../adapters/linkedin/linkedin-client.ts';
import { ProviderError } from '../../adapters/provider-http.ts';
import { AppError } from '../../errors.ts';
import { type Connection, openSecret, sealSecret } from './connection.ts';
import { type ConnectorDependencies, type NetworkConnector, type VerifyOutcome, exchangeFailure, expiryFrom, warningOf } from './connector.ts';
import type { ConnectionChanges } from './repo.ts';

/** Renew a LinkedIn token this long before it expires, when a refresh token allows it. */
const REFRESH_AHEAD_MS = 24 * 3_600_000;
const personUrn = (id: string) => `urn:li:person:${id}`;

/**
 * LinkedIn (SPEC §7 linkedin-exchange-code, -verify-token, -fetch-admin-pages): the member and the
 * organizations they administer; the member (PERSON) is the publish target until another is chosen.
 */
export function createLinkedInConnector(
  client: LinkedInClient,
  options: { sandbox: boolean; organizationPages: boolean; memberPostAnalytics?: boolean },
  deps: ConnectorDependencies,
): NetworkConnector {
  const { cipher } = deps;

  /** The token columns of a grant; a refresh that returns no new refresh token keeps the old one. */
  function tokenColumns(userId: string, grant: LinkedInTokenGrant & { accessToken: string }, now: Date): ConnectionChanges {
    return {
      access_token: sealSecret(cipher, userId, 'linkedin', 'access_token', grant.accessToken),
      token_type: 'Bearer',
      token_expires_at: expiryFrom(now, grant.expiresIn ?? DEFAULT_TOKEN_LIFETIME_SECONDS).toISOString(),
      ...(grant.refreshToken
        ? {
            refresh_token: sealSecret(cipher, userId, 'linkedin', 'refresh_token', grant.refreshToken),
            refresh_token_expires_at: grant.refreshTokenExpiresIn === undefined ? null : expiryFrom(now, grant.refreshTokenExpiresIn).toISOString(),
          }
        : {}),
    };
  }

  /** A new access token from the refresh token, when there is a valid one; undefined otherwise. */
  async function refreshIfPossible(connection: Connection, now: Date): Promise<ConnectionChanges | undefined> {
    const refreshToken = openSecret(cipher, connection, 'refresh_token');
    if (!refreshToken || (connection.refreshTokenExpiresAt && connection.refreshTokenExpiresAt <= now)) return undefined;
    const grant = await client.refreshAccessToken(refreshToken);
    if (!grant.accessToken) return undefined;
    return tokenColumns(connection.userId, { ...grant, accessToken: grant.accessToken }, now);
  }

  return {
    network: 'linkedin',
    sandbox: options.sandbox,
    companyPagesOffered: options.organizationPages,

    authorizationUrl: ({ state, redirectUri }) =>
      client.authorizationUrl({
        state,
        redirectUri,
        scopes: linkedinScopes({ organizationPages: options.organizationPages, memberAnalytics: options.memberPostAnalytics }),
      }),

    async connect({ userId, code, redirectUri, previous }) {
      let grant: LinkedInTokenGrant;
      try {
        grant = await client.exchangeCode({ code, redirectUri });
      } catch (error) {
        throw exchangeFailure('linkedin', error);
      }
      const accessToken = grant.accessToken;
      if (!accessToken) throw new AppError('SOCIAL_NO_ACCESS_TOKEN', 'No access token received');
      let member;
      try {
        member = await client.getMember(accessToken);
      } catch (error) {
        deps.log.warn({ err: error }, 'LinkedIn userinfo failed right after the code exchange');
        throw new AppError('SOCIAL_USER_INFO_FAILED', 'Failed to verify token or get user information');
      }
      const now = deps.now();
      // SPEC §9's defaults, for a member record that lacks them.
      const personId = member.sub ?? DEFAULT_LINKEDIN_PERSON_ID;
      const joinedName = [member.givenName, member.familyName].filter(Boolean).join(' ');
      const userName = member.name ?? (joinedName || DEFAULT_LINKEDIN_USER_NAME);
      const sameAccount = previous?.accountId === personId;
      return {
        ...tokenColumns(userId, { ...grant, accessToken }, now),
        ...(grant.refreshToken ? {} : { refresh_token: null, refresh_token_expires_at: null }),
        id_token: sealSecret(cipher, userId, 'linkedin', 'id_token', grant.idToken),
        is_connected: true,
        account_id: personId,
        account_name: userName,
        scopes: grant.scopes.join(' '),
        connected_at: now.toISOString(),
        verified_at: now.toISOString(),
        disconnected_at: null,
        // A new grant: the pages are fetched again when the list is opened.
        pages: null,
        pages_fetched_at: null,
        // SPEC §9: the member (PERSON) is preselected; a reconnection of the same member keeps their choice.
        publish_target_id:
          sameAccount && previous?.publishTargetId ? previous.publishTargetId : personId === DEFAULT_LINKEDIN_PERSON_ID ? null : personUrn(personId),
      };
    },

    async verify(connection): Promise<VerifyOutcome> {
      const now = deps.now();
      try {
        const expiresSoon = !connection.tokenExpiresAt || connection.tokenExpiresAt.getTime() - now.getTime() < REFRESH_AHEAD_MS;
        if (expiresSoon) {
          const refreshed = await refreshIfPossible(connection, now).catch((error: unknown) => {
            if (error instanceof ProviderError && error.isTransient) throw error;
            return undefined;
          });
          if (refreshed) return { result: 'valid', changes: { ...refreshed, verified_at: now.toISOString() } };
          if (!connection.tokenExpiresAt || connection.tokenExpiresAt <= now) return { result: 'invalid', reason: 'the access token has expired' };
        }
        const accessToken = openSecret(cipher, connection, 'access_token');
        if (!accessToken) return { result: 'invalid', reason: 'no access token is stored' };
        const introspection = await client.introspectToken(accessToken);
        if (!introspection.active) return { result: 'invalid', reason: `LinkedIn says the token is ${introspection.status ?? 'not active'}` };
        return { result: 'valid', changes: { verified_at: now.toISOString() } };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.isTransient) return { result: 'unverified', warning: warningOf(error) };
        // Our own credentials refused (invalid_client): LinkedIn said nothing about the member's token.
        if (error.details.code === 'invalid_client' || error.details.status === 401) {
          deps.log.error({ err: error }, 'LinkedIn refused the app credentials while checking a token');
          return { result: 'unverified', warning: 'serverIssues' };
        }
        return { result: 'invalid', reason: error.message };
      }
    },

    /**
     * The member, and the company pages they may post as when the app may (organizationPages: without
     * LinkedIn's Community Management API the token has no organization scope, so none is asked for).
     * A page the network refused keeps its problem across reloads: connecting again starts afresh.
     */
    async fetchPages(connection) {
      const accessToken = openSecret(cipher, connection, 'access_token');
      if (!accessToken) throw new ProviderError('linkedin', 'invalid-token', 'No access token is stored');
      const [member, organizationIds] = await Promise.all([
        client.getMember(accessToken),
        options.organizationPages ? client.listAdministeredOrganizationIds(accessToken) : Promise.resolve([]),
      ]);
      const organizations = await Promise.all(
        organizationIds.map((id) =>
          client.getOrganization(accessToken, id).catch((error: unknown) => {
            // An organization LinkedIn will not describe is still one the member administers.
            if (error instanceof ProviderError && (error.failure === 'permission' || error.failure === 'rejected')) {
              return { id, urn: `urn:li:organization:${id}`, name: `Organization ${id}`, vanityName: undefined, logoUrl: null };
            }
            throw error;
          }),
        ),
      );
      const personId = member.sub ?? connection.accountId ?? DEFAULT_LINKEDIN_PERSON_ID;
      const problemOf = (id: string) => {
        const problem = connection.linkedinPages?.find((page) => page.id === id)?.problem;
        return problem ? { problem } : {};
      };
      const pages: LinkedInPage[] = [
        { id: personUrn(personId), name: member.name ?? connection.accountName ?? DEFAULT_LINKEDIN_USER_NAME, type: 'PERSON', logoUrl: member.picture ?? null },
        ...organizations.map((organization) => ({
          id: organization.urn,
          name: organization.name,
          type: 'ORGANIZATION' as const,
          logoUrl: organization.logoUrl,
          ...problemOf(organization.urn),
        })),
      ];
      const target = pages.some((page) => page.id === connection.publishTargetId) ? connection.publishTargetId : pages[0]!.id;
      return { pages: JSON.stringify(pages), pages_fetched_at: deps.now().toISOString(), publish_target_id: target };
    },
  };
}
