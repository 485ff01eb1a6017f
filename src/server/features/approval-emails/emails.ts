import { escapeHtml } from '../../../domain/html.ts';
import type { Language } from '../../../domain/languages.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { translatorFor } from '../../i18n/translate.ts';

/**
 * The approval e-mails (issue 25 item 3, decision 042), in the recipient's language, text and HTML: to the
 * approver when posts await them and as a reminder, and to the author when the approver decided.
 */

/** A post as an e-mail lists it. */
export interface ListedPost {
  projectTitle: string;
  text: string;
  /** YYYY-MM-DD and HH:MM in the studio's zone; null once asking for changes took them away. */
  publishOn: string | null;
  publishTime: string | null;
}

const LINE_LENGTH = 80;

/** The post's first line that says something, cut to 80 characters. */
export function firstLineOf(text: string): string {
  const line = text
    .split('\n')
    .map((part) => part.trim())
    .find((part) => part !== '');
  if (line === undefined) return '';
  const characters = [...line];
  return characters.length <= LINE_LENGTH
    ? line
    : `${characters
        .slice(0, LINE_LENGTH - 1)
        .join('')
        .trimEnd()}…`;
}

/** dd-mm-yyyy, as the app shows dates (SPEC §5). */
const displayDay = (day: string) => day.split('-').reverse().join('-');

function itemsOf(t: ReturnType<typeof translatorFor>, posts: ListedPost[], key: { at: string; alone: string }): string[] {
  return posts.map((post) => {
    const values = { project: post.projectTitle, line: firstLineOf(post.text) };
    return post.publishOn !== null && post.publishTime !== null
      ? t(key.at, { ...values, day: displayDay(post.publishOn), time: post.publishTime })
      : t(key.alone, values);
  });
}

function message(input: {
  to: string;
  subject: string;
  paragraphsBefore: string[];
  items: string[];
  paragraphsAfter: string[];
  action: { label: string; url: string };
  t: ReturnType<typeof translatorFor>;
}): MailMessage {
  const { t } = input;
  return {
    to: input.to,
    subject: input.subject,
    text: [
      ...input.paragraphsBefore.flatMap((paragraph) => [paragraph, '']),
      ...input.items.map((item) => `- ${item}`),
      '',
      ...input.paragraphsAfter.flatMap((paragraph) => [paragraph, '']),
      input.action.url,
      '',
      t('signature'),
    ].join('\n'),
    html: [
      ...input.paragraphsBefore.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<ul>${input.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
      ...input.paragraphsAfter.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`),
      `<p><a href="${escapeHtml(input.action.url)}">${escapeHtml(input.action.label)}</a></p>`,
      `<p>${escapeHtml(t('signature'))}</p>`,
    ].join('\n'),
  };
}

const greetingOf = (t: ReturnType<typeof translatorFor>, name: string) => (name ? t('greeting', { name }) : t('greetingNoName'));

/** To the approver: these posts (a batch) await their approval. */
export function approvalAwaitingEmail(input: { to: string; name: string; language: Language; posts: ListedPost[]; url: string }): MailMessage {
  const t = translatorFor(input.language);
  const count = input.posts.length;
  return message({
    t,
    to: input.to,
    subject: t('approvalAwaiting.subject', { count }),
    paragraphsBefore: [greetingOf(t, input.name), t('approvalAwaiting.intro', { count })],
    items: itemsOf(t, input.posts, { at: 'approvalAwaiting.item', alone: 'approvalDecision.item' }),
    paragraphsAfter: [t('approvalAwaiting.how')],
    action: { label: t('approvalAwaiting.action'), url: input.url },
  });
}

/** To the approver: these posts still await them, `hours` after the first e-mail; `passed` when one's time has gone by. */
export function approvalReminderEmail(input: {
  to: string;
  name: string;
  language: Language;
  posts: ListedPost[];
  hours: number;
  passed: boolean;
  url: string;
}): MailMessage {
  const t = translatorFor(input.language);
  const count = input.posts.length;
  const since = t('approvalReminder.hours', { count: input.hours });
  return message({
    t,
    to: input.to,
    subject: t('approvalReminder.subject', { count }),
    paragraphsBefore: [greetingOf(t, input.name), t('approvalReminder.intro', { count, since })],
    items: itemsOf(t, input.posts, { at: 'approvalAwaiting.item', alone: 'approvalDecision.item' }),
    paragraphsAfter: [...(input.passed ? [t('approvalReminder.passed')] : []), t('approvalAwaiting.how')],
    action: { label: t('approvalReminder.action'), url: input.url },
  });
}

/** To the author who asked approval: the approver approved these posts, or asked for changes with a comment. */
export function approvalDecisionEmail(input: {
  to: string;
  name: string;
  language: Language;
  decision: 'approve' | 'request_changes';
  /** Who decided: the customer's name, or the name a reviewer wrote on a review link. */
  decider: { name: string; viaLink: boolean };
  comment: string | null;
  posts: ListedPost[];
  url: string;
}): MailMessage {
  const t = translatorFor(input.language);
  const count = input.posts.length;
  const context = input.decision === 'approve' ? 'approved' : 'changes';
  const decider = input.decider.viaLink ? t('approvalDecision.viaLink', { name: input.decider.name }) : input.decider.name;
  const comment = input.comment === null || input.comment.trim() === '' ? [] : [`${t('approvalDecision.comment')}\n${input.comment}`];
  return message({
    t,
    to: input.to,
    subject: t('approvalDecision.subject', { context, count, name: decider }),
    paragraphsBefore: [greetingOf(t, input.name), t('approvalDecision.intro', { context, count, name: decider })],
    items: itemsOf(t, input.posts, { at: 'approvalDecision.itemAt', alone: 'approvalDecision.item' }),
    paragraphsAfter: comment,
    action: { label: t('approvalDecision.action', { context }), url: input.url },
  });
}
