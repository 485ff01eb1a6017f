import { z } from 'zod';
import { POST_METRICS, type PostMetric } from './post-metrics.ts';
import { POST_NETWORKS } from './post-rules.ts';
import { addDays } from './studio-time.ts';

/**
 * The Results page (issue 26 item 2, docs/decisions/046): a period of the studio's days, the latest
 * figures of the posts published in it, summed per network, day, post and project.
 */
const PERIOD_PATTERN = /^(7d|30d|90d|month:\d{4}-(0[1-9]|1[0-2]))$/;

export const resultsQuerySchema = z.object({
  /** 7d, 30d, 90d (the last days up to today, the studio's) or month:YYYY-MM; 30d when none. */
  period: z.string().max(20).regex(PERIOD_PATTERN, 'resultsPeriodInvalid').default('30d'),
  /** An administrator's filter by customer (a customer may name only herself). */
  customer: z.string().min(1).max(100).optional(),
});
export type ResultsQuery = z.infer<typeof resultsQuerySchema>;

/** GET /api/results/report.pdf (issue 26 item 3, decision 047): one customer's calendar month, not a future one. */
export const reportQuerySchema = z.object({
  month: z
    .string()
    .max(7)
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'reportMonthInvalid'),
  /** An administrator names the customer (required for them); a customer only herself. */
  customer: z.string().min(1).max(100).optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export interface DayRange {
  /** First and last studio day, both included. */
  from: string;
  to: string;
}

/** The period's days and the period before it (as many days; the month before for a month). */
export function periodRanges(period: string, today: string): { current: DayRange; previous: DayRange } {
  if (period.startsWith('month:')) {
    const month = period.slice(6);
    const from = `${month}-01`;
    const to = addDays(nextMonthStart(month), -1);
    const previousMonth = addDays(from, -1).slice(0, 7);
    return { current: { from, to }, previous: { from: `${previousMonth}-01`, to: addDays(from, -1) } };
  }
  const days = Number(period.slice(0, -1));
  const from = addDays(today, -(days - 1));
  return { current: { from, to: today }, previous: { from: addDays(from, -days), to: addDays(from, -1) } };
}

function nextMonthStart(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
}

const figures = z.object(Object.fromEntries(POST_METRICS.map((metric) => [metric, z.number().int()])) as Record<PostMetric, z.ZodNumber>);

export const resultsSchema = z.object({
  period: z.string(),
  range: z.object({ from: z.string(), to: z.string() }),
  previous_range: z.object({ from: z.string(), to: z.string() }),
  /** Per network: posts with figures and the sums of their latest figures, and the same for the period before. */
  totals: z.array(z.object({ network: z.enum(POST_NETWORKS), posts: z.number().int(), figures, previous_posts: z.number().int(), previous: figures })),
  /** Per studio day of publication: the sums of the latest figures of the posts published that day (every day of the period). */
  series: z.array(z.object({ day: z.string(), impressions: z.number().int(), reach: z.number().int(), interactions: z.number().int() })),
  top_posts: z.array(
    z.object({
      post_id: z.number().int(),
      project_id: z.number().int(),
      project_title: z.string(),
      text: z.string(),
      published_at: z.string(),
      networks: z.array(z.enum(POST_NETWORKS)),
      interactions: z.number().int(),
      impressions: z.number().int(),
    }),
  ),
  top_projects: z.array(
    z.object({ project_id: z.number().int(), title: z.string(), posts: z.number().int(), interactions: z.number().int(), impressions: z.number().int() }),
  ),
  /** Weekday (1 Monday … 7 Sunday) × hour (0–23) of publication in the studio's zone: posts and their interactions; only cells with posts. */
  grid: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), posts: z.number().int(), interactions: z.number().int() })),
  time_zone: z.string(),
});
export type Results = z.infer<typeof resultsSchema>;

/** The CSV's columns: stable English keys (decision 046), whatever the user's language. */
export const RESULTS_CSV_COLUMNS = ['post_id', 'project_id', 'project_title', 'network', 'published_at', 'read_at', 'text', ...POST_METRICS] as const;
