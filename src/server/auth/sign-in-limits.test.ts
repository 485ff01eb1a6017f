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

describe('sign-ins to an inactive account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ signInLimits: { maxFailuresPerEmail: 3, maxFailuresPerAddress: 100, windowSeconds: 900 } });
    await createTestUser(t, { email: 'gone@studio.es', password: 'right-password', active: false });
  });
  afterAll(() => t.close());

  it('count as failures even with the right password, so a guesser learns nothing from the limit either', async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await attemptSignIn(t, 'gone@studio.es', 'right-password')).statusCode).toBe(401);
    }
    expect((await attemptSignIn(t, 'gone@studio.es', 'right-password')).statusCode).toBe(429);
    expect((await attemptSignIn(t, 'gone@studio.es', 'wrong-password')).statusCode).toBe(429);
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
  const now = () => new Date(clock);
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.db.deleteFrom('attempt_counters').execute();
  });
  afterAll(() => database.drop());

  const count = async (key: string) =>
    Number((await database.db.selectFrom('attempt_counters').select('count').where('key', '=', key).executeTakeFirst())?.count ?? 0);

  it('takes attempts up to the limit within the window, then refuses without counting', async () => {
    clock = 1_000_000;
    const limiter = createAttemptLimiter(database.db, 60, now);
    for (let attempt = 1; attempt <= 3; attempt++) expect(await limiter.take([{ key: 'a', limit: 3 }])).not.toBeNull();
    expect(await limiter.take([{ key: 'a', limit: 3 }])).toBeNull();
    expect(await count('a')).toBe(3);
    expect(await limiter.take([{ key: 'a', limit: 4 }])).not.toBeNull();
  });

  it('refuses when any one of the keys is full, and then counts the attempt under none of them', async () => {
    clock = 1_000_000;
    const limiter = createAttemptLimiter(database.db, 60, now);
    await limiter.take([
      { key: 'email', limit: 10 },
      { key: 'address', limit: 10 },
    ]);
    await limiter.take([{ key: 'address', limit: 10 }]);
    expect(
      await limiter.take([
        { key: 'email', limit: 10 },
        { key: 'address', limit: 2 },
      ]),
    ).toBeNull();
    expect({ email: await count('email'), address: await count('address') }).toEqual({ email: 1, address: 2 });
    expect(
      await limiter.take([
        { key: 'email', limit: 10 },
        { key: 'address', limit: 3 },
      ]),
    ).not.toBeNull();
    expect(await limiter.take([{ key: 'never-seen', limit: 1 }])).not.toBeNull();
    expect(await limiter.take([])).not.toBeNull();
  });

  it('forgets the count once the window has passed, and a new attempt starts the count again at one', async () => {
    clock = 1_000_000;
    const limiter = createAttemptLimiter(database.db, 60, now);
    await limiter.take([{ key: 'a', limit: 2 }]);
    await limiter.take([{ key: 'a', limit: 2 }]);
    expect(await limiter.take([{ key: 'a', limit: 2 }])).toBeNull();

    clock += 59_000;
    expect(await limiter.take([{ key: 'a', limit: 2 }])).toBeNull();

    clock += 2_000; // 61 s after the first attempt
    expect(await limiter.take([{ key: 'a', limit: 2 }])).not.toBeNull();
    expect(await count('a')).toBe(1);
    expect(await limiter.take([{ key: 'a', limit: 2 }])).not.toBeNull();
    expect(await limiter.take([{ key: 'a', limit: 2 }])).toBeNull();
  });

  it('keeps the window where it started: attempts late in a window do not stretch it', async () => {
    clock = 1_000_000;
    const limiter = createAttemptLimiter(database.db, 60, now);
    await limiter.take([{ key: 'a', limit: 2 }]);
    clock += 50_000;
    await limiter.take([{ key: 'a', limit: 2 }]);
    expect(await limiter.take([{ key: 'a', limit: 2 }])).toBeNull();
    clock += 11_000; // 61 s after the first, 11 s after the second
    expect(await limiter.take([{ key: 'a', limit: 2 }])).not.toBeNull();
  });

  it('gives an attempt back in its own window only, never below zero', async () => {
    clock = 1_000_000;
    const limiter = createAttemptLimiter(database.db, 60, now);
    const first = await limiter.take([
      { key: 'a', limit: 5 },
      { key: 'b', limit: 5 },
    ]);
    await limiter.take([{ key: 'a', limit: 5 }]);
    await first!.giveBack(['a']);
    expect({ a: await count('a'), b: await count('b') }).toEqual({ a: 1, b: 1 });
    // Giving back twice changes nothing more.
    await first!.giveBack(['a']);
    expect(await count('a')).toBe(1);

    const late = await limiter.take([{ key: 'c', limit: 5 }]);
    clock += 61_000;
    await limiter.take([{ key: 'c', limit: 5 }]);
    // The window of `late` is over: the new window's attempt stays counted.
    await late!.giveBack(['c']);
    expect(await count('c')).toBe(1);
  });

  it('takes exactly the limit from many attempts sent at once', async () => {
    clock = 1_000_000;
    const limiter = createAttemptLimiter(database.db, 60, now);
    const taken = await Promise.all(
      Array.from({ length: 200 }, () =>
        limiter.take([
          { key: 'a', limit: 7 },
          { key: 'b', limit: 100 },
        ]),
      ),
    );
    expect(taken.filter((attempt) => attempt !== null)).toHaveLength(7);
    expect({ a: await count('a'), b: await count('b') }).toEqual({ a: 7, b: 7 });
  });

  it('clear forgets one key and leaves the others', async () => {
    clock = 1_000_000;
    const limiter = createAttemptLimiter(database.db, 60, now);
    await limiter.take([
      { key: 'a', limit: 1 },
      { key: 'b', limit: 1 },
    ]);
    await limiter.clear('a');
    expect(await limiter.take([{ key: 'a', limit: 1 }])).not.toBeNull();
    expect(await limiter.take([{ key: 'b', limit: 1 }])).toBeNull();
  });
});
