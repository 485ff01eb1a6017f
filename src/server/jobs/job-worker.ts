import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Kysely, Updateable } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database, JobsTable } from '../db/schema.ts';
import { errorMessage } from '../lib/error-message.ts';
import type { Log } from '../lib/log.ts';
import type { Clock } from '../lib/clock.ts';
import { type ClaimedJob, type JobHandler, type JobKind, RetryLater, pruneFinishedJobs } from './job-queue.ts';

export interface JobWorkerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Read on every claim, so handlers registered after the worker is made are picked up. */
  handlers: Partial<Record<JobKind, JobHandler>>;
  log: Log;
  /**
   * The app's clock (`deps.now`): when a job is due (run_at, a retry's delay) and its stamps (updated_at,
   * which pruning reads). The sandbox's clock moves it, so a job queued by its time runs by its time.
   */
  now: Clock;
  /**
   * The machine's clock, for the leases (locked_until) every worker compares: a jump of the app's clock
   * must not make a running job's lease look expired, or it would be claimed again (docs/decisions/035).
   */
  leaseClock: Clock;
  /** Written into jobs.locked_by; unique per worker by default (host, process, random). */
  workerId?: string;
  pollIntervalMs?: number;
  /** How long a claim holds before another worker may take the job over; renewed every third of it. */
  leaseMs?: number;
  /**
   * Jobs run at once by the polling loop, per kind (runDueJobs runs one at a time): a number is every
   * kind's limit; otherwise each kind's own, or `default` (DEFAULT_JOB_CONCURRENCY where unset).
   */
  concurrency?: number | Partial<JobConcurrency>;
  /**
   * How long stop() waits for running handlers after aborting their signals. An uninterrupted step
   * under way (JobContext.uninterrupted) is waited for to its end, and this delay runs from then.
   */
  stopTimeoutMs?: number;
  /**
   * How long stop() waits at most for the uninterrupted steps under way (default: one lease). They bound
   * themselves (a request time limit); this only keeps a step that hangs (a database that no longer
   * answers) from holding the stop for ever.
   */
  uninterruptedTimeoutMs?: number;
}

export interface JobWorker {
  /** Starts polling; idempotent. */
  start(): void;
  /**
   * Stops claiming, aborts running handlers' signals and waits for them: for their uninterrupted steps
   * under way (at most uninterruptedTimeoutMs), then at most stopTimeoutMs.
   */
  stop(): Promise<void>;
  /** Polls now instead of at the next interval: call it after enqueuing a job that is due. */
  wake(): void;
  /** Runs every due job in this process, one after another, until none is due; returns how many ran. */
  runDueJobs(): Promise<number>;
}

/** How many jobs of each kind one worker runs at once: a kind's own limit, or `default` for the others. */
export type JobConcurrency = { default: number } & Partial<Record<JobKind, number>>;

/**
 * Publishing waits on the networks, not on this process: each job is a handful of calls in a row, so
 * many at once keep 1,000 posts due at one hour within a minute (docs/decisions/020). Generation
 * decodes and encodes images (lib/image-work.ts gates those), and mail goes to one server: two each.
 */
export const DEFAULT_JOB_CONCURRENCY: JobConcurrency = { default: 2, 'publish-post': 32 };

/** The limit of each kind from the option: a number for every kind, or a kind's own, else `default`. */
export function concurrencyLimits(option: number | Partial<JobConcurrency> = {}): (kind: JobKind) => number {
  if (typeof option === 'number') return () => option;
  const limits = { ...DEFAULT_JOB_CONCURRENCY, ...option };
  return (kind) => limits[kind] ?? limits.default;
}

/** Capped exponential backoff with jitter: 5 s, 10 s, 20 s ... at most 10 minutes, each ±20 %. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.min(MAX_RETRY_DELAY_MS, Math.round(exponential * (0.8 + random() * 0.4)));
}

const FIRST_RETRY_DELAY_MS = 5_000;
const DAY_MS = 86_400_000;
/** Done jobs are kept a month, failed ones three (for the operator); pruned at most once an hour. */
const KEEP_DONE_MS = 30 * DAY_MS;
const KEEP_FAILED_MS = 90 * DAY_MS;
const PRUNE_EVERY_MS = 3_600_000;
const MAX_RETRY_DELAY_MS = 600_000;
const MAX_ERROR_LENGTH = 1_000;

