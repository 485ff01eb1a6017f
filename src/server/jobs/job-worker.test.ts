import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { readInstant } from '../db/values.ts';
import { type TestDatabase, createTestDatabase } from '../test-support/database.ts';
import { type JobContext, type JobHandler, type JobKind, RetryLater, enqueueJob } from './job-queue.ts';
import { DEFAULT_JOB_CONCURRENCY, type JobWorkerOptions, concurrencyLimits, createJobWorker, retryDelayMs } from './job-worker.ts';

let database: TestDatabase;
const extraConnections: DatabaseHandle[] = [];
const logged: { level: string; details: Record<string, unknown>; message: string }[] = [];
const log = {
  info: (details: object, message: string) => void logged.push({ level: 'info', details: details as Record<string, unknown>, message }),
  warn: (details: object, message: string) => void logged.push({ level: 'warn', details: details as Record<string, unknown>, message }),
  error: (details: object, message: string) => void logged.push({ level: 'error', details: details as Record<string, unknown>, message }),
};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(extraConnections.map((connection) => connection.close()));
  await database.drop();
});
beforeEach(async () => {
  logged.length = 0;
  await database.db.deleteFrom('jobs').execute();
});

/** Both clocks are the machine's unless a test moves one; fake timers move the machine's. */
const machineClock = () => new Date();
const workerWith = (handlers: Partial<Record<JobKind, JobHandler>>, options: Partial<JobWorkerOptions> = {}) =>
  createJobWorker({ db: database.db, dialect: database.dialect, handlers, log, now: machineClock, leaseClock: machineClock, ...options });
const readJob = (id: number) => database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const enqueue = (kind: JobKind = 'send-email', extra: { maxAttempts?: number; runAt?: Date; payload?: unknown } = {}) =>
  enqueueJob(database.db, {
    kind,
    subject: 'contact:1',
    payload: extra.payload ?? { n: 1 },
    maxAttempts: extra.maxAttempts,
    runAt: extra.runAt,
    now: machineClock(),
  });
const secondsFromNow = (value: Date | string) => (readInstant(value).getTime() - Date.now()) / 1000;
/**
 * No test waits on real time: the worker's timers (poll, heartbeat, stop delays) and its clock are faked
 * where time matters, and moved on by hand. The database still answers in real time, so after moving the
 * clock a test waits (vi.waitFor, which also moves a fake clock by its interval) for what it expects to see.
 */
const useFakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
afterEach(() => {
  vi.useRealTimers();
});
/** Lets other promises and I/O callbacks run (workers racing) without waiting on the clock. */
const yieldTurn = () => new Promise((resolve) => setImmediate(resolve));
const lockedUntilOf = async (id: number) => readInstant((await readJob(id)).locked_until!).getTime();
/** Moves the fake clock on by heartbeats, letting each renewal of `id`'s lease reach the database before the next. */
async function advanceRenewing(id: number, totalMs: number, heartbeatMs: number): Promise<void> {
  for (let passed = 0; passed < totalMs; passed += heartbeatMs) {
    const before = await lockedUntilOf(id);
    await vi.advanceTimersByTimeAsync(heartbeatMs);
    await vi.waitFor(async () => expect(await lockedUntilOf(id)).toBeGreaterThan(before), { timeout: 5_000, interval: 1 });
  }
}

