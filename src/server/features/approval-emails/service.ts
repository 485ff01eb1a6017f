import type { Kysely } from 'kysely';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../domain/languages.ts';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { type JobHandler, RetryLater, enqueueJob } from '../../jobs/job-queue.ts';
import { type RecurringJob, enqueueRecurringJob, scheduleRecurringJob } from '../../jobs/recurring-job.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Log } from '../../lib/log.ts';
import { approvalAwaitingEmail, approvalDecisionEmail, approvalReminderEmail } from './emails.ts';
import {
  type AnnouncedPost,
  type AwaitingPost,
  type Claim,
  type Recipient,
  claimEmails,
  APPROVAL_EMAILS_SUBJECT,
  anyPostAwaitsApproval,
  findAnnouncedPosts,
  findDecidedPosts,
  findRecipients,
  findUnannouncedPosts,
  markEmailsSent,
  releaseAbandonedClaims,
  releaseClaims,
} from './repo.ts';

/**
 * The approval e-mails (issue 25 item 3, docs/decisions/042).
 * - To the approver, by the recurring `approval-emails` job: one e-mail per customer for the posts that
 *   came to await them, once none joined for `quietMinutes`; a reminder `reminderHours` after that e-mail
 *   for those still awaiting. Each post's awaiting episode (its `approval_asked_at`) is e-mailed once per
 *   kind: claimed in `approval_emails` before the send, marked sent after, given back when the mailer fails.
 * - To the author who asked approval, by a `send-approval-decision` job queued in the decision's transaction
 *   (`enqueueApprovalDecisionEmail`): one per author and decision, with the comment.
 */
export const DEFAULT_APPROVAL_EMAILS = { quietMinutes: 10, reminderHours: [24, 72] } as const;
/** How often main.ts queues the approval-emails job: the quiet period is counted to the minute. */
export const APPROVAL_EMAILS_INTERVAL_MINUTES = 1;
/** A claim neither sent nor given back after this long belongs to a run that died: another run may take it. */
const ABANDONED_CLAIM_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
/** What the approver's e-mails link to: the posts page with the "awaiting approval" chip on. */
export const AWAITING_PATH = '/preview-projects?state=awaiting_approval';

export interface ApprovalEmailsSettings {
  quietMinutes: number;
  reminderHours: readonly number[];
}

export interface ApprovalEmailsDependencies {
  db: Kysely<Database>;
  mailer: Mailer;
  /** The app's address: the e-mails link to its posts page. */
  publicUrl: string;
  settings: ApprovalEmailsSettings;
  log: Log;
  /** The app's clock: the quiet period, the reminders' hours, `sent_at`. */
  now: Clock;
  /** The machine's clock, for the claims' age: an app clock moved by the sandbox must not free a claim under way (decision 035). */
  leaseClock: Clock;
}

export interface ApprovalEmailsOutcome {
  /** E-mails sent, per kind. */
  awaiting: number;
  reminders: number;
  /** E-mails the mailer refused: their claims were given back for the next run. */
  failures: number;
}

/** The recurring job's handler: sends what is due now; a mailer failure waits for the next run (a minute later). */
export function createApprovalEmailsHandler(deps: ApprovalEmailsDependencies): JobHandler {
  return async ({ signal }) => {
    await sendDueApprovalEmails(deps, signal);
  };
}

/**
 * Sends every approver e-mail due now: the first e-mail of each customer's batch whose last post joined
 * `quietMinutes` ago or more, then the reminders. Safe to run twice at once: a post's e-mail is sent by the
 * run whose claim inserted its row.
 */
