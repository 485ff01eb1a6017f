import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Counts per state kept as posts and projects are written (decision 019), so that the lists' chips,
 * totals and states present read a handful of rows instead of counting every post or project on each
 * request (issue 14, bench/posts-list.ts and bench/projects-list.ts).
 *
 * - post_counts: one row per owner and state ('' for posts without an owner). An admin's counts are the
 *   sum over owners, a customer's their own rows.
 * - project_counts: per person and state, a 'creator' row counts the projects they created ('' for
 *   projects without a creator) and an 'assignee' row those assigned to them that they did not create.
 *   A person's two rows add up to exactly "created by or assigned to me"; every 'creator' row together,
 *   to every project.
 *
 * Triggers keep them, in the writer's own statement and transaction, whoever writes: the features'
 * repos, the jobs, a bulk insert, a cascade from a deleted project, a deleted user's SET NULL. SQLite's
 * are per row; PostgreSQL's are per statement over its transition tables, one upsert of the summed
 * changes in key order (a bulk insert is one upsert, and two writers lock counter rows in one order).
 * Rows that fall to 0 stay; readers skip them.
 *
 * And two indexes for the projects list of a customer or publisher filtered by state.
 */
export function listCountsMigration(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration works on the schema as it was
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('post_counts')
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('post_counts_pk', ['owner_id', 'state'])
        .execute();
      await db.schema
        .createTable('project_counts')
        .addColumn('person_id', 'text', (c) => c.notNull())
        // creator | assignee (assigned to them, created by someone else or no one)
        .addColumn('relation', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('project_counts_pk', ['person_id', 'relation', 'state'])
        .execute();
      // Triggers first: on PostgreSQL creating them waits for the writers of the moment and holds off
      // new ones until this transaction commits, so no write falls between the fill and the triggers.
      for (const statement of dialect === 'postgres' ? postgresTriggers() : sqliteTriggers()) await sql.raw(statement).execute(db);
      await fillListCounts(db);
      // A customer's or publisher's list filtered by state, newest first: each half of "created by or
      // assigned to me" read along an index in that order, instead of every project of the user's.
      await db.schema.createIndex('projects_created_by_state_idx').on('projects').columns(['created_by', 'state', 'created_at', 'id']).execute();
      await db.schema.createIndex('projects_assigned_to_state_idx').on('projects').columns(['assigned_to', 'state', 'created_at', 'id']).execute();
    },
  };
}

/** Counts the rows already there (the counts tables empty). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs on the schema of this migration
export async function fillListCounts(db: Kysely<any>): Promise<void> {
  await sql`
    insert into post_counts (owner_id, state, n)
    select coalesce(owner_id, ''), state, count(*) from posts group by coalesce(owner_id, ''), state
  `.execute(db);
  await sql`
    insert into project_counts (person_id, relation, state, n)
    select coalesce(created_by, ''), 'creator', state, count(*) from projects group by coalesce(created_by, ''), state
    union all
    select assigned_to, 'assignee', state, count(*) from projects
    where assigned_to is not null and assigned_to is distinct from created_by
    group by assigned_to, state
  `.execute(db);
}

/** The counter rows one posts or projects row stands for, each as [key columns' values, condition]. */
function postKeys(row: string) {
  return [{ values: `coalesce(${row}.owner_id, ''), ${row}.state`, when: 'true' }];
}
function projectKeys(row: string) {
  return [
    { values: `coalesce(${row}.created_by, ''), 'creator', ${row}.state`, when: 'true' },
    {
      values: `${row}.assigned_to, 'assignee', ${row}.state`,
      when: `${row}.assigned_to is not null and ${row}.assigned_to is distinct from ${row}.created_by`,
    },
  ];
}

const COUNTED = {
  posts: { counts: 'post_counts', key: 'owner_id, state', keysOf: postKeys, watched: 'owner_id, state' },
  projects: { counts: 'project_counts', key: 'person_id, relation, state', keysOf: projectKeys, watched: 'created_by, assigned_to, state' },
} as const;

function sqliteTriggers(): string[] {
  return Object.entries(COUNTED).flatMap(([table, { counts, key, keysOf, watched }]) => {
    // `where` makes the upsert parse inside a trigger (SQLite's INSERT ... SELECT ... ON CONFLICT).
    const add = (row: 'new' | 'old', delta: 1 | -1) =>
      keysOf(row)
        .map(
          ({ values, when }) =>
            `insert into ${counts} (${key}, n) select ${values}, ${delta} where ${when} on conflict (${key}) do update set n = n + excluded.n;`,
        )
        .join('\n');
    const changed = watched
      .split(', ')
      .map((column) => `old.${column} is not new.${column}`)
      .join(' or ');
    return [
      `create trigger ${table}_counted_on_insert after insert on ${table} begin ${add('new', 1)} end`,
      `create trigger ${table}_counted_on_delete after delete on ${table} begin ${add('old', -1)} end`,
      `create trigger ${table}_counted_on_update after update of ${watched} on ${table} when ${changed} begin ${add('old', -1)} ${add('new', 1)} end`,
    ];
  });
}

function postgresTriggers(): string[] {
  return Object.entries(COUNTED).flatMap(([table, { counts, key, keysOf }]) => {
    const rowsOf = (transition: 'new_rows' | 'old_rows', delta: 1 | -1) =>
      keysOf('changed').map(({ values, when }) => `select ${values}, ${delta} as n from ${transition} as changed where ${when}`);
    const triggers = [
      { event: 'insert', referencing: 'new table as new_rows', changes: rowsOf('new_rows', 1) },
      { event: 'delete', referencing: 'old table as old_rows', changes: rowsOf('old_rows', -1) },
      { event: 'update', referencing: 'old table as old_rows new table as new_rows', changes: [...rowsOf('old_rows', -1), ...rowsOf('new_rows', 1)] },
    ];
    return triggers.flatMap(({ event, referencing, changes }) => [
      `create function ${table}_counted_on_${event}() returns trigger language plpgsql as $$
      begin
        insert into ${counts} as counts (${key}, n)
        select ${key}, sum(n) from (${changes.join(' union all ')}) as changes (${key}, n)
        group by ${key} having sum(n) <> 0 order by ${key}
        on conflict (${key}) do update set n = counts.n + excluded.n;
        return null;
      end $$`,
      `create trigger ${table}_counted_on_${event} after ${event} on ${table} referencing ${referencing} for each statement execute function ${table}_counted_on_${event}()`,
    ]);
  });
}
