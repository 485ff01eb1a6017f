import { systemClock } from '../lib/clock.ts';
/**
 * What the LinkedIn and Graph clients share: one request function with a time limit, and one error type
 * whose `failure` says what the caller can do about it. Messages never carry a token or a query string.
 */
export type Provider = 'linkedin' | 'meta';

/**
 * - invalid-token: expired, revoked or unknown token: the user must connect again.
 * - permission: the token lacks a permission: the whole connection is concerned.
 * - page: the token is good but this one page or account may not be published to (LinkedIn: the member's
 *   role on the company page does not allow posting; Meta: a page reached through Business Manager needs
 *   ads_read or ads_management). Only that page is concerned, never the connection.
 * - rate-limited: a provider limit (calls, posts per day): try later.
 * - server: the provider failed (5xx, transient errors): try later.
 * - network: no answer (refused, reset, timed out): try later.
 * - rejected: the provider refused the request itself (bad code, bad image, duplicate post ...).
 */
export type ProviderFailure = 'invalid-token' | 'permission' | 'page' | 'rate-limited' | 'server' | 'network' | 'rejected';

export interface ProviderErrorDetails {
  status?: number;
  /** The provider's own code: LinkedIn's `code` or `error`, Graph's numeric `code`. */
  code?: string | number;
  /** Graph's `error_subcode`, LinkedIn's `serviceErrorCode`. */
  subcode?: number;
  /**
   * A `network` failure's cause: the system's code (ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET ...) or
   * TIMEOUT. Publishing needs it: a refused connection never carried the request, a timeout may have.
   */
  cause?: string;
  /** A 429 answer's Retry-After, in seconds, when the provider gave one. */
  retryAfterSeconds?: number;
}

const PROVIDER_NAMES: Record<Provider, string> = { linkedin: 'LinkedIn', meta: 'Meta' };

export class ProviderError extends Error {
  constructor(
    readonly provider: Provider,
    readonly failure: ProviderFailure,
    message: string,
    readonly details: ProviderErrorDetails = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }

  /** True when the same request may succeed later without anyone changing anything. */
  get isTransient(): boolean {
    return this.failure === 'server' || this.failure === 'network' || this.failure === 'rate-limited';
  }
}

export interface ProviderResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  json: unknown;
}

export interface ProviderRequest {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | URLSearchParams;
  timeoutMs: number;
}

/** A URL as it may appear in a message or a log line: origin and path, never the query. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

/** Sends one request; a refused connection, a reset or the time limit become a `network` ProviderError. */
export async function sendProviderRequest(provider: Provider, request: ProviderRequest): Promise<ProviderResponse> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body as NonNullable<RequestInit['body']> | undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const reason = timedOut ? `no answer within ${request.timeoutMs} ms` : networkReason(error);
    throw new ProviderError(provider, 'network', `${PROVIDER_NAMES[provider]} could not be reached (${reason}): ${describeUrl(request.url)}`, {
      cause: timedOut ? 'TIMEOUT' : networkCode(error),
    });
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new ProviderError(provider, 'network', `${PROVIDER_NAMES[provider]}'s answer was cut off (${networkReason(error)}): ${describeUrl(request.url)}`, {
      cause: networkCode(error) ?? 'ANSWER_CUT_OFF',
    });
  }
  return { status: response.status, headers: response.headers, text, json: parseJson(text) };
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : 'unknown error');
}

function networkCode(error: unknown): string | undefined {
  const code = (error as { cause?: { code?: unknown } })?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Retry-After as seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. The
 * date is the provider's real time, so it is read against the machine's clock, not the app's.
 */
export function retryAfterSecondsOf(headers: Headers, now = systemClock().getTime()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
}

export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}
