import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Every earlier text of a post (issue 24 item 5): before an edit, a rewrite or a restore changes a post's
 * texts, the texts it had are kept here, so that any of them can be brought back. They go with their post.
 */
export function postTextVersionsMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('post_text_versions')
        .addColumn('id', type.serialId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('linkedin_text', 'text')
        // What replaced it: edit | rewrite | restore.
        .addColumn('replaced_by', 'text', (c) => c.notNull())
        .addColumn('created_at', type.instant, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('post_text_versions_post').on('post_text_versions').columns(['post_id', 'id']).execute();
    },
  };
}
