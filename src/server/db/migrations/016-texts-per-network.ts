import type { Kysely } from 'kysely';

/**
 * A text for each network and a description for each image (issue 24, decision 034). `linkedin_text` null
 * means LinkedIn gets `text` too, which is what every post written before this migration keeps.
 */
export function textsPerNetworkMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('posts').addColumn('linkedin_text', 'text').execute();
      await db.schema
        .alterTable('post_images')
        .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
