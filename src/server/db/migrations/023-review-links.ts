import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Review links (issue 25 item 4, docs/decisions/043): a project's posts shown to someone without an
 * account. Only the token's SHA-256 is kept, so the table cannot give a link away. A link goes with its
 * project; its creator may leave (the link stays, unsigned).
 */
export function reviewLinksMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('review_links')
        .addColumn('id', type.serialId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('email', 'text')
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('created_at', type.instant, (c) => c.notNull())
        .addColumn('expires_at', type.instant, (c) => c.notNull())
        .addColumn('revoked_at', type.instant)
        .addColumn('last_used_at', type.instant)
        // Set by the link's first decision: with nothing of its project left to decide, it is used.
        .addColumn('decided_at', type.instant)
        .execute();
      await db.schema.createIndex('review_links_project').on('review_links').column('project_id').execute();
    },
  };
}
