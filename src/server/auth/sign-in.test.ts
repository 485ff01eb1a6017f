import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionTokenDigest } from './hashed-session-tokens.ts';
import { readInstant } from '../db/values.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../test-support/test-app.ts';
import { storedFlag, storedInstant } from '../test-support/stored-values.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_MS = 30 * DAY_MS;
const ORIGIN = 'http://localhost:3000';

function signInRequest(t: TestApp, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload });
}

function getMe(t: TestApp, cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
}

function sessionCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header.map(String) : header === undefined ? [] : [String(header)];
  return cookies.find((cookie) => /alzado\.session_token=/.test(cookie)) ?? '';
}

function tokenOf(cookie: string): string {
  // The cookie value is "<token>.<signature>"; the sessions row holds the token's digest.
  const value = decodeURIComponent(cookie.split(';')[0]!.split('=').slice(1).join('='));
  return value.split('.')[0]!;
}

async function sessionsOf(t: TestApp, userId: string) {
  return t.database.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();
}

describe('sign in', () => {
  let t: TestApp;
  let ana: { id: string; email: string; password: string };
  beforeAll(async () => {
    t = await createTestApp();
    ana = await createTestUser(t, { email: 'ana@studio.es', password: 'secret-123' });
  });
  afterAll(() => t.close());

  it('sets a 30-day SameSite=Strict HttpOnly session cookie and /api/me answers the user', async () => {
    const response = await signInRequest(t, { email: 'ana@studio.es', password: 'secret-123' });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/alzado\.session_token=/);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    expect(response.json()).toEqual({ user: { id: expect.any(String), email: 'ana@studio.es' } });

    const cookie = await signIn(t, 'ana@studio.es', 'secret-123');
    const me = await getMe(t, cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'ana@studio.es', role: 'customer', language: 'es', active: true });
  });

  it('never puts the session token in the response body', async () => {
    const response = await signInRequest(t, { email: 'ana@studio.es', password: 'secret-123' });
    expect(response.statusCode).toBe(200);
    const token = tokenOf(sessionCookieOf(response));
    expect(token.length).toBeGreaterThan(10);
    expect(response.body).not.toContain(token);
    expect(response.body).not.toMatch(/token/i);
  });

  it('answers 401 INVALID_EMAIL_OR_PASSWORD for a wrong password, without a cookie', async () => {
    const response = await signInRequest(t, { email: 'ana@studio.es', password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: expect.any(String) } });
    expect(response.json().error.message).not.toBe('');
    expect(sessionCookieOf(response)).toBe('');
  });

  it('answers the same 401 for an e-mail nobody has, so it does not reveal who has an account', async () => {
    const wrongPassword = await signInRequest(t, { email: 'ana@studio.es', password: 'wrong-password' });
    const unknownEmail = await signInRequest(t, { email: 'nobody@studio.es', password: 'wrong-password' });
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  describe('refuses malformed credentials with 400 and a message key per field', () => {
    it.each([
      ['a missing e-mail', { password: 'secret-123' }, 'email', 'emailRequired'],
      ['an empty e-mail', { email: '', password: 'secret-123' }, 'email', 'emailRequired'],
      ['an e-mail without the x@y.z shape', { email: 'ana@studio', password: 'secret-123' }, 'email', 'emailInvalid'],
      ['a missing password', { email: 'ana@studio.es' }, 'password', 'passwordRequired'],
      ['an empty password', { email: 'ana@studio.es', password: '' }, 'password', 'passwordRequired'],
      ['a 5-character password', { email: 'ana@studio.es', password: '12345' }, 'password', 'passwordTooShortLogin'],
    ])('%s', async (_case, payload, field, key) => {
      const response = await signInRequest(t, payload);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.details[field]).toBe(key);
      expect(sessionCookieOf(response)).toBe('');
    });
  });

  it('refuses an inactive user exactly as a wrong password, right password or not, and creates no session', async () => {
    const inactive = await createTestUser(t, { email: 'gone@studio.es', password: 'secret-123', active: false });
    await createTestUser(t, { email: 'here@studio.es', password: 'secret-123' });
    const rightPassword = await signInRequest(t, { email: 'gone@studio.es', password: 'secret-123' });
    const wrongPassword = await signInRequest(t, { email: 'gone@studio.es', password: 'not-the-password' });
    const activeWrongPassword = await signInRequest(t, { email: 'here@studio.es', password: 'not-the-password' });
    for (const response of [rightPassword, wrongPassword, activeWrongPassword]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } });
      expect(sessionCookieOf(response)).toBe('');
    }
    expect(rightPassword.body).toBe(activeWrongPassword.body);
    expect(await sessionsOf(t, inactive.id)).toEqual([]);
  });

  it('ends every session of a user deactivated after signing in, on their next request', async () => {
    const user = await createTestUser(t, { email: 'leaving@studio.es', password: 'secret-123' });
    const cookie = await signIn(t, user.email, user.password);
    await signIn(t, user.email, user.password); // a second device
    expect(await sessionsOf(t, user.id)).toHaveLength(2);
    expect((await getMe(t, cookie)).statusCode).toBe(200);

    await t.database.db
      .updateTable('users')
      .set({ active: storedFlag(false) })
      .where('id', '=', user.id)
      .execute();

    const me = await getMe(t, cookie);
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('NOT_AUTHENTICATED');
    expect(sessionCookieOf(me)).toMatch(/Max-Age=0/);
    expect(await sessionsOf(t, user.id)).toEqual([]);
  });

  it('signs out: the session row is gone, the old cookie no longer works and the cookie is cleared', async () => {
    const cookie = await signIn(t, ana.email, ana.password);
    const token = tokenOf(cookie);
    const before = await t.database.db.selectFrom('sessions').select('id').where('token', '=', sessionTokenDigest(token)).execute();
    expect(before).toHaveLength(1);

    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: ORIGIN } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(sessionCookieOf(response)).toMatch(/Max-Age=0/);

    const after = await t.database.db.selectFrom('sessions').select('id').where('token', '=', sessionTokenDigest(token)).execute();
    expect(after).toEqual([]);
    expect((await getMe(t, cookie)).statusCode).toBe(401);
  });

  it('renews a session used more than a day after it was last renewed', async () => {
    const cookie = await signIn(t, ana.email, ana.password);
    const token = tokenOf(cookie);
    // As if signed in 25 hours ago.
    const signedInAt = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const oldExpiry = new Date(signedInAt.getTime() + SESSION_MS);
    await t.database.db
      .updateTable('sessions')
      .set({ updated_at: storedInstant(signedInAt), created_at: storedInstant(signedInAt), expires_at: storedInstant(oldExpiry) })
      .where('token', '=', sessionTokenDigest(token))
      .execute();

    const me = await getMe(t, cookie);
    expect(me.statusCode).toBe(200);
    const renewed = sessionCookieOf(me);
    expect(renewed).toMatch(/alzado\.session_token=/);
    expect(renewed).toMatch(/Max-Age=2592000/);
    expect(renewed).toMatch(/SameSite=Strict/);

    const row = await t.database.db.selectFrom('sessions').select('expires_at').where('token', '=', sessionTokenDigest(token)).executeTakeFirstOrThrow();
    const newExpiry = readInstant(row.expires_at).getTime();
    expect(newExpiry).toBeGreaterThan(oldExpiry.getTime() + 60 * 60 * 1000);
    expect(newExpiry).toBeGreaterThan(Date.now() + SESSION_MS - 60 * 1000);
  });

  it('does not renew a session used again within the day', async () => {
    const cookie = await signIn(t, ana.email, ana.password);
    const me = await getMe(t, cookie);
    expect(me.statusCode).toBe(200);
    expect(sessionCookieOf(me)).toBe('');
  });

  it('answers 401 for an expired session', async () => {
    const cookie = await signIn(t, ana.email, ana.password);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: storedInstant(new Date(Date.now() - 60 * 1000)) })
      .where('token', '=', sessionTokenDigest(tokenOf(cookie)))
      .execute();

    const me = await getMe(t, cookie);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ error: { code: 'NOT_AUTHENTICATED', message: 'No hay sesión activa' } });
  });

  it('works over real HTTP: sign in with fetch, then /api/me with the cookie it set', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const signedIn = await fetch(`${address}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ana.email, password: ana.password }),
    });
    expect(signedIn.status).toBe(200);
    const setCookie = signedIn.headers.getSetCookie().find((cookie) => cookie.includes('alzado.session_token='));
    expect(setCookie).toMatch(/Max-Age=2592000/);
    const cookie = setCookie!.split(';')[0]!;

    const me = await fetch(`${address}/api/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: ana.email });

    const anonymous = await fetch(`${address}/api/me`);
    expect(anonymous.status).toBe(401);
  });
});

describe('sign in behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://alzado.example' });
    await createTestUser(t, { email: 'ana@studio.es', password: 'secret-123' });
  });
  afterAll(() => t.close());

  it('marks the session cookie Secure', async () => {
    const response = await signInRequest(t, { email: 'ana@studio.es', password: 'secret-123' });
    expect(response.statusCode).toBe(200);
    const cookie = sessionCookieOf(response);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/HttpOnly/);

    const me = await getMe(t, cookie.split(';')[0]!);
    expect(me.statusCode).toBe(200);
  });
});
