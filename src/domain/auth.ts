import { z } from 'zod';
import { PASSWORD_TOO_COMMON, isCommonPassword } from './common-passwords.ts';
import { EMAIL_MAX_LENGTH, EMAIL_SHAPE } from './email.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';

/**
 * Payload schemas of the sign-in and password screens (SPEC §5). Error messages are i18n keys
 * of the `validation` namespace, so the browser shows them translated and the server returns them
 * as per-field details.
 */

/** An e-mail address, shaped x@y.z. A missing field is "required" too, not zod's untranslatable text. */
export const emailAddressSchema = z
  .string({ error: 'emailRequired' })
  .trim()
  .min(1, 'emailRequired')
  .max(EMAIL_MAX_LENGTH, 'emailInvalid')
  .regex(EMAIL_SHAPE, 'emailInvalid');

export const credentialsSchema = z.object({
  email: emailAddressSchema,
  password: z
    .string({ error: 'passwordRequired' })
    .min(1, 'passwordRequired')
    .min(PASSWORD_MIN_LENGTH, 'passwordTooShortLogin')
    .max(PASSWORD_MAX_LENGTH, 'passwordTooLong'),
});

/** Recovery (SPEC §5): nothing is sent unless the e-mail contains @ (and is an address at all). */
export const recoveryRequestSchema = z.object({
  email: z
    .string({ error: 'emailNeedsAt' })
    .trim()
    .includes('@', { message: 'emailNeedsAt' })
    .max(EMAIL_MAX_LENGTH, 'emailInvalid')
    .regex(EMAIL_SHAPE, 'emailInvalid'),
});

/**
 * A password being set (reset, welcome link, profile, user form): 6 to 128 characters and not one of the
 * most common passwords (docs/decisions/031). A missing one reads as too short.
 */
export const newPasswordValueSchema = z
  .string({ error: 'passwordTooShort' })
  .min(PASSWORD_MIN_LENGTH, 'passwordTooShort')
  .max(PASSWORD_MAX_LENGTH, 'passwordTooLong')
  // Only once its length is right: a too-short password is told that, not two things.
  .refine((value) => value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH || !isCommonPassword(value), PASSWORD_TOO_COMMON);

const newPasswordFields = z.object({
  password: newPasswordValueSchema,
  confirmPassword: z.string(),
});
const entriesMatch = (value: { password: string; confirmPassword: string }) => value.password === value.confirmPassword;
const entriesDiffer = { message: 'passwordsDoNotMatch', path: ['confirmPassword'] };

/** A new password as the reset page asks for it. */
export const newPasswordSchema = newPasswordFields.refine(entriesMatch, entriesDiffer);
export type NewPassword = z.infer<typeof newPasswordSchema>;

/** The profile's change-password dialog: the current password, then the new one twice. */
export const changePasswordSchema = newPasswordFields
  .extend({ currentPassword: z.string().min(1, 'currentPasswordRequired').max(PASSWORD_MAX_LENGTH, 'passwordTooLong') })
  .refine(entriesMatch, entriesDiffer);
export type ChangePassword = z.infer<typeof changePasswordSchema>;
