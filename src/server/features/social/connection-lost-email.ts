import type { Language } from '../../../domain/languages.ts';
import type { ResultErrorCode } from '../../../domain/post.ts';
import { NETWORK_NAMES, type SocialNetwork } from '../../../domain/social.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { CONNECTION_LOST_TEXTS } from '../../i18n/connection-lost-texts.ts';
import { describeResultReason } from '../../i18n/result-reasons.ts';
import { translatorFor } from '../../i18n/translate.ts';
import { escapeHtml } from '../../lib/html.ts';

/**
 * The e-mail to a connection's owner when the token refresh could not keep it (token-refresh.ts), or a
 * publication found the network refusing it (connection-loss.ts; then it also names that post, and the
 * post's own failure e-mail is not sent): which network, how many of their scheduled posts cannot go
 * out, and the link to Settings to connect again.
 */
export function connectionLostEmail(input: {
  to: string;
  name: string;
  language: Language;
  network: SocialNetwork;
  accountName: string | null;
  scheduledPosts: number;
  settingsUrl: string;
  /** The post whose publication found the connection refused; `day` as the app shows it, `time` HH:MM; `reasonCode` the refusal's. */
  failedPost?: { project: string; sequence: number; day: string; time: string | null; reasonCode: ResultErrorCode };
}): MailMessage {
  const t = translatorFor(input.language);
  const texts = CONNECTION_LOST_TEXTS[input.language];
  const network = NETWORK_NAMES[input.network];
  const greeting = input.name ? t('greeting', { name: input.name }) : t('greetingNoName');
  const { failedPost } = input;
  const intro = failedPost ? texts.refusedIntro(network, input.accountName) : texts.intro(network, input.accountName);
  const failed = failedPost
    ? [
        texts.failedPost(network, failedPost.project, failedPost.sequence, { day: failedPost.day, time: failedPost.time }),
        texts.reason(describeResultReason(input.language, input.network, { code: failedPost.reasonCode, attempts: 1, detail: null })),
      ]
    : [];
  const affected = texts.affected(network, input.scheduledPosts);
  const where = texts.where(texts.settings);
  const action = texts.action(network);
  return {
    to: input.to,
    subject: texts.subject(network),
    text: [greeting, '', intro, '', ...failed.flatMap((line) => [line, '']), affected, '', where, input.settingsUrl, '', texts.why, '', t('signature')].join(
      '\n',
    ),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      ...failed.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><strong>${escapeHtml(affected)}</strong></p>`,
      `<p>${escapeHtml(where)}<br><a href="${escapeHtml(input.settingsUrl)}">${escapeHtml(action)}</a></p>`,
      `<p>${escapeHtml(texts.why)}</p>`,
      `<p>${escapeHtml(t('signature'))}</p>`,
    ].join('\n'),
  };
}
