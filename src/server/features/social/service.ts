import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type InstagramLogin,
  NETWORK_NAMES,
  type PageProblem,
  STATE_MISMATCH_MESSAGE,
  type SocialConnectionView,
  type SocialNetwork,
} from '../../../domain/social.ts';
import { ProviderError } from '../../adapters/provider-http.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { readInstant } from '../../db/values.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import { type TokenCipher, TokenDecryptionError } from '../../lib/token-cipher.ts';
import { type RefusedPost, closeRefusedConnection } from './connection-loss.ts';
import { type Connection, openPageTokens, openSecret, readConnection, targetPageId, toView } from './connection.ts';
import type { NetworkConnector } from './connector.ts';
import {
  deleteExpiredOAuthStates,
  deleteSurplusOAuthStates,
  findConnectionRow,
  insertOAuthState,
  listUsableConnectionRows,
  takeOAuthState,
  updateConnectionRow,
  upsertConnectionRow,
} from './repo.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Log } from '../../lib/log.ts';

/**
 * The rules of the social connections (SPEC §4 "Social connection", §5 OAuth callback, §7): the
 * authorization with a state bound to the session (docs/decisions/006), the exchange, the check on load,
 * the pages, the publish target and the disconnection. Tokens are read and written sealed
 * (docs/decisions/006) and never leave this feature except through getPublishingAccess.
 */
export interface SocialDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The app's address: the OAuth redirect URIs are its callback pages. */
  publicUrl: string;
  cipher: TokenCipher;
  /** The networks that can be connected; a missing one is neither configured nor sandboxed. */
  connectors: Partial<Record<SocialNetwork, NetworkConnector>>;
  /** Instagram's second way, Instagram Login (decision 054), when configured or sandboxed. */
  instagramLogin?: NetworkConnector;
  log: Log;
  now: Clock;
}

/** A state is good for this long: enough to read a consent page, short enough to be useless later. */
export const STATE_LIFETIME_MS = 15 * 60 * 1000;
/** States a user may hold at once (several tabs, several networks); older ones stop being accepted. */
export const MAX_STATES_PER_USER = 20;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export function redirectUriOf(publicUrl: string, network: SocialNetwork): string {
  return `${publicUrl}/auth/${network}/callback`;
}

/** Instagram Login's callback page: a redirect URI of its own, registered in the Instagram app (decision 054). */
export function instagramLoginRedirectUri(publicUrl: string): string {
  return `${publicUrl}/auth/instagram-login/callback`;
}

/** The connector of a way to connect: Instagram Login's, or the network's own. */
function wayOf(deps: SocialDependencies, network: SocialNetwork, login: InstagramLogin | null | undefined): NetworkConnector | undefined {
  return network === 'instagram' && login === 'instagram' ? deps.instagramLogin : deps.connectors[network];
}

function connectorOf(deps: SocialDependencies, network: SocialNetwork, login?: InstagramLogin | null): NetworkConnector {
  const connector = wayOf(deps, network, login);
  if (!connector) {
    const name = login === 'instagram' ? 'Instagram Login' : NETWORK_NAMES[network];
    throw new AppError('SOCIAL_NOT_CONFIGURED', `${name} is not configured on this server`);
  }
  return connector;
}

/** Whether the network can be connected at all (Instagram: either way). */
function requireAvailable(deps: SocialDependencies, network: SocialNetwork): void {
  if (!providerStatus(deps, network).available) throw new AppError('SOCIAL_NOT_CONFIGURED', `${NETWORK_NAMES[network]} is not configured on this server`);
}

/** What the provider side offers; for Instagram, by the way the connection was made (Facebook Login when none). */
function providerStatus(deps: SocialDependencies, network: SocialNetwork, login?: InstagramLogin) {
  const shown = wayOf(deps, network, login);
  const ways = network === 'instagram' ? { logins: (['facebook', 'instagram'] as const).filter((way) => wayOf(deps, network, way)) } : {};
  return {
    available: deps.connectors[network] !== undefined || (network === 'instagram' && deps.instagramLogin !== undefined),
    sandbox: shown?.sandbox ?? (network === 'instagram' ? deps.instagramLogin?.sandbox : undefined) ?? false,
    companyPagesOffered: shown?.companyPagesOffered ?? false,
    ...ways,
  };
}

