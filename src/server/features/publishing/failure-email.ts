import { DEFAULT_LANGUAGE, type Language, isLanguage } from '../../../domain/languages.ts';
import { POST_NETWORKS, type PostNetwork, resultReasonOf } from '../../../domain/post.ts';
import { NETWORK_NAMES } from '../../../domain/social.ts';
import { formatTimeOfDay } from '../../../domain/studio-time.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { describeResultReason } from '../../i18n/result-reasons.ts';
import { publishingTranslatorFor, translatorFor } from '../../i18n/translate.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { escapeHtml } from '../../../domain/html.ts';
import type { PostToPublish, ResultRow } from './repo.ts';
import type { PublishingDependencies } from './dependencies.ts';

export interface NetworkOutcome {
  network: PostNetwork;
  targetName: string | null;
  status: string;
  /** English technical detail; shown translated through `errorCode` when there is one. */
  error: string | null;
  errorCode: string | null;
  attempts: number;
}

/** dd-mm-yyyy, as the app shows dates (SPEC §5). */
export function displayDay(day: string | null): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[3]}-${match[2]}-${match[1]}` : (day ?? '');
}

/**
 * The e-mail a post's owner gets when a network did not publish it or may not have (DESIGN principle 4):
 * which project and post, each network's outcome and reason, and the way to the posts page.
 */
export function publishFailureEmail(input: {
  to: string;
  name: string;
  language: Language;
  project: string;
  sequence: number;
  day: string | null;
  /** HH:MM in the studio's zone (every post with a day has one: migration 013). */
  time: string | null;
  outcomes: NetworkOutcome[];
  postsUrl: string;
}): MailMessage {
  const t = publishingTranslatorFor(input.language);
  const common = translatorFor(input.language);
  const label = (outcome: NetworkOutcome) =>
    outcome.targetName ? `${NETWORK_NAMES[outcome.network]} (${outcome.targetName})` : NETWORK_NAMES[outcome.network];
  const failing = input.outcomes.filter((outcome) => outcome.status === 'failed' || outcome.status === 'unknown');
  const lines = input.outcomes
    .filter((outcome) => outcome.status !== 'not_selected')
    .map((outcome) => {
      const reason = resultReasonOf({ status: outcome.status, error: outcome.error, error_code: outcome.errorCode, attempts: outcome.attempts });
      const values = { network: label(outcome), reason: reason ? describeResultReason(input.language, outcome.network, reason) : '' };
      if (outcome.status === 'unknown') return t('failure.unknown', values);
      if (outcome.status === 'failed') return t('failure.failed', values);
      return t('failure.posted', values);
    });
  const greeting = input.name ? common('greeting', { name: input.name }) : common('greetingNoName');
  // A network that failed is retried from the card; one whose outcome is unknown is checked on the
  // network and marked first, never published again blindly (decision 025, 028).
  const failed = failing.some((outcome) => outcome.status === 'failed');
  const unknown = failing.some((outcome) => outcome.status === 'unknown');
  // Counted by the hour: Spanish and Catalan say "a la 01:15" but "a las/les 10:15".
  const moment = {
    project: input.project,
    sequence: input.sequence,
    day: displayDay(input.day),
    time: formatTimeOfDay(input.time ?? '', input.language),
    count: Number(input.time?.slice(0, 2)),
  };
  const intro = t(failed ? 'failure.intro' : 'failure.introUnknown', moment);
  const help = [...(failed ? [t('failure.help')] : []), ...(unknown ? [t('failure.helpUnknown')] : [])];
  const networks = failing.map((outcome) => NETWORK_NAMES[outcome.network]).join(', ');
  return {
    to: input.to,
    subject: t(failed ? 'failure.subject' : 'failure.subjectUnknown', { project: input.project, networks }),
    text: [
      greeting,
      '',
      intro,
      '',
      ...lines.map((line) => `- ${line}`),
      '',
      ...help,
      `${t('failure.action')}: ${input.postsUrl}`,
      '',
      common('signature'),
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
      ...help.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p><a href="${escapeHtml(input.postsUrl)}">${escapeHtml(t('failure.action'))}</a></p>`,
      `<p>${escapeHtml(common('signature'))}</p>`,
    ].join('\n'),
  };
}

/** Sends it with the mailer; a failure to send is logged, never thrown: the results are already saved. */
export async function sendFailureEmail(deps: PublishingDependencies, post: PostToPublish, results: ResultRow[]): Promise<void> {
  if (!post.owner_email) return;
  const message = publishFailureEmail({
    to: post.owner_email,
    name: post.owner_first_name ?? '',
    language: isLanguage(post.owner_language) ? post.owner_language : DEFAULT_LANGUAGE,
    project: post.project_title,
    sequence: post.sequence,
    day: post.publish_on,
    time: post.publish_time,
    outcomes: results
      .filter((result): result is ResultRow & { network: PostNetwork } => (POST_NETWORKS as readonly string[]).includes(result.network))
      .sort((a, b) => POST_NETWORKS.indexOf(a.network) - POST_NETWORKS.indexOf(b.network))
      .map((result) => ({
        network: result.network,
        targetName: result.target_name,
        status: result.status,
        error: result.error,
        errorCode: result.error_code,
        attempts: result.attempts,
      })),
    postsUrl: `${deps.publicUrl}/preview-projects`,
  });
  try {
    await deps.mailer.send(message);
    deps.log.info({ postId: post.id }, 'Publication failure e-mailed to the owner');
  } catch (error) {
    deps.log.error({ postId: post.id, error: errorMessage(error) }, 'The publication failure e-mail could not be sent');
  }
}
