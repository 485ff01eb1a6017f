/**
 * What the prerendered login page (page/), its script (client/) and the app (app/guards.tsx) agree
 * on, besides the marks of translated text (web/lib/static-page/markers.ts). Imported by all three, so it
 * stays tiny and free of libraries (docs/decisions/022).
 */

/**
 * The error codes the sign-in and recovery requests can answer (and NETWORK: no answer at all). A code
 * not listed gets the generic text, as the app's `t(code, { defaultValue })` gives for a code it lacks.
 */
export const ERROR_CODES_SHOWN = [
  'UNKNOWN',
  'NETWORK',
  'VALIDATION_FAILED',
  'FORBIDDEN',
  'NOT_FOUND',
  'ORIGIN_NOT_ALLOWED',
  'TOO_MANY_ATTEMPTS',
  'SIGN_IN_BUSY',
  'INVALID_EMAIL_OR_PASSWORD',
  'ACCOUNT_INACTIVE',
  'SERVICE_UNAVAILABLE',
] as const;

/** Texts the script writes itself (field errors, dialog titles), embedded in each page for its language. */
export const RUNTIME_KEYS = [
  'auth:login.failedTitle',
  'auth:recovery.title',
  'auth:recovery.sentTitle',
  'validation:emailRequired',
  'validation:emailInvalid',
  'validation:emailNeedsAt',
  'validation:passwordRequired',
  'validation:passwordTooShortLogin',
  'validation:passwordTooLong',
  ...ERROR_CODES_SHOWN.map((code) => `errors:${code}`),
] as const;

/** The dialogs' ids (their titles are `<id>-title`, the templates holding them `<id>-template`). */
export const DIALOG_IDS = { failure: 'login-failure', recovery: 'recovery' } as const;

/** The element holding the page language's runtime texts as JSON, and the one naming each language's dictionary. */
export const RUNTIME_TEXTS_ID = 'login-texts';
export const DICTIONARIES_ID = 'login-dictionaries';

/**
 * Where a visitor sent to /login was going (sessionStorage, across the full page load from the app to
 * the login page): the login page moves it into its own history entry and goes there after signing in.
 */
export const AFTER_SIGN_IN_KEY = 'alzado.afterSignIn';

/** Where a signed-in user goes when nothing else was asked for. */
export const DEFAULT_DESTINATION = '/home';

/** An address of this site only ("/projects?page=2"): not "//other.site" nor "/\\other.site". */
export function isOwnPath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value);
}
