import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface NewContactMessage {
  name: string;
  company: string;
  phone: string;
  email: string;
  message: string;
  language: string;
  receivedAt: Date;
}

/** Instants are ISO text on SQLite and timestamptz on PostgreSQL; an ISO string suits both. */
const instant = (date: Date) => date.toISOString();

export async function insertContactMessage(db: Kysely<Database>, input: NewContactMessage): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({
      name: input.name,
      company: input.company,
      phone: input.phone,
      email: input.email,
      message: input.message,
      language: input.language,
      privacy_accepted_at: instant(input.receivedAt),
      mail_status: 'pending',
      created_at: instant(input.receivedAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findContactMessage(db: Kysely<Database>, id: number) {
  return db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markContactMessageMailed(db: Kysely<Database>, id: number, at: Date): Promise<void> {
  await db
    .updateTable('contact_messages')
    .set({ mail_status: 'sent', mail_error: null, mailed_at: instant(at) })
    .where('id', '=', id)
    .execute();
}

export async function markContactMessageMailFailed(db: Kysely<Database>, id: number, reason: string): Promise<void> {
  await db
    .updateTable('contact_messages')
    .set({ mail_status: 'failed', mail_error: reason.slice(0, 1000) })
    .where('id', '=', id)
    .execute();
}
