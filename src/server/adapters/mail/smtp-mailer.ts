import nodemailer from 'nodemailer';
import type { MailMessage, Mailer } from './mailer.ts';

/** Sends through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({ from: options.from, ...message });
    },
    close: () => transport.close(),
  };
}
