import { errorMessage } from '../../lib/error-message.ts';
import { enqueueDuePosts } from './repo.ts';
import type { PublishingDependencies } from './dependencies.ts';

/**
 * The sweep (DESIGN §6): each process, at the turn of every minute by its clock, queues a publish job for
 * the posts whose time has come (`publish_at`, a day and a time of the studio: decision 026; posts whose
 * time has come as they are scheduled are queued at once by the posts API) and for the posts whose job
 * was lost (held longer than the job lease with no job alive). A due post never sits silently, and a
 * post at 10:15 is queued as 10:15 strikes, not at 10:14 nor up to a minute later (docs/decisions/020).
 */
export interface PublishSweep {
  /** Sweeps once now; answers the ids of the posts queued. */
  run(): Promise<number[]>;
  /** Sweeps now and then at the turn of every interval by the clock; idempotent. */
  start(): void;
  /** Sweeps now if started (the clock moved: the sandbox's clock control), or again after the sweep under way. */
  nudge(): void;
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
}

const DEFAULT_INTERVAL_MS = 60_000;
const DEFAULT_STALE_AFTER_MS = 60_000;
/** After the turn, so that a timer a millisecond early does not sweep the minute before the hour. */
const AFTER_THE_TURN_MS = 20;

export function createPublishSweep(deps: PublishingDependencies): PublishSweep {
  const clock = deps.now;
  const staleAfterMs = deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  /** Nudged while a sweep was under way: that one may have read the clock before it moved. */
  let again = false;

  async function run(): Promise<number[]> {
    const now = clock();
    const queued = await enqueueDuePosts(deps.db, deps.dialect, {
      now: now.toISOString(),
      staleBefore: new Date(now.getTime() - staleAfterMs).toISOString(),
      // Due at once by the worker, which reads the same clock for run_at (docs/decisions/035).
      queuedAt: now.toISOString(),
      maxAttempts: (deps.maxAttempts ?? 5) + 1,
    });
    if (queued.length > 0) {
      deps.log.info({ posts: queued }, 'Due posts queued for publication');
      deps.wakeJobs?.();
    }
    return queued;
  }

  /** The next sweep at the next turn of the interval by the clock (a whole minute: a post's time is one). */
  function scheduleNext(intervalMs: number): void {
    const delayMs = intervalMs - (clock().getTime() % intervalMs) + AFTER_THE_TURN_MS;
    timer = setTimeout(() => {
      tick();
      scheduleNext(intervalMs);
    }, delayMs);
    timer.unref();
  }

  function tick(): void {
    if (running) return;
    running = run()
      .catch((error: unknown) => deps.log.error({ error: errorMessage(error) }, 'The publication sweep failed; it runs again in a minute'))
      .finally(() => {
        running = undefined;
        if (again && timer) {
          again = false;
          tick();
        }
      });
  }

  return {
    run,
    start() {
      if (timer) return;
      tick();
      scheduleNext(deps.sweepIntervalMs ?? DEFAULT_INTERVAL_MS);
    },
    nudge() {
      if (!timer) return;
      if (running) again = true;
      else tick();
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
