import { describe, expect, it } from 'vitest';
import { changePasswordSchema, newPasswordSchema } from './auth.ts';
import { COMMON_PASSWORDS } from './common-passwords-list.ts';
import { isCommonPassword } from './common-passwords.ts';
import { createUserSchema, updateMeSchema, updateUserSchema } from './user.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('the most common passwords', () => {
  it('are 1,000 distinct lower-case entries, each of 6 to 128 characters', () => {
    expect(COMMON_PASSWORDS).toHaveLength(1_000);
    expect(new Set(COMMON_PASSWORDS).size).toBe(1_000);
    expect(COMMON_PASSWORDS.every((password) => password.length >= 6 && password.length <= 128 && password === password.toLowerCase())).toBe(true);
  });

  it.each(['123456', 'qwerty', 'QWERTY', 'Password', 'password1', 'iloveyou', '1qaz2wsx', 'aaaaaa', 'ZZZZZZZZZZ', '!!!!!!', '000000000'])(
    'knows %j',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['k7#p2q', 'aaaaab', 'casa-del-mar-2025', 'Estudi Alzado', '      ', 'qwerty-tejado'])('lets %j be', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });

  it("are refused by every form's schema with passwordTooCommon, and a short one is told it is short only", () => {
    expect(messagesOf(newPasswordSchema.safeParse({ password: 'qwerty', confirmPassword: 'qwerty' }))).toEqual(['password: passwordTooCommon']);
    expect(messagesOf(changePasswordSchema.safeParse({ currentPassword: 'x', password: 'aaaaaa', confirmPassword: 'aaaaaa' }))).toEqual([
      'password: passwordTooCommon',
    ]);
    expect(messagesOf(updateMeSchema.safeParse({ password: '123456', currentPassword: 'x' }))).toEqual(['password: passwordTooCommon']);
    expect(messagesOf(updateUserSchema.safeParse({ password: 'Password' }))).toEqual(['password: passwordTooCommon']);
    const user = { first_name: 'Pau', last_name: 'Ros', email: 'pau@studio.es', phone: '600', password: 'iloveyou' };
    expect(messagesOf(createUserSchema.safeParse(user))).toEqual(['password: passwordTooCommon']);
    expect(messagesOf(newPasswordSchema.safeParse({ password: 'aaaaa', confirmPassword: 'aaaaa' }))).toEqual(['password: passwordTooShort']);
    expect(messagesOf(createUserSchema.safeParse({ ...user, password: '        ' }))).toEqual(['password: passwordTooShortUser']);
    expect(newPasswordSchema.safeParse({ password: 'k7#p2q', confirmPassword: 'k7#p2q' }).success).toBe(true);
  });
});
