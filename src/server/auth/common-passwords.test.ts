import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createTestUser, signIn } from '../test-support/test-app.ts';

const RESET_LINK = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/;
const COMMON = ['123456', 'qwerty', 'aaaaaa', 'Password', 'iloveyou', '!!!!!!!!'];

/**
 * Issue 21: the most common passwords are refused wherever a password is set (docs/decisions/031), with
 * 400 and details naming the field `passwordTooCommon`, and nothing changes: the user form (create and
 * edit), the recovery link and the profile.
 */
describe('the most common passwords are refused wherever a password is set', () => {
  let t: TestApp;
  let adminCookie: string;
  let nora: { id: string; email: string; password: string };
  let noraCookie: string;
  let nextAddress = 1;

  const signsIn = async (email: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: `10.1.0.${nextAddress++}` }))
      .statusCode === 200;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createTestUser(t, { email: 'admin@studio.es', role: 'admin' });
    adminCookie = await signIn(t, admin.email, admin.password);
    nora = await createTestUser(t, { email: 'nora@studio.es', role: 'customer' });
    noraCookie = await signIn(t, nora.email, nora.password);
  });
  afterAll(() => t.close());

  it.each(COMMON)('an administrator cannot create a user with %j', async (password) => {
    const email = `new-${nextAddress++}@studio.es`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: adminCookie },
      payload: { first_name: 'Pau', last_name: 'Ros', email, phone: '+34 600 000 000', password },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { password: 'passwordTooCommon' } });
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it.each(COMMON)("an administrator cannot set a user's password to %j", async (password) => {
    const response = await t.app.inject({ method: 'PATCH', url: `/api/users/${nora.id}`, headers: { cookie: adminCookie }, payload: { password } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { password: 'passwordTooCommon' } });
    expect(await signsIn(nora.email, nora.password)).toBe(true);
  });

  it.each(COMMON)('the profile cannot change the password to %j', async (password) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: noraCookie },
      payload: { password, currentPassword: nora.password },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { password: 'passwordTooCommon' } });
    expect(await signsIn(nora.email, nora.password)).toBe(true);
  });

  it('the recovery link cannot set one, and stays usable for a better one', async () => {
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: nora.email },
      remoteAddress: '10.2.0.1',
    });
    expect(requested.statusCode).toBe(200);
    await t.worker.runDueJobs();
    const token = t.sentMail.at(-1)!.text.match(RESET_LINK)![1]!;
    for (const newPassword of COMMON) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { newPassword: 'passwordTooCommon' } });
    }
    expect(await signsIn(nora.email, nora.password)).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'k7#p2q-casa' } })).statusCode).toBe(200);
    expect(await signsIn(nora.email, 'k7#p2q-casa')).toBe(true);
  });

  it('still takes a 6-character password that is not a common one, and signing in with a common one that is already set still works', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: `/api/users/${nora.id}`, headers: { cookie: adminCookie }, payload: { password: 'k7#p2q' } });
    expect(response.statusCode).toBe(200);
    expect(await signsIn(nora.email, 'k7#p2q')).toBe(true);
    // Passwords set before this rule keep working: it applies when a password is set, not at sign-in.
    const old = await createTestUser(t, { email: 'old@studio.es', password: 'qwerty' });
    expect(await signsIn(old.email, 'qwerty')).toBe(true);
  });
});