interface RunningJob {
  job: ClaimedJob;
  maxAttempts: number;
  controller: AbortController;
  /** Another worker holds the job now: its lease is not ours to extend. */
  leaseLost?: boolean;
}

/**
 * The worker of the database-backed queue (DESIGN §6). Every app process runs one; they share the
 * `jobs` table, and a job is held by one worker at a time through a lease (locked_by, locked_until)
 * that the worker renews while the handler runs. A lease that expires (the process died) makes the
 * job claimable again, counting another attempt. Every write after the claim is conditional on the
 * lease still being ours (same worker, same attempt), so a worker that lost its job changes nothing.
 */
export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, dialect, handlers, log, now: clock, leaseClock } = options;
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const limitOf = concurrencyLimits(options.concurrency);
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const uninterruptedTimeoutMs = options.uninterruptedTimeoutMs ?? leaseMs;

  const running = new Map<RunningJob, Promise<void>>();
  /** Each uninterrupted step under way, settled when it ends (see JobContext.uninterrupted). */
  const uninterruptedSteps = new Set<Promise<void>>();
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wakeRequested = false;
  let wakeLoop: (() => void) | undefined;

  const handledKinds = () => (Object.keys(handlers) as JobKind[]).filter((kind) => handlers[kind] !== undefined);
  const runningOf = (kind: JobKind) => [...running.keys()].filter((claimed) => claimed.job.kind === kind).length;
  /** The kinds the polling loop may claim now: handled, and below their limit. */
  const kindsWithRoom = () => handledKinds().filter((kind) => runningOf(kind) < limitOf(kind));
  const instant = (offsetMs = 0) => new Date(clock().getTime() + offsetMs).toISOString();
  const leaseInstant = (offsetMs = 0) => new Date(leaseClock().getTime() + offsetMs).toISOString();

  /** A running job whose lease expired on its last allowed attempt fails instead of running again. */
  async function failExhaustedLeases(kinds: JobKind[]): Promise<void> {
    const failed = await db
      .updateTable('jobs')
      .set({
        state: 'failed',
        locked_by: null,
        locked_until: null,
        updated_at: instant(),
        last_error: 'Its worker stopped before finishing (lease expired) on the last allowed attempt',
      })
      .where('kind', 'in', kinds)
      .where('state', '=', 'running')
      .where('locked_until', '<', leaseInstant())
      .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
      .returning(['id', 'kind', 'attempts'])
      .execute();
    for (const job of failed) log.error({ jobId: job.id, kind: job.kind, attempt: job.attempts }, 'Job failed: its lease expired on the last attempt');
  }

  async function claimNextJob(kinds: JobKind[] = handledKinds()): Promise<RunningJob | undefined> {
    if (kinds.length === 0) return undefined;
    const now = instant();
    let candidate = db
      .selectFrom('jobs')
      .select('id')
      .where('kind', 'in', kinds)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([eb('state', '=', 'running'), eb('locked_until', '<', leaseInstant()), eb('attempts', '<', eb.ref('max_attempts'))]),
        ]),
      )
      .orderBy('run_at')
      .orderBy('id')
      .limit(1);
    // Concurrent claimers skip the row another one is taking; SQLite has a single writer already.
    if (dialect === 'postgres') candidate = candidate.forUpdate().skipLocked();
    const row = await db
      .updateTable('jobs')
      .set((eb) => ({ state: 'running', locked_by: workerId, locked_until: leaseInstant(leaseMs), attempts: eb('attempts', '+', 1), updated_at: now }))
      .where('id', '=', candidate)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    const job: ClaimedJob = { id: row.id, kind: row.kind as JobKind, subject: row.subject, payload: undefined, attempt: row.attempts };
    const claimed = { job, maxAttempts: row.max_attempts, controller: new AbortController() };
    try {
      job.payload = JSON.parse(row.payload);
    } catch {
      await finishJob(claimed, { state: 'failed', last_error: 'Its payload is not valid JSON' });
      log.error({ jobId: job.id, kind: job.kind }, 'Job failed: its payload is not valid JSON');
      return claimNextJob(kinds);
    }
    return claimed;
  }

  /** Writes to the job only while this worker still holds this attempt's lease. */
  async function updateOwnedJob(claimed: RunningJob, values: Updateable<JobsTable>): Promise<boolean> {
    const result = await db
      .updateTable('jobs')
      .set({ ...values, updated_at: instant() })
      .where('id', '=', claimed.job.id)
      .where('state', '=', 'running')
      .where('locked_by', '=', workerId)
      .where('attempts', '=', claimed.job.attempt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async function finishJob(claimed: RunningJob, values: Updateable<JobsTable>): Promise<void> {
    const stillOurs = await updateOwnedJob(claimed, { ...values, locked_by: null, locked_until: null });
    if (!stillOurs)
      log.warn(
        { jobId: claimed.job.id, kind: claimed.job.kind, attempt: claimed.job.attempt },
        'Job outcome not recorded: its lease had passed to another worker',
      );
  }

  async function runJob(claimed: RunningJob): Promise<void> {
    const { job, controller } = claimed;
    const handler = handlers[job.kind];
    if (!handler) {
      // Unregistered between the claim and now: hand it back untouched.
      await finishJob(claimed, { state: 'queued', attempts: job.attempt - 1 });
      return;
    }
    const heartbeat = setInterval(() => void extendLease(claimed), Math.max(1, Math.floor(leaseMs / 3)));
    try {
      await handler({
        job,
        signal: controller.signal,
        reportProgress: async (progress) => {
          if (!(await updateOwnedJob(claimed, { progress: JSON.stringify(progress ?? null) }))) loseLease(claimed);
        },
        uninterrupted: (work) => runUninterrupted(claimed, work),
      });
      await finishJob(claimed, { state: 'done' });
    } catch (error) {
      await recordFailure(claimed, error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Started only while the signal is not aborted; tracked until it ends, so that stop() waits for it. */
  function runUninterrupted<T>(claimed: RunningJob, work: () => Promise<T>): Promise<T> {
    if (claimed.controller.signal.aborted) return Promise.reject(claimed.controller.signal.reason as Error);
    const step = work();
    const ended = step.then(
      () => {},
      () => {},
    );
    uninterruptedSteps.add(ended);
    void ended.finally(() => uninterruptedSteps.delete(ended));
    return step;
  }

  function loseLease(claimed: RunningJob): void {
    claimed.leaseLost = true;
    claimed.controller.abort(new Error('The job lease was lost'));
  }

  const extending = new WeakSet<RunningJob>();
  /** Renewed while the handler runs, a stopping worker's included (it may be waiting for an uninterrupted step). */
  async function extendLease(claimed: RunningJob): Promise<void> {
    if (extending.has(claimed) || claimed.leaseLost) return;
    extending.add(claimed);
    try {
      if (!(await updateOwnedJob(claimed, { locked_until: leaseInstant(leaseMs) }))) {
        log.warn({ jobId: claimed.job.id, kind: claimed.job.kind }, 'Job lease lost to another worker: aborting its handler');
        loseLease(claimed);
      }
    } catch (error) {
      log.warn({ jobId: claimed.job.id, kind: claimed.job.kind, error: messageOf(error) }, 'Job lease could not be extended; trying again');
    } finally {
      extending.delete(claimed);
    }
  }

  async function recordFailure(claimed: RunningJob, error: unknown): Promise<void> {
    const { job, maxAttempts, controller } = claimed;
    const details = { jobId: job.id, kind: job.kind, attempt: job.attempt, maxAttempts, error: messageOf(error) };
    if (error instanceof RetryLater) {
      if (job.attempt < maxAttempts) {
        const delayMs = error.delayMs ?? retryDelayMs(job.attempt);
        await finishJob(claimed, { state: 'queued', run_at: instant(delayMs), last_error: messageOf(error) });
        log.warn({ ...details, retryInMs: delayMs }, 'Job will be retried');
        return;
      }
      await finishJob(claimed, { state: 'failed', last_error: messageOf(error) });
      log.error(details, 'Job failed after its last attempt');
      return;
    }
    if (stopping && controller.signal.aborted) {
      // Interrupted by our own shutdown, not by the job: it runs again without losing an attempt.
      await finishJob(claimed, { state: 'queued', run_at: instant(), attempts: job.attempt - 1, last_error: 'Interrupted: its worker was stopping' });
      log.warn(details, 'Job interrupted by the worker stopping; queued again');
      return;
    }
    await finishJob(claimed, { state: 'failed', last_error: messageOf(error) });
    log.error(details, 'Job failed');
  }

  function track(claimed: RunningJob): Promise<void> {
    const done = runJob(claimed)
      .catch((error: unknown) => log.error({ jobId: claimed.job.id, kind: claimed.job.kind, error: messageOf(error) }, 'Job outcome could not be recorded'))
      .finally(() => {
        running.delete(claimed);
        wake();
      });
    running.set(claimed, done);
    return done;
  }

  function wake(): void {
    wakeRequested = true;
    wakeLoop?.();
  }

  function waitForWakeOrInterval(): Promise<void> {
    if (wakeRequested || stopping) {
      wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, pollIntervalMs);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wakeLoop = undefined;
        wakeRequested = false;
        resolve();
      }
      wakeLoop = done;
    });
  }

  /** The hour between prunings is a duration, which no clock moves; the ages are by the app's clock, as updated_at is. */
  let prunedAt: number | undefined;
  async function pruneNowAndThen(): Promise<void> {
    if (prunedAt !== undefined && performance.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = performance.now();
    const now = clock().getTime();
    const pruned = await pruneFinishedJobs(options.db, { doneBefore: new Date(now - KEEP_DONE_MS), failedBefore: new Date(now - KEEP_FAILED_MS) });
    if (pruned > 0) log.info({ workerId, pruned }, 'Old finished jobs deleted');
  }

  async function poll(): Promise<void> {
    let databaseFailing = false;
    while (!stopping) {
      try {
        await pruneNowAndThen();
        if (kindsWithRoom().length > 0) await failExhaustedLeases(handledKinds());
        while (!stopping) {
          const kinds = kindsWithRoom();
          if (kinds.length === 0) break;
          const claimed = await claimNextJob(kinds);
          if (!claimed) break;
          if (stopping) {
            await finishJob(claimed, { state: 'queued', attempts: claimed.job.attempt - 1 });
            break;
          }
          void track(claimed);
        }
        if (databaseFailing) log.info({ workerId }, 'Job worker reaches the database again');
        databaseFailing = false;
      } catch (error) {
        if (!databaseFailing) log.error({ workerId, error: messageOf(error) }, 'Job worker could not claim jobs; it keeps trying');
        databaseFailing = true;
      }
      await waitForWakeOrInterval();
    }
  }

  return {
    start() {
      if (loop || stopping) return;
      loop = poll();
    },
    wake,
    async stop() {
      stopping = true;
      wake();
      for (const claimed of running.keys()) claimed.controller.abort(new Error('The job worker is stopping'));
      // No step starts after the abort, so the ones under way now are all a stop waits for to the end.
      const steps = [...uninterruptedSteps];
      if (steps.length > 0) log.info({ workerId, steps: steps.length }, 'Job worker stopping: waiting for the calls under way to be answered and recorded');
      const timers: NodeJS.Timeout[] = [];
      const delay = (ms: number) => new Promise<void>((resolve) => void timers.push(setTimeout(resolve, ms).unref()));
      const handlersEnded = Promise.allSettled([...running.values(), loop]);
      const stepsEnded = steps.length === 0 ? Promise.resolve() : Promise.race([Promise.all(steps), delay(uninterruptedTimeoutMs)]);
      await Promise.race([handlersEnded, stepsEnded.then(() => delay(stopTimeoutMs))]);
      for (const timer of timers) clearTimeout(timer);
      if (running.size > 0)
        log.warn(
          { workerId, jobs: [...running.keys()].map((claimed) => claimed.job.id) },
          'Job worker stopped with handlers still running; their leases will expire',
        );
    },
    async runDueJobs() {
      const kinds = handledKinds();
      if (kinds.length > 0) await failExhaustedLeases(kinds);
      let ran = 0;
      while (!stopping) {
        const claimed = await claimNextJob();
        if (!claimed) break;
        await track(claimed);
        ran += 1;
      }
      return ran;
    },
  };
}

function messageOf(error: unknown): string {
  return errorMessage(error).slice(0, MAX_ERROR_LENGTH);
}
