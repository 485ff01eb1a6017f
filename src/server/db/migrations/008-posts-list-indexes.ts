import type { Kysely } from 'kysely';

/**
 * Indexes for the posts list with 100,000 posts (bench/posts-list.ts): the list reads newest first with
 * a project's posts in their id order (created_at desc, id asc), so each index holds exactly that order
 * and a page, however deep, is a walk along an index with no sort. Migration 006's (state, created_at)
 * and (owner_id, state, created_at) are replaced by the same columns in list order; their prefixes still
 * serve every other query on them.
 */
export function postsListIndexesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('posts_state_idx').execute();
      await db.schema.dropIndex('posts_owner_idx').execute();
      // One state's posts (the previews' run, a state filter), for everyone and for one owner.
      await db.schema.createIndex('posts_state_newest_idx').on('posts').columns(['state', 'created_at desc', 'id']).execute();
      await db.schema.createIndex('posts_owner_state_newest_idx').on('posts').columns(['owner_id', 'state', 'created_at desc', 'id']).execute();
      // Every post but the previews, newest first: state last, so the walk skips previews without leaving the index.
      await db.schema.createIndex('posts_newest_idx').on('posts').columns(['created_at desc', 'id', 'state']).execute();
      await db.schema.createIndex('posts_owner_newest_idx').on('posts').columns(['owner_id', 'created_at desc', 'id', 'state']).execute();
    },
  };
}
