import type { Kysely } from 'kysely';

/**
 * A text for each network and a description for each image (issue 24, decision 034). `linkedin_text` null
 * means LinkedIn gets `text` too, which is what every post written before this migration keeps.
 * `facts_confirmed`: the facts (domain/post.ts factKey) the texts state that the project does not hold and
 * that someone confirmed when scheduling, as a JSON array; null for none.
 */
export function textsPerNetworkMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('posts').addColumn('linkedin_text', 'text').execute();
      await db.schema.alterTable('posts').addColumn('facts_confirmed', 'text').execute();
      await db.schema
        .alterTable('post_images')
        .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
