import {
  type ConnectionWarning,
  type FacebookPageView,
  INSTAGRAM_INSIGHTS_PERMISSION,
  INSTAGRAM_LOGIN_INSIGHTS_PERMISSION,
  type InstagramLogin,
  type InstagramBusinessPage,
  type LinkedInPage,
  type SocialConnectionView,
  type SocialNetwork,
  instagramBusinessPageSchema,
  facebookPageSchema,
  linkedinPageSchema,
} from '../../../domain/social.ts';
import { readInstant } from '../../db/values.ts';
import type { TokenCipher } from '../../lib/token-cipher.ts';
import type { ConnectionRow } from './repo.ts';

/**
 * A stored connection as the service works with it: dates as Date, pages parsed, and its secrets
 * readable only through the cipher, with the row's own user and network as associated data.
 */
export interface Connection {
  id: number;
  userId: string;
  network: SocialNetwork;
  /** Instagram: Facebook Login or Instagram Login (migration 030); `facebook` on the other networks. */
  login: InstagramLogin;
  isConnected: boolean;
  accountId: string | null;
  accountName: string | null;
  tokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  dataAccessExpiresAt: Date | null;
  /** When the token was obtained: Instagram Login's may be refreshed once 24 hours old. */
  tokenIssuedAt: Date | null;
  scopes: string[];
  publishTargetId: string | null;
  linkedinPages: LinkedInPage[] | null;
  instagramPages: InstagramBusinessPage[] | null;
  /** Facebook: the pages the user shared, with their tasks (issue 27). */
  facebookPages: FacebookPageView[] | null;
  encrypted: Pick<ConnectionRow, 'access_token' | 'refresh_token' | 'id_token' | 'page_tokens'>;
}

export type SecretColumn = 'access_token' | 'refresh_token' | 'id_token' | 'page_tokens';

export function secretContext(userId: string, network: SocialNetwork, column: SecretColumn): string {
  return `social:${userId}:${network}:${column}`;
}

/** Encrypts one secret for its row and column; null stays null. */
export function sealSecret(cipher: TokenCipher, userId: string, network: SocialNetwork, column: SecretColumn, value: string | null | undefined): string | null {
  return value ? cipher.encrypt(value, secretContext(userId, network, column)) : null;
}

export function openSecret(cipher: TokenCipher, connection: Connection, column: SecretColumn): string | null {
  const stored = connection.encrypted[column];
  return stored ? cipher.decrypt(stored, secretContext(connection.userId, connection.network, column)) : null;
}

/** Instagram: the stored page tokens, by Facebook page id (empty when none are stored). */
export function openPageTokens(cipher: TokenCipher, connection: Connection): Record<string, string> {
  return JSON.parse(openSecret(cipher, connection, 'page_tokens') ?? '{}') as Record<string, string>;
}

/** Instagram: the Facebook page of the business account posts go to, as last fetched; Facebook: the target page itself. */
export function targetPageId(connection: Connection): string | undefined {
  if (connection.network === 'facebook') return connection.publishTargetId ?? undefined;
  return connection.instagramPages?.find((page) => page.instagram_business_account_id === connection.publishTargetId)?.facebook_page_id ?? undefined;
}

export function readConnection(row: ConnectionRow): Connection {
  const instant = (value: ConnectionRow['token_expires_at']) => (value === null ? null : readInstant(value));
  const network = row.network as SocialNetwork;
  const pages = parsePages(network, row.pages);
  return {
    id: row.id,
    userId: row.user_id,
    network,
    login: row.login === 'instagram' ? 'instagram' : 'facebook',
    isConnected: row.is_connected,
    accountId: row.account_id,
    accountName: row.account_name,
    tokenExpiresAt: instant(row.token_expires_at),
    refreshTokenExpiresAt: instant(row.refresh_token_expires_at),
    dataAccessExpiresAt: instant(row.data_access_expires_at),
    tokenIssuedAt: instant(row.token_issued_at),
    scopes: row.scopes.split(' ').filter((scope) => scope !== ''),
    publishTargetId: row.publish_target_id,
    linkedinPages: network === 'linkedin' ? (pages as LinkedInPage[] | null) : null,
    instagramPages: network === 'instagram' ? (pages as InstagramBusinessPage[] | null) : null,
    facebookPages: network === 'facebook' ? (pages as FacebookPageView[] | null) : null,
    encrypted: { access_token: row.access_token, refresh_token: row.refresh_token, id_token: row.id_token, page_tokens: row.page_tokens },
  };
}

/** Pages written by this code; anything unreadable counts as "not fetched yet". */
function parsePages(network: SocialNetwork, text: string | null): LinkedInPage[] | InstagramBusinessPage[] | FacebookPageView[] | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (network === 'facebook') return facebookPageSchema.array().parse(value);
    return network === 'linkedin' ? linkedinPageSchema.array().parse(value) : instagramBusinessPageSchema.array().parse(value);
  } catch {
    return null;
  }
}

export interface ProviderStatus {
  available: boolean;
  sandbox: boolean;
  /** LinkedIn: company pages may be published to (the app has the Community Management API product). */
  companyPagesOffered: boolean;
  /** Instagram: the ways this server offers to connect it. */
  logins?: InstagramLogin[];
}

/** The client view of SPEC §3: what the browser may know of a connection. */
export function toView(
  network: SocialNetwork,
  connection: Connection | undefined,
  provider: ProviderStatus,
  warning: ConnectionWarning | null = null,
): SocialConnectionView {
  const connected = connection?.isConnected === true;
  const common = {
    sandbox: provider.sandbox,
    available: provider.available,
    isConnected: connected,
    userName: connection?.accountName ?? null,
    expiresAt: connection?.tokenExpiresAt?.toISOString() ?? null,
    publishTargetId: connection?.publishTargetId ?? null,
    warning: connected ? warning : null,
  };
  if (network === 'facebook') return { network, ...common, pages: connection?.facebookPages ?? null };
  return network === 'linkedin'
    ? { network, ...common, adminPages: connection?.linkedinPages ?? null, companyPagesOffered: provider.companyPagesOffered }
    : {
        network,
        ...common,
        businessPages: connection?.instagramPages ?? null,
        login: connection?.login ?? 'facebook',
        logins: provider.logins ?? [],
        ...(connected ? { insightsMissing: !connection.scopes.includes(insightsPermissionOf(connection.login)) } : {}),
      };
}

/** The permission the posts' figures need, by the way Instagram was connected. */
const insightsPermissionOf = (login: InstagramLogin) => (login === 'instagram' ? INSTAGRAM_LOGIN_INSIGHTS_PERMISSION : INSTAGRAM_INSIGHTS_PERMISSION);
