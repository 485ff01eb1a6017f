import type { NetworkMetrics, PostMetrics, ProjectNetworkFigures } from '../../../domain/post-metrics-schemas.ts';
import { POST_METRICS, type MetricsReason } from '../../../domain/post-metrics.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { readInstant } from '../../db/values.ts';
import { AppError } from '../../errors.ts';
import type { Kysely } from 'kysely';
import { READ_METRICS_INTERVAL_MINUTES } from './read-metrics-job.ts';
import { READ_METRICS_SUBJECT, findLatestReadingsOfPosts, findPostOwner, sumLatestByProject } from './repo.ts';
import { type RecurringJob, enqueueRecurringJob, scheduleRecurringJob } from '../../jobs/recurring-job.ts';

/**
 * The posts' figures (issue 26, decision 045): the read-metrics job (read-metrics-job.ts) and what the
 * app reads of them. Other features and app.ts use this file only.
 */
export { type MetricsDependencies, createReadMetricsHandler } from './read-metrics-job.ts';

export interface MetricsReadDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
}

/**
 * GET /api/posts/:id/metrics: per network, the latest figures with when they were read, and why the
 * latest attempt gave none when it is later. Who may: as GET /api/posts/:id (an administrator every
 * post, a customer their own: others 404; other roles 403).
 */
export async function getPostMetrics(deps: MetricsReadDependencies, actor: SessionUser, postId: number): Promise<PostMetrics> {
  if (actor.role !== 'admin' && actor.role !== 'customer') throw new AppError('FORBIDDEN', 'Posts are available to administrators and customers only');
  const post = await findPostOwner(deps.db, postId);
  if (!post || (actor.role !== 'admin' && post.owner_id !== actor.id)) throw new AppError('NOT_FOUND', `Post with id ${postId} not found`);
  return { networks: (await latestMetricsOfPosts(deps, [postId])).get(postId) ?? [] };
}

type ReadingsOfPosts = Awaited<ReturnType<typeof findLatestReadingsOfPosts>>;
type ScheduleRow = ReadingsOfPosts['schedules'][number];
type ReadingRow = ReadingsOfPosts['latest'][number];

/** One post's figures per network from its schedules (newest round first) and readings. */
function networksOf(schedules: ScheduleRow[], latest: ReadingRow[], attempts: ReadingRow[]): NetworkMetrics[] {
  const iso = (value: string | Date | null) => (value === null ? null : readInstant(value).toISOString());
  const networks: NetworkMetrics[] = [];
  for (const schedule of schedules) {
    if (networks.some((entry) => entry.network === schedule.network)) continue;
    const figuresRow = latest.find((row) => row.network === schedule.network && row.remote_id === schedule.remote_id);
    const attempt = attempts.find((row) => row.network === schedule.network && row.remote_id === schedule.remote_id);
    const reasonRow = attempt && attempt.outcome !== 'read' ? attempt : undefined;
    const unavailableOf = (text: string | null | undefined) => (text ? (JSON.parse(text) as Record<string, string>) : {});
    networks.push({
      network: schedule.network as NetworkMetrics['network'],
      published_at: iso(schedule.published_at)!,
      figures: figuresRow ? (Object.fromEntries(POST_METRICS.map((metric) => [metric, figuresRow[metric]])) as NetworkMetrics['figures']) : null,
      read_at: figuresRow ? iso(figuresRow.read_at) : null,
      unavailable: { ...unavailableOf(figuresRow?.unavailable), ...unavailableOf(reasonRow?.unavailable) },
      reason: (reasonRow?.reason as MetricsReason | null | undefined) ?? null,
      reason_at: reasonRow ? iso(reasonRow.read_at) : null,
      next_read_at: iso(schedule.next_read_at),
    });
  }
  return networks;
}

/**
 * The latest figures of many posts at once, per post (the posts list, the calendar): three queries for
 * all of them. The caller has already decided who may see the posts.
 */
export async function latestMetricsOfPosts(deps: MetricsReadDependencies, postIds: number[]): Promise<Map<number, NetworkMetrics[]>> {
  const { schedules, latest, attempts } = await findLatestReadingsOfPosts(deps.db, deps.dialect, postIds);
  const group = <T extends { post_id: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const row of rows) map.set(row.post_id, [...(map.get(row.post_id) ?? []), row]);
    return map;
  };
  const schedulesOf = group(schedules);
  const latestOf = group(latest);
  const attemptsOf = group(attempts);
  const out = new Map<number, NetworkMetrics[]>();
  for (const [postId, rows] of schedulesOf) out.set(postId, networksOf(rows, latestOf.get(postId) ?? [], attemptsOf.get(postId) ?? []));
  return out;
}

/** The sum of the latest figures of each project's posts, per network (issue 26 item 2). */
export async function projectFiguresOf(deps: MetricsReadDependencies, projectIds: number[]): Promise<Map<number, ProjectNetworkFigures[]>> {
  const rows = await sumLatestByProject(deps.db, deps.dialect, projectIds);
  const out = new Map<number, ProjectNetworkFigures[]>();
  for (const row of rows) {
    const figures = Object.fromEntries(
      POST_METRICS.map((metric) => [metric, row[metric] === null ? null : Number(row[metric])]),
    ) as ProjectNetworkFigures['figures'];
    const entry: ProjectNetworkFigures = {
      network: row.network as ProjectNetworkFigures['network'],
      posts: Number(row.posts),
      figures,
      read_at: row.read_at === null ? null : readInstant(row.read_at as string | Date).toISOString(),
    };
    out.set(row.project_id, [...(out.get(row.project_id) ?? []), entry]);
  }
  return out;
}

/** The read-metrics run: one at a time, one attempt (what a run leaves is the next run's). */
const READ_METRICS_RUN: RecurringJob = { kind: 'read-metrics', subject: READ_METRICS_SUBJECT, maxAttempts: 1 };

/** Queues a read-metrics job now and every READ_METRICS_INTERVAL_MINUTES (main.ts); answers the stop. */
export function scheduleMetricReads(deps: Parameters<typeof scheduleRecurringJob>[0]): () => void {
  return scheduleRecurringJob(deps, { ...READ_METRICS_RUN, intervalMinutes: READ_METRICS_INTERVAL_MINUTES });
}

/** Queues one read-metrics job unless one is queued or running; true when it queued one. */
export function enqueueMetricReads(db: Kysely<Database>, dialect: Dialect, at: Date): Promise<boolean> {
  return enqueueRecurringJob(db, dialect, READ_METRICS_RUN, at);
}
