import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';

/**
 * The mailer the configuration chooses: SMTP when SMTP_URL is set, the outbox folder otherwise.
 * nodemailer (2.6 MB) is loaded only for SMTP.
 */
export async function createMailer(mail: Config['mail'], log: (line: string) => void, now: Clock): Promise<Mailer> {
  if (!mail.smtpUrl) return createOutboxMailer({ outboxDir: mail.outboxDir, from: mail.from, log, now });
  const { createSmtpMailer } = await import('./smtp-mailer.ts');
  return createSmtpMailer({ smtpUrl: mail.smtpUrl, from: mail.from });
}
