import { z } from 'zod';
import { emailAddressSchema, newPasswordValueSchema } from './auth.ts';
import { PASSWORD_TOO_COMMON, isCommonPassword } from './common-passwords.ts';
import { APPROVAL_MODES, approvalModeSchema } from './approval.ts';
import { LANGUAGES } from './languages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';
import { ROLES } from './roles.ts';

/**
 * Users and profiles (SPEC §3 User, §5 profile and user form). Messages are keys of the
 * `validation` namespace.
 */

/** The signed-in user as GET /api/me returns it. Never a password hash or a token. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  language: z.enum(LANGUAGES),
  first_name: z.string(),
  last_name: z.string(),
  active: z.boolean(),
  avatar_url: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A user as the profile screen and the users screen see them. */
export const userSchema = currentUserSchema.extend({
  phone: z.string(),
  company: z.string(),
  vat: z.string(),
  description: z.string(),
  /** Who must approve this customer's posts (issue 25, decision 040); `none` for every other role. */
  approval: z.enum(APPROVAL_MODES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, 'tooLong');
const optionalText = z.string().trim().max(2000, 'tooLong');

/**
 * A password that is changed only when non-empty after trimming (SPEC §5): an empty one is dropped,
 * a short one is refused.
 */
export const optionalPasswordSchema = z
  .string()
  .transform((value) => (value.trim() === '' ? undefined : value))
  .pipe(newPasswordValueSchema.optional());

/** A password an administrator sets: 6 characters or more, spaces alone not counting. */
const adminSetPasswordSchema = z
  .string({ error: 'passwordTooShortUser' })
  .max(PASSWORD_MAX_LENGTH, 'passwordTooLong')
  .refine((value) => value.trim().length >= PASSWORD_MIN_LENGTH, 'passwordTooShortUser')
  .refine((value) => value.trim().length < PASSWORD_MIN_LENGTH || !isCommonPassword(value), PASSWORD_TOO_COMMON);

/** The fields of the profile form; first and last name, phone, company and VAT are required (SPEC §5). */
export const profileFieldsSchema = z.object({
  first_name: requiredText('firstNameRequired'),
  last_name: requiredText('lastNameRequired'),
  phone: requiredText('phoneRequired'),
  company: requiredText('companyRequired'),
  vat: requiredText('vatRequired'),
  description: optionalText,
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

/**
 * PATCH /api/me: any of the profile fields, the interface language, a new password. A new password
 * needs the current one too: a stolen session alone must not be able to take the account over.
 */
export const updateMeSchema = profileFieldsSchema
  .partial()
  .extend({
    language: z.enum(LANGUAGES, { message: 'languageInvalid' }).optional(),
    password: optionalPasswordSchema.optional(),
    currentPassword: z.string({ error: 'currentPasswordRequired' }).max(PASSWORD_MAX_LENGTH, 'passwordTooLong').optional(),
  })
  .superRefine((value, context) => {
    if (value.password !== undefined && !value.currentPassword) {
      context.addIssue({ code: 'custom', path: ['currentPassword'], message: 'currentPasswordRequired' });
    }
  });
export type UpdateMe = z.infer<typeof updateMeSchema>;

/** What PATCH /api/me answers: the user, and whether a requested password change went through. */
export const updateMeResultSchema = z.object({
  user: userSchema,
  passwordChanged: z.boolean().nullable(),
});

/** The user form (SPEC §5): first name, last name, e-mail, phone and role required; password on creation. */
export const createUserSchema = z.object({
  first_name: requiredText('firstNameRequired'),
  last_name: requiredText('lastNameRequired'),
  email: emailAddressSchema,
  phone: requiredText('phoneRequired'),
  role: z.enum(ROLES, { message: 'roleRequired' }).default('customer'),
  password: adminSetPasswordSchema,
  company: optionalText.default(''),
  vat: optionalText.default(''),
  description: optionalText.default(''),
  language: z.enum(LANGUAGES, { message: 'languageInvalid' }).default('es'),
  active: z.boolean().default(true),
  /** Who must approve a customer's posts (decision 040); only a customer may have another than `none`. */
  approval: approvalModeSchema.default('none'),
});
export type CreateUser = z.infer<typeof createUserSchema>;

/** Editing a user: only the fields provided change; the e-mail is locked; a password, when given, has 6+. */
export const updateUserSchema = z.object({
  first_name: requiredText('firstNameRequired').optional(),
  last_name: requiredText('lastNameRequired').optional(),
  phone: requiredText('phoneRequired').optional(),
  role: z.enum(ROLES, { message: 'roleRequired' }).optional(),
  company: optionalText.optional(),
  vat: optionalText.optional(),
  description: optionalText.optional(),
  language: z.enum(LANGUAGES, { message: 'languageInvalid' }).optional(),
  active: z.boolean().optional(),
  approval: approvalModeSchema.optional(),
  password: adminSetPasswordSchema.optional(),
  email: z.never({ error: 'emailLocked' }).optional(),
});
export type UpdateUser = z.infer<typeof updateUserSchema>;

export const USER_SORT_FIELDS = ['created_at', 'first_name', 'last_name', 'email', 'role', 'active'] as const;

/** GET /api/users: paged and sorted by the server; 5 a page by default (SPEC §9). */
export const listUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(5),
  sort: z.enum(USER_SORT_FIELDS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Only users of this role (the assign dialog lists customers only). */
  role: z.enum(ROLES).optional(),
  /** Matches first name, last name or e-mail; the assign dialog searches from 3 characters (SPEC §5). */
  search: z.string().trim().min(3, 'searchTooShort').max(100, 'tooLong').optional(),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

export const userPageSchema = z.object({
  items: z.array(userSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UserPage = z.infer<typeof userPageSchema>;

/** POST /api/create-user-template (SPEC §7): the welcome e-mail of a user an admin has just created. */
export const welcomeEmailRequestSchema = z.object({
  email: emailAddressSchema,
  // Accepted for SPEC's payload shape and ignored: the e-mail never carries a password.
  password: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
});
