import type { AttemptLimiter } from './attempt-limiter.ts';

export interface PasswordAttemptLimits {
  maxFailuresPerEmail: number;
  maxFailuresPerAddress: number;
  windowSeconds: number;
}

/** What a password check came to: the password was right, wrong, or never checked (bad input, a failure). */
export type PasswordOutcome = 'right' | 'wrong' | 'unchecked';

export interface PasswordAttempts {
  /**
   * Runs a password check under the sign-in limits, per e-mail and per client address: the attempt is
   * counted before the check runs, so checks sent all at once are bounded too. A wrong password stays
   * counted; a right one clears the e-mail and gives the address back (colleagues behind one office
   * address keep signing in); an unchecked one is given back. Answers null, without running the check,
   * when a limit is reached.
   */
  guard<T>(who: { email: string; address: string }, check: () => Promise<T>, outcomeOf: (result: T) => PasswordOutcome): Promise<{ result: T } | null>;
}

/** Sign-in and the profile's password change share these counters: one limit for every password check. */
export function createPasswordAttempts(limiter: AttemptLimiter, limits: PasswordAttemptLimits): PasswordAttempts {
  return {
    async guard<T>(who: { email: string; address: string }, check: () => Promise<T>, outcomeOf: (result: T) => PasswordOutcome) {
      const emailKey = `sign-in:email:${who.email.trim().toLowerCase()}`;
      const addressKey = `sign-in:address:${who.address}`;
      const attempt = await limiter.take([
        { key: emailKey, limit: limits.maxFailuresPerEmail },
        { key: addressKey, limit: limits.maxFailuresPerAddress },
      ]);
      if (!attempt) return null;
      let result: T;
      try {
        result = await check();
      } catch (error) {
        await attempt.giveBack([emailKey, addressKey]);
        throw error;
      }
      const outcome = outcomeOf(result);
      if (outcome === 'right') {
        await limiter.clear(emailKey);
        await attempt.giveBack([addressKey]);
      } else if (outcome === 'unchecked') {
        await attempt.giveBack([emailKey, addressKey]);
      }
      return { result };
    },
  };
}
