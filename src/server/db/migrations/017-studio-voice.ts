import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The studio's voice (issue 24 item 4, decision 037): each owner's description, and up to 5 example posts
 * in order. An example holds its post's id without a foreign key, and the text as chosen: a post deleted
 * or edited later leaves the voice as the studio saved it. Both go with their owner.
 */
export function studioVoiceMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('studio_voices')
        .addColumn('owner_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('updated_at', type.instant, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('studio_voice_examples')
        .addColumn('owner_id', 'text', (c) => c.notNull().references('studio_voices.owner_id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('post_id', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('studio_voice_examples_pk', ['owner_id', 'position'])
        .execute();
    },
  };
}
