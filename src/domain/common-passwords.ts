import { COMMON_PASSWORDS } from './common-passwords-list.ts';

const common = new Set(COMMON_PASSWORDS);

/**
 * Whether a password is one of the most common ones, which a guesser tries first (docs/decisions/031):
 * one of the 1,000 most common passwords, whatever its capitals ("Qwerty123" is "qwerty123"), or one
 * character repeated ("aaaaaa", "!!!!!!!!"; spaces alone are refused as too short instead). Checked wherever a password is set, on the server and in the
 * browser's forms, through the schemas of auth.ts and user.ts.
 */
export function isCommonPassword(password: string): boolean {
  const lowered = password.toLowerCase();
  return common.has(lowered) || common.has(lowered.trim()) || /^(\S)\1*$/u.test(password);
}

/** The validation key of the message refusing one (the `validation` namespace). */
export const PASSWORD_TOO_COMMON = 'passwordTooCommon';
