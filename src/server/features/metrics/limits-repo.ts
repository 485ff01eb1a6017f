import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readInstant } from '../../db/values.ts';

/**
 * The networks' limits as the readings keep them (decision 045): per network and account, the calls of
 * the current UTC day (LinkedIn counts per member and per app, reset at midnight UTC) and a pause
 * (LinkedIn's 429 until midnight; Meta's Business Use Case usage near 100 % or its throttle).
 */
const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** Until when the account's readings wait, or null. */
export async function pausedUntil(db: Kysely<Database>, network: string, account: string, now: Date): Promise<Date | null> {
  const row = await db.selectFrom('metric_read_limits').select('paused_until').where('network', '=', network).where('account', '=', account).executeTakeFirst();
  const until = row?.paused_until ? readInstant(row.paused_until) : null;
  return until && until.getTime() > now.getTime() ? until : null;
}

export async function pauseAccount(db: Kysely<Database>, input: { network: string; account: string; until: Date; reason: string; now: Date }): Promise<void> {
  await db
    .insertInto('metric_read_limits')
    .values({
      network: input.network,
      account: input.account,
      day: utcDay(input.now),
      calls: 0,
      paused_until: input.until.toISOString(),
      pause_reason: input.reason,
    })
    .onConflict((conflict) => conflict.columns(['network', 'account']).doUpdateSet({ paused_until: input.until.toISOString(), pause_reason: input.reason }))
    .execute();
}

/** Counts one call of the account today; answers today's calls, this one included. */
export async function countCall(db: Kysely<Database>, network: string, account: string, now: Date): Promise<number> {
  const day = utcDay(now);
  const row = await db
    .insertInto('metric_read_limits')
    .values({ network, account, day, calls: 1 })
    .onConflict((conflict) =>
      conflict.columns(['network', 'account']).doUpdateSet({
        calls: sql<number>`case when metric_read_limits.day = ${day} then metric_read_limits.calls + 1 else 1 end`,
        day,
      }),
    )
    .returning('calls')
    .executeTakeFirstOrThrow();
  return row.calls;
}

/** The next midnight UTC: when LinkedIn's daily counters start again. */
export function nextUtcMidnight(now: Date): Date {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return next;
}
