import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Where a post was published before "publish again" started a new round (issue 29, decision 028): the
 * posted results of the round it ended, kept, so that the post still shows where it is out and the
 * next round asks before going to a network that has it already. They go with their post.
 */
export function earlierPublicationsMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('post_earlier_publications')
        .addColumn('id', type.serialId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text')
        .addColumn('target_name', 'text')
        .addColumn('remote_id', 'text')
        .addColumn('permalink', 'text')
        .addColumn('published_at', type.instant)
        .addColumn('set_aside_at', type.instant, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('post_earlier_publications_post').on('post_earlier_publications').column('post_id').execute();
    },
  };
}
