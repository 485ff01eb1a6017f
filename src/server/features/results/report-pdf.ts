import sharp from 'sharp';
import { type Language, htmlLangOf } from '../../../domain/languages.ts';
import { NETWORK_METRICS, type PostMetric } from '../../../domain/post-metrics.ts';
import type { Results } from '../../../domain/results.ts';
import { NETWORK_NAMES } from '../../../domain/social-networks.ts';
import { translatorFor } from '../../i18n/translate.ts';

/**
 * The monthly report's PDF (issue 26 item 3, docs/decisions/047), drawn with pdfkit: the customer's name,
 * the month, the totals per network against the month before, a vector chart of the month's days and the
 * top posts with their first image. Helvetica (built into every PDF reader, WinAnsi) writes Spanish and
 * Catalan, "l·l" included; characters outside WinAnsi (emoji) are left out rather than drawn wrong.
 */
export interface ReportContent {
  language: Language;
  /** The customer as the app names them: company, else full name, else e-mail. */
  studioName: string;
  /** YYYY-MM. */
  month: string;
  results: Pick<Results, 'totals' | 'series' | 'top_posts' | 'time_zone'>;
  /** The first image of each top post (any format sharp reads), by post id; absent when none or unreadable. */
  images: Map<number, Buffer>;
}

const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Keeps what Helvetica's WinAnsi encoding can draw; line breaks become spaces. */
export function winAnsiText(text: string): string {
  return [...text.replace(/\s+/g, ' ')]
    .filter((character) => {
      const code = character.codePointAt(0)!;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(character);
    })
    .join('')
    .trim();
}

const INK = '#1f2933';
const MUTED = '#616e7c';
const ACCENT = '#2f6f4f';
const SECOND = '#c9873a';
const PAGE_BOTTOM = 780;

/** A post's image, small: a JPEG of at most 240 px a side, for the PDF. */
async function thumbnail(image: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(image).rotate().resize(240, 240, { fit: 'cover' }).flatten({ background: '#ffffff' }).jpeg({ quality: 72 }).toBuffer();
  } catch {
    return null;
  }
}

