import type { Language } from '../../../domain/languages.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { translatorFor } from '../../i18n/translate.ts';
import { escapeHtml } from '../../../domain/html.ts';

/**
 * The welcome e-mail of a new user: a link to sign in and one to choose their own password. It never
 * carries a password in clear (decision 005).
 */
export function welcomeEmail(input: {
  to: string;
  name: string;
  language: Language;
  signInUrl: string;
  setPasswordUrl: string;
  linkDays: number;
}): MailMessage {
  const t = translatorFor(input.language);
  const greeting = input.name ? t('greeting', { name: input.name }) : t('greetingNoName');
  const intro = t('welcome.intro');
  const setPassword = t('welcome.setPassword', { days: input.linkDays });
  const signIn = t('welcome.signIn', { email: input.to });
  return {
    to: input.to,
    subject: t('welcome.subject'),
    text: [greeting, '', intro, '', setPassword, input.setPasswordUrl, '', signIn, input.signInUrl, '', t('signature')].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(setPassword)}<br><a href="${escapeHtml(input.setPasswordUrl)}">${escapeHtml(t('welcome.setPasswordAction'))}</a></p>`,
      `<p>${escapeHtml(signIn)}<br><a href="${escapeHtml(input.signInUrl)}">${escapeHtml(t('welcome.signInAction'))}</a></p>`,
      `<p>${escapeHtml(t('signature'))}</p>`,
    ].join('\n'),
  };
}
