import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createTestUser, signIn } from '../test-support/test-app.ts';
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from './first-admin.ts';

describe('first administrator', () => {
  let t: TestApp;
  let announced: string[];
  beforeEach(async () => {
    t = await createTestApp();
    announced = [];
  });
  afterEach(() => t.close());

  const ensure = (credentials: { email: string; password: string } | undefined) =>
    ensureFirstAdmin({ db: t.database.db, auth: t.auth, credentials, announce: (message) => announced.push(message) });

  async function usersInDatabase() {
    return t.database.db.selectFrom('users').select(['email', 'role']).execute();
  }

  it('on an empty database, creates the configured admin, who can sign in, and announces nothing', async () => {
    expect(await ensure({ email: 'Boss@Studio.es', password: 'admin-password' })).toEqual({ created: true });
    expect(announced).toEqual([]);
    expect(await usersInDatabase()).toEqual([{ email: 'boss@studio.es', role: 'admin' }]);

    const cookie = await signIn(t, 'boss@studio.es', 'admin-password');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ email: 'boss@studio.es', role: 'admin', active: true });
  });

  it('without credentials, announces once an e-mail and a random password that really sign in', async () => {
    const result = await ensure(undefined);
    expect(announced).toHaveLength(1);
    // Returned too, for the start's closing block (issue 28).
    expect(result).toEqual({ created: true, generated: { email: DEFAULT_ADMIN_EMAIL, password: expect.any(String) } });
    expect(announced[0]).toContain(result.generated!.password);
    const match = announced[0]!.match(/e-mail (\S+) and password (\S+)/);
    expect(match).not.toBeNull();
    const [, email, password] = match!;
    expect(email).toBe(DEFAULT_ADMIN_EMAIL);
    expect(password!.length).toBeGreaterThanOrEqual(12);

    const cookie = await signIn(t, email!, password!);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ email: DEFAULT_ADMIN_EMAIL, role: 'admin' });
  });

  it('gives each new installation its own random password', async () => {
    await ensure(undefined);
    const other = await createTestApp();
    const otherAnnounced: string[] = [];
    try {
      await ensureFirstAdmin({ db: other.database.db, auth: other.auth, credentials: undefined, announce: (message) => otherAnnounced.push(message) });
      expect(otherAnnounced[0]).toMatch(/password \S+/);
      expect(otherAnnounced[0]).not.toBe(announced[0]);
    } finally {
      await other.close();
    }
  });

  it.each(['123456', 'qwerty', 'aaaaaa'])('refuses to create the first administrator with ADMIN_PASSWORD %j, saying why', async (password) => {
    await expect(ensure({ email: 'boss@studio.es', password })).rejects.toThrow(/ADMIN_PASSWORD is one of the most common passwords/);
    expect(await usersInDatabase()).toEqual([]);
  });

  it('does nothing on a database that already has a user', async () => {
    await createTestUser(t, { email: 'ana@studio.es' });
    expect(await ensure({ email: 'boss@studio.es', password: 'admin-password' })).toEqual({ created: false });
    expect(await ensure(undefined)).toEqual({ created: false });
    expect(announced).toEqual([]);
    expect(await usersInDatabase()).toEqual([{ email: 'ana@studio.es', role: 'customer' }]);
  });

  it('does nothing the second time it runs', async () => {
    await ensure(undefined);
    expect(await ensure(undefined)).toEqual({ created: false });
    expect(announced).toHaveLength(1);
    expect(await usersInDatabase()).toHaveLength(1);
  });
});
