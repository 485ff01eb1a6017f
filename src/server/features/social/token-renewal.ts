import { DEFAULT_TOKEN_LIFETIME_SECONDS } from '../../../domain/social.ts';
import type { GraphClient, GraphTokenInfo } from '../../adapters/instagram/graph-client.ts';
import type { LinkedInClient } from '../../adapters/linkedin/linkedin-client.ts';
import { ProviderError } from '../../adapters/provider-http.ts';
import { type TokenCipher, TokenDecryptionError } from '../../lib/token-cipher.ts';
import { type Connection, openSecret, sealSecret } from './connection.ts';
import { expiryFrom } from './connector.ts';
import type { ConnectionChanges } from './repo.ts';

/**
 * One connection's token renewed ahead of its expiry (../shared/reference/social-apis.md A.3, B.3):
 * LinkedIn with its refresh token, Meta by exchanging the long-lived user token for a new one. The
 * outcome says what the refresh job does with the connection:
 * - renewed: these columns replace the old tokens and expiries, in one update;
 * - expiring: it cannot be renewed (no usable refresh token, Meta's data access ending) but still works
 *   until `expiresAt`: the owner is warned and must connect again before then;
 * - lost: it cannot be renewed and no longer works (expired, or the provider calls it invalid): the
 *   owner must connect again;
 * - retry: the provider could not say (no answer, 5xx, rate limit, our own app credentials refused):
 *   try again later, the connection stays as it is;
 * - skipped: the network is not configured on this server any more; nothing can be done here.
 */
export type RenewalOutcome =
  | { result: 'renewed'; changes: ConnectionChanges; expiresAt: Date }
  | { result: 'expiring'; reason: string; expiresAt: Date }
  | { result: 'lost'; reason: string }
  | { result: 'retry'; reason: string }
  | { result: 'skipped'; reason: string };

export interface RenewalDependencies {
  cipher: TokenCipher;
  clients: { linkedin?: LinkedInClient; instagram?: GraphClient };
  log: { warn: (object: unknown, message: string) => void; error: (object: unknown, message: string) => void };
}

export interface RenewalTimes {
  now: Date;
  /** The end of the refresh window: a limit that ends before it cannot be trusted to last. */
  horizon: Date;
}

const lost = (reason: string): RenewalOutcome => ({ result: 'lost', reason });
const retry = (reason: string): RenewalOutcome => ({ result: 'retry', reason });

/**
 * Not renewable: still usable until the token (or Meta's data access) ends, lost once it has ended or
 * when that end is unknown.
 */
function notRenewable(connection: Connection, now: Date, reason: string, dataAccessExpiresAt = connection.dataAccessExpiresAt): RenewalOutcome {
  if (connection.tokenExpiresAt === null) return lost(`${reason}; the token's expiry is unknown`);
  const expiresAt = dataAccessExpiresAt && dataAccessExpiresAt < connection.tokenExpiresAt ? dataAccessExpiresAt : connection.tokenExpiresAt;
  return expiresAt > now ? { result: 'expiring', reason, expiresAt } : lost(`${reason}; access ended on ${expiresAt.toISOString()}`);
}

export async function renewConnection(deps: RenewalDependencies, connection: Connection, times: RenewalTimes): Promise<RenewalOutcome> {
  try {
    if (connection.network === 'linkedin') {
      const client = deps.clients.linkedin;
      return client ? await renewLinkedIn(deps, client, connection, times) : { result: 'skipped', reason: 'LinkedIn is not configured' };
    }
    const client = deps.clients.instagram;
    return client ? await renewInstagram(deps, client, connection, times) : { result: 'skipped', reason: 'Instagram is not configured' };
  } catch (error) {
    if (error instanceof TokenDecryptionError) return lost(`a stored token cannot be decrypted: ${error.message}`);
    if (!(error instanceof ProviderError)) throw error;
    if (error.isTransient) return retry(error.message);
    if (saysTheTokenIsInvalid(error)) return lost(error.message);
    // Our app's credentials or request refused: the provider said nothing about the member's token.
    deps.log.error({ err: error, network: connection.network }, 'The provider refused a token refresh for a reason that is not the token');
    return retry(error.message);
  }
}

/** LinkedIn's token endpoint answers a dead refresh token with 400 invalid_request (invalid_grant in OAuth); Graph with code 190. */
function saysTheTokenIsInvalid(error: ProviderError): boolean {
  if (error.failure === 'invalid-token') return true;
  return error.provider === 'linkedin' && error.failure === 'rejected' && (error.details.code === 'invalid_request' || error.details.code === 'invalid_grant');
}

