import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Facebook Pages as a third network (issue 27, docs/decisions/053): whether a post goes to Facebook, as
 * `to_instagram` and `to_linkedin` say it for the other two; every post written before it does not.
 * Nothing else changes: results, figures and earlier publications already carry their network as text,
 * and Facebook reads the LinkedIn text (post-rules.ts `textFor`) until it has its own.
 */
export function facebookPostsMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  const falseValue = dialect === 'postgres' ? sql`false` : sql`0`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('posts')
        .addColumn('to_facebook', type.flag, (c) => c.notNull().defaultTo(falseValue))
        .execute();
    },
  };
}
