import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { toLanguage } from '../../domain/languages.ts';
import { PASSWORD_RESET_TTL_SECONDS } from '../../domain/limits.ts';
import type { Mailer } from '../adapters/mail/mailer.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { type JobHandler, RetryLater, enqueueJob } from '../jobs/job-queue.ts';
import type { Auth } from './create-auth.ts';
import { passwordResetEmail } from './password-reset-email.ts';
import { createPasswordSetupToken, forgetPasswordSetupToken } from './passwords.ts';
import { findUserToRecover } from './repo.ts';

/** A recovery e-mail delayed by a failing mail server is still worth sending within its hour. */
const PASSWORD_RESET_EMAIL_MAX_ATTEMPTS = 4;

const payloadSchema = z.object({ email: z.string() });

/**
 * Accepts a recovery request: one `send-password-reset` job, whether or not the address has an
 * account. The request itself never looks the address up nor talks to the mail server, so a known
 * and an unknown address take the same time to answer (issue 13: with SMTP they took 112 ms and 5 ms).
 */
export async function queuePasswordResetEmail(deps: { db: Kysely<Database>; wakeJobs: () => void; now: Clock }, email: string): Promise<void> {
  await enqueueJob(deps.db, {
    kind: 'send-password-reset',
    payload: { email: email.trim().toLowerCase() },
    maxAttempts: PASSWORD_RESET_EMAIL_MAX_ATTEMPTS,
    now: deps.now(),
  });
  deps.wakeJobs();
}

/**
 * The `send-password-reset` job: nothing for an address without an account; otherwise a new
 * single-use token (valid an hour, stored hashed) and the recovery e-mail in the user's language,
 * linking straight to our /reset-password page. A mail failure forgets that token and tries again later.
 */
export function createSendPasswordResetHandler(deps: {
  db: Kysely<Database>;
  auth: Auth;
  mailer: Mailer;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}): JobHandler {
  return async ({ job }) => {
    const { email } = payloadSchema.parse(job.payload);
    const user = await findUserToRecover(deps.db, email);
    if (!user) return;
    const token = await createPasswordSetupToken(deps.auth, user.id, PASSWORD_RESET_TTL_SECONDS);
    const message = passwordResetEmail({
      to: user.email,
      name: user.first_name,
      language: toLanguage(user.language) ?? 'es',
      resetUrl: `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
    });
    try {
      await deps.mailer.send(message);
    } catch (error) {
      await forgetPasswordSetupToken(deps.auth, token);
      deps.log.error({ err: error, jobId: job.id }, 'Password recovery e-mail failed; it will be tried again');
      // The job keeps no more than this: a mail server's message may carry its address or credentials.
      throw new RetryLater('The recovery e-mail could not be sent');
    }
  };
}
