import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import type { BenchDialect } from './bench-app.ts';

export interface Batches {
  /** Rows in one INSERT statement. */
  perStatement?: number;
  /** Statements in one transaction. */
  statementsPerTransaction?: number;
}

/**
 * Writes rows `from` (inclusive) to `to` (exclusive) through `writeBatch`, which inserts one statement's
 * worth; many of them share a transaction, so 100,000 rows load in seconds rather than minutes.
 */
export async function insertInBatches(
  db: Kysely<Database>,
  range: { from: number; to: number },
  writeBatch: (trx: Transaction<Database>, from: number, to: number) => Promise<void>,
  { perStatement = 1_000, statementsPerTransaction = 20 }: Batches = {},
): Promise<void> {
  const perTransaction = perStatement * statementsPerTransaction;
  for (let from = range.from; from < range.to; from += perTransaction) {
    await db.transaction().execute(async (trx) => {
      for (let batch = from; batch < Math.min(from + perTransaction, range.to); batch += perStatement) {
        await writeBatch(trx, batch, Math.min(batch + perStatement, range.to));
      }
    });
  }
}

export async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * PostgreSQL's autovacuum vacuums and analyses a table soon after this many inserts (visibility map for
 * index-only scans, statistics for plans); do it now rather than measure tables it has not reached yet.
 */
export async function settleAfterLoad(db: Kysely<Database>, dialect: BenchDialect, tables: (keyof Database)[]): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of tables) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
}
