import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The Results CSV in publication order (decision 046, bench/results.ts): the latest figures by publication
 * instant, post and network, the export's order and its keyset, so that every page of 500 lines starts
 * where the last one ended by walking an index instead of sorting the period. Partial on `latest`, written
 * as migration 025's partial indexes are, so the Results queries' `latest` condition matches it.
 */
export function resultsExportIndexMigration(dialect: Dialect) {
  const isLatest = dialect === 'postgres' ? sql<boolean>`latest` : sql<boolean>`latest = 1`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('post_metrics_latest_published').on('post_metrics').columns(['published_at', 'post_id', 'network']).where(isLatest).execute();
    },
  };
}
