import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFlag } from '../../test-support/stored-values.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

describe('/api/me', () => {
  let t: TestApp;
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await createTestUser(t, { email: 'ana@studio.es', password: 'secret-123', firstName: 'Ana', role: 'publisher' });
    userId = user.id;
    cookie = await signIn(t, user.email, user.password);
  });
  afterAll(() => t.close());

  const getMe = (headers: Record<string, string> = { cookie }) => t.app.inject({ method: 'GET', url: '/api/me', headers });
  const patchMe = (payload: unknown) => t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: payload as Record<string, unknown> });

  it('answers 401 "No hay sesión activa" without a session', async () => {
    const response = await getMe({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'NOT_AUTHENTICATED', message: 'No hay sesión activa' } });
  });

  it('answers 401 and clears the cookie for a cookie that names no session', async () => {
    const response = await getMe({ cookie: 'alzado.session_token=forged.value' });
    expect(response.statusCode).toBe(401);
    expect(String(response.headers['set-cookie'])).toMatch(/alzado\.session_token=;.*Max-Age=0/);
  });

  it('answers the signed-in user with exactly the profile fields, and nothing secret', async () => {
    const response = await getMe();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['active', 'avatar_url', 'email', 'first_name', 'id', 'language', 'last_name', 'role']);
    expect(body).toEqual({
      id: userId,
      email: 'ana@studio.es',
      role: 'publisher',
      language: 'es',
      first_name: 'Ana',
      last_name: '',
      active: true,
      avatar_url: null,
    });

    const account = await t.database.db.selectFrom('accounts').select('password').where('user_id', '=', userId).executeTakeFirstOrThrow();
    const session = await t.database.db.selectFrom('sessions').select('token').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(response.body).not.toMatch(/password|token|hash|argon/i);
    expect(response.body).not.toContain(account.password!);
    expect(response.body).not.toContain(session.token);
  });

  it('saves a new interface language', async () => {
    const response = await patchMe({ language: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { language: 'en' }, passwordChanged: null });
    expect((await getMe()).json()).toMatchObject({ language: 'en' });

    await patchMe({ language: 'cat' });
    expect((await getMe()).json()).toMatchObject({ language: 'cat' });
  });

  it('refuses a language it does not offer with 400 and changes nothing', async () => {
    await patchMe({ language: 'en' });
    const response = await patchMe({ language: 'fr' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: expect.any(String), details: { language: 'languageInvalid' } },
    });
    expect((await getMe()).json()).toMatchObject({ language: 'en' });
  });

  it('ignores fields a user may not change about themself', async () => {
    const response = await patchMe({ role: 'admin', email: 'boss@studio.es', active: false });
    expect(response.statusCode).toBe(200);
    expect((await getMe()).json()).toMatchObject({ role: 'publisher', email: 'ana@studio.es', active: true });
  });

  it('refuses to change anything without a session', async () => {
    await patchMe({ language: 'en' });
    const response = await t.app.inject({ method: 'PATCH', url: '/api/me', payload: { language: 'es' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('NOT_AUTHENTICATED');
    expect((await getMe()).json()).toMatchObject({ language: 'en' });
  });
});

describe("GET /api/session, the pages' session check (issue 21, item 8)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const getSession = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/session', headers });

  it('answers 200 null to a visitor: no failed request in a signed-out browser', async () => {
    const response = await getSession();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('answers 200 null and clears the cookie for a cookie that names no session', async () => {
    const response = await getSession({ cookie: 'alzado.session_token=forged.value' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
    expect(String(response.headers['set-cookie'])).toMatch(/alzado\.session_token=;.*Max-Age=0/);
  });

  it('answers the signed-in user as GET /api/me does', async () => {
    const user = await createTestUser(t, { email: 'eva@studio.es', password: 'secret-123', firstName: 'Eva', role: 'customer' });
    const cookie = await signIn(t, user.email, user.password);
    const session = await getSession({ cookie });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual(me.json());
    expect(session.json()).toMatchObject({ id: user.id, email: 'eva@studio.es', role: 'customer' });
  });

  it('answers null once the user is deactivated, and /api/me still answers 401', async () => {
    const user = await createTestUser(t, { email: 'leo@studio.es', password: 'secret-123', firstName: 'Leo', role: 'basic' });
    const cookie = await signIn(t, user.email, user.password);
    await t.database.db
      .updateTable('users')
      .set({ active: storedFlag(false) })
      .where('id', '=', user.id)
      .execute();
    expect((await getSession({ cookie })).json()).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });
});
