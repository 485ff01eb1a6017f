import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The weekly queue (issue 16, docs/decisions/026): each owner's publishing slots, an ISO weekday (Monday
 * 1) and the studio's HH:MM; none by default. The key is the slot itself, so a slot cannot be there twice;
 * an owner's slots are read by the key's prefix. They go with their owner.
 */
export function queueSlotsMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('queue_slots')
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('weekday', 'integer', (c) => c.notNull())
        .addColumn('time', 'text', (c) => c.notNull())
        .addColumn('created_at', type.instant, (c) => c.notNull())
        .addPrimaryKeyConstraint('queue_slots_pk', ['owner_id', 'weekday', 'time'])
        .execute();
    },
  };
}
