/** Business constants of SPEC §9 that more than one layer needs. */
export const PASSWORD_MIN_LENGTH = 6;
/** Better Auth's own upper bound; longer input is refused before hashing. */
export const PASSWORD_MAX_LENGTH = 128;
/** The session cookie lives 30 days (SPEC §1, §9). */
export const SESSION_MAX_AGE_SECONDS = 2_592_000;
/** A password-reset link is single-use and expires within this time. */
export const PASSWORD_RESET_TTL_SECONDS = 3_600;

/*
 * Numbers the browser's messages name (src/web/lib/validation-message.ts, on every page): here, in a
 * module without zod, so that naming them does not load the schemas of post.ts, queue.ts or calendar.ts.
 */
/**
 * How long before its time a post is locked: no edit, no reschedule (docs/decisions/026). SPEC §4's
 * "until the day before the scheduled date" became "until the post's time minus this margin" once posts
 * have a time of day (issue 16). Add-to-queue gives slots from now plus this margin on.
 */
export const LOCK_MARGIN_MINUTES = 15;
/** The weekly queue's slots: at most four a day, every day. */
export const MAX_QUEUE_SLOTS = 28;
/** The calendar's range: at most six weeks, a month view's. */
export const CALENDAR_MAX_DAYS = 42;
/** The studio's voice (domain/voice.ts): its description's characters and its example posts. */
export const VOICE_DESCRIPTION_LIMIT = 1000;
export const VOICE_EXAMPLES_LIMIT = 5;
