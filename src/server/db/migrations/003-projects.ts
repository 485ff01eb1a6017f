import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/** Prompts ("my GPTs"), projects and their images (SPEC §3), indexed for 100,000 projects. */
export function projectsMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  const serial = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const falseValue = dialect === 'postgres' ? sql`false` : sql`0`;
  const trueValue = dialect === 'postgres' ? sql`true` : sql`1`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('prompts')
        .addColumn('id', type.serialId, serial)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('is_private', type.flag, (c) => c.notNull().defaultTo(trueValue))
        .addColumn('created_at', type.instant, (c) => c.notNull())
        .addColumn('updated_at', type.instant, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('prompts_user_id_idx').on('prompts').column('user_id').execute();
      await db.schema.createIndex('prompts_created_at_idx').on('prompts').column('created_at').execute();

      await db.schema
        .createTable('projects')
        .addColumn('id', type.serialId, serial)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('keywords', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('weblink', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('maps_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('show_map', type.flag, (c) => c.notNull().defaultTo(falseValue))
        .addColumn('promoter', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('collaborators', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('authors', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('year', 'integer')
        .addColumn('photo_credit', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('photo_credit_link', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('publications', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('required_ai', type.flag, (c) => c.notNull().defaultTo(trueValue))
        .addColumn('prompt_id', 'integer', (c) => c.references('prompts.id').onDelete('set null'))
        // The chosen prompt's text, copied: editing or deleting the prompt later does not change the project.
        .addColumn('prompt_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('assigned_to', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', type.instant, (c) => c.notNull())
        .addColumn('updated_at', type.instant, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('projects_created_at_idx').on('projects').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('projects_state_created_at_idx').on('projects').columns(['state', 'created_at', 'id']).execute();
      await db.schema.createIndex('projects_created_by_idx').on('projects').columns(['created_by', 'created_at']).execute();
      await db.schema.createIndex('projects_assigned_to_idx').on('projects').columns(['assigned_to', 'created_at']).execute();

      await db.schema
        .createTable('project_images')
        .addColumn('id', type.serialId, serial)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        // pending: selected for the posts; not_selected: kept but left out (SPEC §3 Image).
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('thumbnail_key', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('original_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', type.instant, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('project_images_project_idx').on('project_images').columns(['project_id', 'position']).execute();
    },
  };
}
