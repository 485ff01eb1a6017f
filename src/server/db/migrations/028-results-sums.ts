import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/** The figures' columns of migration 025, frozen here (a landed migration never changes). */
const METRICS = ['impressions', 'reach', 'reactions', 'comments', 'shares', 'saves', 'clicks', 'interactions'] as const;

/** Whether a reading is its post and network's latest, written as migration 025's partial indexes are. */
function latestCondition(dialect: Dialect, row: string): string {
  return dialect === 'postgres' ? `${row}.latest` : `${row}.latest = 1`;
}

/** A row's UTC hour of publication, as `results_hourly.hour` stores it. */
function hourExpression(dialect: Dialect, row: string): string {
  return dialect === 'postgres'
    ? `date_trunc('hour', ${row}.published_at at time zone 'UTC') at time zone 'UTC'`
    : `substr(${row}.published_at, 1, 13) || ':00:00.000Z'`;
}

/**
 * The Results page's sums, kept by the database itself (decision 049, bench/results.ts):
 * - `post_metrics.owner_id`: the post's owner on each reading (kept by a trigger on `posts.owner_id`), so a
 *   customer's readings are one index range;
 * - `results_posts`: per post, the sums of its latest figures over its networks, how many networks have
 *   figures, and its first publication instant: the top posts and projects;
 * - `results_hourly`: per scope (an owner, or '' for the whole studio), network ('*' for every network,
 *   counting each post once) and UTC hour of publication, the posts and the sums of their latest figures:
 *   the totals, the chart and the weekday × hour grid read at most one row per hour.
 * Triggers on `post_metrics` and `results_posts` keep them exact whatever writes, deletes (cascades
 * included) or reassigns, so no code path can forget them. A reading's `owner_id` is written with it.
 */