async function renewLinkedIn(deps: RenewalDependencies, client: LinkedInClient, connection: Connection, { now }: RenewalTimes): Promise<RenewalOutcome> {
  const refreshToken = openSecret(deps.cipher, connection, 'refresh_token');
  if (!refreshToken) return notRenewable(connection, now, 'LinkedIn gave no refresh token (the app is not approved for programmatic refresh tokens)');
  if (connection.refreshTokenExpiresAt && connection.refreshTokenExpiresAt <= now) return notRenewable(connection, now, 'the refresh token has expired (365 days after the first authorization)');
  const grant = await client.refreshAccessToken(refreshToken);
  if (!grant.accessToken) return retry('LinkedIn answered the refresh without an access token');
  const expiresAt = expiryFrom(now, grant.expiresIn ?? DEFAULT_TOKEN_LIFETIME_SECONDS);
  const { userId } = connection;
  return {
    result: 'renewed',
    expiresAt,
    changes: {
      access_token: sealSecret(deps.cipher, userId, 'linkedin', 'access_token', grant.accessToken),
      token_type: 'Bearer',
      token_expires_at: expiresAt.toISOString(),
      token_issued_at: now.toISOString(),
      verified_at: now.toISOString(),
      ...(grant.scopes.length > 0 ? { scopes: grant.scopes.join(' ') } : {}),
      // The refresh token keeps counting from the first authorization: LinkedIn says how long it has left.
      ...(grant.refreshToken
        ? {
            refresh_token: sealSecret(deps.cipher, userId, 'linkedin', 'refresh_token', grant.refreshToken),
            refresh_token_expires_at: grant.refreshTokenExpiresIn === undefined ? null : expiryFrom(now, grant.refreshTokenExpiresIn).toISOString(),
          }
        : {}),
    },
  };
}

async function renewInstagram(deps: RenewalDependencies, client: GraphClient, connection: Connection, { now, horizon }: RenewalTimes): Promise<RenewalOutcome> {
  if (connection.dataAccessExpiresAt && connection.dataAccessExpiresAt <= now) return lost('data access has expired (90 days without the user logging in)');
  if (connection.tokenExpiresAt && connection.tokenExpiresAt <= now) return lost('the long-lived token has expired (an expired token cannot be exchanged)');
  const current = openSecret(deps.cipher, connection, 'access_token');
  if (!current) return lost('no access token is stored');
  const renewed = await client.exchangeForLongLivedToken(current);
  if (!renewed.accessToken) return retry('Meta answered the exchange without an access token');
  const accessToken = renewed.accessToken;

  // debug_token tells the real limits of the new token; without it, expires_in and the old data access do.
  const info: GraphTokenInfo | undefined = await client.debugToken(accessToken).catch((error: unknown) => {
    deps.log.warn({ err: error, userId: connection.userId }, 'Meta debug_token failed after a token exchange; keeping expires_in');
    return undefined;
  });
  const dataAccessExpiresAt = info?.dataAccessExpiresAt ?? connection.dataAccessExpiresAt;
  // Only a new login moves data access: a token that will outlive it does not keep the connection.
  if (info?.dataAccessExpiresAt && info.dataAccessExpiresAt <= horizon) {
    return notRenewable(connection, now, `data access ends on ${info.dataAccessExpiresAt.toISOString()} and only a new login extends it`, info.dataAccessExpiresAt);
  }
  const expiresAt = renewed.expiresIn !== undefined ? expiryFrom(now, renewed.expiresIn) : (info?.expiresAt ?? expiryFrom(now, DEFAULT_TOKEN_LIFETIME_SECONDS));
  const pageTokens = await rereadPageTokens(deps, client, connection, accessToken);
  return {
    result: 'renewed',
    expiresAt,
    changes: {
      access_token: sealSecret(deps.cipher, connection.userId, 'instagram', 'access_token', accessToken),
      token_type: renewed.tokenType ?? 'bearer',
      token_expires_at: expiresAt.toISOString(),
      token_issued_at: (info?.issuedAt ?? now).toISOString(),
      data_access_expires_at: dataAccessExpiresAt?.toISOString() ?? null,
      verified_at: now.toISOString(),
      ...(pageTokens === undefined ? {} : { page_tokens: pageTokens }),
    },
  };
}

/**
 * The known pages' tokens read again with the new user token, sealed; undefined keeps the stored ones.
 * Page tokens from a long-lived user token do not expire, but Meta invalidates them with the user's
 * session (password change, lost page role), so a renewal is a good moment to take fresh ones.
 */
async function rereadPageTokens(deps: RenewalDependencies, client: GraphClient, connection: Connection, accessToken: string): Promise<string | null | undefined> {
  const known = (connection.instagramPages ?? []).map((page) => page.facebook_page_id);
  if (known.length === 0) return undefined;
  try {
    const stored = JSON.parse(openSecret(deps.cipher, connection, 'page_tokens') ?? '{}') as Record<string, string>;
    const pages = await client.listPages(accessToken);
    const fresh = Object.fromEntries(pages.filter((page) => page.accessToken && known.includes(page.id)).map((page) => [page.id, page.accessToken!]));
    return sealSecret(deps.cipher, connection.userId, 'instagram', 'page_tokens', JSON.stringify({ ...stored, ...fresh }));
  } catch (error) {
    if (!(error instanceof ProviderError || error instanceof TokenDecryptionError || error instanceof SyntaxError)) throw error;
    deps.log.warn({ err: error, userId: connection.userId }, 'Instagram page tokens could not be read again after a renewal; keeping the stored ones');
    return undefined;
  }
}
