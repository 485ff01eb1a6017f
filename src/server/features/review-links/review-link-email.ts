import type { Language } from '../../../domain/languages.ts';
import { escapeHtml } from '../../../domain/html.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { translatorFor } from '../../i18n/translate.ts';

/** The e-mail that carries a review link (decision 043), in the recipient's language. */
export function reviewLinkEmail(input: { to: string; language: Language; projectTitle: string; senderName: string; url: string; days: number }): MailMessage {
  const t = translatorFor(input.language);
  const greeting = t('greetingNoName');
  const intro = t('reviewLink.intro', { sender: input.senderName, project: input.projectTitle });
  const how = t('reviewLink.how');
  const expires = t('reviewLink.expires', { count: input.days });
  return {
    to: input.to,
    subject: t('reviewLink.subject', { project: input.projectTitle }),
    text: [greeting, '', intro, '', how, input.url, '', expires, '', t('signature')].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(how)}<br><a href="${escapeHtml(input.url)}">${escapeHtml(t('reviewLink.action'))}</a></p>`,
      `<p>${escapeHtml(expires)}</p>`,
      `<p>${escapeHtml(t('signature'))}</p>`,
    ].join('\n'),
  };
}
