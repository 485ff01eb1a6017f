import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cat from '../i18n/locales/cat/email.json' with { type: 'json' };
import en from '../i18n/locales/en/email.json' with { type: 'json' };
import es from '../i18n/locales/es/email.json' with { type: 'json' };
import { type TestApp, createTestApp, createTestUser, signIn } from '../test-support/test-app.ts';
import { storedInstant } from '../test-support/stored-values.ts';

const RESET_LINK = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/;

// Recovery requests are limited per address too, so each test asks from its own address.
let nextAddress = 1;
function freshAddress(): string {
  return `10.0.0.${nextAddress++}`;
}

function requestReset(t: TestApp, email: string, remoteAddress = freshAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, remoteAddress });
}

function resetPassword(t: TestApp, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
}

function attemptSignIn(t: TestApp, email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: freshAddress() });
}

/** Asks for a recovery e-mail and returns the token of the link it carries. */
async function tokenFromRecoveryEmail(t: TestApp, email: string): Promise<string> {
  const before = t.sentMail.length;
  expect((await requestReset(t, email)).statusCode).toBe(200);
  await t.worker.runDueJobs();
  expect(t.sentMail).toHaveLength(before + 1);
  const token = t.sentMail.at(-1)!.text.match(RESET_LINK)?.[1];
  if (!token) throw new Error('the recovery e-mail carries no reset link');
  return token;
}

describe('password recovery e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createTestUser(t, { email: 'lena@studio.es', language: 'en', firstName: 'Lena' });
    await createTestUser(t, { email: 'jordi@studio.es', language: 'cat', firstName: 'Jordi' });
  });
  afterAll(() => t.close());

  it('answers the same whether or not the address has an account, and mails only an existing one', async () => {
    t.sentMail.length = 0;
    const existing = await requestReset(t, 'lena@studio.es');
    const unknown = await requestReset(t, 'nobody@studio.es');

    expect(existing.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(existing.body);
    expect(existing.json()).toMatchObject({ status: true });
    await t.worker.runDueJobs();
    expect(t.sentMail.map((mail) => mail.to)).toEqual(['lena@studio.es']);
  });

  it('sends nothing inside the request: a send-password-reset job sends it, for a known and an unknown address alike', async () => {
    t.sentMail.length = 0;
    await t.database.db.deleteFrom('jobs').execute();
    await t.database.db.deleteFrom('verifications').execute();
    expect((await requestReset(t, 'Lena@Studio.es')).statusCode).toBe(200);
    expect((await requestReset(t, 'nobody@studio.es')).statusCode).toBe(200);
    expect(t.sentMail).toEqual([]);
    expect(await t.database.db.selectFrom('verifications').select('id').execute()).toEqual([]);
    const jobs = await t.database.db.selectFrom('jobs').select(['kind', 'state', 'payload']).orderBy('id').execute();
    expect(jobs).toEqual([
      { kind: 'send-password-reset', state: 'queued', payload: JSON.stringify({ email: 'lena@studio.es' }) },
      { kind: 'send-password-reset', state: 'queued', payload: JSON.stringify({ email: 'nobody@studio.es' }) },
    ]);

    expect(await t.worker.runDueJobs()).toBe(2);
    expect(t.sentMail.map((mail) => mail.to)).toEqual(['lena@studio.es']);
    expect((await t.database.db.selectFrom('jobs').select('state').execute()).map((job) => job.state)).toEqual(['done', 'done']);
  });

  it('is written in the language of the user, with a link to the reset page carrying the token', async () => {
    t.sentMail.length = 0;
    await requestReset(t, 'lena@studio.es');
    await requestReset(t, 'jordi@studio.es');
    await t.worker.runDueJobs();
    const [english, catalan] = t.sentMail;

    expect(english!.subject).toBe(en.passwordReset.subject);
    expect(catalan!.subject).toBe(cat.passwordReset.subject);
    expect(new Set([english!.subject, catalan!.subject, es.passwordReset.subject]).size).toBe(3);
    expect(english!.text).toContain('Hello Lena');
    expect(catalan!.text).toContain('Hola Jordi');

    for (const mail of [english!, catalan!]) {
      expect(mail.text).toMatch(RESET_LINK);
      const token = mail.text.match(RESET_LINK)![1]!;
      expect(mail.html).toContain(`href="http://localhost:3000/reset-password?token=${token}"`);
    }
  });

  it('refuses an e-mail without @ with 400 VALIDATION_FAILED and sends nothing', async () => {
    t.sentMail.length = 0;
    const response = await requestReset(t, 'lena.studio.es');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.details).toEqual({ email: 'emailNeedsAt' });
    expect(t.sentMail).toEqual([]);
  });

  it('refuses something with an @ that is no address, with the same key the sign-in form uses', async () => {
    const response = await requestReset(t, 'lena@studio');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual({ email: 'emailInvalid' });
  });
});

