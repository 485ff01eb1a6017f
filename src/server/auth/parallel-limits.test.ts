import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, signIn } from '../test-support/test-app.ts';
import { hashPassword, passwordVerificationCount } from './password-hashing.ts';

/**
 * The limits as an attacker meets them: many requests sent at once over real HTTP, on the database of
 * TEST_DIALECT. What each limit bounds is counted where it happens: passwords checked by the password
 * verification itself, recovery e-mails by the mailer, contact messages by their rows.
 */

const RIGHT_PASSWORD = 'the-right-password';

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

async function post(base: string, path: string, body: unknown): Promise<number> {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response.status;
}

/** Users with one password, hashed once (hashing each would take seconds). */
async function createUsers(t: TestApp, emails: string[]): Promise<void> {
  const context = await t.auth.$context;
  const hash = await hashPassword(RIGHT_PASSWORD);
  for (const email of emails) {
    const user = await context.internalAdapter.createUser({ email, name: 'Guessed', role: 'customer', language: 'es', active: true }, { method: 'admin' });
    await context.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: hash });
  }
}

function countStatuses(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('sign-in guesses sent all at once', () => {
  let t: TestApp;
  let base: string;
  const accounts = Array.from({ length: 100 }, (_, index) => `member${index}@studio.es`);
  beforeAll(async () => {
    t = await createTestApp({ signInLimits: { maxFailuresPerEmail: 5, maxFailuresPerAddress: 50, windowSeconds: 900 } });
    await createUsers(t, ['target@studio.es', ...accounts]);
    base = await listen(t);
  });
  beforeEach(async () => {
    await t.database.db.deleteFrom('attempt_counters').execute();
  });
  afterAll(() => t.close());

  it.each([100, 500])(
    '%i guesses at one account check at most 5 passwords, and the right one among them does not get in',
    async (guesses) => {
      const before = passwordVerificationCount();
      // The right password is guess number 90, as in the audit.
      const statuses = await Promise.all(
        Array.from({ length: guesses }, (_, index) =>
          post(base, '/api/auth/sign-in/email', { email: 'target@studio.es', password: index === 89 ? RIGHT_PASSWORD : `wrong-guess-${index}` }),
        ),
      );
      const verified = passwordVerificationCount() - before;
      const counts = countStatuses(statuses);
      expect({ verified, counts }).toEqual({ verified: 5, counts: { 401: 5, 429: guesses - 5 } });
    },
    120_000,
  );

  it('500 guesses spread over 100 accounts from one address check at most 50 passwords', async () => {
    const before = passwordVerificationCount();
    const statuses = await Promise.all(
      Array.from({ length: 500 }, (_, index) =>
        post(base, '/api/auth/sign-in/email', { email: accounts[index % accounts.length], password: `wrong-guess-${index}` }),
      ),
    );
    const verified = passwordVerificationCount() - before;
    expect({ verified, counts: countStatuses(statuses) }).toEqual({ verified: 50, counts: { 401: 50, 429: 450 } });
  }, 120_000);

  it('once the guesses are refused, the owner of another account on the same address still waits, and the window is what lets them in', async () => {
    // One address, 50 failures: the address is closed for everyone until the window passes.
    await Promise.all(
      Array.from({ length: 60 }, (_, index) => post(base, '/api/auth/sign-in/email', { email: accounts[index % accounts.length], password: 'wrong-password' })),
    );
    expect(await post(base, '/api/auth/sign-in/email', { email: accounts[99], password: RIGHT_PASSWORD })).toBe(429);
    await t.database.db.deleteFrom('attempt_counters').execute();
    expect(await post(base, '/api/auth/sign-in/email', { email: accounts[99], password: RIGHT_PASSWORD })).toBe(200);
  }, 60_000);

  it('100 right sign-ins from one office address, 10 at a time, all get in: successes do not use up the address', async () => {
    const statuses: number[] = [];
    for (let batch = 0; batch < accounts.length; batch += 10) {
      statuses.push(
        ...(await Promise.all(accounts.slice(batch, batch + 10).map((email) => post(base, '/api/auth/sign-in/email', { email, password: RIGHT_PASSWORD })))),
      );
    }
    expect(countStatuses(statuses)).toEqual({ 200: 100 });
    // And the address is not counted full afterwards: 50 failures are still allowed.
    const before = passwordVerificationCount();
    const failures = await Promise.all(
      Array.from({ length: 60 }, (_, index) => post(base, '/api/auth/sign-in/email', { email: accounts[index], password: 'wrong-password' })),
    );
    expect({ verified: passwordVerificationCount() - before, counts: countStatuses(failures) }).toEqual({ verified: 50, counts: { 401: 50, 429: 10 } });
  }, 120_000);
});

/** A sign-in as the login page makes it: when told the sign-ins at once were too many, it tries again after Retry-After. */
async function signInAsABrowser(base: string, body: { email: string; password: string }) {
  const answers: { status: number; code?: string; retryAfter: string | null }[] = [];
  for (let tries = 0; tries < 10; tries++) {
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { error?: { code: string } };
    answers.push({ status: response.status, code: answer.error?.code, retryAfter: response.headers.get('retry-after') });
    if (answer.error?.code !== 'SIGN_IN_BUSY') break;
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after')) * 1000));
  }
  return answers;
}

/**
 * Issue 21, item 4: right passwords sent at once are never told to wait the window out. A place held by a
 * sign-in in flight is not a failure: the request waits its turn, and if that is too long it is told
 * SIGN_IN_BUSY with Retry-After 1 (decision 030). Failures still close the e-mail and the address.
 */
describe('right passwords sent all at once', () => {
  let t: TestApp;
  let base: string;
  const office = Array.from({ length: 200 }, (_, index) => `colleague${index}@studio.es`);
  beforeAll(async () => {
    // 10 places per address rather than 50: on a test machine a check is fast, and with 50 the places
    // would rarely all be taken at one instant; with 10 they are, as with 50 on the audit's server.
    t = await createTestApp({ signInLimits: { maxFailuresPerEmail: 5, maxFailuresPerAddress: 10, windowSeconds: 900 } });
    await createUsers(t, office);
    base = await listen(t);
  });
  beforeEach(async () => {
    await t.database.db.deleteFrom('attempt_counters').execute();
  });
  afterAll(() => t.close());

  it('200 colleagues behind one office address all sign in, none told to wait the window out', async () => {
    const answers = await Promise.all(office.map((email) => signInAsABrowser(base, { email, password: RIGHT_PASSWORD })));
    expect(countStatuses(answers.map((tries) => tries.at(-1)!.status))).toEqual({ 200: 200 });
    const refusals = answers.flat().filter((answer) => answer.status === 429);
    // Any refusal on the way said what happened, and asked for a moment only.
    expect(refusals.filter((answer) => answer.code !== 'SIGN_IN_BUSY' || answer.retryAfter !== '1')).toEqual([]);
  }, 120_000);

  it('one person signing in from six tabs at once gets in in all six', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => signInAsABrowser(base, { email: office[0]!, password: RIGHT_PASSWORD })));
    expect(answers.map((tries) => tries.at(-1)!.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.flat().filter((answer) => answer.status === 429 && answer.code !== 'SIGN_IN_BUSY')).toEqual([]);
  }, 60_000);

  it('wrong guesses at once are still bounded, and the refusal after them says so with what is left of the window', async () => {
    const before = passwordVerificationCount();
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => post(base, '/api/auth/sign-in/email', { email: office[1]!, password: `wrong-guess-${index}` })),
    );
    expect({ verified: passwordVerificationCount() - before, counts: countStatuses(statuses) }).toEqual({ verified: 5, counts: { 401: 5, 429: 25 } });
    const [refused] = await signInAsABrowser(base, { email: office[1]!, password: RIGHT_PASSWORD });
    expect(refused!.status).toBe(429);
    expect(refused!.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(refused!.retryAfter)).toBeGreaterThan(800);
    expect(Number(refused!.retryAfter)).toBeLessThanOrEqual(900);
  }, 60_000);
});

