/** Business constants of SPEC §9 that more than one layer needs. */
export const PASSWORD_MIN_LENGTH = 6;
/** Better Auth's own upper bound; longer input is refused before hashing. */
export const PASSWORD_MAX_LENGTH = 128;
/** The session cookie lives 30 days (SPEC §1, §9). */
export const SESSION_MAX_AGE_SECONDS = 2_592_000;
/** A password-reset link is single-use and expires within this time. */
export const PASSWORD_RESET_TTL_SECONDS = 3_600;
