import { NETWORK_NAMES } from '../../../domain/social.ts';
import type { PostNetwork, ResultErrorCode } from '../../../domain/post.ts';
import { ProviderError } from '../../adapters/provider-http.ts';
import { errorMessage } from '../../lib/error-message.ts';

/**
 * What a failure means for a post (DESIGN principle 4): try again later, give up with a reason, or
 * "needs review" because the network may have published it. The difference between the steps before
 * the call that creates the post (uploads, containers: safe to redo whatever happened) and that call
 * itself (redone only when it is known not to have taken effect) is the whole point. `code` is the
 * reason the studio reads, translated; `reason` the English detail kept for operators.
 */
export type Outcome =
  | { kind: 'retry'; code: ResultErrorCode; reason: string; delayMs?: number }
  /**
   * `refusedConnection`: the network refused the owner's token or a permission of it: the connection is
   * closed. `refusedPage`: it refused only the page or account posted to: that page is marked, the
   * connection stands.
   */
  | { kind: 'failed'; code: ResultErrorCode; reason: string; refusedConnection?: true; refusedPage?: true }
  | { kind: 'unknown'; code: 'outcomeUnknown'; reason: string };

/** The user must act before this network can be published to (no owner, not connected, no image ...). */
export class NotPublishable extends Error {
  constructor(
    readonly code: ResultErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'NotPublishable';
  }
}

export const UNKNOWN_OUTCOME = 'The outcome of the call is unknown: check the network before publishing again';

/** Causes of a network failure that mean the request never left: no connection was made. */
const NOT_SENT_CAUSES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** A failure that no retry can mend: the user must act (connect again, grant, change the post). */
function finalFailure(network: PostNetwork, error: ProviderError): Outcome | undefined {
  const name = NETWORK_NAMES[network];
  if (error.failure === 'invalid-token') {
    const reason = `${name} no longer accepts the connection: connect it again in Settings (${error.message})`;
    return { kind: 'failed', code: 'connectionRefused', reason, refusedConnection: true };
  }
  if (error.failure === 'permission') {
    const reason = `${name} did not allow publishing to this account: connect it again in Settings, granting every permission (${error.message})`;
    return { kind: 'failed', code: 'permissionMissing', reason, refusedConnection: true };
  }
  if (error.failure === 'page' && network === 'facebook') {
    const reason = `Facebook did not allow publishing to the chosen page: the user's role on it lacks CREATE_CONTENT; get that task on the page or choose another in Settings (${error.message})`;
    return { kind: 'failed', code: 'pageTaskMissing', reason, refusedPage: true };
  }
  if (error.failure === 'page') {
    const reason = `${name} did not allow publishing to the chosen page or account: choose another in Settings (${error.message})`;
    return { kind: 'failed', code: 'pageNotPublishable', reason, refusedPage: true };
  }
  if (error.failure === 'rejected') return { kind: 'failed', code: 'rejectedByNetwork', reason: error.message };
  return undefined;
}

function retryOf(error: ProviderError): Outcome {
  const seconds = error.details.retryAfterSeconds;
  const code = error.failure === 'rate-limited' ? 'rateLimited' : 'networkUnavailable';
  return { kind: 'retry', code, reason: error.message, ...(seconds !== undefined ? { delayMs: seconds * 1000 } : {}) };
}

/** Before the creating call: whatever is transient is tried again; nothing there can post twice. */
export function outcomeBeforeCall(network: PostNetwork, error: unknown): Outcome {
  if (error instanceof NotPublishable) return { kind: 'failed', code: error.code, reason: error.message };
  if (!(error instanceof ProviderError)) return { kind: 'retry', code: 'internalError', reason: errorMessage(error) };
  return finalFailure(network, error) ?? retryOf(error);
}

/**
 * Of the creating call (LinkedIn createPost, Instagram media_publish): tried again only on an explicit
 * refusal to do it now (5xx, a rate limit) or a connection that was never made. A timeout, a dropped
 * connection or an answer that makes no sense leaves the outcome unknown.
 */
export function outcomeOfCall(network: PostNetwork, error: unknown): Outcome {
  if (!(error instanceof ProviderError)) return { kind: 'unknown', code: 'outcomeUnknown', reason: `${UNKNOWN_OUTCOME} (${errorMessage(error)})` };
  const final = finalFailure(network, error);
  if (final) return final;
  const answered = error.details.status !== undefined && error.details.status >= 400;
  if ((error.failure === 'server' || error.failure === 'rate-limited') && answered) return retryOf(error);
  if (error.failure === 'network' && error.details.cause !== undefined && NOT_SENT_CAUSES.has(error.details.cause)) return retryOf(error);
  return { kind: 'unknown', code: 'outcomeUnknown', reason: `${UNKNOWN_OUTCOME} (${error.message})` };
}
