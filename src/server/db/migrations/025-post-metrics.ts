import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The posts' figures read back from the networks (issue 26 item 1, docs/decisions/045):
 * - `post_metric_reads`: one row per published result and round (its `remote_id`), with when its next
 *   reading is due (`next_read_at`, null once the last one is done), the steps done, the failures in a
 *   row and the metrics the network refused for it (JSON list, not asked again).
 * - `post_metrics`: every reading, a time series. `outcome` says whether figures came back (`read`), the
 *   network had none yet (`not_yet`: never zeros), could not give them (`unavailable`, with `reason`) or
 *   failed (`failed`). One column per figure, shared by both networks (decision 045 maps their names), so
 *   the Results page sums them per period, network, post and project in plain SQL. `latest` marks the
 *   newest `read` row of a post and network: what the Results sums and the card read.
 * - `metric_read_limits`: per network and account, the calls of the current UTC day and a pause
 *   (LinkedIn's daily limits; Meta's Business Use Case usage near 100 %).
 */
export function postMetricsMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  const isLatest = dialect === 'postgres' ? sql<boolean>`latest` : sql<boolean>`latest = 1`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('post_metric_reads')
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('remote_id', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text')
        .addColumn('published_at', type.instant, (c) => c.notNull())
        .addColumn('step', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_read_at', type.instant)
        .addColumn('unsupported', 'text')
        .addPrimaryKeyConstraint('post_metric_reads_key', ['post_id', 'network', 'remote_id'])
        .execute();
      await db.schema
        .createIndex('post_metric_reads_due')
        .on('post_metric_reads')
        .column('next_read_at')
        .where(sql<boolean>`next_read_at is not null`)
        .execute();

      await db.schema
        .createTable('post_metrics')
        .addColumn('id', type.serialId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('remote_id', 'text', (c) => c.notNull())
        .addColumn('published_at', type.instant, (c) => c.notNull())
        .addColumn('read_at', type.instant, (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('read', 'not_yet', 'unavailable', 'failed')`))
        .addColumn('reason', 'text')
        .addColumn('unavailable', 'text')
        .addColumn('latest', type.flag, (c) => c.notNull().defaultTo(dialect === 'postgres' ? sql`false` : 0))
        .addColumn('impressions', 'integer')
        .addColumn('reach', 'integer')
        .addColumn('reactions', 'integer')
        .addColumn('comments', 'integer')
        .addColumn('shares', 'integer')
        .addColumn('saves', 'integer')
        .addColumn('clicks', 'integer')
        .addColumn('interactions', 'integer')
        .execute();
      await db.schema.createIndex('post_metrics_post').on('post_metrics').columns(['post_id', 'network', 'read_at']).execute();
      // The Results sums: the latest figures per network over a period of publication, per project.
      await db.schema.createIndex('post_metrics_latest_period').on('post_metrics').columns(['network', 'published_at']).where(isLatest).execute();
      await db.schema.createIndex('post_metrics_latest_project').on('post_metrics').columns(['project_id', 'network']).where(isLatest).execute();
      // The chart over time: readings of a period.
      await db.schema
        .createIndex('post_metrics_read_at')
        .on('post_metrics')
        .columns(['read_at'])
        .where(sql<boolean>`outcome = 'read'`)
        .execute();

      await db.schema
        .createTable('metric_read_limits')
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('calls', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('paused_until', type.instant)
        .addColumn('pause_reason', 'text')
        .addPrimaryKeyConstraint('metric_read_limits_key', ['network', 'account'])
        .execute();
    },
  };
}