describe('password reset with the token of the e-mail', () => {
  let t: TestApp;
  let user: { id: string; email: string; password: string };
  beforeAll(async () => {
    t = await createTestApp();
    user = await createTestUser(t, { email: 'ana@studio.es', password: 'old-password' });
  });
  afterAll(() => t.close());

  it('sets the new password once, ends the existing sessions and the token cannot be used again', async () => {
    const oldCookie = await signIn(t, user.email, 'old-password');
    const token = await tokenFromRecoveryEmail(t, user.email);

    const reset = await resetPassword(t, { token, newPassword: 'new-password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: true });

    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: oldCookie } })).statusCode).toBe(401);
    expect(await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await attemptSignIn(t, user.email, 'old-password')).statusCode).toBe(401);
    expect((await attemptSignIn(t, user.email, 'new-password')).statusCode).toBe(200);

    const again = await resetPassword(t, { token, newPassword: 'third-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: { code: 'INVALID_TOKEN', message: expect.any(String) } });
    expect((await attemptSignIn(t, user.email, 'third-password')).statusCode).toBe(401);
    user.password = 'new-password';
  });

  it('refuses a 5-character password with details.newPassword and leaves the token usable', async () => {
    const token = await tokenFromRecoveryEmail(t, user.email);
    const short = await resetPassword(t, { token, newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { newPassword: 'passwordTooShort' } });
    expect((await attemptSignIn(t, user.email, user.password)).statusCode).toBe(200);

    expect((await resetPassword(t, { token, newPassword: 'k7#p2q' })).statusCode).toBe(200);
    expect((await attemptSignIn(t, user.email, 'k7#p2q')).statusCode).toBe(200);
    user.password = 'k7#p2q';
  });

  it.each([
    ['no token', { newPassword: 'new-password' }, { token: 'tokenMissing' }],
    ['an empty token', { token: '', newPassword: 'new-password' }, { token: 'tokenMissing' }],
    ['no new password', { token: 'some-token' }, { newPassword: 'passwordTooShort' }],
  ])('refuses a request with %s with 400 and the message key of the field', async (_case, payload, details) => {
    const response = await resetPassword(t, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details });
  });

  it('refuses an expired token and keeps the password', async () => {
    const token = await tokenFromRecoveryEmail(t, user.email);
    await t.database.db
      .updateTable('verifications')
      .set({ expires_at: storedInstant(new Date(Date.now() - 60 * 1000)) })
      .where('value', '=', user.id)
      .execute();

    const response = await resetPassword(t, { token, newPassword: 'too-late-password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_TOKEN');
    expect((await attemptSignIn(t, user.email, 'too-late-password')).statusCode).toBe(401);
    expect((await attemptSignIn(t, user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses a token it never issued', async () => {
    const response = await resetPassword(t, { token: 'made-up-token', newPassword: 'whatever-password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_TOKEN');
  });
});

describe('a newer recovery link voids the older ones (issue 29)', () => {
  let t: TestApp;
  let user: { id: string; email: string; password: string };
  beforeAll(async () => {
    // More recovery requests per e-mail than in production, so the cases can share one user.
    t = await createTestApp({ passwordResetLimits: { maxPerEmail: 20, maxPerAddress: 20 } });
    user = await createTestUser(t, { email: 'marc@studio.es', password: 'old-password' });
  });
  afterAll(() => t.close());

  const linksOf = (userId: string) => t.database.db.selectFrom('verifications').select('id').where('value', '=', userId).execute();

  it('of three links requested one after another, only the last one sets the password', async () => {
    const first = await tokenFromRecoveryEmail(t, user.email);
    const second = await tokenFromRecoveryEmail(t, user.email);
    const third = await tokenFromRecoveryEmail(t, user.email);
    expect(new Set([first, second, third]).size).toBe(3);
    expect(await linksOf(user.id)).toHaveLength(1);

    for (const [index, token] of [first, second].entries()) {
      const response = await resetPassword(t, { token, newPassword: `older-link-${index}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('INVALID_TOKEN');
      expect((await attemptSignIn(t, user.email, `older-link-${index}`)).statusCode).toBe(401);
    }
    expect((await attemptSignIn(t, user.email, 'old-password')).statusCode).toBe(200);

    expect((await resetPassword(t, { token: third, newPassword: 'newest-link' })).statusCode).toBe(200);
    expect((await attemptSignIn(t, user.email, 'newest-link')).statusCode).toBe(200);
    expect(await linksOf(user.id)).toEqual([]);
  });

  it('when three requests wait in the queue together, only the link of the last e-mail sent works', async () => {
    t.sentMail.length = 0;
    for (let index = 0; index < 3; index += 1) expect((await requestReset(t, user.email)).statusCode).toBe(200);
    await t.worker.runDueJobs();
    const tokens = t.sentMail.map((mail) => mail.text.match(RESET_LINK)![1]!);
    expect(tokens).toHaveLength(3);
    expect(await linksOf(user.id)).toHaveLength(1);
    for (const token of tokens.slice(0, 2)) expect((await resetPassword(t, { token, newPassword: 'from-an-older-link' })).statusCode).toBe(400);
    expect((await resetPassword(t, { token: tokens[2]!, newPassword: 'from-the-last-link' })).statusCode).toBe(200);
    expect((await attemptSignIn(t, user.email, 'from-the-last-link')).statusCode).toBe(200);
  });

  it('leaves the links of other users alone', async () => {
    const other = await createTestUser(t, { email: 'other@studio.es', password: 'other-password' });
    const othersLink = await tokenFromRecoveryEmail(t, other.email);
    await tokenFromRecoveryEmail(t, user.email);
    expect((await resetPassword(t, { token: othersLink, newPassword: 'others-new-password' })).statusCode).toBe(200);
  });
});

describe('recovery request limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ passwordResetLimits: { maxPerEmail: 2, maxPerAddress: 3 } });
    await createTestUser(t, { email: 'ana@studio.es' });
  });
  afterAll(() => t.close());

  it('refuses a third recovery e-mail for one address with 429 and sends no more', async () => {
    t.sentMail.length = 0;
    expect((await requestReset(t, 'ana@studio.es')).statusCode).toBe(200);
    expect((await requestReset(t, 'ana@studio.es')).statusCode).toBe(200);

    const third = await requestReset(t, 'ana@studio.es');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(third.headers['retry-after']).toBeDefined();
    await t.worker.runDueJobs();
    expect(t.sentMail).toHaveLength(2);
  });

  it('allows more per network address than per e-mail, then refuses whatever the e-mails', async () => {
    const address = freshAddress();
    expect((await requestReset(t, 'one@studio.es', address)).statusCode).toBe(200);
    expect((await requestReset(t, 'two@studio.es', address)).statusCode).toBe(200);
    expect((await requestReset(t, 'three@studio.es', address)).statusCode).toBe(200);
    expect((await requestReset(t, 'four@studio.es', address)).statusCode).toBe(429);
  });
});

describe('a recovery e-mail the mail server refuses', () => {
  let t: TestApp;
  let failing = true;
  beforeAll(async () => {
    t = await createTestApp({
      mailer: {
        send: async (message) => {
          if (failing) throw new Error('connect ECONNREFUSED smtp://mailer:hunter2@mail.internal.example:587');
          sent.push(message);
        },
      },
    });
    await createTestUser(t, { email: 'ana@studio.es' });
  });
  const sent: { to: string; text: string }[] = [];
  afterAll(() => t.close());

  it('answers as ever, withdraws the unsent link, records no internals and is sent again later', async () => {
    expect((await requestReset(t, 'ana@studio.es')).statusCode).toBe(200);
    expect(await t.worker.runDueJobs()).toBe(1);
    const job = await t.database.db.selectFrom('jobs').selectAll().where('kind', '=', 'send-password-reset').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'queued', attempts: 1, last_error: 'The recovery e-mail could not be sent' });
    expect(JSON.stringify(job)).not.toMatch(/hunter2|mail\.internal|ECONNREFUSED/);
    expect(await t.database.db.selectFrom('verifications').select('id').execute()).toEqual([]);

    // Its retry is due: the mail server is back.
    failing = false;
    await t.database.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', job.id)
      .execute();
    expect(await t.worker.runDueJobs()).toBe(1);
    expect(sent.map((mail) => mail.to)).toEqual(['ana@studio.es']);
    const token = sent[0]!.text.match(RESET_LINK)![1]!;
    expect((await resetPassword(t, { token, newPassword: 'back-in-password' })).statusCode).toBe(200);
  });
});