async function loadConnection(deps: SocialDependencies, userId: string, network: SocialNetwork): Promise<Connection | undefined> {
  const row = await findConnectionRow(deps.db, userId, network);
  return row ? readConnection(row) : undefined;
}

/** The connection or SPEC §8's "… data not found" / "User not connected to …". */
async function requireConnection(deps: SocialDependencies, userId: string, network: SocialNetwork, mustBeConnected: boolean): Promise<Connection> {
  const connection = await loadConnection(deps, userId, network);
  if (!connection) throw new AppError('SOCIAL_DATA_NOT_FOUND', `${NETWORK_NAMES[network]} data not found`);
  if (mustBeConnected && !connection.isConnected) throw new AppError('SOCIAL_NOT_CONNECTED', `User not connected to ${NETWORK_NAMES[network]}`);
  return connection;
}

async function markNotConnected(deps: SocialDependencies, connection: Connection, reason: string): Promise<void> {
  await updateConnectionRow(deps.db, deps.dialect, connection.id, { is_connected: false }, deps.now());
  deps.log.info({ userId: connection.userId, network: connection.network, reason }, 'Social connection is no longer valid');
}

/**
 * A token that no longer decrypts (TOKEN_ENCRYPTION_KEY replaced without keeping the old key, or a
 * tampered row) is as good as none: the connection is not connected and the user connects again.
 */
function unreadable(deps: SocialDependencies, connection: Connection, error: unknown): { result: 'invalid'; reason: string } {
  if (!(error instanceof TokenDecryptionError)) throw error;
  deps.log.error({ userId: connection.userId, network: connection.network, reason: error.message }, 'A stored social token cannot be decrypted');
  return { result: 'invalid', reason: error.message };
}

/**
 * GET /api/social/:network: the client view, after asking the provider whether the connection still
 * stands (SPEC §4: checked on load). An expired token, or one the provider calls invalid, leaves it not
 * connected; a provider or network failure keeps it connected with a warning (SPEC §8).
 */
export async function getConnectionStatus(deps: SocialDependencies, input: { userId: string; network: SocialNetwork }): Promise<SocialConnectionView> {
  const { userId, network } = input;
  const connection = await loadConnection(deps, userId, network);
  const status = providerStatus(deps, network, connection?.login);
  if (!connection?.isConnected) return toView(network, connection, status);
  const connector = wayOf(deps, network, connection.login);
  if (!connector) return toView(network, connection, status, 'serverIssues');

  const outcome = await connector.verify(connection).catch((error: unknown) => unreadable(deps, connection, error));
  if (outcome.result === 'invalid') {
    await markNotConnected(deps, connection, outcome.reason);
    return toView(network, { ...connection, isConnected: false }, status);
  }
  if (outcome.result === 'unverified') {
    deps.log.warn({ userId, network, warning: outcome.warning }, 'Social connection could not be verified');
    return toView(network, connection, status, outcome.warning);
  }
  if (outcome.changes) await updateConnectionRow(deps.db, deps.dialect, connection.id, outcome.changes, deps.now());
  return toView(network, await loadConnection(deps, userId, network), status);
}

/**
 * The networks each of these users can publish to now, as stored: connected, with a token not expired
 * (no call to the networks: a list of posts asks this for all its owners at once). What a network says
 * at publishing time may still differ; this is what the studio is warned about beforehand (issue 29).
 */
export async function usableNetworksOf(
  deps: Pick<SocialDependencies, 'db' | 'dialect'>,
  userIds: string[],
  now: Date,
): Promise<Map<string, Set<SocialNetwork>>> {
  const rows = await listUsableConnectionRows(deps.db, deps.dialect, [...new Set(userIds)], now.toISOString());
  const usable = new Map<string, Set<SocialNetwork>>();
  for (const row of rows) {
    const networks = usable.get(row.user_id) ?? new Set<SocialNetwork>();
    networks.add(row.network as SocialNetwork);
    usable.set(row.user_id, networks);
  }
  return usable;
}

/**
 * POST /api/social/:network/authorize: a fresh state of 256 random bits, kept (hashed) with the user,
 * their session and the network, and the provider's consent page that will bring it back.
 */
