import { z } from 'zod';
import { LANGUAGES } from './languages.ts';
import { ROLES } from './roles.ts';

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

/** What a user may change about themself from the shell (the profile screen extends it). */
export const updateMeSchema = z.object({
  language: z.enum(LANGUAGES, { message: 'languageInvalid' }).optional(),
});
export type UpdateMe = z.infer<typeof updateMeSchema>;
