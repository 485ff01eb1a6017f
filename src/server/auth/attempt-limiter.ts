import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';

/**
 * Counts attempts per key in fixed windows, in the database so that every app process shares them
 * (DESIGN principle 3). Used for sign-ins and password checks (per e-mail and per address), recovery
 * e-mails and contact messages.
 *
 * Checking and counting are one step (`take`): an attempt is counted before the work it guards is
 * done, by a statement that adds one only while the key is under its limit. So requests sent all at
 * once cannot all pass a check that none of them has counted yet (decision 002, issue 13).
 */
export interface AttemptLimiter {
  /**
   * Counts one attempt under every key, unless one of them has reached its limit: then nothing stays
   * counted and the answer is null (refuse the request). Otherwise the attempt, which can be given back.
   */
  take(keys: AttemptKey[]): Promise<TakenAttempt | null>;
  /** Forgets a key, for example an e-mail after a successful sign-in. */
  clear(key: string): Promise<void>;
  /** The key's count in its live window, and when that window ends (ms); undefined when it has none. */
  peek(key: string): Promise<{ count: number; windowStartedAt: number; windowEndsAt: number } | undefined>;
  /**
   * Adds one to the key in the window given (another key's, so that the two can be compared): a key
   * counted in an older window starts again at one. No limit.
   */
  tally(key: string, windowStartedAt: number): Promise<void>;
}

export interface AttemptKey {
  key: string;
  limit: number;
}

export interface TakenAttempt {
  /** The window each key was counted in (its start, ms). */
  windowOf(key: string): number | undefined;
  /**
   * Uncounts this attempt under these keys (an attempt that turned out not to count, such as a
   * successful sign-in on its address), in the window it was counted in: never one that began since.
   */
  giveBack(keys: string[]): Promise<void>;
}

export function createAttemptLimiter(db: Kysely<Database>, windowSeconds: number, clock: Clock): AttemptLimiter {
  const now = () => clock().getTime();
  const windowMs = windowSeconds * 1000;

  /** Adds one to the key while under its limit (or in a new window); answers the window counted in, or null. */
  async function takeOne({ key, limit }: AttemptKey): Promise<number | null> {
    const current = now();
    const windowStart = current - windowMs;
    const live = sql<boolean>`attempt_counters.window_started_at > ${windowStart}`;
    const row = await db
      .insertInto('attempt_counters')
      .values({ key, window_started_at: current, count: 1 })
      .onConflict((conflict) =>
        conflict
          .column('key')
          .doUpdateSet({
            // An expired window starts again at one; a live one counts up.
            count: sql<number>`case when ${live} then attempt_counters.count + 1 else 1 end`,
            window_started_at: sql<number>`case when ${live} then attempt_counters.window_started_at else ${current} end`,
          })
          // The row is locked while this is decided (PostgreSQL) or the database has one writer (SQLite):
          // no two requests can both see the last free place.
          .where((eb) => eb.or([eb.not(live), eb('attempt_counters.count', '<', limit)])),
      )
      .returning('window_started_at')
      .executeTakeFirst();
    return row ? Number(row.window_started_at) : null;
  }

  async function giveBackOne(key: string, windowStartedAt: number): Promise<void> {
    await db
      .updateTable('attempt_counters')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('window_started_at', '=', windowStartedAt)
      .where('count', '>', 0)
      .execute();
  }

  return {
    async take(keys) {
      const taken = new Map<string, number>();
      const attempt: TakenAttempt = {
        windowOf: (name) => taken.get(name),
        async giveBack(names) {
          for (const name of names) {
            const windowStartedAt = taken.get(name);
            if (windowStartedAt === undefined) continue;
            taken.delete(name);
            await giveBackOne(name, windowStartedAt);
          }
        },
      };
      for (const entry of keys) {
        const windowStartedAt = await takeOne(entry);
        if (windowStartedAt === null) {
          // One key is full: the others must not keep this refused attempt.
          await attempt.giveBack([...taken.keys()]);
          return null;
        }
        taken.set(entry.key, windowStartedAt);
      }
      return attempt;
    },
    async clear(key) {
      await db.deleteFrom('attempt_counters').where('key', '=', key).execute();
    },
    async peek(key) {
      const row = await db
        .selectFrom('attempt_counters')
        .select(['count', 'window_started_at'])
        .where('key', '=', key)
        .where('window_started_at', '>', now() - windowMs)
        .executeTakeFirst();
      if (!row) return undefined;
      const windowStartedAt = Number(row.window_started_at);
      return { count: Number(row.count), windowStartedAt, windowEndsAt: windowStartedAt + windowMs };
    },
    async tally(key, windowStartedAt) {
      const same = sql<boolean>`attempt_counters.window_started_at = ${windowStartedAt}`;
      await db
        .insertInto('attempt_counters')
        .values({ key, window_started_at: windowStartedAt, count: 1 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when ${same} then attempt_counters.count + 1 else 1 end`,
            window_started_at: windowStartedAt,
          }),
        )
        .execute();
    },
  };
}
