import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * A post's history and comments (issue 25 item 5, docs/decisions/041), both append-only.
 *
 * - post_events: what happened to a post (kind, who, via the app, a review link or the app itself, when,
 *   and the kind's details as JSON).
 * - post_comments: its thread, the administrators' notes (`team`) and those shared with the approver.
 *
 * Triggers refuse any UPDATE of their rows, and any DELETE while the row's post exists: a row leaves only
 * with its post (ON DELETE CASCADE, which the trigger lets through since the post is gone by then). The
 * actor and author are kept as ids without a foreign key: deleting an account would otherwise have to
 * update the rows it wrote (its name is then no longer shown).
 */
export function postHistoryMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  const length = dialect === 'postgres' ? 'char_length' : 'length';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('post_events')
        .addColumn('id', type.serialId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('via', 'text', (c) => c.notNull())
        .addColumn('at', type.instant, (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
        .addCheckConstraint('post_events_via', sql`via in ('app', 'link', 'system')`)
        .execute();
      await db.schema.createIndex('post_events_post').on('post_events').columns(['post_id', 'id']).execute();
      await db.schema
        .createTable('post_comments')
        .addColumn('id', type.serialId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('author_id', 'text', (c) => c.notNull())
        .addColumn('visibility', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('at', type.instant, (c) => c.notNull())
        .addCheckConstraint('post_comments_visibility', sql`visibility in ('team', 'shared')`)
        .addCheckConstraint('post_comments_text', sql.raw(`${length}(text) between 1 and 2000`))
        .execute();
      await db.schema.createIndex('post_comments_post').on('post_comments').columns(['post_id', 'id']).execute();
      for (const statement of dialect === 'postgres' ? postgresTriggers() : sqliteTriggers()) await sql.raw(statement).execute(db);
    },
  };
}

const APPEND_ONLY = ['post_events', 'post_comments'] as const;

function sqliteTriggers(): string[] {
  return APPEND_ONLY.flatMap((table) => [
    `create trigger ${table}_no_update before update on ${table} begin select raise(abort, '${table} is append-only: its rows are never changed'); end`,
    `create trigger ${table}_no_delete before delete on ${table} when exists (select 1 from posts where posts.id = old.post_id)
     begin select raise(abort, '${table} is append-only: its rows go only with their post'); end`,
  ]);
}

function postgresTriggers(): string[] {
  return [
    `create function post_history_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and not exists (select 1 from posts where posts.id = old.post_id) then return old; end if;
      raise exception '% is append-only: its rows are never changed, and go only with their post', tg_table_name using errcode = 'restrict_violation';
    end $$`,
    `create function post_history_not_truncated() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only: it is never truncated', tg_table_name using errcode = 'restrict_violation';
    end $$`,
    ...APPEND_ONLY.flatMap((table) => [
      `create trigger ${table}_append_only before update or delete on ${table} for each row execute function post_history_append_only()`,
      `create trigger ${table}_not_truncated before truncate on ${table} for each statement execute function post_history_not_truncated()`,
    ]),
  ];
}
