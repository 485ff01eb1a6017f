import { DEFAULT_TOKEN_LIFETIME_SECONDS } from '../../../domain/social.ts';
import type { GraphClient } from '../../adapters/instagram/graph-client.ts';
import { type InstagramLoginClient, REFRESH_MIN_AGE_MS } from '../../adapters/instagram-login/instagram-login-client.ts';
import type { LinkedInClient } from '../../adapters/linkedin/linkedin-client.ts';
import { ProviderError } from '../../adapters/provider-http.ts';
import { type TokenCipher, TokenDecryptionError } from '../../lib/token-cipher.ts';
import { type Connection, openSecret, sealSecret } from './connection.ts';
import { expiryFrom } from './connector.ts';
import { fetchTargetPageToken } from './instagram-connector.ts';
import type { ConnectionChanges } from './repo.ts';
import type { Log } from '../../lib/log.ts';

/**
 * One connection's token renewed ahead of its expiry (../shared/reference/social-apis.md A.3, B.3):
 * LinkedIn with its refresh token. Meta documents no renewal of a long-lived user token without a new
 * login, so an Instagram connection is not renewed: it publishes with its page token, which never expires,
 * and lasts until the user's data access ends (docs/decisions/012); the refresh confirms the page token and
 * reads that end again. An Instagram Login connection's token is refreshed with Instagram's own refresh
 * (ig_refresh_token, decision 052) once it is 24 hours old, for another 60 days. The outcome says what
 * the refresh job does with the connection:
 * - renewed: these columns replace the old tokens and expiries, in one update (Instagram: the page
 *   token confirmed, or read and kept, and the connection's end moved to the end of data access);
 * - expiring: it cannot be renewed (no usable refresh token, Meta's data access ending) but still works
 *   until `expiresAt`: the owner is warned and must connect again before then (`changes`, when given,
 *   are kept meanwhile);
 * - lost: it cannot be renewed and no longer works (expired, or the provider calls it invalid): the
 *   owner must connect again;
 * - retry: the provider could not say (no answer, 5xx, rate limit, our own app credentials refused):
 *   try again later, the connection stays as it is;
 * - skipped: the network is not configured on this server any more; nothing can be done here.
 */
export type RenewalOutcome =
  | { result: 'renewed'; changes: ConnectionChanges; expiresAt: Date }
  | { result: 'expiring'; reason: string; expiresAt: Date; changes?: ConnectionChanges }
  | { result: 'lost'; reason: string }
  | { result: 'retry'; reason: string }
  | { result: 'skipped'; reason: string };

export interface RenewalDependencies {
  cipher: TokenCipher;
  clients: { linkedin?: LinkedInClient; instagram?: GraphClient; instagramLogin?: InstagramLoginClient };
  log: Pick<Log, 'warn' | 'error'>;
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
    if (connection.login === 'instagram') {
      const client = deps.clients.instagramLogin;
      return client ? await renewInstagramLogin(deps, client, connection, times) : { result: 'skipped', reason: 'Instagram Login is not configured' };
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
  if (connection.refreshTokenExpiresAt && connection.refreshTokenExpiresAt <= now)
    return notRenewable(connection, now, 'the refresh token has expired (365 days after the first authorization)');
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
  if (!connection.publishTargetId) {
    // Nothing to publish to yet: the user token is all there is, and it cannot be renewed without a new login.
    const userToken = openSecret(deps.cipher, connection, 'access_token');
    if (!userToken) return lost('no access token is stored');
    const info = await client.debugToken(userToken);
    if (!info.isValid) return lost(`Meta says the user token is not valid: ${info.error?.message ?? 'no reason given'}`);
    return notRenewable(
      connection,
      now,
      'no Instagram account is chosen yet, and a user token is renewed only by a new login',
      info.dataAccessExpiresAt ?? connection.dataAccessExpiresAt,
    );
  }
  // A connection stored before page tokens lasted, or whose page was never fetched: its page token now,
  // with the user token while that still works.
  let page: { token: string; changes: ConnectionChanges };
  try {
    page = await fetchTargetPageToken(client, deps.cipher, connection);
  } catch (error) {
    // Only that page is concerned: the connection stands while its user token does.
    if (error instanceof ProviderError && error.failure === 'page') return notRenewable(connection, now, error.message);
    throw error;
  }
  const info = await client.debugToken(page.token);
  if (!info.isValid) return lost(`Meta says the page token is not valid: ${info.error?.message ?? 'no reason given'}`);
  const dataAccessExpiresAt = info.dataAccessExpiresAt ?? connection.dataAccessExpiresAt;
  // The page token never expires (expires_at 0): only data access, which only a new login extends, ends it.
  const end = dataAccessExpiresAt ?? info.expiresAt;
  if (!end) return retry('Meta did not say when the page token or data access ends');
  const changes: ConnectionChanges = {
    ...page.changes,
    token_expires_at: end.toISOString(),
    ...(dataAccessExpiresAt ? { data_access_expires_at: dataAccessExpiresAt.toISOString() } : {}),
    verified_at: now.toISOString(),
  };
  if (end <= now) return lost(`access ended on ${end.toISOString()}`);
  if (end <= horizon)
    return { result: 'expiring', reason: `data access ends on ${end.toISOString()} and only a new login extends it`, expiresAt: end, changes };
  return { result: 'renewed', expiresAt: end, changes };
}

/**
 * Instagram Login (decision 052): a long-lived token may be refreshed from 24 hours old until it expires,
 * for 60 days from the refresh; the job reaches it within its window (TOKEN_REFRESH_WINDOW_DAYS before the
 * end). Past its end it is lost: only a new Instagram Login brings the account back. One too young to be
 * refreshed (connected less than a day before an end that near, which Instagram does not give) waits.
 */
async function renewInstagramLogin(
  deps: RenewalDependencies,
  client: InstagramLoginClient,
  connection: Connection,
  { now }: RenewalTimes,
): Promise<RenewalOutcome> {
  const token = openSecret(deps.cipher, connection, 'access_token');
  if (!token) return lost('no access token is stored');
  if (!connection.tokenExpiresAt || connection.tokenExpiresAt <= now)
    return lost('the Instagram Login token has expired: it can no longer be refreshed, the account must be connected again with Instagram');
  const issuedAt = connection.tokenIssuedAt ?? new Date(0);
  if (now.getTime() - issuedAt.getTime() < REFRESH_MIN_AGE_MS) return { result: 'skipped', reason: 'the Instagram Login token is younger than 24 hours' };
  const refreshed = await client.refreshToken(token, { issuedAt, expiresAt: connection.tokenExpiresAt, now });
  if (!refreshed.accessToken) return retry('Instagram answered the refresh without an access token');
  const expiresAt = expiryFrom(now, refreshed.expiresIn ?? INSTAGRAM_LOGIN_TOKEN_SECONDS);
  return {
    result: 'renewed',
    expiresAt,
    changes: {
      access_token: sealSecret(deps.cipher, connection.userId, 'instagram', 'access_token', refreshed.accessToken),
      token_type: refreshed.tokenType ?? 'bearer',
      token_expires_at: expiresAt.toISOString(),
      token_issued_at: now.toISOString(),
      verified_at: now.toISOString(),
    },
  };
}

/** A refreshed Instagram Login token lasts 60 days (refresh_access_token) when Instagram does not say. */
const INSTAGRAM_LOGIN_TOKEN_SECONDS = 60 * 86_400;
