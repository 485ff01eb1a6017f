import { escapeHtml } from '../../../domain/html.ts';
import { type Language, htmlLangOf } from '../../../domain/languages.ts';
import { NETWORK_METRICS } from '../../../domain/post-metrics.ts';
import type { Results } from '../../../domain/results.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { translatorFor } from '../../i18n/translate.ts';

const NETWORK_NAMES: Record<string, string> = { instagram: 'Instagram', linkedin: 'LinkedIn', facebook: 'Facebook' };

/** The month's name in a language: "noviembre de 2026", "November 2026", "novembre de 2026". */
export function monthNameOf(month: string, language: Language): string {
  return new Intl.DateTimeFormat(htmlLangOf(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
}

/** To a customer, on the first of the month: the month before's totals per network, the PDF report attached (decision 047). */
export function monthlyReportEmail(input: {
  to: string;
  name: string;
  language: Language;
  month: string;
  totals: Results['totals'];
  url: string;
  pdf: { filename: string; content: Buffer };
}): MailMessage {
  const t = translatorFor(input.language);
  const number = new Intl.NumberFormat(htmlLangOf(input.language));
  const month = monthNameOf(input.month, input.language);
  const lines = input.totals.map((total) => {
    // A network without impressions (Facebook: its posts' own counts, decision 056) is told by its interactions.
    const counts = !NETWORK_METRICS[total.network].includes('impressions');
    const key = counts ? 'interactions' : 'impressions';
    const before = total.previous[key];
    const change =
      before === 0
        ? t('monthlyReport.change.none')
        : t('monthlyReport.change.against', {
            change: `${total.figures[key] >= before ? '+' : ''}${number.format(Math.round(((total.figures[key] - before) / before) * 100))} %`,
          });
    if (counts)
      return t('monthlyReport.networkLineCounts', {
        network: NETWORK_NAMES[total.network] ?? total.network,
        posts: number.format(total.posts),
        reactions: number.format(total.figures.reactions),
        comments: number.format(total.figures.comments),
        interactions: number.format(total.figures.interactions),
        change,
      });
    return t('monthlyReport.networkLine', {
      network: NETWORK_NAMES[total.network] ?? total.network,
      posts: number.format(total.posts),
      impressions: number.format(total.figures.impressions),
      change,
      reach: number.format(total.figures.reach),
      interactions: number.format(total.figures.interactions),
    });
  });
  const greeting = input.name ? t('greeting', { name: input.name }) : t('greetingNoName');
  const intro = t('monthlyReport.intro', { month });
  const after = lines.length === 0 ? [t('monthlyReport.noFigures')] : [];
  return {
    to: input.to,
    subject: t('monthlyReport.subject', { month }),
    text: [
      greeting,
      '',
      intro,
      '',
      ...lines.map((line) => `- ${line}`),
      ...(lines.length > 0 ? [''] : []),
      ...after.flatMap((p) => [p, '']),
      input.url,
      '',
      t('signature'),
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      ...(lines.length > 0 ? [`<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`] : []),
      ...after.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p><a href="${escapeHtml(input.url)}">${escapeHtml(t('monthlyReport.action'))}</a></p>`,
      `<p>${escapeHtml(t('signature'))}</p>`,
    ].join('\n'),
    attachments: [{ filename: input.pdf.filename, contentType: 'application/pdf', content: input.pdf.content }],
  };
}
