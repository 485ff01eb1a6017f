import type { ConnectionWarning, SocialNetwork } from '../../../domain/social.ts';
import { NETWORK_NAMES } from '../../../domain/social.ts';
import { ProviderError } from '../../adapters/provider-http.ts';
import { AppError } from '../../errors.ts';
import type { TokenCipher } from '../../lib/token-cipher.ts';
import type { Connection } from './connection.ts';
import type { ConnectionChanges } from './repo.ts';
import type { Log } from '../../lib/log.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * What the service needs from each network, so that the rules (state, storage, views) are written once
 * and the networks differ only here: linkedin-connector.ts and instagram-connector.ts.
 */
export interface NetworkConnector {
  network: SocialNetwork;
  /** Served by the sandbox, not the real provider. */
  sandbox: boolean;
  /** LinkedIn: the app may publish to company pages (LINKEDIN_ORGANIZATION_PAGES); false elsewhere. */
  companyPagesOffered?: boolean;
  authorizationUrl(input: { state: string; redirectUri: string }): string;
  /** The code for tokens and the account, as the columns to store (tokens sealed). Throws AppError. */
  connect(input: { userId: string; code: string; redirectUri: string; previous: Connection | undefined }): Promise<ConnectionChanges>;
  /** Asks the provider whether the connection still stands; may renew its token. */
  verify(connection: Connection): Promise<VerifyOutcome>;
  /** The pages to publish to, fetched from the provider, as the columns to store. Throws ProviderError. */
  fetchPages(connection: Connection): Promise<ConnectionChanges>;
  /**
   * Instagram: the publish target's page token (what publishing uses, docs/decisions/012), read from Meta
   * when none is stored, and the columns that keep it. Throws ProviderError.
   */
  fetchPageToken?(connection: Connection): Promise<{ token: string; changes: ConnectionChanges }>;
}

export type VerifyOutcome =
  { result: 'valid'; changes?: ConnectionChanges } | { result: 'invalid'; reason: string } | { result: 'unverified'; warning: ConnectionWarning };

export interface ConnectorDependencies {
  cipher: TokenCipher;
  log: Pick<Log, 'warn' | 'error'>;
  now: Clock;
}

/** A failure to reach the provider, as the warning SPEC §8 shows (the connection stays connected). */
export function warningOf(error: ProviderError): ConnectionWarning {
  return error.failure === 'network' ? 'networkIssues' : 'serverIssues';
}

/**
 * A provider failure during the code exchange, as the API answers it: the provider refused the code
 * (400), or could not be reached (502). Never the provider's raw body.
 */
export function exchangeFailure(network: SocialNetwork, error: unknown): AppError {
  const name = NETWORK_NAMES[network];
  if (error instanceof ProviderError && error.isTransient) return new AppError('SOCIAL_PROVIDER_UNAVAILABLE', `${name} could not be reached: ${error.message}`);
  if (error instanceof ProviderError) return new AppError('OAUTH_EXCHANGE_FAILED', `${name} refused the authorization: ${error.message}`);
  throw error;
}

export function expiryFrom(now: Date, seconds: number): Date {
  return new Date(now.getTime() + seconds * 1000);
}
