import type { Kysely } from 'kysely';
import { POST_METRICS } from '../../../domain/post-metrics.ts';
import type { PostEngagement } from '../../../domain/best-times.ts';
import { POST_NETWORKS } from '../../../domain/post-rules.ts';
import { DEFAULT_LANGUAGE, type Language, isLanguage } from '../../../domain/languages.ts';
import { type DayRange, RESULTS_CSV_COLUMNS, type ReportQuery, type Results, type ResultsQuery, periodRanges } from '../../../domain/results.ts';
import { addDays, daysBetween, instantOf, isoWeekdayOf, offsetAt, wallClockOf } from '../../../domain/studio-time.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { readInstant } from '../../db/values.ts';
import { AppError } from '../../errors.ts';
import type { StudioCalendar } from '../../lib/studio-calendar.ts';
import { renderReportPdf } from './report-pdf.ts';
import {
  type ExportCursor,
  type ResultsScope,
  type Sums,
  customersWithPublishedPosts,
  exportPage,
  findReportCustomer,
  firstImageKeys,
  hourlyFigures,
  publishedFigures,
  topPosts,
  topProjects,
  totalsByNetwork,
} from './repo.ts';

/**
 * The Results page (issue 26 items 2 and 5, docs/decisions/046): the latest figures of the posts published
 * in a period, per network with the period before, per day, the top posts and projects, the weekday × hour
 * grid, and the CSV. Other features and app.ts use this file only.
 */
export interface ResultsDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  calendar: StudioCalendar;
  /** Where the posts' images are: the monthly report shows the top posts' first ones. */
  storage: Storage;
}

const ZERO = Object.fromEntries(POST_METRICS.map((metric) => [metric, 0])) as Sums;

