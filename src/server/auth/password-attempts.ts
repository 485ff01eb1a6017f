import type { AttemptLimiter, TakenAttempt } from './attempt-limiter.ts';
import { systemClock } from '../lib/clock.ts';

export interface PasswordAttemptLimits {
  maxFailuresPerEmail: number;
  maxFailuresPerAddress: number;
  windowSeconds: number;
}

/** What a password check came to: the password was right, wrong, or never checked (bad input, a failure). */
export type PasswordOutcome = 'right' | 'wrong' | 'unchecked';

/**
 * Why a password check was not run:
 * - `failures`: the e-mail or the address has failed its limit in this window; `retryAfterSeconds` is what
 *   is left of the window.
 * - `busy`: every place is taken by checks still running (many sign-ins at once), not by failures; the
 *   request waited its turn for a while first. A moment later it goes through (`retryAfterSeconds` 1).
 */
export interface PasswordRefusal {
  refused: 'failures' | 'busy';
  retryAfterSeconds: number;
}

export interface PasswordAttempts {
  /**
   * Runs a password check under the sign-in limits, per e-mail and per client address: the attempt takes
   * its place before the check runs, so checks sent all at once are bounded too. A wrong password keeps
   * its place and counts as a failure; a right one clears the e-mail and gives the address back (colleagues
   * behind one office address keep signing in); an unchecked one is given back. When every place is taken
   * by checks in flight, the request waits its turn (decision 030); when the failures fill a limit, or the
   * wait lasts too long, it is refused without running the check.
   */
  guard<T>(
    who: { email: string; address: string },
    check: () => Promise<T>,
    outcomeOf: (result: T) => PasswordOutcome,
  ): Promise<{ result: T } | PasswordRefusal>;
}

export interface PasswordAttemptsOptions {
  /** How long a check waits for a place held by checks in flight before it is answered `busy`. */
  maxWaitMs?: number;
  /** Between two tries for a place when no place is given back in this process meanwhile (other processes). */
  pollMs?: number;
}

/** Sign-in and the profile's password change share these counters: one limit for every password check. */
export function createPasswordAttempts(limiter: AttemptLimiter, limits: PasswordAttemptLimits, options: PasswordAttemptsOptions = {}): PasswordAttempts {
  const maxWaitMs = options.maxWaitMs ?? 5_000;
  const pollMs = options.pollMs ?? 250;
  // Checks of this process waiting for a place, first come first served: each place given back here
  // wakes the first of them (the others keep polling, for the places other processes give back).
  const waiting: (() => void)[] = [];
  const wakeNext = () => waiting.shift()?.();
  const turn = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        const index = waiting.indexOf(wake);
        if (index >= 0) waiting.splice(index, 1);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      waiting.push(wake);
    });

  /** Why the keys are full: failures (in the window the places are counted in) or checks in flight. */
  async function refusal(keys: { place: string; failures: string; limit: number }[]): Promise<PasswordRefusal> {
    for (const key of keys) {
      const place = await limiter.peek(key.place);
      if (!place || place.count < key.limit) continue;
      const failures = await limiter.peek(key.failures);
      if (failures && failures.windowStartedAt === place.windowStartedAt && failures.count >= key.limit) {
        // The machine's clock, as the attempt limiter's windows are.
        return { refused: 'failures', retryAfterSeconds: Math.max(1, Math.ceil((place.windowEndsAt - systemClock().getTime()) / 1000)) };
      }
    }
    return { refused: 'busy', retryAfterSeconds: 1 };
  }

  return {
    async guard<T>(who: { email: string; address: string }, check: () => Promise<T>, outcomeOf: (result: T) => PasswordOutcome) {
      const email = who.email.trim().toLowerCase();
      const keys = [
        { place: `sign-in:email:${email}`, failures: `sign-in-failures:email:${email}`, limit: limits.maxFailuresPerEmail },
        { place: `sign-in:address:${who.address}`, failures: `sign-in-failures:address:${who.address}`, limit: limits.maxFailuresPerAddress },
      ];
      const [emailKey, addressKey] = keys.map((key) => key.place) as [string, string];
      // A wait, not a time of day: performance.now(), which no clock moves.
      const giveUpAt = performance.now() + maxWaitMs;
      let attempt: TakenAttempt | null;
      for (;;) {
        attempt = await limiter.take(keys.map(({ place, limit }) => ({ key: place, limit })));
        if (attempt) break;
        const why = await refusal(keys);
        const left = giveUpAt - performance.now();
        if (why.refused === 'failures' || left <= 0) {
          // The next in line learns the same at once rather than at its next poll.
          wakeNext();
          return why;
        }
        await turn(Math.min(left, pollMs * (0.5 + Math.random())));
      }
      let result: T;
      try {
        result = await check();
      } catch (error) {
        await attempt.giveBack([emailKey, addressKey]);
        wakeNext();
        throw error;
      }
      const outcome = outcomeOf(result);
      if (outcome === 'right') {
        await limiter.clear(emailKey);
        await limiter.clear(keys[0]!.failures);
        await attempt.giveBack([addressKey]);
      } else if (outcome === 'unchecked') {
        await attempt.giveBack([emailKey, addressKey]);
      } else {
        // The failure keeps its place, and is counted as one in the window of that place.
        for (const key of keys) {
          const window = attempt.windowOf(key.place);
          if (window !== undefined) await limiter.tally(key.failures, window);
        }
      }
      wakeNext();
      return { result };
    },
  };
}