export async function sendDueApprovalEmails(deps: ApprovalEmailsDependencies, signal?: AbortSignal): Promise<ApprovalEmailsOutcome> {
  const now = deps.now();
  const outcome: ApprovalEmailsOutcome = { awaiting: 0, reminders: 0, failures: 0 };
  const abandoned = await releaseAbandonedClaims(deps.db, new Date(deps.leaseClock().getTime() - ABANDONED_CLAIM_MS));
  if (abandoned > 0) deps.log.warn({ claims: abandoned }, 'Approval e-mails: claims of a run that stopped were given back');

  const batches = groupBy(await findUnannouncedPosts(deps.db), (post) => post.ownerId);
  const quietSince = now.getTime() - deps.settings.quietMinutes * 60_000;
  const due = [...batches].filter(([, posts]) => Math.max(...posts.map((post) => post.askedAt.getTime())) <= quietSince);

  const reminders = dueReminders(await findAnnouncedPosts(deps.db), deps.settings.reminderHours, now);
  const recipients = await findRecipients(deps.db, [...new Set([...due.map(([owner]) => owner), ...reminders.map((group) => group.ownerId)])]);

  for (const [ownerId, posts] of due) {
    signal?.throwIfAborted();
    const sent = await sendClaimed(deps, recipients.get(ownerId), posts, { kind: 'awaiting', afterHours: 0 }, now, (recipient, claimed) =>
      approvalAwaitingEmail({ ...addressOf(recipient), posts: claimed, url: `${deps.publicUrl}${AWAITING_PATH}` }),
    );
    if (sent === 'sent') outcome.awaiting += 1;
    if (sent === 'failed') outcome.failures += 1;
  }
  for (const group of reminders) {
    signal?.throwIfAborted();
    const sent = await sendClaimed(deps, recipients.get(group.ownerId), group.posts, { kind: 'reminder', afterHours: group.hours }, now, (recipient, claimed) =>
      approvalReminderEmail({
        ...addressOf(recipient),
        posts: claimed,
        hours: group.hours,
        passed: claimed.some((post) => post.publishAt !== null && post.publishAt.getTime() <= now.getTime()),
        url: `${deps.publicUrl}${AWAITING_PATH}`,
      }),
    );
    if (sent === 'sent') outcome.reminders += 1;
    if (sent === 'failed') outcome.failures += 1;
  }
  if (outcome.awaiting + outcome.reminders + outcome.failures > 0) deps.log.info({ ...outcome }, 'Approval e-mails sent');
  return outcome;
}

/**
 * The reminders due, one group per customer and threshold: a post's highest threshold crossed since its
 * first e-mail, unless a reminder of that threshold or a higher one went already (a run missed for days
 * sends the latest reminder, not each one it missed).
 */
