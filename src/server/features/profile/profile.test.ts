import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

// Failed sign-ins are limited per address, so each attempt that may fail comes from its own address.
let nextAddress = 1;
function attemptSignIn(t: TestApp, email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: `10.2.0.${nextAddress++}` });
}

const PROFILE = {
  first_name: 'Ana',
  last_name: 'Soler',
  phone: '+34 600 111 222',
  company: 'Soler Arquitectes',
  vat: 'B12345678',
  description: 'Estudio de arquitectura en Girona.',
};

describe('the own profile: GET /api/me/profile and PATCH /api/me', () => {
  let t: TestApp;
  let user: { id: string; email: string; password: string };
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createTestUser(t, { email: 'ana@studio.es', password: 'first-password', firstName: 'Ana', role: 'customer' });
    cookie = await signIn(t, user.email, user.password);
  });
  afterAll(() => t.close());

  const getProfile = (headers: Record<string, string> = { cookie }) => t.app.inject({ method: 'GET', url: '/api/me/profile', headers });
  const patchMe = (payload: Record<string, unknown>, withCookie = cookie) =>
    t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: withCookie }, payload });
  const storedRow = () => t.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();

  it('answers 401 without a session', async () => {
    const response = await getProfile({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'NOT_AUTHENTICATED', message: 'No hay sesión activa' } });
  });

  it('answers the whole profile: phone, company, VAT, description, dates, and nothing secret', async () => {
    const response = await getProfile();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual([
      'active',
      'approval',
      'avatar_url',
      'company',
      'created_at',
      'description',
      'email',
      'first_name',
      'id',
      'language',
      'last_name',
      'phone',
      'role',
      'updated_at',
      'vat',
    ]);
    expect(body).toMatchObject({ id: user.id, email: 'ana@studio.es', role: 'customer', active: true, avatar_url: null, phone: '', company: '', vat: '' });
    expect(response.body).not.toMatch(/password|token|argon/i);
  });

  it('saves the profile fields, trimmed, and answers and reloads them', async () => {
    const response = await patchMe({ ...PROFILE, first_name: '  Ana  ', company: ' Soler Arquitectes ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: expect.objectContaining(PROFILE), passwordChanged: null });
    expect((await getProfile()).json()).toMatchObject(PROFILE);
    expect(await storedRow()).toMatchObject(PROFILE);
  });

  it('changes only the fields sent', async () => {
    await patchMe(PROFILE);
    const response = await patchMe({ description: 'Nueva descripción' });
    expect(response.statusCode).toBe(200);
    expect((await getProfile()).json()).toMatchObject({ ...PROFILE, description: 'Nueva descripción' });
  });

  it('lets the description be emptied: it is not required', async () => {
    const response = await patchMe({ description: '' });
    expect(response.statusCode).toBe(200);
    expect((await getProfile()).json().description).toBe('');
  });

  it.each([
    ['first_name', 'firstNameRequired'],
    ['last_name', 'lastNameRequired'],
    ['phone', 'phoneRequired'],
    ['company', 'companyRequired'],
    ['vat', 'vatRequired'],
  ])('refuses %s of spaces with 400 and %s, and changes nothing', async (field, key) => {
    await patchMe(PROFILE);
    const before = await storedRow();
    const response = await patchMe({ ...PROFILE, description: 'Should not be saved', [field]: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String), details: { [field]: key } });
    expect(await storedRow()).toEqual(before);
  });

  it('names every empty required field at once', async () => {
    const response = await patchMe({ first_name: '', last_name: ' ', phone: '', company: '\t', vat: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual({
      first_name: 'firstNameRequired',
      last_name: 'lastNameRequired',
      phone: 'phoneRequired',
      company: 'companyRequired',
      vat: 'vatRequired',
    });
  });

  it('refuses a field longer than it keeps', async () => {
    const response = await patchMe({ first_name: 'A'.repeat(201) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual({ first_name: 'tooLong' });
  });

  it('ignores role, e-mail and active: a user cannot change them about themself', async () => {
    const before = await storedRow();
    const response = await patchMe({ role: 'admin', email: 'boss@studio.es', active: false, avatar_key: 'avatars/x/y.webp', id: 'other-id' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.id, role: 'customer', email: 'ana@studio.es', active: true, avatar_url: null });
    const after = await storedRow();
    expect({ ...after, updated_at: null }).toEqual({ ...before, updated_at: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('answers 401, not a validation error, to a caller without a session, and changes nothing', async () => {
    const before = await storedRow();
    for (const payload of [{ first_name: 'Intruder' }, { first_name: '   ', password: '1' }]) {
      const response = await t.app.inject({ method: 'PATCH', url: '/api/me', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('NOT_AUTHENTICATED');
    }
    expect(await storedRow()).toEqual(before);
  });
});

describe('changing the password through PATCH /api/me', () => {
  let t: TestApp;
  let user: { id: string; email: string; password: string };
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createTestUser(t, { email: 'ana@studio.es', password: 'first-password', firstName: 'Ana' });
  });
  beforeEach(async () => {
    cookie = await signIn(t, user.email, user.password);
  });
  afterAll(() => t.close());

  const patchMe = (payload: Record<string, unknown>, withCookie = cookie) =>
    t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: withCookie }, payload });
  const getMe = (withCookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: withCookie } });
  const getProfileOf = (withCookie: string) => t.app.inject({ method: 'GET', url: '/api/me/profile', headers: { cookie: withCookie } });
  const passwordHash = async () =>
    (await t.database.db.selectFrom('accounts').select('password').where('user_id', '=', user.id).executeTakeFirstOrThrow()).password;

  it.each([
    ['spaces only', '      '],
    ['an empty string', ''],
    ['a tab and spaces', ' \t  '],
  ])('drops a password of %s: passwordChanged null, the old one still works', async (_case, password) => {
    const hash = await passwordHash();
    const other = await signIn(t, user.email, user.password);
    const response = await patchMe({ password, description: 'Saved anyway' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ passwordChanged: null, user: { description: 'Saved anyway' } });
    expect(await passwordHash()).toBe(hash);
    expect((await getMe(other)).statusCode).toBe(200);
    expect((await attemptSignIn(t, user.email, user.password)).statusCode).toBe(200);
  });

  it.each(['1', '12345', 'ab de'])('refuses a password shorter than 6 (%s) with 400 passwordTooShort and changes nothing', async (password) => {
    const hash = await passwordHash();
    const before = await t.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    const response = await patchMe({ password, currentPassword: user.password, description: 'Should not be saved' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { password: 'passwordTooShort' } });
    expect(await passwordHash()).toBe(hash);
    expect(await t.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual(before);
    expect((await attemptSignIn(t, user.email, user.password)).statusCode).toBe(200);
  });

  it('changes a valid password: the new one signs in, the old does not, other sessions end, this one stays', async () => {
    const otherDevice = await signIn(t, user.email, user.password);
    const thirdDevice = await signIn(t, user.email, user.password);
    expect((await getMe(otherDevice)).statusCode).toBe(200);

    const response = await patchMe({ password: 'second-password', currentPassword: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ passwordChanged: true, user: { id: user.id, email: user.email } });
    expect(response.body).not.toContain('second-password');

    expect((await getMe(cookie)).statusCode).toBe(200);
    expect((await patchMe({ description: 'Still signed in' })).statusCode).toBe(200);
    for (const ended of [otherDevice, thirdDevice]) {
      const me = await getMe(ended);
      expect(me.statusCode).toBe(401);
      expect(me.json().error.code).toBe('NOT_AUTHENTICATED');
    }
    const sessions = await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(1);

    expect((await attemptSignIn(t, user.email, 'first-password')).statusCode).toBe(401);
    expect((await attemptSignIn(t, user.email, 'second-password')).statusCode).toBe(200);
    user.password = 'second-password';
  });

  it('refuses a new password without the current one: 400 currentPasswordRequired, nothing saved', async () => {
    const hash = await passwordHash();
    const before = await t.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    for (const payload of [{ password: 'stolen-session-1' }, { password: 'stolen-session-1', currentPassword: '' }]) {
      const response = await patchMe({ ...payload, description: 'Should not be saved' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'VALIDATION_FAILED', message: expect.any(String), details: { currentPassword: 'currentPasswordRequired' } },
      });
    }
    expect(await passwordHash()).toBe(hash);
    expect(await t.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('refuses a wrong current password: 400 currentPasswordWrong, nothing saved, no session ended', async () => {
    const hash = await passwordHash();
    const other = await signIn(t, user.email, user.password);
    const response = await patchMe({ password: 'stolen-session-1', currentPassword: 'a-guess-at-it', description: 'Should not be saved' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: expect.any(String), details: { currentPassword: 'currentPasswordWrong' } },
    });
    expect(await passwordHash()).toBe(hash);
    expect((await getMe(other)).statusCode).toBe(200);
    expect((await getProfileOf(cookie)).json().description).not.toBe('Should not be saved');
    expect((await attemptSignIn(t, user.email, 'stolen-session-1')).statusCode).toBe(401);
  });

  it('does not take the current password alone as a change: without a new one it is ignored', async () => {
    const response = await patchMe({ currentPassword: 'whatever-it-is', description: 'Only this' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ passwordChanged: null, user: { description: 'Only this' } });
  });

  it("is the one way to change a password: Better Auth's own change-password is closed", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: user.password, newPassword: 'by-the-back-door', revokeOtherSessions: false },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    expect((await attemptSignIn(t, user.email, 'by-the-back-door')).statusCode).toBe(401);
  });

  it('keeps a password of 6 characters with spaces inside as typed', async () => {
    const response = await patchMe({ password: ' a b c ', currentPassword: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().passwordChanged).toBe(true);
    expect((await attemptSignIn(t, user.email, ' a b c ')).statusCode).toBe(200);
    user.password = ' a b c ';
  });
});

describe('wrong current passwords count like failed sign-ins', () => {
  let t: TestApp;
  let user: { id: string; email: string; password: string };
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ signInLimits: { maxFailuresPerEmail: 3, maxFailuresPerAddress: 50, windowSeconds: 900 } });
    user = await createTestUser(t, { email: 'ana@studio.es', password: 'first-password' });
    cookie = await signIn(t, user.email, user.password);
  });
  afterAll(() => t.close());

  const changePassword = (currentPassword: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie },
      payload: { password: 'second-password', currentPassword },
      remoteAddress: '10.9.0.1',
    });
  const signInFrom = (password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password }, remoteAddress });

  it('two wrong here and one at sign-in reach the limit of 3 for the e-mail: then both answer 429, the right password too', async () => {
    expect((await changePassword('guess-one')).statusCode).toBe(400);
    expect((await changePassword('guess-two')).statusCode).toBe(400);
    expect((await signInFrom('guess-three', '10.9.0.2')).statusCode).toBe(401);

    const refused = await changePassword(user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'TOO_MANY_ATTEMPTS', message: expect.any(String) } });
    expect((await signInFrom(user.password, '10.9.0.3')).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { description: 'Fields alone still save' } })).statusCode).toBe(
      200,
    );

    // Once the window is over (here: the counters cleared), the right current password changes it.
    await t.database.db.deleteFrom('attempt_counters').execute();
    const changed = await changePassword(user.password);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().passwordChanged).toBe(true);
    expect((await signInFrom('second-password', '10.9.0.4')).statusCode).toBe(200);
  });

  it("a right current password clears the e-mail's failures, as a sign-in does", async () => {
    await t.database.db.deleteFrom('attempt_counters').execute();
    expect((await changePassword('guess-one')).statusCode).toBe(400);
    expect((await changePassword('guess-two')).statusCode).toBe(400);
    const right = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie },
      payload: { password: 'third-password', currentPassword: 'second-password' },
      remoteAddress: '10.9.0.1',
    });
    expect(right.statusCode).toBe(200);
    expect((await signInFrom('wrong-password', '10.9.0.5')).statusCode).toBe(401);
    expect((await signInFrom('wrong-password', '10.9.0.6')).statusCode).toBe(401);
    expect((await signInFrom('third-password', '10.9.0.7')).statusCode).toBe(200);
  });
});
