import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ContactForm } from '../../../domain/contact-form.ts';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../domain/languages.ts';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Database } from '../../db/schema.ts';
import { readInstant } from '../../db/values.ts';
import { type JobHandler, RetryLater, enqueueJob } from '../../jobs/job-queue.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { contactMessageEmail } from './contact-message-email.ts';
import { findContactMessage, insertContactMessage, markContactMessageMailFailed, markContactMessageMailed } from './repo.ts';
import type { Clock } from '../../lib/clock.ts';

/** How many times in all a failed contact e-mail is tried again, with the worker's backoff (about 10 minutes). */
export const CONTACT_EMAIL_MAX_ATTEMPTS = 8;

export interface ReceiveContactMessageInput {
  db: Kysely<Database>;
  mailer: Mailer;
  /** Where messages go: CONTACT_EMAIL. */
  studioAddress: string;
  form: ContactForm;
  /** Told when the e-mail fails; the message itself is already safe in the database. */
  onMailFailure: (failure: { messageId: number; error: unknown }) => void;
  /** Tells the job worker the resend is due, so it starts at once. */
  wakeJobs?: () => void;
  now: Clock;
}

/**
 * A message from the landing's contact form: stored first, then e-mailed to the studio. A failed
 * e-mail does not fail the visitor's request: the message is kept with mail_status "failed" and its
 * reason, the failure is logged for the operator (docs/decisions/004-contact-form-stored-first.md), and
 * a `send-email` job sends it again until it goes (resendContactEmail).
 */
export async function receiveContactMessage(input: ReceiveContactMessageInput): Promise<{ id: number; mailed: boolean }> {
  const { db, form } = input;
  const receivedAt = input.now();
  const language = form.idioma ?? DEFAULT_LANGUAGE;
  const message = { name: form.nombre, company: form.empresa, phone: form.telefono, email: form.email, message: form.mensaje, language, receivedAt };
  const id = await insertContactMessage(db, message);
  try {
    await input.mailer.send(contactMessageEmail({ ...message, to: input.studioAddress }));
  } catch (error) {
    await markContactMessageMailFailed(db, id, errorMessage(error));
    input.onMailFailure({ messageId: id, error });
    await enqueueJob(db, {
      kind: 'send-email',
      subject: `contact:${id}`,
      payload: { contactMessageId: id },
      maxAttempts: CONTACT_EMAIL_MAX_ATTEMPTS,
      now: receivedAt,
    });
    input.wakeJobs?.();
    return { id, mailed: false };
  }
  await markContactMessageMailed(db, id, input.now());
  return { id, mailed: true };
}

const resendPayloadSchema = z.object({ contactMessageId: z.number().int().positive() });

/**
 * The `send-email` job of a contact message whose e-mail failed: sends it as it would have been sent,
 * marks the row sent, or records the new reason and retries later (the worker fails the job after
 * CONTACT_EMAIL_MAX_ATTEMPTS; the row then stays "failed" with its last reason).
 */
export function createResendContactEmailHandler(deps: { db: Kysely<Database>; mailer: Mailer; studioAddress: string; now: Clock }): JobHandler {
  return async ({ job }) => {
    if (!job.subject?.startsWith('contact:')) throw new Error(`No sender for the send-email job about ${job.subject ?? 'nothing'}`);
    const { contactMessageId } = resendPayloadSchema.parse(job.payload);
    const row = await findContactMessage(deps.db, contactMessageId);
    if (!row || row.mail_status === 'sent') return;
    const message = contactMessageEmail({
      to: deps.studioAddress,
      language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
      name: row.name,
      company: row.company,
      phone: row.phone,
      email: row.email,
      message: row.message,
      receivedAt: readInstant(row.created_at),
    });
    try {
      await deps.mailer.send(message);
    } catch (error) {
      const reason = errorMessage(error);
      await markContactMessageMailFailed(deps.db, contactMessageId, reason);
      throw new RetryLater(reason);
    }
    await markContactMessageMailed(deps.db, contactMessageId, deps.now());
  };
}
