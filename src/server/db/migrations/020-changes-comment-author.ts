import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Who asked for changes on a post, and when (issue 25 item 2; docs/decisions/040): the comment of
 * migration 019 is shown with its author and time while the post is a preview after it.
 */
export function changesCommentAuthorMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('posts').addColumn('changes_comment_by', 'text').execute();
      await db.schema.alterTable('posts').addColumn('changes_comment_at', type.instant).execute();
    },
  };
}
