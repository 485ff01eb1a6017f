import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The database-backed job queue (DESIGN §6). A job is a row: kind, subject, payload, run_at, state.
 * Workers (./job-worker.ts) claim due jobs with a lease; handlers are registered per kind.
 */
export const JOB_KINDS = [
  'approval-emails',
  'generate-posts',
  'monthly-reports',
  'publish-post',
  'read-metrics',
  'refresh-tokens',
  'send-approval-decision',
  'send-email',
  'send-password-reset',
  'send-welcome',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export interface NewJob {
  kind: JobKind;
  /** What the job is about, e.g. `project:12`; lets a feature find its latest job. */
  subject?: string;
  payload: unknown;
  /** The app's instant (deps.now()), which the worker's clock compares run_at with: the job is created and due then. */
  now: Date;
  /** Later than `now` for a job that waits. */
  runAt?: Date;
  maxAttempts?: number;
}

export interface ClaimedJob {
  id: number;
  kind: JobKind;
  subject: string | null;
  payload: unknown;
  /** Counting this run: 1 the first time. */
  attempt: number;
}

export interface JobContext {
  job: ClaimedJob;
  /** Saves what the job is doing now into jobs.progress (JSON). */
  reportProgress(progress: unknown): Promise<void>;
  /** Aborted when the worker stops or the lease is lost. */
  signal: AbortSignal;
  /**
   * Runs `work` to its end although the worker stops: a call that cannot be redone, from the commit
   * that announces it to the commit of its answer (publishing's creating call, DESIGN principle 4).
   * A stopping worker waits for it beyond its stop timeout, so `work` must bound itself (a request
   * time limit). Once the signal is aborted nothing new starts: the signal's reason is thrown instead.
   */
  uninterrupted<T>(work: () => Promise<T>): Promise<T>;
}

export type JobHandler = (context: JobContext) => Promise<void>;

/** Thrown by a handler whose work is known not to have taken effect: run again later, with backoff. */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly delayMs?: number,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}

export async function enqueueJob(db: Kysely<Database>, job: NewJob): Promise<number> {
  const { now } = job;
  const row = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      subject: job.subject ?? null,
      payload: JSON.stringify(job.payload ?? {}),
      state: 'queued',
      run_at: (job.runAt ?? now).toISOString(),
      attempts: 0,
      max_attempts: job.maxAttempts ?? 5,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Deletes finished jobs nobody needs any more: done ones after `doneBefore`, failed ones (kept longer,
 * for the operator to look at) after `failedBefore`. Answers how many went.
 */
export async function pruneFinishedJobs(db: Kysely<Database>, input: { doneBefore: Date; failedBefore: Date }): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'done'), eb('updated_at', '<', input.doneBefore.toISOString())]),
        eb.and([eb('state', '=', 'failed'), eb('updated_at', '<', input.failedBefore.toISOString())]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
