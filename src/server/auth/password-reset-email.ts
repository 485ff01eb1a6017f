import type { Language } from '../../domain/languages.ts';
import type { MailMessage } from '../adapters/mail/mailer.ts';
import { translatorFor } from '../i18n/translate.ts';
import { escapeHtml } from '../../domain/html.ts';

/** The recovery e-mail of SPEC §2 "Login": a link to /reset-password carrying the single-use token. */
export function passwordResetEmail(input: { to: string; name: string; language: Language; resetUrl: string }): MailMessage {
  const t = translatorFor(input.language);
  const greeting = input.name ? t('greeting', { name: input.name }) : t('greetingNoName');
  const paragraphs = [t('passwordReset.intro'), t('passwordReset.expiry'), t('passwordReset.ignore')];
  return {
    to: input.to,
    subject: t('passwordReset.subject'),
    text: [greeting, '', paragraphs[0], '', `${t('passwordReset.action')}: ${input.resetUrl}`, '', ...paragraphs.slice(1), '', t('signature')].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(paragraphs[0] ?? '')}</p>`,
      `<p><a href="${escapeHtml(input.resetUrl)}">${escapeHtml(t('passwordReset.action'))}</a></p>`,
      ...paragraphs.slice(1).map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p>${escapeHtml(t('signature'))}</p>`,
    ].join('\n'),
  };
}