describe('the job worker, running due jobs', () => {
  it('runs a due job once with its payload and attempt, then marks it done and releases it', async () => {
    const seen: JobContext['job'][] = [];
    const id = await enqueue('send-email', { payload: { to: 'marta@soler.es' } });
    const worker = workerWith({ 'send-email': async ({ job }) => void seen.push(job) });

    expect(await worker.runDueJobs()).toBe(1);
    expect(seen).toEqual([{ id, kind: 'send-email', subject: 'contact:1', payload: { to: 'marta@soler.es' }, attempt: 1 }]);
    expect(await readJob(id)).toMatchObject({ state: 'done', attempts: 1, locked_by: null, locked_until: null });
    expect(await worker.runDueJobs()).toBe(0);
  });

  it('leaves jobs of kinds it has no handler for, and jobs not yet due', async () => {
    const unknown = await enqueue('publish-post');
    const later = await enqueue('send-email', { runAt: new Date(Date.now() + 60_000) });
    const worker = workerWith({ 'send-email': async () => {} });

    expect(await worker.runDueJobs()).toBe(0);
    expect(await readJob(unknown)).toMatchObject({ state: 'queued', attempts: 0, locked_by: null });
    expect(await readJob(later)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await workerWith({}).runDueJobs()).toBe(0);
  });

  it('records a failure with its message only, and logs it with the job id and kind', async () => {
    const id = await enqueue();
    const worker = workerWith({ 'send-email': async () => Promise.reject(new Error('Mailbox full')) });

    expect(await worker.runDueJobs()).toBe(1);
    expect(await readJob(id)).toMatchObject({ state: 'failed', attempts: 1, last_error: 'Mailbox full', locked_by: null, locked_until: null });
    expect(logged).toContainEqual({
      level: 'error',
      message: 'Job failed',
      details: expect.objectContaining({ jobId: id, kind: 'send-email', error: 'Mailbox full' }),
    });
  });

  it('fails a job whose payload is not JSON without calling its handler', async () => {
    const id = await enqueue();
    await database.db.updateTable('jobs').set({ payload: '{oops' }).where('id', '=', id).execute();
    const handler = vi.fn(async () => {});
    expect(await workerWith({ 'send-email': handler }).runDueJobs()).toBe(0);
    expect(handler).not.toHaveBeenCalled();
    expect(await readJob(id)).toMatchObject({ state: 'failed', last_error: 'Its payload is not valid JSON' });
  });

  it('writes the progress a handler reports into jobs.progress', async () => {
    const id = await enqueue();
    let whileRunning: string | null = null;
    const worker = workerWith({
      'send-email': async ({ reportProgress }) => {
        await reportProgress({ stage: 'generating', done: 2 });
        whileRunning = (await readJob(id)).progress;
      },
    });
    await worker.runDueJobs();
    expect(JSON.parse(whileRunning!)).toEqual({ stage: 'generating', done: 2 });
    expect(JSON.parse((await readJob(id)).progress!)).toEqual({ stage: 'generating', done: 2 });
  });
});

describe('retries', () => {
  it('backs off exponentially with jitter, capped at ten minutes', () => {
    expect(retryDelayMs(1, () => 0.5)).toBe(5_000);
    expect(retryDelayMs(1, () => 0)).toBe(4_000);
    expect(retryDelayMs(1, () => 1)).toBe(6_000);
    expect(retryDelayMs(2, () => 0.5)).toBe(10_000);
    expect(retryDelayMs(4, () => 0.5)).toBe(40_000);
    expect(retryDelayMs(8, () => 0.5)).toBe(600_000);
    expect(retryDelayMs(30, () => 1)).toBe(600_000);
  });

  it('queues a RetryLater job again after the backoff, then fails it on its last attempt', async () => {
    const id = await enqueue('send-email', { maxAttempts: 3 });
    const attempts: number[] = [];
    const worker = workerWith({
      'send-email': async ({ job }) => {
        attempts.push(job.attempt);
        throw new RetryLater('SMTP server busy');
      },
    });

    expect(await worker.runDueJobs()).toBe(1);
    let row = await readJob(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, last_error: 'SMTP server busy', locked_by: null, locked_until: null });
    expect(secondsFromNow(row.run_at)).toBeGreaterThan(3.5);
    expect(secondsFromNow(row.run_at)).toBeLessThan(6.5);
    expect(await worker.runDueJobs()).toBe(0);

    await database.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    await worker.runDueJobs();
    row = await readJob(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 2 });
    expect(secondsFromNow(row.run_at)).toBeGreaterThan(7.5);
    expect(secondsFromNow(row.run_at)).toBeLessThan(12.5);

    await database.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    await worker.runDueJobs();
    expect(await readJob(id)).toMatchObject({ state: 'failed', attempts: 3, last_error: 'SMTP server busy' });
    expect(attempts).toEqual([1, 2, 3]);
    expect(logged.filter((line) => line.level === 'warn' && line.message === 'Job will be retried')).toHaveLength(2);
    expect(logged).toContainEqual({
      level: 'error',
      message: 'Job failed after its last attempt',
      details: expect.objectContaining({ jobId: id, kind: 'send-email', attempt: 3 }),
    });
  });

  it('uses the delay a handler asks for', async () => {
    const id = await enqueue();
    await workerWith({ 'send-email': async () => Promise.reject(new RetryLater('Rate limited', 120_000)) }).runDueJobs();
    const row = await readJob(id);
    expect(row.state).toBe('queued');
    expect(secondsFromNow(row.run_at)).toBeGreaterThan(115);
    expect(secondsFromNow(row.run_at)).toBeLessThan(121);
  });
});

