import type { Language } from '../../../domain/languages.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { translatorFor } from '../../i18n/translate.ts';
import { escapeHtml } from '../../../domain/html.ts';

export interface ContactMessageEmailInput {
  /** The studio's address (CONTACT_EMAIL). */
  to: string;
  /** Written in the language the visitor saw the form in, so the answer can be too. */
  language: Language;
  name: string;
  company: string;
  phone: string;
  email: string;
  message: string;
  receivedAt: Date;
}

/**
 * The e-mail a contact-form message becomes: every field labelled, as plain text and as HTML, with
 * Reply-To set to the visitor so that answering is one click.
 */
export function contactMessageEmail(input: ContactMessageEmailInput): MailMessage {
  const t = translatorFor(input.language);
  const none = t('contactMessage.notGiven');
  const rows: [string, string][] = [
    [t('contactMessage.name'), input.name],
    [t('contactMessage.company'), input.company || none],
    [t('contactMessage.phone'), input.phone || none],
    [t('contactMessage.email'), input.email],
    [t('contactMessage.language'), t(`contactMessage.languages.${input.language}`)],
    [t('contactMessage.receivedAt'), `${input.receivedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`],
  ];
  const intro = t('contactMessage.intro');
  const privacy = t('contactMessage.privacyAccepted');
  const reply = t('contactMessage.reply', { name: input.name });
  const messageLabel = t('contactMessage.message');

  const text = [
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `${messageLabel}:`,
    input.message,
    '',
    privacy,
    reply,
    '',
    t('signature'),
  ].join('\n');

  const cell = 'padding:4px 12px 4px 0;vertical-align:top';
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    '<table role="presentation" style="border-collapse:collapse">',
    ...rows.map(([label, value]) => `<tr><th align="left" style="${cell}">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p><strong>${escapeHtml(messageLabel)}:</strong></p>`,
    `<blockquote style="margin:0;padding:8px 12px;border-left:3px solid #f2b705;white-space:pre-wrap">${escapeHtml(input.message)}</blockquote>`,
    `<p>${escapeHtml(privacy)}<br>${escapeHtml(reply)}</p>`,
    `<p>${escapeHtml(t('signature'))}</p>`,
  ].join('\n');

  return {
    to: input.to,
    replyTo: input.email,
    subject: t('contactMessage.subject', { name: input.name }),
    text,
    html,
  };
}
