import type { Language } from '../../../domain/languages.ts';
import { NETWORK_NAMES, type SocialNetwork } from '../../../domain/social.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { translatorFor } from '../../i18n/translate.ts';
import { escapeHtml } from '../../../domain/html.ts';

/**
 * The e-mail to a connection's owner when the token refresh cannot renew it but its token still works
 * (connection-expiring.ts): on which day it expires, how many of their scheduled posts come after, and
 * the link to Settings to connect again before then.
 */
export function connectionExpiringEmail(input: {
  to: string;
  name: string;
  language: Language;
  network: SocialNetwork;
  accountName: string | null;
  /** The expiry as the app shows dates (dd-mm-yyyy). */
  day: string;
  scheduledPosts: number;
  settingsUrl: string;
}): MailMessage {
  const t = translatorFor(input.language);
  const network = NETWORK_NAMES[input.network];
  const greeting = input.name ? t('greeting', { name: input.name }) : t('greetingNoName');
  const intro = t('connectionExpiring.intro', { network, account: input.accountName, day: input.day, context: input.accountName ? 'account' : undefined });
  const affected = t('connectionExpiring.affected', { network, count: input.scheduledPosts });
  const where = t('connectionExpiring.where', { settings: t('connectionExpiring.settings'), day: input.day });
  const action = t('connectionExpiring.action', { network });
  const why = t('connectionExpiring.why');
  return {
    to: input.to,
    subject: t('connectionExpiring.subject', { network, day: input.day }),
    text: [greeting, '', intro, '', affected, '', where, input.settingsUrl, '', why, '', t('signature')].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><strong>${escapeHtml(affected)}</strong></p>`,
      `<p>${escapeHtml(where)}<br><a href="${escapeHtml(input.settingsUrl)}">${escapeHtml(action)}</a></p>`,
      `<p>${escapeHtml(why)}</p>`,
      `<p>${escapeHtml(t('signature'))}</p>`,
    ].join('\n'),
  };
}
