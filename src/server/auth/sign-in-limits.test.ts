import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { createTestDatabase } from '../test-support/database.ts';
import { type TestApp, createTestApp, createTestUser } from '../test-support/test-app.ts';
import { createAttemptLimiter } from './attempt-limiter.ts';

function attemptSignIn(t: TestApp, email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
}

describe('failed sign-ins per e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ signInLimits: { maxFailuresPerEmail: 3, maxFailuresPerAddress: 100, windowSeconds: 900 } });
    await createTestUser(t, { email: 'target@studio.es', password: 'right-password' });
    await createTestUser(t, { email: 'colleague@studio.es', password: 'right-password' });
    await createTestUser(t, { email: 'forgetful@studio.es', password: 'right-password' });
  });
  afterAll(() => t.close());

  it('after 3 wrong passwords refuse even the right one with 429 and retry-after, while a colleague on the same address signs in', async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await attemptSignIn(t, 'target@studio.es', 'wrong-password')).statusCode).toBe(401);
    }

    const blocked = await attemptSignIn(t, 'target@studio.es', 'right-password');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: { code: 'TOO_MANY_ATTEMPTS', message: expect.any(String) } });
    expect(blocked.headers['retry-after']).toBe('900');
    expect(blocked.cookies).toEqual([]);

    const colleague = await attemptSignIn(t, 'colleague@studio.es', 'right-password');
    expect(colleague.statusCode).toBe(200);
  });

  it('counts the e-mail whatever its letter case', async () => {
    // target@studio.es is blocked by the test above.
    expect((await attemptSignIn(t, 'TARGET@Studio.ES', 'right-password')).statusCode).toBe(429);
  });

  it('a successful sign-in clears the failures of that e-mail', async () => {
    expect((await attemptSignIn(t, 'forgetful@studio.es', 'wrong-password')).statusCode).toBe(401);
    expect((await attemptSignIn(t, 'forgetful@studio.es', 'wrong-password')).statusCode).toBe(401);
    expect((await attemptSignIn(t, 'forgetful@studio.es', 'right-password')).statusCode).toBe(200);
    // Without the clearing, the second of these would be the fourth failure and answer 429.
    expect((await attemptSignIn(t, 'forgetful@studio.es', 'wrong-password')).statusCode).toBe(401);
    expect((await attemptSignIn(t, 'forgetful@studio.es', 'wrong-password')).statusCode).toBe(401);
    expect((await attemptSignIn(t, 'forgetful@studio.es', 'right-password')).statusCode).toBe(200);
  });
});

describe('failed sign-ins per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ signInLimits: { maxFailuresPerEmail: 100, maxFailuresPerAddress: 4, windowSeconds: 900 } });
    await createTestUser(t, { email: 'real@studio.es', password: 'right-password' });
  });
  afterAll(() => t.close());

  it('failures spread over many e-mails from one address hit 429', async () => {
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await attemptSignIn(t, `guess${attempt}@studio.es`, 'wrong-password')).statusCode).toBe(401);
    }
    const blocked = await attemptSignIn(t, 'guess5@studio.es', 'wrong-password');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(blocked.headers['retry-after']).toBe('900');
    // The address is blocked, so even a real user's right password waits for the window to pass.
    expect((await attemptSignIn(t, 'real@studio.es', 'right-password')).statusCode).toBe(429);
  });
});

describe('successful sign-ins', () => {
  let t: TestApp;
  const users: { email: string; password: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp({ signInLimits: { maxFailuresPerEmail: 2, maxFailuresPerAddress: 2, windowSeconds: 900 } });
    for (let index = 1; index <= 20; index++) {
      users.push(await createTestUser(t, { email: `member${index}@studio.es`, password: 'right-password' }));
    }
  });
  afterAll(() => t.close());

  it('are never counted: 20 people of one office sign in from one address', async () => {
    for (const user of users) {
      expect((await attemptSignIn(t, user.email, user.password)).statusCode).toBe(200);
    }
    // The same person again and again is not counted either.
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await attemptSignIn(t, users[0]!.email, users[0]!.password)).statusCode).toBe(200);
    }
  });
});

describe('attempt limiter', () => {
  let database: DatabaseHandle & { drop: () => Promise<void> };
  let clock: number;
  const now = () => clock;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.db.deleteFrom('attempt_counters').execute();
  });
  afterAll(() => database.drop());

  it('is exhausted once a key reaches its limit within the window', async () => {
    clock = 1_000_000;
    const limiter = createAttemptLimiter(database.db, 60, now);
    await limiter.record(['a']);
    await limiter.record(['a']);
    expect(await limiter.isExhausted([{ key: 'a', limit: 3 }])).toBe(false);
    await limiter.record(['a']);
    expect(await limiter.isExhausted([{ key: 'a', limit: 3 }])).toBe(true);
    expect(await limiter.isExhausted([{ key: 'a', limit: 4 }])).toBe(false);
  });

  it('is exhausted when any one of the keys is', async () => {
    clock = 1_000_000;
    const limiter = createAttemptLimiter(database.db, 60, now);
    await limiter.record(['email', 'address']);
    await limiter.record(['address']);
    expect(await limiter.isExhausted([{ key: 'email', limit: 2 }, { key: 'address', limit: 2 }])).toBe(true);
    expect(await limiter.isExhausted([{ key: 'email', limit: 2 }, { key: 'address', limit: 3 }])).toBe(false);
    expect(await limiter.isExhausted([{ key: 'never-seen', limit: 1 }])).toBe(false);
    expect(await limiter.isExhausted([])).toBe(false);
  });

  it('forgets the count once the window has passed, and a new attempt starts the count again at one', async () => {
    clock = 1_000_000;
    const limiter = createAttemptLimiter(database.db, 60, now);
    await limiter.record(['a']);
    await limiter.record(['a']);
    expect(await limiter.isExhausted([{ key: 'a', limit: 2 }])).toBe(true);

    clock += 59_000;
    expect(await limiter.isExhausted([{ key: 'a', limit: 2 }])).toBe(true);

    clock += 2_000; // 61 s after the first attempt
    expect(await limiter.isExhausted([{ key: 'a', limit: 2 }])).toBe(false);
    await limiter.record(['a']);
    expect(await limiter.isExhausted([{ key: 'a', limit: 2 }])).toBe(false);
    await limiter.record(['a']);
    expect(await limiter.isExhausted([{ key: 'a', limit: 2 }])).toBe(true);
  });

  it('keeps the window where it started: attempts late in a window do not stretch it', async () => {
    clock = 1_000_000;
    const limiter = createAttemptLimiter(database.db, 60, now);
    await limiter.record(['a']);
    clock += 50_000;
    await limiter.record(['a']);
    expect(await limiter.isExhausted([{ key: 'a', limit: 2 }])).toBe(true);
    clock += 11_000; // 61 s after the first, 11 s after the second
    expect(await limiter.isExhausted([{ key: 'a', limit: 2 }])).toBe(false);
  });

  it('clear forgets one key and leaves the others', async () => {
    clock = 1_000_000;
    const limiter = createAttemptLimiter(database.db, 60, now);
    await limiter.record(['a', 'b']);
    await limiter.clear('a');
    expect(await limiter.isExhausted([{ key: 'a', limit: 1 }])).toBe(false);
    expect(await limiter.isExhausted([{ key: 'b', limit: 1 }])).toBe(true);
  });
});
