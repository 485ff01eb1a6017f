import type { Kysely } from 'kysely';
import type { QueueSlot } from '../../../domain/queue.ts';
import type { Database } from '../../db/schema.ts';

/** The SQL of the weekly queue: an owner's slots, read by the table's key, and replaced together. */

/** The slots of these owners (every owner's when `ownerIds` is undefined), in week order. */
export async function listSlotRows(db: Kysely<Database>, ownerIds?: string[]): Promise<Array<QueueSlot & { owner_id: string }>> {
  if (ownerIds?.length === 0) return [];
  return db
    .selectFrom('queue_slots')
    .select(['owner_id', 'weekday', 'time'])
    .$if(ownerIds !== undefined, (query) => query.where('owner_id', 'in', ownerIds!))
    .orderBy('owner_id')
    .orderBy('weekday')
    .orderBy('time')
    .execute();
}

/** The owner's slots become exactly these, in one transaction. */
export async function replaceSlotRows(db: Kysely<Database>, ownerId: string, slots: readonly QueueSlot[], now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('queue_slots').where('owner_id', '=', ownerId).execute();
    if (slots.length === 0) return;
    await trx
      .insertInto('queue_slots')
      .values(slots.map((slot) => ({ owner_id: ownerId, weekday: slot.weekday, time: slot.time, created_at: now.toISOString() })))
      .execute();
  });
}

export function findUserRole(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').select(['id', 'role']).where('id', '=', id).executeTakeFirst();
}
