import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Who checked a "needs review" result on the network and marked it published or not published, and
 * when (docs/decisions/025). The mark itself is the result's status (`posted` or `failed`); these say
 * whose word it is. A user who is deleted leaves the date and no name.
 */
export function resultReviewsMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('post_results')
        .addColumn('reviewed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.alterTable('post_results').addColumn('reviewed_at', type.instant).execute();
    },
  };
}
