/**
 * Error codes the API answers with (DESIGN §5: `{ error: { code, message } }`). The browser turns a
 * code into a translated message with the `errors` namespace; the list lives here so both sides agree
 * and a test can check that every code has a translation.
 */
export const ERROR_CODES = [
  'UNKNOWN',
  'VALIDATION_FAILED',
  'NOT_AUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_ATTEMPTS',
  /** Sign-in or a password check: every place was held by sign-ins in flight, not by failures; a moment later it works (decision 030). */
  'SIGN_IN_BUSY',
  'INVALID_EMAIL_OR_PASSWORD',
  'ACCOUNT_INACTIVE',
  'INVALID_TOKEN',
  'PASSWORD_RESET_FAILED',
  'SERVICE_UNAVAILABLE',
  'AUTH_USER_NOT_CREATED',
  'LAST_ADMIN',
  /** Users: an administrator cannot change their own role or deactivate themself there (issue 29); details name the field. */
  'OWN_ACCOUNT',
  'UNSUPPORTED_IMAGE',
  'IMAGE_ASPECT_RATIO',
  'TOO_MANY_IMAGES',
  'IMAGE_TOO_LARGE',
  'SOCIAL_NOT_CONFIGURED',
  'SOCIAL_NOT_CONNECTED',
  'SOCIAL_DATA_NOT_FOUND',
  'SOCIAL_TARGET_NOT_FOUND',
  'OAUTH_STATE_MISMATCH',
  'OAUTH_EXCHANGE_FAILED',
  'SOCIAL_NO_ACCESS_TOKEN',
  'SOCIAL_USER_INFO_FAILED',
  'SOCIAL_PROVIDER_UNAVAILABLE',
  'SOCIAL_PERMISSION_MISSING',
  /** Instagram Login: the account is a personal one; only professional accounts (Business or Creator) can be connected. */
  'SOCIAL_NOT_PROFESSIONAL',
  /** Facebook Pages: the login did not grant pages_manage_posts or pages_read_engagement, without which no post goes out. */
  'SOCIAL_FACEBOOK_PERMISSIONS_MISSING',
  'NOT_ENOUGH_IMAGES',
  'POST_LOCKED',
  /** Schedule or queue: a chosen network has the post from an earlier round, and going there again was not confirmed (decision 028). */
  'ALREADY_PUBLISHED',
  /** Schedule, queue or an edit of a scheduled post: its texts state facts the project does not hold, not confirmed (issue 24). */
  'FACTS_NOT_IN_PROJECT',
  /** Retry: the post has no failed network to try again. */
  'NOTHING_TO_RETRY',
  'GENERATION_WEBHOOK_FAILED',
  'GENERATION_AI_FAILED',
  'GENERATION_FAILED',
  'ORIGIN_NOT_ALLOWED',
  /** Add to queue: the post's owner has no weekly slots (or none free within a year). */
  'QUEUE_HAS_NO_SLOTS',
  /** Review links (decision 043): no link has this address (or the address is malformed). */
  'REVIEW_LINK_NOT_FOUND',
  /** Review links: the link's time is over, it was revoked, or everything it showed is decided. */
  'REVIEW_LINK_EXPIRED',
  'REVIEW_LINK_REVOKED',
  'REVIEW_LINK_USED',
  /** Approve or ask for changes (decision 040): the post is not awaiting approval (any more). */
  'NOT_AWAITING_APPROVAL',
  /** A decision on a post that changed since the approver read it: the answer carries its new version (`error.post`). */
  'POST_CHANGED',
  /** Approve: the post's time has passed or is inside the lock margin, and no new day and time (or one as soon) was given. */
  'APPROVAL_TIME_PASSED',
  /** Approve: a chosen network's account is no longer connected (`details.network`). */
  'APPROVAL_ACCOUNT_MISSING',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The body of every error answer under /api. */
export interface ErrorBody {
  error: {
    code: string;
    message: string;
    /** Per-field validation problems: field path -> message key of the `validation` namespace. */
    details?: Record<string, string>;
  };
}
