import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The e-mails to an approver (issue 25 item 3, docs/decisions/042): one row per post, awaiting episode and
 * kind of e-mail (`awaiting`, the first one; `reminder` after `after_hours`), claimed before the e-mail is
 * sent and marked sent after. The unique key is what makes two runs at once send it once: the second
 * run's claim of the same row inserts nothing. The episode is the post's `approval_asked_at`, set each time
 * the post (re)enters awaiting_approval; a row goes with its post.
 */
export function approvalEmailsMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('approval_emails')
        .addColumn('id', type.serialId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('asked_at', type.instant, (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('awaiting', 'reminder')`))
        .addColumn('after_hours', 'integer', (c) => c.notNull())
        // The machine's time of the claim: a claim never marked sent is taken over once it is old (a worker died).
        .addColumn('claimed_at', type.instant, (c) => c.notNull())
        // The app's time the e-mail went: the reminders count from the `awaiting` one's.
        .addColumn('sent_at', type.instant)
        .addUniqueConstraint('approval_emails_once', ['post_id', 'asked_at', 'kind', 'after_hours'])
        .execute();
      await db.schema.createIndex('approval_emails_owner').on('approval_emails').column('owner_id').execute();
    },
  };
}
