import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Approval (issue 25; docs/decisions/040): who must approve a customer's posts, on the customer; and on
 * each post, when approval was last asked and the comment of the last "ask for changes". The state
 * `awaiting_approval` needs no column: posts.state is text.
 */
export function approvalMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // none | studio | studio_and_team
      await db.schema
        .alterTable('users')
        .addColumn('approval', 'text', (c) => c.notNull().defaultTo('none'))
        .execute();
      await db.schema.alterTable('posts').addColumn('approval_asked_at', type.instant).execute();
      await db.schema.alterTable('posts').addColumn('approval_asked_by', 'text').execute();
      await db.schema.alterTable('posts').addColumn('changes_comment', 'text').execute();
    },
  };
}