export async function startAuthorization(
  deps: SocialDependencies,
  input: { user: SessionUser; network: SocialNetwork; login?: InstagramLogin },
): Promise<{ url: string }> {
  if (input.login !== undefined && input.network !== 'instagram')
    throw new AppError('VALIDATION_FAILED', `${NETWORK_NAMES[input.network]} has one way to connect: login is for Instagram only`);
  const login = input.network === 'instagram' ? (input.login ?? 'facebook') : null;
  const connector = connectorOf(deps, input.network, login);
  const state = randomBytes(32).toString('base64url');
  const now = deps.now();
  const redirectUri = login === 'instagram' ? instagramLoginRedirectUri(deps.publicUrl) : redirectUriOf(deps.publicUrl, input.network);
  await deleteExpiredOAuthStates(deps.db, now);
  await insertOAuthState(deps.db, {
    state_hash: sha256(state),
    user_id: input.user.id,
    session_hash: sha256(input.user.sessionToken),
    network: input.network,
    redirect_uri: redirectUri,
    login,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + STATE_LIFETIME_MS).toISOString(),
  });
  await deleteSurplusOAuthStates(deps.db, input.user.id, MAX_STATES_PER_USER);
  return { url: connector.authorizationUrl({ state, redirectUri }) };
}

/**
 * POST /api/social/:network/callback: the state must be one this session was given for this network,
 * unused and unexpired (SPEC §5 "State mismatch. Possible CSRF attack."); then the code is exchanged
 * and the connection stored.
 */
export async function completeAuthorization(
  deps: SocialDependencies,
  input: { user: SessionUser; network: SocialNetwork; code: string; state: string },
): Promise<SocialConnectionView> {
  const { user, network } = input;
  requireAvailable(deps, network);
  const stored = await takeOAuthState(deps.db, sha256(input.state));
  const matches =
    stored !== undefined &&
    stored.user_id === user.id &&
    stored.session_hash === sha256(user.sessionToken) &&
    stored.network === network &&
    readInstant(stored.expires_at) > deps.now();
  if (!matches) {
    deps.log.warn({ userId: user.id, network, known: stored !== undefined }, 'OAuth callback with a state this session was not given');
    throw new AppError('OAUTH_STATE_MISMATCH', STATE_MISMATCH_MESSAGE);
  }
  // Completed the way it was started: the state names it (migration 030).
  const login = stored.login === 'instagram' ? 'instagram' : 'facebook';
  const connector = connectorOf(deps, network, login);
  const previous = await loadConnection(deps, user.id, network);
  const changes = await connector.connect({ userId: user.id, code: input.code, redirectUri: stored.redirect_uri, previous });
  await upsertConnectionRow(deps.db, deps.dialect, user.id, network, changes, deps.now());
  deps.log.info({ userId: user.id, network, ...(network === 'instagram' ? { login } : {}) }, 'Social network connected');
  return toView(network, await loadConnection(deps, user.id, network), providerStatus(deps, network, login));
}

/** GET /api/social/:network/pages: the pages to publish to, fetched from the provider and kept. */
export async function fetchPages(deps: SocialDependencies, input: { userId: string; network: SocialNetwork }): Promise<SocialConnectionView> {
  const { userId, network } = input;
  requireAvailable(deps, network);
  const connection = await requireConnection(deps, userId, network, true);
  const connector = connectorOf(deps, network, connection.login);
  const name = NETWORK_NAMES[network];
  try {
    await updateConnectionRow(deps.db, deps.dialect, connection.id, await connector.fetchPages(connection), deps.now());
  } catch (error) {
    if (error instanceof TokenDecryptionError) {
      await markNotConnected(deps, connection, unreadable(deps, connection, error).reason);
      throw new AppError('SOCIAL_NOT_CONNECTED', `User not connected to ${name}`);
    }
    if (!(error instanceof ProviderError)) throw error;
    if (error.failure === 'invalid-token') {
      await markNotConnected(deps, connection, error.message);
      throw new AppError('SOCIAL_NOT_CONNECTED', `User not connected to ${name}`);
    }
    if (error.failure === 'permission') throw new AppError('SOCIAL_PERMISSION_MISSING', `Failed to fetch ${name} admin pages: ${error.message}`);
    throw new AppError('SOCIAL_PROVIDER_UNAVAILABLE', `Failed to fetch ${name} admin pages: ${error.message}`);
  }
  return toView(network, await loadConnection(deps, userId, network), providerStatus(deps, network, connection.login));
}