export async function renderReportPdf(content: ReportContent): Promise<Buffer> {
  const t = translatorFor(content.language);
  const locale = htmlLangOf(content.language);
  const number = new Intl.NumberFormat(locale);
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${content.month}-15T12:00:00Z`));
  const dayName = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const formatDay = (day: string) => dayName.format(new Date(`${day.slice(0, 10)}T12:00:00Z`));
  const thumbnails = new Map<number, Buffer>();
  for (const post of content.results.top_posts) {
    const image = content.images.get(post.post_id);
    const small = image ? await thumbnail(image) : null;
    if (small) thumbnails.set(post.post_id, small);
  }

  const title = t('monthlyReport.pdf.title', { month: monthName });
  // Loaded when a report is drawn, not at start (decision 039); left out of the server bundle (its fonts are files of its own).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: winAnsiText(`${title} · ${content.studioName}`), Author: 'Alzado', Creator: 'Alzado' },
    lang: locale,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text('Alzado');
  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(winAnsiText(content.studioName));
  doc.font('Helvetica').fontSize(14).fillColor(INK).text(winAnsiText(title));
  doc.moveDown(1);

  // Totals per network, with the change against the month before.
  const heading = (text: string) => {
    if (doc.y > PAGE_BOTTOM - 80) doc.addPage();
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(13).fillColor(INK).text(winAnsiText(text), left);
    doc.moveDown(0.4);
  };
  heading(t('monthlyReport.pdf.totals'));
  if (content.results.totals.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(winAnsiText(t('monthlyReport.pdf.empty')));
  } else {
    const columns = [
      t('monthlyReport.pdf.network'),
      t('monthlyReport.pdf.posts'),
      t('monthlyReport.figures.impressions'),
      t('monthlyReport.figures.reach'),
      t('monthlyReport.figures.interactions'),
    ];
    const columnWidth = width / columns.length;
    const row = (cells: string[], bold: boolean) => {
      const y = doc.y;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9.5)
        .fillColor(INK);
      cells.forEach((cell, index) => doc.text(winAnsiText(cell), left + index * columnWidth, y, { width: columnWidth - 6 }));
      doc.y = Math.max(doc.y, y + 26);
      doc
        .moveTo(left, doc.y - 4)
        .lineTo(left + width, doc.y - 4)
        .lineWidth(0.5)
        .strokeColor('#d9dee3')
        .stroke();
    };
    row(columns, true);
    for (const total of content.results.totals) {
      // A figure the network does not give (Facebook's impressions and reach, decision 056) is a dash, not 0.
      const figure = (metric: PostMetric) =>
        NETWORK_METRICS[total.network].includes(metric) ? withChange(total.figures[metric], total.previous[metric]) : '—';
      row(
        [
          NETWORK_NAMES[total.network as keyof typeof NETWORK_NAMES] ?? total.network,
          withChange(total.posts, total.previous_posts),
          figure('impressions'),
          figure('reach'),
          figure('interactions'),
        ],
        false,
      );
    }
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(winAnsiText(t('monthlyReport.pdf.changeNote')), left, doc.y, { width });
  }

  function withChange(now: number, before: number): string {
    const figure = number.format(now);
    if (before === 0) return now === 0 ? figure : `${figure}\n${t('monthlyReport.change.new')}`;
    const percent = Math.round(((now - before) / before) * 100);
    return `${figure}\n${percent > 0 ? '+' : ''}${number.format(percent)} %`;
  }

  // The chart: impressions and reach of the posts published each day, two lines on one scale.
  heading(t('monthlyReport.pdf.chart'));
  const series = content.results.series;
  const chart = { x: left + 40, y: doc.y + 6, width: width - 50, height: 150 };
  const peak = Math.max(1, ...series.map((point) => Math.max(point.impressions, point.reach)));
  const xOf = (index: number) => chart.x + (series.length <= 1 ? 0 : (index / (series.length - 1)) * chart.width);
  const yOf = (value: number) => chart.y + chart.height - (value / peak) * chart.height;
  doc.lineWidth(0.5).strokeColor('#9aa5b1');
  doc
    .moveTo(chart.x, chart.y)
    .lineTo(chart.x, chart.y + chart.height)
    .lineTo(chart.x + chart.width, chart.y + chart.height)
    .stroke();
  doc
    .moveTo(chart.x, chart.y)
    .lineTo(chart.x + chart.width, chart.y)
    .dash(2, { space: 3 })
    .stroke()
    .undash();
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  doc.text(number.format(peak), left - 5, chart.y - 4, { width: 40, align: 'right' });
  doc.text('0', left - 5, chart.y + chart.height - 4, { width: 40, align: 'right' });
  if (series.length > 0) {
    for (const index of [0, Math.floor((series.length - 1) / 2), series.length - 1]) {
      doc.text(winAnsiText(formatDay(series[index]!.day)), xOf(index) - 30, chart.y + chart.height + 4, { width: 60, align: 'center' });
    }
  }
  for (const [metric, color] of [
    ['impressions', ACCENT],
    ['reach', SECOND],
  ] as const) {
    series.forEach((point, index) => (index === 0 ? doc.moveTo(xOf(index), yOf(point[metric])) : doc.lineTo(xOf(index), yOf(point[metric]))));
    if (series.length > 0) doc.lineWidth(1.5).strokeColor(color).stroke();
  }
  const legendY = chart.y + chart.height + 18;
  for (const [index, [metric, color]] of (
    [
      ['impressions', ACCENT],
      ['reach', SECOND],
    ] as const
  ).entries()) {
    const x = chart.x + index * 120;
    doc.rect(x, legendY + 2, 10, 4).fill(color);
    doc
      .fillColor(INK)
      .fontSize(8.5)
      .text(winAnsiText(t(`monthlyReport.figures.${metric}`)), x + 14, legendY, { width: 100 });
  }
  doc.y = legendY + 14;
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(winAnsiText(t('monthlyReport.pdf.chartNote')), left, doc.y, { width });

  // The top posts, with their first image.
  heading(t('monthlyReport.pdf.topPosts'));
  if (content.results.top_posts.length === 0)
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(winAnsiText(t('monthlyReport.pdf.empty')));
  for (const post of content.results.top_posts) {
    if (doc.y > PAGE_BOTTOM - 80) doc.addPage();
    const y = doc.y;
    const image = thumbnails.get(post.post_id);
    if (image) doc.image(image, left, y, { fit: [64, 64] });
    else doc.rect(left, y, 64, 64).lineWidth(0.5).strokeColor('#d9dee3').stroke();
    const textX = left + 76;
    const textWidth = width - 76;
    const networks = post.networks.map((network) => NETWORK_NAMES[network]).join(', ');
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(winAnsiText(post.project_title), textX, y, { width: textWidth });
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(winAnsiText(`${formatDay(post.published_at.slice(0, 10))} · ${networks}`), textX, doc.y, { width: textWidth });
    const excerpt = [...winAnsiText(post.text)];
    doc
      .fontSize(9.5)
      .fillColor(INK)
      .text(excerpt.length > 160 ? `${excerpt.slice(0, 159).join('').trimEnd()}…` : excerpt.join(''), textX, doc.y + 2, { width: textWidth });
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(ACCENT)
      .text(
        winAnsiText(
          `${t('monthlyReport.figures.interactions')}: ${number.format(post.interactions)} · ${t('monthlyReport.figures.impressions')}: ${number.format(post.impressions)}`,
        ),
        textX,
        doc.y + 2,
        { width: textWidth },
      );
    doc.y = Math.max(doc.y, y + 64) + 12;
  }
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(winAnsiText(t('monthlyReport.pdf.footer', { zone: content.results.time_zone })), left, doc.y + 10, { width });
  doc.end();
  return done;
}
