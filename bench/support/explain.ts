import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import type { BenchDialect } from './bench-app.ts';

/**
 * A query's plan as the database runs it: EXPLAIN ANALYZE on PostgreSQL (real row counts and times),
 * EXPLAIN QUERY PLAN on SQLite (which index, which temporary B-tree).
 */
export async function printPlan(db: Kysely<Database>, dialect: BenchDialect, name: string, query: string, parameters: readonly unknown[] = []): Promise<void> {
  const prefix = dialect === 'postgres' ? 'explain analyze ' : 'explain query plan ';
  const { rows } = await db.executeQuery(CompiledQuery.raw(prefix + query, [...parameters]));
  console.log(`\n-- ${name}`);
  for (const row of rows as Array<Record<string, unknown>>) console.log(String(row['QUERY PLAN'] ?? row.detail ?? JSON.stringify(row)));
}
