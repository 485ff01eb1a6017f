import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, signIn } from '../test-support/test-app.ts';
import { ensureFirstAdmin } from './first-admin.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';

const OWASP_ARGON2ID_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

describe('password hashing', () => {
  it('hashes with argon2id at OWASP parameters, salted, and verifies only the right password', async () => {
    const first = await hashPassword('secret-123');
    const second = await hashPassword('secret-123');
    expect(first.startsWith(OWASP_ARGON2ID_PREFIX)).toBe(true);
    expect(second).not.toBe(first);
    expect(await verifyPassword({ hash: first, password: 'secret-123' })).toBe(true);
    expect(await verifyPassword({ hash: first, password: 'secret-124' })).toBe(false);
  });

  it.each([
    ['an empty hash', ''],
    ['garbage', 'not-a-hash'],
    ['a truncated argon2 hash', OWASP_ARGON2ID_PREFIX],
    ['a bcrypt hash', '$2b$10$abcdefghijklmnopqrstuuJ0123456789abcdefghijklmnopqrstu'],
  ])('treats %s as a failed verification, not an error', async (_case, stored) => {
    await expect(verifyPassword({ hash: stored, password: 'secret-123' })).resolves.toBe(false);
  });
});

describe('stored passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps only an argon2id hash in accounts.password, never the password itself', async () => {
    // Created through Better Auth's own hashing path, the one password resets use too.
    await ensureFirstAdmin({ db: t.database.db, auth: t.auth, credentials: { email: 'boss@studio.es', password: 'admin-password' }, announce: () => {} });
    const account = await t.database.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.id', 'accounts.user_id')
      .select('accounts.password')
      .where('users.email', '=', 'boss@studio.es')
      .executeTakeFirstOrThrow();
    expect(account.password?.startsWith(OWASP_ARGON2ID_PREFIX)).toBe(true);
    expect(account.password).not.toContain('admin-password');
    await expect(signIn(t, 'boss@studio.es', 'admin-password')).resolves.toMatch(/alzado\.session_token=/);
  });

  it('a user whose stored hash is malformed gets 401, not a server error', async () => {
    const user = await t.database.db.selectFrom('users').select('id').where('email', '=', 'boss@studio.es').executeTakeFirstOrThrow();
    await t.database.db.updateTable('accounts').set({ password: 'corrupted' }).where('user_id', '=', user.id).execute();
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'boss@studio.es', password: 'admin-password' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });
});
