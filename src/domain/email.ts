/*
 * The one e-mail address rule, with no library: the schemas (auth.ts, contact-form.ts) build on it, and
 * so do the prerendered pages' scripts (the login's and the landing's contact form), which cannot carry zod.
 */

// x@y.z: something, an @, something, a dot, something; no spaces.
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest address SMTP can carry (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/** Whether a (trimmed) text is an e-mail address: shaped x@y.z, and not too long. */
export const isEmailAddress = (text: string): boolean => text.length <= EMAIL_MAX_LENGTH && EMAIL_SHAPE.test(text);
