import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Counts attempts per key in fixed windows, in the database so that every app process shares them
 * (DESIGN principle 3). Used for failed sign-ins (per e-mail and per address) and recovery e-mails.
 */
export interface AttemptLimiter {
  /** True when any of the keys has reached its limit in the current window. */
  isExhausted(keys: { key: string; limit: number }[]): Promise<boolean>;
  /** Adds one attempt to each key. */
  record(keys: string[]): Promise<void>;
  /** Forgets a key, for example an e-mail after a successful sign-in. */
  clear(key: string): Promise<void>;
}

export function createAttemptLimiter(db: Kysely<Database>, windowSeconds: number, now: () => number = Date.now): AttemptLimiter {
  const windowMs = windowSeconds * 1000;
  return {
    async isExhausted(keys) {
      if (keys.length === 0) return false;
      const rows = await db
        .selectFrom('attempt_counters')
        .select(['key', 'count'])
        .where('key', 'in', keys.map((entry) => entry.key))
        .where('window_started_at', '>', now() - windowMs)
        .execute();
      return keys.some(({ key, limit }) => (rows.find((row) => row.key === key)?.count ?? 0) >= limit);
    },
    async record(keys) {
      const current = now();
      const windowStart = current - windowMs;
      for (const key of keys) {
        await db
          .insertInto('attempt_counters')
          .values({ key, window_started_at: current, count: 1 })
          .onConflict((conflict) =>
            conflict.column('key').doUpdateSet({
              // An expired window starts again at one; a live one counts up.
              count: sql<number>`case when attempt_counters.window_started_at > ${windowStart} then attempt_counters.count + 1 else 1 end`,
              window_started_at: sql<number>`case when attempt_counters.window_started_at > ${windowStart} then attempt_counters.window_started_at else ${current} end`,
            }),
          )
          .execute();
      }
    },
    async clear(key) {
      await db.deleteFrom('attempt_counters').where('key', '=', key).execute();
    },
  };
}
