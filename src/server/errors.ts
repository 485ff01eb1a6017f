import type { ErrorCode } from '../domain/errors.ts';

/** The HTTP status of each error code: one table, one place. */
const STATUS_OF: Record<ErrorCode, number> = {
  UNKNOWN: 500,
  VALIDATION_FAILED: 400,
  NOT_AUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_ATTEMPTS: 429,
  SIGN_IN_BUSY: 429,
  INVALID_EMAIL_OR_PASSWORD: 401,
  ACCOUNT_INACTIVE: 403,
  INVALID_TOKEN: 400,
  PASSWORD_RESET_FAILED: 400,
  SERVICE_UNAVAILABLE: 503,
  AUTH_USER_NOT_CREATED: 400,
  LAST_ADMIN: 409,
  OWN_ACCOUNT: 409,
  UNSUPPORTED_IMAGE: 422,
  IMAGE_ASPECT_RATIO: 422,
  TOO_MANY_IMAGES: 409,
  IMAGE_TOO_LARGE: 422,
  SOCIAL_NOT_CONFIGURED: 503,
  SOCIAL_NOT_CONNECTED: 409,
  SOCIAL_DATA_NOT_FOUND: 404,
  SOCIAL_TARGET_NOT_FOUND: 404,
  OAUTH_STATE_MISMATCH: 400,
  OAUTH_EXCHANGE_FAILED: 400,
  SOCIAL_NO_ACCESS_TOKEN: 502,
  SOCIAL_USER_INFO_FAILED: 502,
  SOCIAL_PROVIDER_UNAVAILABLE: 502,
  SOCIAL_PERMISSION_MISSING: 403,
  SOCIAL_NOT_PROFESSIONAL: 400,
  SOCIAL_FACEBOOK_PERMISSIONS_MISSING: 400,
  NOT_ENOUGH_IMAGES: 422,
  POST_LOCKED: 409,
  ALREADY_PUBLISHED: 409,
  FACTS_NOT_IN_PROJECT: 409,
  NOTHING_TO_RETRY: 409,
  GENERATION_WEBHOOK_FAILED: 502,
  GENERATION_AI_FAILED: 502,
  GENERATION_FAILED: 500,
  ORIGIN_NOT_ALLOWED: 403,
  QUEUE_HAS_NO_SLOTS: 409,
  REVIEW_LINK_NOT_FOUND: 404,
  REVIEW_LINK_EXPIRED: 410,
  REVIEW_LINK_REVOKED: 410,
  REVIEW_LINK_USED: 410,
  NOT_AWAITING_APPROVAL: 409,
  POST_CHANGED: 409,
  APPROVAL_TIME_PASSED: 409,
  APPROVAL_ACCOUNT_MISSING: 409,
};

/**
 * The one error type of the server (STYLE 3). Its message is English; the browser translates by code.
 * `retryAfterSeconds` becomes the answer's Retry-After header (a 429 says when to come back). `post`: the
 * post as it is now, beside the error (a decision on a post that changed, decision 040); the route's
 * error schema must name it.
 */
export class AppError extends Error {
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;
  readonly post: unknown;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, string>,
    options: { retryAfterSeconds?: number; post?: unknown } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS_OF[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.post = options.post;
  }
}
