import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The posts a launched project becomes (SPEC's "preview projects", DESIGN §4), their images with the
 * networks' variants, each network's publication result, and the database-backed job queue (DESIGN §6).
 * Projects remember why their last generation failed.
 */
export function postsAndJobsMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  const serial = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const falseValue = dialect === 'postgres' ? sql`false` : sql`0`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('projects').addColumn('launch_error_code', 'text').execute();
      await db.schema.alterTable('projects').addColumn('launch_error_message', 'text').execute();

      await db.schema
        .createTable('jobs')
        .addColumn('id', type.serialId, serial)
        // generate-posts | publish-post | refresh-token | send-email ...
        .addColumn('kind', 'text', (c) => c.notNull())
        // What it is about, e.g. `project:12` or `post:7`: finds a project's generation, a post's publication.
        .addColumn('subject', 'text')
        // JSON text.
        .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
        // queued | running | done | failed
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
        .addColumn('run_at', type.instant, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
        // The lease of the worker running it; an expired lease makes the job claimable again.
        .addColumn('locked_by', 'text')
        .addColumn('locked_until', type.instant)
        // What the job is doing now (JSON text), e.g. the generation's stage.
        .addColumn('progress', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', type.instant, (c) => c.notNull())
        .addColumn('updated_at', type.instant, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['state', 'run_at']).execute();
      await db.schema.createIndex('jobs_subject_idx').on('jobs').columns(['kind', 'subject', 'id']).execute();

      await db.schema
        .createTable('posts')
        .addColumn('id', type.serialId, serial)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        // Whose post it is, and whose accounts publish it: the project's customer (assigned, else creator).
        .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        // 1..publications, the order the generation wrote them in.
        .addColumn('sequence', 'integer', (c) => c.notNull())
        // preview | scheduled | published
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('preview'))
        .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
        // The studio's day (YYYY-MM-DD in the studio's time zone); null until chosen.
        .addColumn('publish_on', 'text')
        .addColumn('to_instagram', type.flag, (c) => c.notNull().defaultTo(falseValue))
        .addColumn('to_linkedin', type.flag, (c) => c.notNull().defaultTo(falseValue))
        // Set while a publish job holds the post (SPEC "in process"): no edit, reschedule or delete.
        .addColumn('publishing_since', type.instant)
        .addColumn('published_at', type.instant)
        .addColumn('created_at', type.instant, (c) => c.notNull())
        .addColumn('updated_at', type.instant, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('posts_project_idx').on('posts').columns(['project_id', 'sequence']).execute();
      await db.schema.createIndex('posts_owner_idx').on('posts').columns(['owner_id', 'state', 'created_at']).execute();
      await db.schema.createIndex('posts_state_idx').on('posts').columns(['state', 'created_at']).execute();
      await db.schema.createIndex('posts_due_idx').on('posts').columns(['state', 'publish_on']).execute();

      await db.schema
        .createTable('post_images')
        .addColumn('id', type.serialId, serial)
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('project_image_id', 'integer', (c) => c.references('project_images.id').onDelete('set null'))
        .addColumn('position', 'integer', (c) => c.notNull())
        // pending: in the post; not_selected: kept aside by the edit (SPEC §4 image selection).
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        // The variants the networks accept, made once at launch (content-hashed keys).
        .addColumn('instagram_key', 'text', (c) => c.notNull())
        .addColumn('instagram_width', 'integer', (c) => c.notNull())
        .addColumn('instagram_height', 'integer', (c) => c.notNull())
        .addColumn('linkedin_key', 'text', (c) => c.notNull())
        .addColumn('linkedin_content_type', 'text', (c) => c.notNull())
        .addColumn('created_at', type.instant, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('post_images_post_idx').on('post_images').columns(['post_id', 'position']).execute();

      await db.schema
        .createTable('post_results')
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('network', 'text', (c) => c.notNull())
        // The account published to: a LinkedIn author URN or an Instagram business account id, and its name.
        .addColumn('target_id', 'text')
        .addColumn('target_name', 'text')
        // pending | publishing | posted | failed | not_selected | unknown
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('remote_id', 'text')
        .addColumn('permalink', 'text')
        .addColumn('error', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('started_at', type.instant)
        .addColumn('finished_at', type.instant)
        .addColumn('created_at', type.instant, (c) => c.notNull())
        .addColumn('updated_at', type.instant, (c) => c.notNull())
        .addPrimaryKeyConstraint('post_results_pk', ['post_id', 'network'])
        .execute();
    },
  };
}