describe('password changes with guessed current passwords sent all at once (a stolen session)', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ signInLimits: { maxFailuresPerEmail: 5, maxFailuresPerAddress: 50, windowSeconds: 900 } });
    await createUsers(t, ['victim@studio.es']);
    cookie = await signIn(t, 'victim@studio.es', RIGHT_PASSWORD);
    base = await listen(t);
  });
  afterAll(() => t.close());

  it('100 guesses check at most 5 passwords, and the right one among them changes nothing', async () => {
    const before = passwordVerificationCount();
    const statuses = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const response = await fetch(`${base}/api/me`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', cookie, origin: 'http://localhost:3000' },
          body: JSON.stringify({ password: 'taken-over-1', currentPassword: index === 89 ? RIGHT_PASSWORD : `wrong-guess-${index}` }),
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect({ verified: passwordVerificationCount() - before, counts: countStatuses(statuses) }).toEqual({ verified: 5, counts: { 400: 5, 429: 95 } });
    await t.database.db.deleteFrom('attempt_counters').execute();
    expect(await post(base, '/api/auth/sign-in/email', { email: 'victim@studio.es', password: RIGHT_PASSWORD })).toBe(200);
  }, 60_000);
});

describe('recovery requests sent all at once', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ passwordResetLimits: { maxPerEmail: 5, maxPerAddress: 50 } });
    await createUsers(t, ['forgetful@studio.es']);
    base = await listen(t);
  });
  beforeEach(async () => {
    await t.database.db.deleteFrom('attempt_counters').execute();
    t.sentMail.length = 0;
  });
  afterAll(() => t.close());

  it('50 requests for one address send at most 5 e-mails', async () => {
    const statuses = await Promise.all(Array.from({ length: 50 }, () => post(base, '/api/auth/request-password-reset', { email: 'forgetful@studio.es' })));
    await t.worker.runDueJobs();
    expect({ mailed: t.sentMail.filter((mail) => mail.to === 'forgetful@studio.es').length, counts: countStatuses(statuses) }).toEqual({
      mailed: 5,
      counts: { 200: 5, 429: 45 },
    });
  }, 60_000);

  it('500 requests for different e-mails from one client address are accepted at most 50 times', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 500 }, (_, index) => post(base, '/api/auth/request-password-reset', { email: `someone${index}@studio.es` })),
    );
    expect(countStatuses(statuses)).toEqual({ 200: 50, 429: 450 });
  }, 60_000);
});

describe('contact messages sent all at once', () => {
  let t: TestApp;
  let base: string;
  const form = { nombre: 'Marta', empresa: '', telefono: '', email: 'marta@soler.es', mensaje: 'Hola', politicaPrivacidad: true };
  beforeAll(async () => {
    t = await createTestApp({
      contact: { studioAddress: 'hola@alzado.test', chatUrl: 'mailto:hola@alzado.test?body={message}', maxPerAddress: 5, windowSeconds: 3600 },
    });
    base = await listen(t);
  });
  afterAll(() => t.close());

  it('50 messages from one address store and mail at most 5', async () => {
    const statuses = await Promise.all(Array.from({ length: 50 }, (_, index) => post(base, '/api/contact-form', { ...form, mensaje: `Mensaje ${index}` })));
    const stored = await t.database.db.selectFrom('contact_messages').select('id').execute();
    await t.worker.runDueJobs();
    expect({ stored: stored.length, mailed: t.sentMail.length, counts: countStatuses(statuses) }).toEqual({
      stored: 5,
      mailed: 5,
      counts: { 201: 5, 429: 45 },
    });
  }, 60_000);
});
