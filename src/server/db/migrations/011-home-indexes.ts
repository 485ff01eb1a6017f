import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the dashboard of /home with 100,000 posts (bench/home.ts). Both are partial: they hold only
 * the few rows the dashboard looks for, so they cost next to nothing to keep.
 * - The failed and needs-review results, newest first: without it the failures are found by reading
 *   every result (or every one of a customer's posts).
 * - A customer's scheduled posts by day: without it their next posts are found by walking every
 *   scheduled post of the studio in day order.
 * The queries repeat each condition word for word (features/home/repo.ts), as a partial index needs.
 */
export function homeIndexesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('post_results_attention_idx')
        .on('post_results')
        .columns(['finished_at', 'post_id', 'network'])
        .where(sql<boolean>`status in ('failed', 'unknown')`)
        .execute();
      await db.schema
        .createIndex('posts_owner_scheduled_idx')
        .on('posts')
        .columns(['owner_id', 'publish_on', 'id'])
        .where(sql<boolean>`state = 'scheduled'`)
        .execute();
    },
  };
}
