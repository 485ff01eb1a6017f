import { enqueueDuePosts } from './repo.ts';
import type { PublishingDependencies } from './service.ts';

/**
 * The sweep (DESIGN §6): each process, every minute, queues a publish job for the posts whose time has
 * come — a day already past, or today once the studio's publish hour has struck (posts scheduled for
 * today are queued at once by the posts API) — and for the posts whose job was lost (held longer than
 * the job lease with no job alive). A due post never sits silently.
 */
export interface PublishSweep {
  /** Sweeps once now; answers the ids of the posts queued. */
  run(): Promise<number[]>;
  /** Sweeps now and then every interval; idempotent. */
  start(): void;
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
}

const DEFAULT_INTERVAL_MS = 60_000;
const DEFAULT_STALE_AFTER_MS = 60_000;

/** The hour (0-23) it is now in the studio's time zone. */
export function studioHourOf(timeZone: string, instant: Date): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).formatToParts(instant).find((part) => part.type === 'hour');
  return Number(hour?.value ?? 0);
}

export function createPublishSweep(deps: PublishingDependencies): PublishSweep {
  const clock = deps.now ?? (() => new Date());
  const staleAfterMs = deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function run(): Promise<number[]> {
    const now = clock();
    const queued = await enqueueDuePosts(deps.db, deps.dialect, {
      today: deps.calendar.today(),
      todayIsDue: studioHourOf(deps.calendar.timeZone, now) >= deps.publishHour,
      staleBefore: new Date(now.getTime() - staleAfterMs).toISOString(),
      now: now.toISOString(),
      maxAttempts: (deps.maxAttempts ?? 5) + 1,
    });
    if (queued.length > 0) {
      deps.log.info({ posts: queued }, 'Due posts queued for publication');
      deps.wakeJobs?.();
    }
    return queued;
  }

  function tick(): void {
    if (running) return;
    running = run()
      .catch((error: unknown) => deps.log.error({ error: error instanceof Error ? error.message : String(error) }, 'The publication sweep failed; it runs again in a minute'))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    run,
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, deps.sweepIntervalMs ?? DEFAULT_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
