import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../domain/languages.ts';
import { addDays } from '../../../domain/studio-time.ts';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import { type RecurringJob, enqueueRecurringJob, scheduleRecurringJob } from '../../jobs/recurring-job.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Log } from '../../lib/log.ts';
import type { StudioCalendar } from '../../lib/studio-calendar.ts';
import { buildMonthlyReport, customersPublishingIn } from '../results/service.ts';
import { monthlyReportEmail } from './emails.ts';
import {
  MONTHLY_REPORTS_SUBJECT,
  claimMonthlyReport,
  findReportRecipients,
  markMonthlyReportSent,
  releaseAbandonedMonthlyReports,
  releaseMonthlyReport,
} from './repo.ts';

/**
 * The monthly report e-mails (issue 26 item 3, docs/decisions/047): from the 1st of each studio month
 * (STUDIO_TIME_ZONE), each customer with posts published in the month before gets one e-mail in their
 * language with that month's totals and the PDF report attached. Once per customer and month: the run
 * claims a row of `monthly_report_emails` (unique customer and month) before it sends, marks it sent
 * after, and gives it back when the report or the mailer failed, so the next run (an hour later) tries again.
 */
export interface MonthlyReportsDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  calendar: StudioCalendar;
  storage: Storage;
  mailer: Mailer;
  /** The app's address: the e-mail links to the Results page. */
  publicUrl: string;
  log: Log;
  /** The app's clock: `sent_at`. */
  now: Clock;
  /** The machine's clock, for the claims' age (decision 035). */
  leaseClock: Clock;
}

/** The first days of a month on which the e-mails of the month before go: the 1st, and two more for a server that was down then. */
export const MONTHLY_REPORT_DAYS = 3;
/** How often main.ts queues the monthly-reports job (a cheap check of the studio's day when there is nothing to send). */
export const MONTHLY_REPORTS_INTERVAL_MINUTES = 60;
/** A claim neither sent nor given back after this long belongs to a run that died: another run may take it. */
const ABANDONED_CLAIM_MS = 15 * 60_000;

export interface MonthlyReportsOutcome {
  /** The month reported, YYYY-MM; null outside the first days of a month. */
  month: string | null;
  sent: number;
  failures: number;
}

/** The month whose e-mails are due on a studio day (YYYY-MM-DD): the month before, on its first days; none after them. */
export function reportMonthDueOn(today: string): string | null {
  if (Number(today.slice(8, 10)) > MONTHLY_REPORT_DAYS) return null;
  return addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
}

/** Sends the month before's report to each customer who published in it and has not had it. Safe to run twice at once. */
export async function sendMonthlyReports(deps: MonthlyReportsDependencies, signal?: AbortSignal): Promise<MonthlyReportsOutcome> {
  const month = reportMonthDueOn(deps.calendar.today());
  const outcome: MonthlyReportsOutcome = { month, sent: 0, failures: 0 };
  if (month === null) return outcome;
  const abandoned = await releaseAbandonedMonthlyReports(deps.db, new Date(deps.leaseClock().getTime() - ABANDONED_CLAIM_MS));
  if (abandoned > 0) deps.log.warn({ claims: abandoned }, 'Monthly reports: claims of a run that stopped were given back');

  const recipients = await findReportRecipients(deps.db, await customersPublishingIn(deps, month));
  for (const recipient of recipients) {
    signal?.throwIfAborted();
    // A deactivated customer is not written to.
    if (!recipient.active) continue;
    const claim = await claimMonthlyReport(deps.db, recipient.id, month, deps.leaseClock());
    if (claim === undefined) continue;
    const language = isLanguage(recipient.language) ? recipient.language : DEFAULT_LANGUAGE;
    try {
      const report = await buildMonthlyReport(deps, recipient.id, month, language);
      await deps.mailer.send(
        monthlyReportEmail({
          to: recipient.email,
          name: recipient.firstName,
          language,
          month,
          totals: report.results.totals,
          url: `${deps.publicUrl}/results`,
          pdf: { filename: report.filename, content: report.pdf },
        }),
      );
    } catch (error) {
      await releaseMonthlyReport(deps.db, claim);
      deps.log.error({ err: error, userId: recipient.id, month }, 'A monthly report could not be sent; trying again at the next run');
      outcome.failures += 1;
      continue;
    }
    await markMonthlyReportSent(deps.db, claim, deps.now());
    outcome.sent += 1;
  }
  if (outcome.sent + outcome.failures > 0) deps.log.info({ ...outcome }, 'Monthly reports sent');
  return outcome;
}

/** The recurring job's handler: sends what is due now; what fails waits for the next run. */
export function createMonthlyReportsHandler(deps: MonthlyReportsDependencies): JobHandler {
  return async ({ signal }) => {
    await sendMonthlyReports(deps, signal);
  };
}

/** The monthly-reports run: one at a time, one attempt, only on the first days of a studio month. */
function monthlyReportsRun(calendar: StudioCalendar): RecurringJob {
  return {
    kind: 'monthly-reports',
    subject: MONTHLY_REPORTS_SUBJECT,
    maxAttempts: 1,
    hasWork: () => Promise.resolve(reportMonthDueOn(calendar.today()) !== null),
  };
}

/** Queues a monthly-reports job now and every hour. Returns the function that stops the timer. */
export function scheduleMonthlyReports(deps: Parameters<typeof scheduleRecurringJob>[0] & { calendar: StudioCalendar }): () => void {
  return scheduleRecurringJob(deps, { ...monthlyReportsRun(deps.calendar), intervalMinutes: MONTHLY_REPORTS_INTERVAL_MINUTES });
}

/** Queues one monthly-reports job unless one is queued or running, or it is not the first days of a month; true when it queued one. */
export function enqueueMonthlyReports(db: Kysely<Database>, dialect: Dialect, calendar: StudioCalendar, at: Date): Promise<boolean> {
  return enqueueRecurringJob(db, dialect, monthlyReportsRun(calendar), at);
}
