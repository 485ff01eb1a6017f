import type { Language } from '../../../domain/languages.ts';
import type { ResultErrorCode } from '../../../domain/post.ts';
import { type InstagramLogin, NETWORK_NAMES, type SocialNetwork } from '../../../domain/social.ts';
import { formatTimeOfDay } from '../../../domain/studio-time.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { describeResultReason } from '../../i18n/result-reasons.ts';
import { translatorFor } from '../../i18n/translate.ts';
import { escapeHtml } from '../../../domain/html.ts';

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
  /** Instagram: the way it was connected; Instagram Login's owner is told which button brings it back. */
  login?: InstagramLogin;
  scheduledPosts: number;
  settingsUrl: string;
  /** The post whose publication found the connection refused; `day` as the app shows it, `time` HH:MM; `reasonCode` the refusal's. */
  failedPost?: { project: string; sequence: number; day: string; time: string | null; reasonCode: ResultErrorCode };
}): MailMessage {
  const t = translatorFor(input.language);
  const network = NETWORK_NAMES[input.network];
  const greeting = input.name ? t('greeting', { name: input.name }) : t('greetingNoName');
  const { failedPost } = input;
  const account = { network, account: input.accountName, context: input.accountName ? 'account' : undefined };
  const intro = failedPost ? t('connectionLost.refusedIntro', account) : t('connectionLost.intro', account);
  const failed = failedPost
    ? [
        failedPostLine(t, input.language, network, failedPost),
        t('connectionLost.reason', {
          sentence: describeResultReason(input.language, input.network, { code: failedPost.reasonCode, attempts: 1, detail: null }),
        }),
      ]
    : [];
  const affected = t('connectionLost.affected', { network, count: input.scheduledPosts });
  const where = t('connectionLost.where', { settings: t('connectionLost.settings') });
  const action = t('connectionLost.action', { network });
  const why =
    input.network === 'instagram' && input.login === 'instagram' ? `${t('connectionLost.instagramLogin')} ${t('connectionLost.why')}` : t('connectionLost.why');
  return {
    to: input.to,
    subject: t('connectionLost.subject', { network }),
    text: [greeting, '', intro, '', ...failed.flatMap((line) => [line, '']), affected, '', where, input.settingsUrl, '', why, '', t('signature')].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      ...failed.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><strong>${escapeHtml(affected)}</strong></p>`,
      `<p>${escapeHtml(where)}<br><a href="${escapeHtml(input.settingsUrl)}">${escapeHtml(action)}</a></p>`,
      `<p>${escapeHtml(why)}</p>`,
      `<p>${escapeHtml(t('signature'))}</p>`,
    ].join('\n'),
  };
}

/** "a la 01:15", "a las 10:15": the hour is the count, as in the failure e-mail (publishing.json). */
function failedPostLine(
  t: ReturnType<typeof translatorFor>,
  language: Language,
  network: string,
  post: { project: string; sequence: number; day: string; time: string | null },
): string {
  const values = { network, project: post.project, sequence: post.sequence, day: post.day };
  if (!post.time) return t('connectionLost.failedPost', values);
  return t('connectionLost.failedPostAt', { ...values, time: formatTimeOfDay(post.time, language), count: Number(post.time.slice(0, 2)) });
}