/** The connection's page or account `targetId`, as last fetched. */
function pageOf(connection: Connection, targetId: string) {
  if (connection.network === 'facebook') return connection.facebookPages?.find((candidate) => candidate.id === targetId);
  return connection.network === 'linkedin'
    ? connection.linkedinPages?.find((candidate) => candidate.id === targetId)
    : connection.instagramPages?.find((candidate) => candidate.instagram_business_account_id === targetId);
}

/** Why the connection's page or account `targetId` cannot be published to; null when nothing is known against it. */
function problemOf(connection: Connection, targetId: string): PageProblem | null {
  return pageOf(connection, targetId)?.problem ?? null;
}

/**
 * PUT /api/social/:network/target: one of the connection's pages (LinkedIn: the member is always one),
 * and not one the network is known to refuse (its `problem`, which Settings shows).
 */
export async function choosePublishTarget(
  deps: SocialDependencies,
  input: { userId: string; network: SocialNetwork; targetId: string },
): Promise<SocialConnectionView> {
  const { userId, network, targetId } = input;
  const connection = await requireConnection(deps, userId, network, true);
  const allowed =
    network === 'linkedin'
      ? [...(connection.linkedinPages ?? []).map((page) => page.id), ...(connection.accountId ? [`urn:li:person:${connection.accountId}`] : [])]
      : network === 'facebook'
        ? (connection.facebookPages ?? []).map((page) => page.id)
        : (connection.instagramPages ?? []).map((page) => page.instagram_business_account_id);
  if (!allowed.includes(targetId))
    throw new AppError('SOCIAL_TARGET_NOT_FOUND', `${targetId} is not a page this ${NETWORK_NAMES[network]} connection can publish to`);
  const problem = problemOf(connection, targetId);
  if (problem) throw new AppError('SOCIAL_TARGET_NOT_FOUND', `${NETWORK_NAMES[network]} does not allow publishing to ${targetId} (${problem})`);
  await updateConnectionRow(deps.db, deps.dialect, connection.id, { publish_target_id: targetId }, deps.now());
  return toView(network, await loadConnection(deps, userId, network), providerStatus(deps, network, connection.login));
}

/** DELETE /api/social/:network: not connected any more; the data stays (SPEC §4). */
export async function disconnect(deps: SocialDependencies, input: { userId: string; network: SocialNetwork }): Promise<SocialConnectionView> {
  const { userId, network } = input;
  const connection = await requireConnection(deps, userId, network, false);
  const now = deps.now();
  await updateConnectionRow(deps.db, deps.dialect, connection.id, { is_connected: false, disconnected_at: now.toISOString() }, now);
  deps.log.info({ userId, network }, 'Social network disconnected');
  return toView(network, await loadConnection(deps, userId, network), providerStatus(deps, network, connection.login));
}

/** What publishing (issue 7) needs to post for a user: the token and the chosen target, decrypted. */
export interface PublishingAccess {
  network: SocialNetwork;
  /**
   * Instagram: how it was connected. `instagram` (Instagram Login): `accessToken` is the account's own
   * token, for graph.instagram.com, and there is no page token; `facebook`: the page token publishes.
   */
  login?: InstagramLogin;
  accessToken: string;
  /** LinkedIn: the author URN; Instagram: the business account id. */
  targetId: string;
  /** The target's name as the connection knows it (member, company page, Instagram username). */
  targetName: string | null;
  /** Instagram: the token of the target's Facebook page, when one was fetched. */
  pageAccessToken: string | null;
  /** Why the network will not take posts for the target, when it is known (Settings shows it). */
  targetProblem: PageProblem | null;
  /** The scopes the connection was granted (the posts' figures need their own: issue 26). */
  scopes?: string[];
}