describe('leases', () => {
  const crashedRun = async (id: number, attempts: number, lockedUntil: Date) =>
    database.db
      .updateTable('jobs')
      .set({ state: 'running', attempts, locked_by: 'crashed-process', locked_until: lockedUntil.toISOString() })
      .where('id', '=', id)
      .execute();

  it('claims again a job whose worker died once its lease expires, counting another attempt', async () => {
    const id = await enqueue('send-email', { maxAttempts: 3 });
    await crashedRun(id, 1, new Date(Date.now() + 30_000));
    const attempts: number[] = [];
    const worker = workerWith({ 'send-email': async ({ job }) => void attempts.push(job.attempt) });

    expect(await worker.runDueJobs()).toBe(0);
    expect(await readJob(id)).toMatchObject({ state: 'running', locked_by: 'crashed-process' });

    await crashedRun(id, 1, new Date(Date.now() - 1000));
    expect(await worker.runDueJobs()).toBe(1);
    expect(attempts).toEqual([2]);
    expect(await readJob(id)).toMatchObject({ state: 'done', attempts: 2, locked_by: null });
  });

  it('fails instead of running again a job whose lease expired on its last attempt', async () => {
    const id = await enqueue('send-email', { maxAttempts: 3 });
    await crashedRun(id, 3, new Date(Date.now() - 1000));
    const handler = vi.fn(async () => {});

    expect(await workerWith({ 'send-email': handler }).runDueJobs()).toBe(0);
    expect(handler).not.toHaveBeenCalled();
    expect(await readJob(id)).toMatchObject({ state: 'failed', attempts: 3, locked_by: null, last_error: expect.stringContaining('lease expired') });
    expect(logged).toContainEqual(expect.objectContaining({ level: 'error', details: expect.objectContaining({ jobId: id, kind: 'send-email' }) }));
  });

  it('extends the lease while the handler runs, so no other worker takes the job', async () => {
    const id = await enqueue();
    const other = vi.fn(async () => {});
    let lockedUntilSeen: number[] = [];
    useFakeClock();
    const worker = workerWith(
      {
        'send-email': async () => {
          // Four heartbeats: 400 ms in all, past the 300 ms lease taken at the claim.
          for (let round = 0; round < 4; round += 1) {
            await advanceRenewing(id, 100, 100);
            lockedUntilSeen.push(await lockedUntilOf(id));
            expect(await workerWith({ 'send-email': other }).runDueJobs()).toBe(0);
          }
        },
      },
      { leaseMs: 300 },
    );

    await worker.runDueJobs();
    expect(other).not.toHaveBeenCalled();
    lockedUntilSeen = [...new Set(lockedUntilSeen)];
    expect(lockedUntilSeen.length).toBeGreaterThan(1);
    expect(await readJob(id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('aborts the handler when its lease passed to another worker, and records nothing over it', async () => {
    const id = await enqueue();
    let aborted = false;
    const worker = workerWith(
      {
        'send-email': async ({ signal }) => {
          await database.db.updateTable('jobs').set({ locked_by: 'another-worker' }).where('id', '=', id).execute();
          await vi.waitFor(() => expect(signal.aborted).toBe(true), { timeout: 5_000, interval: 20 });
          aborted = true;
          throw new Error('stopped halfway');
        },
      },
      { leaseMs: 150 },
    );

    await worker.runDueJobs();
    expect(aborted).toBe(true);
    expect(await readJob(id)).toMatchObject({ state: 'running', locked_by: 'another-worker', last_error: null });
    expect(logged).toContainEqual(expect.objectContaining({ level: 'warn', message: 'Job lease lost to another worker: aborting its handler' }));
  });

  it('after a jump of the app’s clock, runs the retry now due and takes over no running job (docs/decisions/035)', async () => {
    let aheadMs = 0;
    const appClock = () => new Date(Date.now() + aheadMs);
    const onClocks = (handlers: Partial<Record<JobKind, JobHandler>>) => workerWith(handlers, { now: appClock });
    const retried = await enqueue('send-welcome');
    const running = await enqueue('send-email');
    const welcomes: number[] = [];
    expect(await onClocks({ 'send-welcome': async ({ job }) => void welcomes.push(job.attempt) }).runDueJobs()).toBe(1);
    await database.db
      .updateTable('jobs')
      .set({ state: 'queued', run_at: new Date(Date.now() + 3_600_000).toISOString() })
      .where('id', '=', retried)
      .execute();

    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const other = vi.fn(async () => {});
    const holder = onClocks({ 'send-email': () => released }).runDueJobs();
    await vi.waitFor(async () => expect((await readJob(running)).state).toBe('running'), { timeout: 5_000, interval: 10 });

    aheadMs = 2 * 3_600_000;
    expect(await onClocks({ 'send-email': other, 'send-welcome': async ({ job }) => void welcomes.push(job.attempt) }).runDueJobs()).toBe(1);
    expect(welcomes).toEqual([1, 2]);
    expect(other).not.toHaveBeenCalled();
    release();
    expect(await holder).toBe(1);
    expect(await readJob(running)).toMatchObject({ state: 'done', attempts: 1 });
  });
});

describe('the polling loop', () => {
  it('starts a job at once when woken, instead of at the next poll', async () => {
    const ran: number[] = [];
    useFakeClock();
    const worker = workerWith({ 'send-email': async ({ job }) => void ran.push(job.id) }, { pollIntervalMs: 60_000 });
    worker.start();
    try {
      // The first poll found nothing and waits for the next one, a minute away: its timer is set (on PostgreSQL
      // beside the pool's timer for its idle connection).
      const idleTimers = database.dialect === 'postgres' ? 1 : 0;
      await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1 + idleTimers), { timeout: 5_000, interval: 1 });
      const id = await enqueue();
      worker.wake();
      await vi.waitFor(() => expect(ran).toEqual([id]), { timeout: 5_000, interval: 20 });
    } finally {
      await worker.stop();
    }
  });

  it('stop() waits for a running handler to finish, and claims nothing after', async () => {
    const first = await enqueue();
    let finished = false;
    useFakeClock();
    const worker = workerWith(
      {
        'send-email': async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          finished = true;
        },
      },
      { pollIntervalMs: 20, concurrency: 1 },
    );
    worker.start();
    await vi.waitFor(async () => expect((await readJob(first)).state).toBe('running'), { timeout: 5_000, interval: 10 });
    const stopped = worker.stop();
    await vi.advanceTimersByTimeAsync(300);
    await stopped;
    expect(finished).toBe(true);
    expect(await readJob(first)).toMatchObject({ state: 'done' });

    const second = await enqueue();
    worker.wake();
    await vi.advanceTimersByTimeAsync(100);
    await yieldTurn();
    expect(await readJob(second)).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('stop() aborts the signal; a handler that gives up is queued again without losing an attempt', async () => {
    const id = await enqueue();
    const worker = workerWith(
      {
        'send-email': ({ signal }) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))),
      },
      { pollIntervalMs: 20 },
    );
    worker.start();
    await vi.waitFor(async () => expect((await readJob(id)).state).toBe('running'), { timeout: 5_000, interval: 10 });
    await worker.stop();
    const row = await readJob(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 0, locked_by: null, last_error: 'Interrupted: its worker was stopping' });
    expect(secondsFromNow(row.run_at)).toBeLessThan(1);
  });

  it('deletes done jobs after a month and failed ones after three, when it starts and then hourly', async () => {
    const ids: number[] = [];
    for (let count = 0; count < 5; count += 1) ids.push(await enqueue());
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const set = (id: number, state: 'done' | 'failed' | 'queued', days: number) =>
      database.db
        .updateTable('jobs')
        .set({ state, updated_at: daysAgo(days), run_at: daysAgo(-1) })
        .where('id', '=', id)
        .execute();
    await set(ids[0]!, 'done', 31);
    await set(ids[1]!, 'done', 29);
    await set(ids[2]!, 'failed', 91);
    await set(ids[3]!, 'failed', 60);
    await set(ids[4]!, 'queued', 200);
    const worker = workerWith({}, { pollIntervalMs: 20 });
    worker.start();
    try {
      await vi.waitFor(
        async () => expect((await database.db.selectFrom('jobs').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual([ids[1], ids[3], ids[4]]),
        { timeout: 5_000, interval: 20 },
      );
    } finally {
      await worker.stop();
    }
    expect(logged).toContainEqual(expect.objectContaining({ level: 'info', details: expect.objectContaining({ pruned: 2 }) }));
  });

  it('stop() waits beyond its timeout for an uninterrupted step under way, renewing the lease; the handler then gives up and is queued again', async () => {
    const id = await enqueue();
    const steps: string[] = [];
    const other = vi.fn(async () => {});
    useFakeClock();
    const worker = workerWith(
      {
        'send-email': async ({ signal, uninterrupted }) => {
          await uninterrupted(async () => {
            steps.push('called');
            await new Promise((resolve) => setTimeout(resolve, 900));
            // Past the lease and the stop timeout: the job is still this worker's.
            expect(await workerWith({ 'send-email': other }).runDueJobs()).toBe(0);
            steps.push('answer recorded');
          });
          signal.throwIfAborted();
          steps.push('went on');
        },
      },
      { pollIntervalMs: 20, stopTimeoutMs: 100, leaseMs: 300, uninterruptedTimeoutMs: 5_000 },
    );
    worker.start();
    await vi.waitFor(() => expect(steps).toEqual(['called']), { timeout: 5_000, interval: 1 });
    const started = Date.now();
    const stopped = worker.stop();
    // Renewed heartbeat by heartbeat up to the step's end at 900 ms, which ends the lease (the job is queued again).
    await advanceRenewing(id, 800, 100);
    await vi.advanceTimersByTimeAsync(100);
    await stopped;
    expect(Date.now() - started).toBeGreaterThan(700);
    expect(steps).toEqual(['called', 'answer recorded']);
    expect(other).not.toHaveBeenCalled();
    expect(await readJob(id)).toMatchObject({ state: 'queued', attempts: 0, locked_by: null, last_error: 'Interrupted: its worker was stopping' });
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 'info', message: 'Job worker stopping: waiting for the calls under way to be answered and recorded' }),
    );
  });

  it('starts no uninterrupted step once the worker is stopping', async () => {
    const id = await enqueue();
    const work = vi.fn(async () => {});
    let refusal: unknown;
    const worker = workerWith(
      {
        'send-email': async ({ signal, uninterrupted }) => {
          await new Promise((resolve) => signal.addEventListener('abort', resolve));
          refusal = await uninterrupted(work).catch((error: unknown) => error);
          signal.throwIfAborted();
        },
      },
      { pollIntervalMs: 20 },
    );
    worker.start();
    await vi.waitFor(async () => expect((await readJob(id)).state).toBe('running'), { timeout: 5_000, interval: 10 });
    await worker.stop();
    expect(work).not.toHaveBeenCalled();
    expect(refusal).toEqual(new Error('The job worker is stopping'));
    expect(await readJob(id)).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('does not wait forever for an uninterrupted step that hangs', async () => {
    const id = await enqueue();
    let called = false;
    const worker = workerWith(
      {
        'send-email': async ({ uninterrupted }) => {
          await uninterrupted(() => {
            called = true;
            return new Promise(() => {});
          });
        },
      },
      { pollIntervalMs: 20, stopTimeoutMs: 100, uninterruptedTimeoutMs: 300 },
    );
    worker.start();
    await vi.waitFor(() => expect(called).toBe(true), { timeout: 5_000, interval: 10 });
    const started = Date.now();
    await worker.stop();
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(logged).toContainEqual(expect.objectContaining({ level: 'warn', details: expect.objectContaining({ jobs: [id] }) }));
  });

  it('does not wait forever for a handler that ignores the signal', async () => {
    const id = await enqueue();
    const worker = workerWith({ 'send-email': () => new Promise(() => {}) }, { pollIntervalMs: 20, stopTimeoutMs: 200 });
    worker.start();
    await vi.waitFor(async () => expect((await readJob(id)).state).toBe('running'), { timeout: 5_000, interval: 10 });
    const started = Date.now();
    await worker.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(logged).toContainEqual(expect.objectContaining({ level: 'warn', details: expect.objectContaining({ jobs: [id] }) }));
  });
});

