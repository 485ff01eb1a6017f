import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { Log } from '../lib/log.ts';
import { type JobKind, enqueueJob } from './job-queue.ts';

/** A job that one process queues on a timer, and that runs one at a time across every instance. */
export interface RecurringJob {
  kind: JobKind;
  /** Names the run: a job of this kind and subject queued or running is enough. */
  subject: string;
  /** Attempts of one run; what a run leaves undone is the next run's. */
  maxAttempts: number;
  /** Whether there is work at all (a cheap read before the transaction); always, when absent. */
  hasWork?: (db: Kysely<Database>) => Promise<boolean>;
}

/**
 * Queues a run unless one is queued or running; true when it queued one. On PostgreSQL an advisory lock
 * held by the transaction makes the check and the insert one step across instances (SQLite has one writer).
 */
export async function enqueueRecurringJob(db: Kysely<Database>, dialect: Dialect, job: RecurringJob, at: Date): Promise<boolean> {
  if (job.hasWork && !(await job.hasWork(db))) return false;
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${job.subject}))`.execute(trx);
    const pending = await trx
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', job.kind)
      .where('subject', '=', job.subject)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (pending) return false;
    await enqueueJob(trx, { kind: job.kind, subject: job.subject, payload: {}, maxAttempts: job.maxAttempts, now: at });
    return true;
  });
}

/** Queues a run now and every `intervalMinutes`, waking the worker when one is queued. Returns the function that stops the timer. */
export function scheduleRecurringJob(
  deps: { db: Kysely<Database>; dialect: Dialect; wakeJobs: () => void; log: Pick<Log, 'warn'>; now: Clock },
  job: RecurringJob & { intervalMinutes: number },
): () => void {
  const tick = () =>
    void enqueueRecurringJob(deps.db, deps.dialect, job, deps.now())
      .then((queued) => queued && deps.wakeJobs())
      .catch((error: unknown) => deps.log.warn({ err: error, kind: job.kind }, 'A recurring job could not be queued; trying at the next interval'));
  tick();
  const timer = setInterval(tick, job.intervalMinutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
