import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The monthly report e-mails (issue 26 item 3, docs/decisions/047): one row per customer and month (YYYY-MM,
 * the studio's), inserted (claimed) before the e-mail is sent and marked sent after. The unique key is what
 * makes two runs at once, or a run after a crash, send it once: a second claim of the same customer and
 * month inserts nothing. A row goes with its customer.
 */
export function monthlyReportEmailsMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('monthly_report_emails')
        .addColumn('id', type.serialId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('month', 'text', (c) => c.notNull())
        // The machine's time of the claim: a claim never marked sent is taken over once it is old (a worker died).
        .addColumn('claimed_at', type.instant, (c) => c.notNull())
        .addColumn('sent_at', type.instant)
        .addUniqueConstraint('monthly_report_emails_once', ['owner_id', 'month'])
        .execute();
    },
  };
}