describe('jobs at once, per kind', () => {
  /** Handlers that hold every job until released, counting how many of each kind run at once. */
  function heldHandlers() {
    const running: Partial<Record<JobKind, number>> = {};
    const most: Partial<Record<JobKind, number>> = {};
    const done: number[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const handler =
      (kind: JobKind): JobHandler =>
      async ({ job }) => {
        running[kind] = (running[kind] ?? 0) + 1;
        most[kind] = Math.max(most[kind] ?? 0, running[kind]!);
        await released;
        running[kind]! -= 1;
        done.push(job.id);
      };
    return { running, most, done, release, handler };
  }

  it('runs up to the publish-post limit at once while generation stays at its own, and every job once', async () => {
    const held = heldHandlers();
    const ids = [
      ...(await Promise.all(Array.from({ length: 12 }, () => enqueue('publish-post')))),
      ...(await Promise.all(Array.from({ length: 5 }, () => enqueue('generate-posts')))),
    ];
    useFakeClock();
    const worker = workerWith(
      { 'publish-post': held.handler('publish-post'), 'generate-posts': held.handler('generate-posts') },
      { pollIntervalMs: 20, concurrency: { default: 2, 'publish-post': 7 } },
    );
    worker.start();
    try {
      await vi.waitFor(() => expect(held.running).toEqual({ 'publish-post': 7, 'generate-posts': 2 }), { timeout: 5_000, interval: 10 });
      // Five more polls, each given the time to reach the database and back.
      for (let poll = 0; poll < 5; poll += 1) {
        await vi.advanceTimersByTimeAsync(20);
        await database.db.selectFrom('jobs').select('id').execute();
        await yieldTurn();
      }
      expect(held.running).toEqual({ 'publish-post': 7, 'generate-posts': 2 });
      held.release();
      await vi.waitFor(() => expect(held.done).toHaveLength(17), { timeout: 5_000, interval: 20 });
      expect(held.most).toEqual({ 'publish-post': 7, 'generate-posts': 2 });
      expect([...held.done].sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
    } finally {
      await worker.stop();
    }
  });

  it('starts a job of another kind at once while publishing is at its limit, though queued after it', async () => {
    const held = heldHandlers();
    for (let index = 0; index < 6; index += 1) await enqueue('publish-post');
    const worker = workerWith(
      { 'publish-post': held.handler('publish-post'), 'send-email': held.handler('send-email') },
      { pollIntervalMs: 20, concurrency: { 'publish-post': 3 } },
    );
    worker.start();
    try {
      await vi.waitFor(() => expect(held.running['publish-post']).toBe(3), { timeout: 5_000, interval: 10 });
      const mail = await enqueue('send-email');
      worker.wake();
      await vi.waitFor(async () => expect((await readJob(mail)).state).toBe('running'), { timeout: 5_000, interval: 10 });
      expect(held.running).toEqual({ 'publish-post': 3, 'send-email': 1 });
    } finally {
      held.release();
      await worker.stop();
    }
  });

  it('takes a number as every kind’s limit, and otherwise fills in the defaults: publishing many, the others two', () => {
    expect(concurrencyLimits(3)('publish-post')).toBe(3);
    expect(concurrencyLimits(3)('generate-posts')).toBe(3);
    const defaults = concurrencyLimits();
    expect(defaults('publish-post')).toBe(DEFAULT_JOB_CONCURRENCY['publish-post']);
    expect(defaults('publish-post')).toBeGreaterThan(2);
    expect(defaults('generate-posts')).toBe(2);
    expect(defaults('send-password-reset')).toBe(2);
    const chosen = concurrencyLimits({ default: 1, 'publish-post': 40 });
    expect([chosen('publish-post'), chosen('generate-posts'), chosen('send-email')]).toEqual([40, 1, 1]);
  });
});

describe('several workers on separate connections', () => {
  const connectionCount = 4;
  const workersOnOwnConnections = (handler: JobHandler, options: Partial<JobWorkerOptions> = {}) =>
    Array.from({ length: connectionCount }, (_unused, index) => {
      const connection = openDatabase(database.settings);
      extraConnections.push(connection);
      return createJobWorker({
        db: connection.db,
        dialect: connection.dialect,
        handlers: { 'send-email': handler },
        log,
        workerId: `worker-${index}`,
        now: machineClock,
        leaseClock: machineClock,
        ...options,
      });
    });

  it('hand each of 200 jobs to exactly one of them', async () => {
    const ids = new Set<number>();
    for (let index = 0; index < 200; index += 1) ids.add(await enqueue());
    const handledBy = new Map<number, string[]>();
    const workers = workersOnOwnConnections(async ({ job }) => {
      const row = await readJob(job.id);
      handledBy.set(job.id, [...(handledBy.get(job.id) ?? []), row.locked_by!]);
      // Yield so the others race for the next rows meanwhile.
      await yieldTurn();
    });

    const counts = await Promise.all(workers.map((worker) => worker.runDueJobs()));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(200);
    expect([...handledBy.keys()].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect([...handledBy.values()].every((lockers) => lockers.length === 1)).toBe(true);
    expect(new Set([...handledBy.values()].flat()).size).toBeGreaterThan(1);
    const states = await database.db.selectFrom('jobs').select(['state', 'attempts']).distinct().execute();
    expect(states).toEqual([{ state: 'done', attempts: 1 }]);
  });

  it('share the work through their polling loops, each job once', async () => {
    const handled: number[] = [];
    const workers = workersOnOwnConnections(
      async ({ job }) => {
        await yieldTurn();
        handled.push(job.id);
      },
      { pollIntervalMs: 25, concurrency: 2 },
    );
    for (const worker of workers) worker.start();
    try {
      for (let index = 0; index < 60; index += 1) await enqueue();
      await vi.waitFor(() => expect(handled).toHaveLength(60), { timeout: 15_000, interval: 50 });
      // Stopped (each loop and handler ended), so a job run twice would show now.
      await Promise.all(workers.map((worker) => worker.stop()));
      expect(new Set(handled).size).toBe(60);
      expect(handled).toHaveLength(60);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  });
});