export function resultsSumsMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  const postgres = dialect === 'postgres';
  const isLatest = (row: string) => latestCondition(dialect, row);
  const hourOf = (row: string) => hourExpression(dialect, row);
  const earliest = postgres ? 'least' : 'min';

  /** Adds (sign 1) or takes away (-1) a row's figures from an hour's sums of a scope, when `guard` holds. */
  function toHourly(row: string, sign: 1 | -1, scope: string, network: string, guard: string): string {
    const figures = METRICS.map((metric) => `${sign} * coalesce(${row}.${metric}, 0)`).join(', ');
    const updates = METRICS.map((metric) => `${metric} = results_hourly.${metric} + excluded.${metric}`).join(', ');
    return `insert into results_hourly (scope, network, hour, posts, ${METRICS.join(', ')})
      select ${scope}, ${network}, ${hourOf(row)}, ${sign}, ${figures} where ${guard}
      on conflict (scope, network, hour) do update set posts = results_hourly.posts + excluded.posts, ${updates};
      delete from results_hourly where scope = ${scope} and network = ${network} and hour = ${hourOf(row)} and posts = 0 and ${guard};`;
  }

  /** A post's latest figures on one network, added to or taken from its post's sums and the studio's and owner's hours. */
  function readingSums(row: string, sign: 1 | -1): string {
    const guard = isLatest(row);
    const figures = METRICS.map((metric) => `${sign} * coalesce(${row}.${metric}, 0)`).join(', ');
    const updates = METRICS.map((metric) => `${metric} = results_posts.${metric} + excluded.${metric}`).join(', ');
    const adding = sign === 1;
    return `${toHourly(row, sign, "''", `${row}.network`, guard)}
      ${toHourly(row, sign, `${row}.owner_id`, `${row}.network`, `${guard} and ${row}.owner_id is not null`)}
      insert into results_posts (post_id, owner_id, project_id, published_at, networks, ${METRICS.join(', ')})
      select ${row}.post_id, ${row}.owner_id, ${row}.project_id, ${row}.published_at, ${sign}, ${figures} where ${guard}
      on conflict (post_id) do update set networks = results_posts.networks + excluded.networks, ${updates}${
        adding ? `, owner_id = excluded.owner_id, published_at = ${earliest}(results_posts.published_at, excluded.published_at)` : ''
      };
      delete from results_posts where post_id = ${row}.post_id and networks = 0 and ${guard};`;
  }

  /** A post's sums over its networks, added to or taken from the studio's and owner's hours under network '*'. */
  function postSums(row: string, sign: 1 | -1): string {
    const guard = postgres ? 'true' : '1';
    return `${toHourly(row, sign, "''", "'*'", guard)}
      ${toHourly(row, sign, `${row}.owner_id`, "'*'", `${row}.owner_id is not null`)}`;
  }

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('post_metrics').addColumn('owner_id', 'text').execute();
      await sql`update post_metrics set owner_id = (select owner_id from posts where posts.id = post_metrics.post_id)`.execute(db);

      await db.schema
        .createTable('results_posts')
        .addColumn('post_id', 'integer', (c) => c.primaryKey())
        .addColumn('owner_id', 'text')
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('published_at', type.instant, (c) => c.notNull())
        .addColumn('networks', 'integer', (c) => c.notNull())
        .$call((table) => METRICS.reduce((next, metric) => next.addColumn(metric, 'integer', (c) => c.notNull()), table))
        .execute();
      await db.schema
        .createTable('results_hourly')
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('hour', type.instant, (c) => c.notNull())
        .addColumn('posts', 'integer', (c) => c.notNull())
        .$call((table) => METRICS.reduce((next, metric) => next.addColumn(metric, type.bigint, (c) => c.notNull()), table))
        // A period's hours are read from the key alone: SQLite stores the table in key order, PostgreSQL's key
        // carries the sums (its often updated rows end up one to a page).
        .$call((table) => (postgres ? table : table.addPrimaryKeyConstraint('results_hourly_key', ['scope', 'network', 'hour']).modifyEnd(sql`without rowid`)))
        .execute();
      if (postgres)
        await sql
          .raw(`alter table results_hourly add constraint results_hourly_key primary key (scope, network, hour) include (posts, ${METRICS.join(', ')})`)
          .execute(db);
      // The top projects of a period, the studio's or an owner's: read from the index alone.
      await db.schema
        .createIndex('results_posts_period')
        .on('results_posts')
        .columns(['published_at', 'interactions', 'impressions', 'post_id', 'project_id'])
        .execute();
      await db.schema
        .createIndex('results_posts_owner_period')
        .on('results_posts')
        .columns(['owner_id', 'published_at', 'interactions', 'impressions', 'post_id', 'project_id'])
        .execute();
      // The top posts: walked from the most interactions down until 5 are in the period.
      await db.schema.createIndex('results_posts_ranked').on('results_posts').columns(['interactions', 'impressions', 'post_id', 'published_at']).execute();
      await db.schema
        .createIndex('results_posts_owner_ranked')
        .on('results_posts')
        .columns(['owner_id', 'interactions', 'impressions', 'post_id', 'published_at'])
        .execute();
      // A customer's CSV and best times: her latest readings by publication.
      await db.schema
        .createIndex('post_metrics_latest_owner')
        .on('post_metrics')
        .columns(['owner_id', 'published_at', 'post_id', 'network'])
        .where(sql.raw<boolean>(isLatest('post_metrics')))
        .execute();

      if (postgres) {
        await sql
          .raw(
            `create function post_metrics_results() returns trigger language plpgsql as $$
            begin
              if tg_op <> 'INSERT' then ${readingSums('old', -1)} end if;
              if tg_op <> 'DELETE' then ${readingSums('new', 1)} end if;
              return null;
            end $$`,
          )
          .execute(db);
        await sql
          .raw(`create trigger post_metrics_results after insert or update or delete on post_metrics for each row execute function post_metrics_results()`)
          .execute(db);
        await sql
          .raw(
            `create function results_posts_hourly() returns trigger language plpgsql as $$
            begin
              if tg_op <> 'INSERT' then ${postSums('old', -1)} end if;
              if tg_op <> 'DELETE' then ${postSums('new', 1)} end if;
              return null;
            end $$`,
          )
          .execute(db);
        await sql
          .raw(`create trigger results_posts_hourly after insert or update or delete on results_posts for each row execute function results_posts_hourly()`)
          .execute(db);
        await sql
          .raw(
            `create function posts_owner_results() returns trigger language plpgsql as $$
            begin update post_metrics set owner_id = new.owner_id where post_id = new.id; return null; end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger posts_owner_results after update of owner_id on posts for each row
            when (old.owner_id is distinct from new.owner_id) execute function posts_owner_results()`,
          )
          .execute(db);
      } else {
        const trigger = (name: string, event: string, body: string) => sql.raw(`create trigger ${name} ${event} begin ${body} end`).execute(db);
        await trigger('post_metrics_results_insert', 'after insert on post_metrics', readingSums('new', 1));
        await trigger('post_metrics_results_update', 'after update on post_metrics', `${readingSums('old', -1)} ${readingSums('new', 1)}`);
        await trigger('post_metrics_results_delete', 'after delete on post_metrics', readingSums('old', -1));
        await trigger('results_posts_hourly_insert', 'after insert on results_posts', postSums('new', 1));
        await trigger('results_posts_hourly_update', 'after update on results_posts', `${postSums('old', -1)} ${postSums('new', 1)}`);
        await trigger('results_posts_hourly_delete', 'after delete on results_posts', postSums('old', -1));
        await trigger(
          'posts_owner_results',
          'after update of owner_id on posts when old.owner_id is not new.owner_id',
          'update post_metrics set owner_id = new.owner_id where post_id = new.id;',
        );
      }

      await fillResultsSums(db, dialect);
    },
  };
}

/** The readings already there, summed once (the triggers add the posts' '*' hours as `results_posts` fills). */
export async function fillResultsSums(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const hourOf = (row: string) => hourExpression(dialect, row);
  const latest = latestCondition(dialect, 'post_metrics');
  const sums = METRICS.map((metric) => `sum(coalesce(${metric}, 0))`).join(', ');
  await sql
    .raw(
      `insert into results_posts (post_id, owner_id, project_id, published_at, networks, ${METRICS.join(', ')})
      select post_id, max(owner_id), max(project_id), min(published_at), count(*), ${sums} from post_metrics where ${latest} group by post_id`,
    )
    .execute(db);
  for (const [scope, filter, groups] of [
    ["''", '', ''],
    ['owner_id', ' and owner_id is not null', 'owner_id, '],
  ]) {
    await sql
      .raw(
        `insert into results_hourly (scope, network, hour, posts, ${METRICS.join(', ')})
        select ${scope}, network, ${hourOf('post_metrics')}, count(*), ${sums} from post_metrics where ${latest}${filter}
        group by ${groups}network, ${hourOf('post_metrics')}`,
      )
      .execute(db);
  }
}
