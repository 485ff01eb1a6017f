import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readFlag } from '../../db/values.ts';

/**
 * SQL of the monthly report e-mails (decision 047). `monthly_report_emails` (migration 026) holds one row
 * per customer and month: claimed (inserted) before the e-mail is sent, `sent_at` written once it went,
 * deleted again when the report or the mailer failed.
 */
export const MONTHLY_REPORTS_SUBJECT = 'monthly-reports';

export interface ReportRecipient {
  id: string;
  email: string;
  firstName: string;
  language: string;
  active: boolean;
}

export async function findReportRecipients(db: Kysely<Database>, ids: string[]): Promise<ReportRecipient[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('users').select(['id', 'email', 'first_name', 'language', 'active']).where('id', 'in', ids).orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, email: row.email, firstName: row.first_name, language: row.language, active: readFlag(row.active) }));
}

/** Claims a customer's e-mail of a month: the row's id when this run inserted it, undefined when another run has it (the unique key). */
export async function claimMonthlyReport(db: Kysely<Database>, ownerId: string, month: string, claimedAt: Date): Promise<number | undefined> {
  const row = await db
    .insertInto('monthly_report_emails')
    .values({ owner_id: ownerId, month, claimed_at: claimedAt.toISOString(), sent_at: null })
    .onConflict((conflict) => conflict.columns(['owner_id', 'month']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function markMonthlyReportSent(db: Kysely<Database>, id: number, at: Date): Promise<void> {
  await db.updateTable('monthly_report_emails').set({ sent_at: at.toISOString() }).where('id', '=', id).execute();
}

/** Gives a claim back (the report or the mailer failed): the next run claims and sends it again. */
export async function releaseMonthlyReport(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('monthly_report_emails').where('id', '=', id).where('sent_at', 'is', null).execute();
}

/** Claims never marked sent nor given back since `before` (their run died): given back, for the next claim. */
export async function releaseAbandonedMonthlyReports(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('monthly_report_emails').where('sent_at', 'is', null).where('claimed_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