/** Whose posts: a customer her own (naming another is 403), an administrator one customer's or all. */
function ownerOf(actor: SessionUser, query: ResultsQuery): string | undefined {
  if (actor.role === 'admin') return query.customer;
  if (actor.role !== 'customer') throw new AppError('FORBIDDEN', 'Results are available to administrators and customers only');
  if (query.customer !== undefined && query.customer !== actor.id) throw new AppError('FORBIDDEN', "Only an administrator can see another customer's results");
  return actor.id;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The studio's day, ISO weekday and hour of instants. The zone is read twice per UTC day (its offset at
 * the day's first and last minute) and, on the days it changes, once per hour: the chart and grid place up
 * to 2,160 hours of a 90-day period, and reading the zone is the slow part.
 */
function wallClocksOf(timeZone: string): (at: Date) => { day: string; weekday: number; hour: number } {
  const days = new Map<number, number | null>();
  const hours = new Map<number, number>();
  return (at) => {
    const dayStart = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
    let offset = days.get(dayStart);
    if (offset === undefined) {
      const first = offsetAt(dayStart, timeZone);
      offset = first === offsetAt(dayStart + DAY_MS - 60_000, timeZone) ? first : null;
      days.set(dayStart, offset);
    }
    if (offset === null) {
      const hourStart = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
      offset = hours.get(hourStart) ?? offsetAt(hourStart, timeZone);
      hours.set(hourStart, offset);
    }
    const wall = new Date(at.getTime() + offset);
    return { day: wall.toISOString().slice(0, 10), weekday: wall.getUTCDay() || 7, hour: wall.getUTCHours() };
  };
}

function scopeOf(range: DayRange, timeZone: string, ownerId: string | undefined): ResultsScope {
  return {
    from: instantOf(range.from, '00:00', timeZone).toISOString(),
    to: instantOf(addDays(range.to, 1), '00:00', timeZone).toISOString(),
    ownerId,
  };
}

export async function getResults(deps: ResultsDependencies, actor: SessionUser, query: ResultsQuery): Promise<Results> {
  return resultsOf(deps, ownerOf(actor, query), query.period);
}

async function resultsOf(deps: ResultsDependencies, ownerId: string | undefined, period: string): Promise<Results> {
  const timeZone = deps.calendar.timeZone;
  const ranges = periodRanges(period, deps.calendar.today());
  const scope = scopeOf(ranges.current, timeZone, ownerId);
  const previousScope = scopeOf(ranges.previous, timeZone, ownerId);
  const [current, previous, hours, posts, projects] = await Promise.all([
    totalsByNetwork(deps.db, deps.dialect, scope),
    totalsByNetwork(deps.db, deps.dialect, previousScope),
    hourlyFigures(deps.db, scope),
    topPosts(deps.db, deps.dialect, scope),
    topProjects(deps.db, scope),
  ]);

  const totals = POST_NETWORKS.flatMap((network) => {
    const now = current.find((row) => row.network === network);
    const before = previous.find((row) => row.network === network);
    if (!now && !before) return [];
    return [{ network, posts: now?.posts ?? 0, figures: now?.figures ?? ZERO, previous_posts: before?.posts ?? 0, previous: before?.figures ?? ZERO }];
  });

  const length = daysBetween(ranges.current.from, ranges.current.to) + 1;
  const series = Array.from({ length }, (_, index) => ({ day: addDays(ranges.current.from, index), impressions: 0, reach: 0, interactions: 0 }));
  const cells = new Map<string, { weekday: number; hour: number; posts: number; interactions: number }>();
  const wallClock = wallClocksOf(timeZone);
  for (const row of hours) {
    const wall = wallClock(row.at);
    const point = series[daysBetween(ranges.current.from, wall.day)];
    if (point) {
      point.impressions += row.impressions;
      point.reach += row.reach;
      point.interactions += row.interactions;
    }
    const key = `${wall.weekday}:${wall.hour}`;
    const cell = cells.get(key) ?? { weekday: wall.weekday, hour: wall.hour, posts: 0, interactions: 0 };
    cell.posts += row.posts;
    cell.interactions += row.interactions;
    cells.set(key, cell);
  }
  const grid = [...cells.values()]
    .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour)
    .map((cell) => ({ weekday: cell.weekday, hour: cell.hour, posts: cell.posts, interactions: cell.interactions }));

  return {
    period,
    range: ranges.current,
    previous_range: ranges.previous,
    totals,
    series,
    top_posts: posts.map((post) => ({
      post_id: post.post_id,
      project_id: post.project_id,
      project_title: post.project_title,
      text: post.text.length > 280 ? `${post.text.slice(0, 279)}…` : post.text,
      published_at: readInstant(post.published_at).toISOString(),
      networks: post.networks as Results['top_posts'][number]['networks'],
      interactions: post.interactions,
      impressions: post.impressions,
    })),
    top_projects: projects.map((project) => ({ ...project, title: project.title })),
    grid,
    time_zone: timeZone,
  };
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or leading/trailing space. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  // A cell a spreadsheet would read as a formula is kept as text (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const PAGE = 500;

/**
 * GET /api/results/export.csv: the period's posts' latest figures, one line per post and network, UTF-8
 * with a BOM (Excel), CRLF line ends, stable English headers, by publication (then post, network); read and
 * written a page at a time.
 */
export async function* exportResults(deps: ResultsDependencies, actor: SessionUser, query: ResultsQuery): AsyncGenerator<string> {
  const ownerId = ownerOf(actor, query);
  const timeZone = deps.calendar.timeZone;
  const scope = scopeOf(periodRanges(query.period, deps.calendar.today()).current, timeZone, ownerId);
  yield `\uFEFF${RESULTS_CSV_COLUMNS.join(',')}\r\n`;
  let after: ExportCursor | undefined;
  for (;;) {
    const rows = await exportPage(deps.db, deps.dialect, scope, after, PAGE);
    if (rows.length === 0) return;
    yield rows
      .map(
        (row) =>
          [
            row.post_id,
            row.project_id,
            row.project_title,
            row.network,
            readInstant(row.published_at).toISOString(),
            readInstant(row.read_at).toISOString(),
            row.text,
            ...POST_METRICS.map((metric) => row[metric]),
          ]
            .map(csvField)
            .join(',') + '\r\n',
      )
      .join('');
    after = rows[rows.length - 1]!;
    if (rows.length < PAGE) return;
  }
}

/** Checks who may read before the stream starts (errors then are ordinary 4xx answers). */
export function checkResultsAccess(actor: SessionUser, query: ResultsQuery): void {
  ownerOf(actor, query);
}

/** A monthly report (issue 26 item 3, docs/decisions/047): the PDF, the figures it shows (GET /api/results's for that month) and its file name. */
export interface MonthlyReport {
  pdf: Buffer;
  results: Results;
  studioName: string;
  filename: string;
}

/** The customer as the app names them: the company, else the full name, else the account's name or e-mail. */
function studioNameOf(customer: { company: string; first_name: string; last_name: string; name: string; email: string }): string {
  return customer.company.trim() || [customer.first_name, customer.last_name].filter(Boolean).join(' ').trim() || customer.name.trim() || customer.email;
}

/** The month's report of a customer, in a language: the same figures as GET /api/results?period=month:YYYY-MM&customer=ID. */
export async function buildMonthlyReport(deps: ResultsDependencies, customerId: string, month: string, language: Language): Promise<MonthlyReport> {
  const customer = await findReportCustomer(deps.db, customerId);
  if (!customer || customer.role !== 'customer') throw new AppError('NOT_FOUND', 'No such customer');
  const results = await resultsOf(deps, customerId, `month:${month}`);
  const keys = await firstImageKeys(
    deps.db,
    results.top_posts.map((post) => post.post_id),
  );
  const images = new Map<number, Buffer>();
  for (const [postId, key] of keys) {
    // An image gone from storage leaves an empty frame, not a report that fails.
    const bytes = await deps.storage.get(key).catch(() => null);
    if (bytes) images.set(postId, bytes);
  }
  const studioName = studioNameOf(customer);
  const pdf = await renderReportPdf({ language, studioName, month, results, images });
  const slug =
    studioName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'customer';
  return { pdf, results, studioName, filename: `alzado-report-${slug}-${month}.pdf` };
}

/**
 * GET /api/results/report.pdf: a customer her own month, an administrator a customer's (named: a report is
 * of one customer), in the language of whoever downloads it; not a month to come.
 */
export async function downloadMonthlyReport(deps: ResultsDependencies, actor: SessionUser, query: ReportQuery): Promise<MonthlyReport> {
  const ownerId = ownerOf(actor, { period: `month:${query.month}`, customer: query.customer });
  if (ownerId === undefined) throw new AppError('VALIDATION_FAILED', 'Name the customer whose report it is', { customer: 'reportCustomerRequired' });
  if (query.month > deps.calendar.today().slice(0, 7)) throw new AppError('VALIDATION_FAILED', 'The month has not begun', { month: 'reportMonthFuture' });
  const reader = await findReportCustomer(deps.db, actor.id);
  const language = reader && isLanguage(reader.language) ? reader.language : DEFAULT_LANGUAGE;
  return buildMonthlyReport(deps, ownerId, query.month, language);
}

/** The customers with posts published in a studio month (YYYY-MM): whom the monthly e-mail goes to. */
export async function customersPublishingIn(deps: Pick<ResultsDependencies, 'db' | 'calendar'>, month: string): Promise<string[]> {
  const ranges = periodRanges(`month:${month}`, deps.calendar.today());
  const scope = scopeOf(ranges.current, deps.calendar.timeZone, undefined);
  return customersWithPublishedPosts(deps.db, scope.from, scope.to);
}

/** The home dashboard's line (issue 26 item 2): reach and interactions of the posts published this studio month (to today) and last month. */
export interface MonthFigures {
  /** YYYY-MM of this month. */
  month: string;
  reach: number;
  interactions: number;
  previous_reach: number;
  previous_interactions: number;
}

/** Sums of the latest figures, every network, of the owner's posts (every owner's when undefined), as GET /api/results counts them. */
export async function monthFigures(deps: Pick<ResultsDependencies, 'db' | 'dialect' | 'calendar'>, ownerId: string | undefined): Promise<MonthFigures> {
  const today = deps.calendar.today();
  const month = today.slice(0, 7);
  const ranges = periodRanges(`month:${month}`, today);
  const [current, previous] = await Promise.all([
    totalsByNetwork(deps.db, deps.dialect, scopeOf(ranges.current, deps.calendar.timeZone, ownerId)),
    totalsByNetwork(deps.db, deps.dialect, scopeOf(ranges.previous, deps.calendar.timeZone, ownerId)),
  ]);
  const sum = (rows: typeof current, metric: 'reach' | 'interactions') => rows.reduce((total, row) => total + row.figures[metric], 0);
  return {
    month,
    reach: sum(current, 'reach'),
    interactions: sum(current, 'interactions'),
    previous_reach: sum(previous, 'reach'),
    previous_interactions: sum(previous, 'interactions'),
  };
}

/**
 * Best time to post (issue 26 item 4, decision 048): the latest interactions of each of the owner's posts
 * published in the last `days` studio days, per network, placed in the studio's week; and the first day.
 */
export async function postEngagement(
  deps: Pick<ResultsDependencies, 'db' | 'dialect' | 'calendar'>,
  ownerId: string,
  days: number,
): Promise<{ since: string; posts: PostEngagement[] }> {
  const today = deps.calendar.today();
  const since = addDays(today, -(days - 1));
  const timeZone = deps.calendar.timeZone;
  const rows = await publishedFigures(deps.db, deps.dialect, scopeOf({ from: since, to: today }, timeZone, ownerId));
  const posts = rows.flatMap((row): PostEngagement[] => {
    if (row.network !== 'instagram' && row.network !== 'linkedin') return [];
    const wall = wallClockOf(readInstant(row.published_at), timeZone);
    return [{ network: row.network, weekday: isoWeekdayOf(wall.day), hour: Number(wall.time.slice(0, 2)), interactions: row.interactions ?? 0 }];
  });
  return { since, posts };
}
