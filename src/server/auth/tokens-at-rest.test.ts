import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashedAuthTokensMigration } from '../db/migrations/009-hashed-auth-tokens.ts';
import { storedInstant } from '../test-support/stored-values.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../test-support/test-app.ts';
import { sessionTokenDigest } from './hashed-session-tokens.ts';

/**
 * What a stolen copy of the database is worth (issue 13, item 10; decision 015): no session token and
 * no reset or welcome link in any table, and nothing stored that signs anyone in or resets a password,
 * even with AUTH_SECRET in hand to sign a cookie.
 */

/** createTestApp's AUTH_SECRET; the test checks it reproduces the app's own cookie before using it. */
const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';
const COOKIE = 'alzado.session_token';
const LINK = /\/reset-password\?token=([A-Za-z0-9_-]+)/;

/** A session cookie as Better Auth signs it: `<token>.<base64 HMAC-SHA256>`, URI-encoded. */
function signedCookie(token: string): string {
  const signature = createHmac('sha256', TEST_AUTH_SECRET).update(token).digest('base64');
  return `${COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** Every row of every table, as text: what a dump or a backup would hand over. */
async function dumpAllTables(t: TestApp): Promise<string> {
  const tables = await t.database.db.introspection.getTables();
  const dump: Record<string, unknown[]> = {};
  for (const table of tables) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table, whatever its shape
    dump[table.name] = await (t.database.db as any).selectFrom(table.name).selectAll().execute();
  }
  return JSON.stringify(dump);
}

const getMe = (t: TestApp, cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const resetWith = (t: TestApp, token: string, newPassword = 'chosen-by-thief') =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

describe('a copy of the database', () => {
  let t: TestApp;
  let adminCookie: string;
  let user: { id: string; email: string; password: string };
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createTestUser(t, { email: 'admin@studio.es', role: 'admin' });
    adminCookie = await signIn(t, admin.email, admin.password);
    user = await createTestUser(t, { email: 'lena@studio.es', password: 'lenas-password' });
  });
  afterAll(() => t.close());

  it('holds no session token, reset link or welcome link, and none of what it holds signs in or resets a password', async () => {
    const cookie = await signIn(t, user.email, user.password);
    const sessionToken = decodeURIComponent(cookie.slice(`${COOKIE}=`.length)).split('.')[0]!;
    // The signing here is the app's own: the cookie it set, byte for byte.
    expect(decodeURIComponent(signedCookie(sessionToken))).toBe(decodeURIComponent(cookie));

    t.sentMail.length = 0;
    // The welcome goes to another user: a user's newer link voids their older one (issue 29).
    const newcomer = await createTestUser(t, { email: 'nico@studio.es' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: user.email } })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/create-user-template', headers: { cookie: adminCookie }, payload: { email: newcomer.email } }))
        .statusCode,
    ).toBe(200);
    await t.worker.runDueJobs();
    const [resetToken, welcomeToken] = t.sentMail.map((mail) => mail.text.match(LINK)![1]!);
    expect(resetToken).toBeDefined();
    expect(welcomeToken).toBeDefined();

    const dump = await dumpAllTables(t);
    for (const secret of [sessionToken, resetToken!, welcomeToken!]) expect(dump).not.toContain(secret);

    // The stored session values: as a cookie, signed with the secret or not, they are no session.
    const stored = await t.database.db.selectFrom('sessions').select('token').execute();
    expect(stored).toHaveLength(2);
    for (const { token } of stored) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      for (const forged of [signedCookie(token), `${COOKIE}=${token}`]) expect((await getMe(t, forged)).statusCode).toBe(401);
    }
    expect(stored.map((row) => row.token)).toContain(sessionTokenDigest(sessionToken));

    // The stored link values reset nothing, with or without the prefix they were made from.
    const links = await t.database.db.selectFrom('verifications').select('identifier').execute();
    expect(links).toHaveLength(2);
    for (const { identifier } of links) {
      for (const forged of [identifier, `reset-password:${identifier}`]) {
        const answer = await resetWith(t, forged);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().error.code).toBe('INVALID_TOKEN');
      }
    }

    // And what the user holds still works.
    expect((await getMe(t, cookie)).statusCode).toBe(200);
    expect((await resetWith(t, resetToken!, 'lenas-new-password')).statusCode).toBe(200);
  });

  it('sign-out still finds the session by the token of the cookie', async () => {
    const cookie = await signIn(t, user.email, 'lenas-new-password');
    expect((await getMe(t, cookie)).statusCode).toBe(200);
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(signOut.statusCode).toBe(200);
    expect((await getMe(t, cookie)).statusCode).toBe(401);
  });
});

describe('migration 009 on rows stored as sent', () => {
  let t: TestApp;
  let user: { id: string; email: string; password: string };
  beforeAll(async () => {
    t = await createTestApp();
    user = await createTestUser(t, { email: 'ana@studio.es', password: 'anas-password' });
  });
  afterAll(() => t.close());

  it('stores their digests instead: the user stays signed in and a link already mailed still works, once', async () => {
    const now = new Date();
    const sessionToken = randomBytes(24).toString('base64url').slice(0, 32);
    const linkToken = randomBytes(18).toString('base64url');
    await t.database.db
      .insertInto('sessions')
      .values({
        id: 'old-session',
        token: sessionToken,
        user_id: user.id,
        expires_at: storedInstant(new Date(now.getTime() + 86_400_000)),
        created_at: storedInstant(now),
        updated_at: storedInstant(now),
        ip_address: '',
        user_agent: '',
      })
      .execute();
    await t.database.db
      .insertInto('verifications')
      .values({
        id: 'old-link',
        identifier: `reset-password:${linkToken}`,
        value: user.id,
        expires_at: storedInstant(new Date(now.getTime() + 3_600_000)),
        created_at: storedInstant(now),
        updated_at: storedInstant(now),
      })
      .execute();

    await hashedAuthTokensMigration().up(t.database.db);

    const dump = await dumpAllTables(t);
    expect(dump).not.toContain(sessionToken);
    expect(dump).not.toContain(linkToken);
    expect((await getMe(t, signedCookie(sessionToken))).statusCode).toBe(200);
    expect((await resetWith(t, linkToken, 'anas-new-password')).statusCode).toBe(200);
    expect((await resetWith(t, linkToken, 'another-password')).statusCode).toBe(400);
  });
});
