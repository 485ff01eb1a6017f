import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Messages of the landing's contact form (SPEC §3). Each one is stored before it is e-mailed to the
 * studio, and remembers whether that e-mail went out, so that none is lost when the mail server fails.
 */
export function contactMessagesMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('contact_messages')
        .addColumn('id', type.serialId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('es'))
        .addColumn('privacy_accepted_at', type.instant, (c) => c.notNull())
        // pending (stored, e-mail not tried yet), sent, or failed (with the reason in mail_error).
        .addColumn('mail_status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('mail_error', 'text')
        .addColumn('mailed_at', type.instant)
        .addColumn('created_at', type.instant, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contact_messages_created_at_idx').on('contact_messages').column('created_at').execute();
      await db.schema.createIndex('contact_messages_mail_status_idx').on('contact_messages').column('mail_status').execute();
    },
  };
}