function dueReminders(posts: AnnouncedPost[], thresholds: readonly number[], now: Date): Array<{ ownerId: string; hours: number; posts: AnnouncedPost[] }> {
  const groups = new Map<string, { ownerId: string; hours: number; posts: AnnouncedPost[] }>();
  for (const post of posts) {
    const elapsedHours = (now.getTime() - post.announcedAt.getTime()) / HOUR_MS;
    const crossed = thresholds.filter((hours) => hours <= elapsedHours);
    if (crossed.length === 0) continue;
    const hours = Math.max(...crossed);
    if (post.remindedAfter.some((reminded) => reminded >= hours)) continue;
    const key = `${post.ownerId}:${hours}`;
    const group = groups.get(key) ?? { ownerId: post.ownerId, hours, posts: [] };
    group.posts.push(post);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Claims the posts' e-mail of this kind and sends the posts this run claimed (none: another run has them).
 * The mailer failing gives the claims back, so the next run sends them; marked sent only after the send.
 */
async function sendClaimed<T extends AwaitingPost>(
  deps: ApprovalEmailsDependencies,
  recipient: Recipient | undefined,
  posts: T[],
  claim: Claim,
  now: Date,
  emailOf: (recipient: Recipient, claimed: T[]) => ReturnType<typeof approvalAwaitingEmail>,
): Promise<'sent' | 'failed' | 'nothing'> {
  // A deactivated customer cannot sign in to decide: nothing is claimed, so their e-mail waits for them.
  if (!recipient || !recipient.active) return 'nothing';
  const rows = await claimEmails(deps.db, posts, claim, deps.leaseClock());
  if (rows.length === 0) return 'nothing';
  const ids = rows.map((row) => row.id);
  const claimedPosts = new Set(rows.map((row) => row.post_id));
  const claimed = posts.filter((post) => claimedPosts.has(post.id));
  try {
    await deps.mailer.send(emailOf(recipient, claimed));
  } catch (error) {
    await releaseClaims(deps.db, ids);
    deps.log.error(
      { err: error, userId: recipient.id, kind: claim.kind, afterHours: claim.afterHours },
      'An approval e-mail could not be sent; trying again at the next run',
    );
    return 'failed';
  }
  await markEmailsSent(deps.db, ids, now);
  return 'sent';
}

function addressOf(recipient: Recipient) {
  return { to: recipient.email, name: recipient.firstName, language: isLanguage(recipient.language) ? recipient.language : DEFAULT_LANGUAGE };
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** The approval-emails run: one at a time, one attempt (a run that fails leaves its work to the next, a minute later), only while a post awaits approval. */
const APPROVAL_EMAILS_RUN: RecurringJob = { kind: 'approval-emails', subject: APPROVAL_EMAILS_SUBJECT, maxAttempts: 1, hasWork: anyPostAwaitsApproval };

/** Queues an approval-emails job now and every minute. Returns the function that stops the timer. */
export function scheduleApprovalEmails(deps: Parameters<typeof scheduleRecurringJob>[0]): () => void {
  return scheduleRecurringJob(deps, { ...APPROVAL_EMAILS_RUN, intervalMinutes: APPROVAL_EMAILS_INTERVAL_MINUTES });
}

/** Queues one approval-emails job unless one is queued or running, or no post awaits approval; true when it queued one. */
export function enqueueApprovalEmails(db: Kysely<Database>, dialect: Dialect, at: Date): Promise<boolean> {
  return enqueueRecurringJob(db, dialect, APPROVAL_EMAILS_RUN, at);
}

const decisionPayloadSchema = z.object({
  author_id: z.string(),
  decision: z.enum(['approve', 'request_changes']),
  comment: z.string().nullable(),
  post_ids: z.array(z.number().int()),
  /** The customer who decided in the app; null through a review link. */
  decider_id: z.string().nullable(),
  /** The name the reviewer wrote on a review link. */
  reviewer_name: z.string().nullable(),
});
type DecisionPayload = z.infer<typeof decisionPayloadSchema>;

/** A decided post, as the decision read it: who asked its approval (null: nobody known, no e-mail). */
export interface DecidedPost {
  id: number;
  approval_asked_by: string | null;
}

/** How many times the author's e-mail is tried (with the worker's backoff, up to 10 minutes apart) before its job fails. */
const DECISION_EMAIL_ATTEMPTS = 10;

/**
 * Queues, in the decision's transaction (`trx`), the e-mail to each author who asked approval of the
 * decided posts: one per author, listing their posts. The job exists if and only if the decision does.
 */
export async function enqueueApprovalDecisionEmail(
  trx: Kysely<Database>,
  input: {
    decision: 'approve' | 'request_changes';
    comment: string | null;
    posts: DecidedPost[];
    decider: { via: 'app'; userId: string } | { via: 'link'; name: string };
    at: Date;
  },
): Promise<void> {
  const byAuthor = groupBy(
    input.posts.filter((post) => post.approval_asked_by !== null),
    (post) => post.approval_asked_by!,
  );
  for (const [authorId, posts] of byAuthor) {
    // Whoever decided needs no e-mail of their own decision.
    if (input.decider.via === 'app' && input.decider.userId === authorId) continue;
    const payload: DecisionPayload = {
      author_id: authorId,
      decision: input.decision,
      comment: input.comment,
      post_ids: posts.map((post) => post.id),
      decider_id: input.decider.via === 'app' ? input.decider.userId : null,
      reviewer_name: input.decider.via === 'link' ? input.decider.name : null,
    };
    await enqueueJob(trx, {
      kind: 'send-approval-decision',
      subject: `approval-decision:${authorId}`,
      payload,
      maxAttempts: DECISION_EMAIL_ATTEMPTS,
      now: input.at,
    });
  }
}

export type ApprovalDecisionEmailDependencies = Pick<ApprovalEmailsDependencies, 'db' | 'mailer' | 'publicUrl' | 'log'>;

/** The send-approval-decision job: the author's e-mail; a mailer failure runs the job again later. */
export function createApprovalDecisionEmailHandler(deps: ApprovalDecisionEmailDependencies): JobHandler {
  return async ({ job }) => {
    const payload = decisionPayloadSchema.parse(job.payload);
    const people = await findRecipients(deps.db, [payload.author_id, ...(payload.decider_id ? [payload.decider_id] : [])]);
    const author = people.get(payload.author_id);
    // An author whose account is gone or deactivated is not written to.
    if (!author || !author.active) return;
    const posts = await findDecidedPosts(deps.db, payload.post_ids);
    if (posts.length === 0) return;
    const approved = payload.decision === 'approve';
    const decider =
      payload.reviewer_name !== null
        ? { name: payload.reviewer_name, viaLink: true }
        : { name: (payload.decider_id && people.get(payload.decider_id)?.name) || '', viaLink: false };
    const message = approvalDecisionEmail({
      ...addressOf(author),
      decision: payload.decision,
      decider,
      comment: payload.comment,
      // Asking for changes took their day and time away: the list shows none.
      posts: approved ? posts : posts.map((post) => ({ ...post, publishOn: null, publishTime: null })),
      url: `${deps.publicUrl}/preview-projects?state=${approved ? 'scheduled' : 'preview'}`,
    });
    try {
      await deps.mailer.send(message);
    } catch (error) {
      deps.log.error({ err: error, jobId: job.id, userId: author.id }, "The author's approval e-mail could not be sent; it will be tried again");
      // The job keeps no more than this: a mail server's message may carry its address or credentials.
      throw new RetryLater("The author's approval e-mail could not be sent");
    }
  };
}