export async function getPublishingAccess(deps: SocialDependencies, input: { userId: string; network: SocialNetwork }): Promise<PublishingAccess> {
  const { userId, network } = input;
  const connection = await requireConnection(deps, userId, network, true);
  const accessToken = openSecret(deps.cipher, connection, 'access_token');
  if (!accessToken || !connection.publishTargetId) throw new AppError('SOCIAL_NOT_CONNECTED', `User not connected to ${NETWORK_NAMES[network]}`);
  let pageAccessToken: string | null = null;
  // A Facebook page (issue 27) is posted to with its own token, as Instagram through Facebook Login.
  if ((network === 'instagram' && connection.login === 'facebook') || network === 'facebook') {
    const pageId = targetPageId(connection);
    pageAccessToken = pageId ? (openPageTokens(deps.cipher, connection)[pageId] ?? null) : null;
    // Publishing uses the page's token, the one that lasts (docs/decisions/012): read and kept when missing.
    const connector = deps.connectors[network];
    if (pageAccessToken === null && connector?.fetchPageToken) {
      const fetched = await connector.fetchPageToken(connection);
      await updateConnectionRow(deps.db, deps.dialect, connection.id, fetched.changes, deps.now());
      pageAccessToken = fetched.token;
    }
  }
  const targetId = connection.publishTargetId;
  const targetName =
    network === 'linkedin'
      ? (connection.linkedinPages?.find((page) => page.id === targetId)?.name ??
        (targetId === `urn:li:person:${connection.accountId}` ? connection.accountName : null))
      : network === 'facebook'
        ? (connection.facebookPages?.find((page) => page.id === targetId)?.name ?? null)
        : (connection.instagramPages?.find((page) => page.instagram_business_account_id === targetId)?.instagram_username ?? null);
  return {
    network,
    ...(network === 'instagram' ? { login: connection.login } : {}),
    accessToken,
    targetId,
    targetName,
    pageAccessToken,
    targetProblem: problemOf(connection, targetId),
    scopes: connection.scopes,
  };
}

/**
 * Publishing found the network refusing the token of `access` (invalid, expired, app removed, a
 * permission missing): the connection is closed and its owner gets the connection-lost e-mail naming
 * `post`, as the token refresh does, unless the connection has changed since (connection-loss.ts).
 */
export async function reportRefusedAccess(
  deps: SocialDependencies & { mailer: Mailer },
  input: { userId: string; access: PublishingAccess; reason: string; post: RefusedPost; now: Date },
): Promise<{ closed: boolean; mailed: boolean }> {
  const { access, ...rest } = input;
  return closeRefusedConnection(deps, {
    ...rest,
    network: access.network,
    refused: { accessToken: access.accessToken, pageAccessToken: access.pageAccessToken },
  });
}

/** The problem a page refused by its network is marked with (domain PAGE_PROBLEMS). */
const REFUSED_PAGE_PROBLEM: Record<SocialNetwork, PageProblem> = { linkedin: 'roleRefused', instagram: 'businessManagerPermission', facebook: 'taskMissing' };

/**
 * Publishing found the network refusing the page or account of `access`, not the token (LinkedIn: the
 * member's role on the company page; Meta: a page reached through Business Manager): that page is marked
 * with its problem in the stored pages, so Settings says why and it can be chosen no more; the connection
 * stands. Nothing is marked when the connection no longer lists the page (connected again meanwhile).
 */
export async function reportRefusedPage(
  deps: SocialDependencies,
  input: { userId: string; access: PublishingAccess; reason: string },
): Promise<{ marked: boolean }> {
  const { userId, access } = input;
  const connection = await loadConnection(deps, userId, access.network);
  if (!connection || !pageOf(connection, access.targetId)) return { marked: false };
  const problem = REFUSED_PAGE_PROBLEM[access.network];
  const pages =
    access.network === 'facebook'
      ? connection.facebookPages?.map((page) => (page.id === access.targetId ? { ...page, problem } : page))
      : access.network === 'linkedin'
        ? connection.linkedinPages?.map((page) => (page.id === access.targetId ? { ...page, problem } : page))
        : connection.instagramPages?.map((page) => (page.instagram_business_account_id === access.targetId ? { ...page, problem } : page));
  await updateConnectionRow(deps.db, deps.dialect, connection.id, { pages: JSON.stringify(pages) }, deps.now());
  deps.log.warn(
    { userId, network: access.network, targetId: access.targetId, problem, reason: input.reason },
    'The network refused a page: marked, the connection stands',
  );
  return { marked: true };
}
