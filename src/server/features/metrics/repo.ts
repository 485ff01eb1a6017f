import type { Kysely } from 'kysely';
import type { PostMetric } from '../../../domain/post-metrics.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { flagWriter, readInstant } from '../../db/values.ts';
import { READ_STEPS_MS, readingDueAt } from './pacing.ts';

/** SQL of the posts' figures (migration 025, decision 045). */
export const READ_METRICS_SUBJECT = 'read-metrics';
const LAST_STEP_MS = READ_STEPS_MS[READ_STEPS_MS.length - 1]!;

/**
 * Gives each published result (a round: its remote id) that has none its reading schedule, whatever made it
 * published (the publish job, a "needs review" marked published). Results published before the last step
 * are left out. Answers how many were added.
 */
export async function scheduleNewResults(db: Kysely<Database>, now: Date, limit = 500): Promise<number> {
  const since = new Date(now.getTime() - LAST_STEP_MS).toISOString();
  const rows = await db
    .selectFrom('post_results as r')
    .innerJoin('posts as p', 'p.id', 'r.post_id')
    .leftJoin('post_metric_reads as m', (join) =>
      join.onRef('m.post_id', '=', 'r.post_id').onRef('m.network', '=', 'r.network').onRef('m.remote_id', '=', 'r.remote_id'),
    )
    .select(['r.post_id', 'r.network', 'r.remote_id', 'r.target_id', 'r.finished_at', 'p.published_at'])
    .where('r.status', '=', 'posted')
    .where('r.remote_id', 'is not', null)
    .where('m.post_id', 'is', null)
    .where((eb) => eb.or([eb('r.finished_at', '>=', since), eb.and([eb('r.finished_at', 'is', null), eb('p.published_at', '>=', since)])]))
    .limit(limit)
    .execute();
  for (const row of rows) {
    const published = readInstant(row.finished_at ?? row.published_at ?? now.toISOString());
    await db
      .insertInto('post_metric_reads')
      .values({
        post_id: row.post_id,
        network: row.network,
        remote_id: row.remote_id!,
        target_id: row.target_id,
        published_at: published.toISOString(),
        next_read_at: readingDueAt(published, 0)!.toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['post_id', 'network', 'remote_id']).doNothing())
      .execute();
  }
  return rows.length;
}

export interface DueRead {
  post_id: number;
  project_id: number;
  owner_id: string | null;
  network: string;
  remote_id: string;
  target_id: string | null;
  published_at: Date;
  step: number;
  failures: number;
  unsupported: string[];
}

/** The readings due by `now`, oldest first. */
export async function findDueReads(db: Kysely<Database>, now: Date, limit: number): Promise<DueRead[]> {
  const rows = await db
    .selectFrom('post_metric_reads as m')
    .innerJoin('posts as p', 'p.id', 'm.post_id')
    .select(['m.post_id', 'p.project_id', 'p.owner_id', 'm.network', 'm.remote_id', 'm.target_id', 'm.published_at', 'm.step', 'm.failures', 'm.unsupported'])
    .where('m.next_read_at', 'is not', null)
    .where('m.next_read_at', '<=', now.toISOString())
    .orderBy('m.next_read_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    published_at: readInstant(row.published_at),
    unsupported: row.unsupported ? (JSON.parse(row.unsupported) as string[]) : [],
  }));
}

export type Figures = Partial<Record<PostMetric, number>>;

export interface Reading {
  outcome: 'read' | 'not_yet' | 'unavailable' | 'failed';
  reason: string | null;
  figures: Figures;
  /** Metric → why it could not be read. */
  unavailable: Record<string, string>;
}

/**
 * Records a reading and moves the schedule on, in one transaction: the new `read` row becomes the
 * latest of its post and network. `next`: the schedule's step, failures, due time and refused metrics.
 */
export async function recordReading(
  db: Kysely<Database>,
  dialect: Dialect,
  read: DueRead,
  reading: Reading,
  next: { step: number; failures: number; nextReadAt: Date | null; unsupported: string[] },
  now: Date,
): Promise<void> {
  const flag = flagWriter(dialect);
  await db.transaction().execute(async (trx) => {
    if (reading.outcome === 'read') {
      await trx
        .updateTable('post_metrics')
        .set({ latest: flag(false) })
        .where('post_id', '=', read.post_id)
        .where('network', '=', read.network)
        .where('latest', '=', flag(true))
        .execute();
    }
    await trx
      .insertInto('post_metrics')
      .values((eb) => ({
        post_id: read.post_id,
        project_id: read.project_id,
        // The post's owner as it is now, in this transaction (migration 028: the Results sums per owner).
        owner_id: eb.selectFrom('posts').select('owner_id').where('id', '=', read.post_id),
        network: read.network,
        remote_id: read.remote_id,
        published_at: read.published_at.toISOString(),
        read_at: now.toISOString(),
        outcome: reading.outcome,
        reason: reading.reason,
        unavailable: Object.keys(reading.unavailable).length > 0 ? JSON.stringify(reading.unavailable) : null,
        latest: flag(reading.outcome === 'read'),
        ...reading.figures,
      }))
      .execute();
    await moveSchedule(trx, read, next);
  });
}

/** Moves a reading's schedule without recording anything (a paused account: the same step later). */
export async function moveSchedule(
  db: Kysely<Database>,
  read: Pick<DueRead, 'post_id' | 'network' | 'remote_id'>,
  next: { step: number; failures: number; nextReadAt: Date | null; unsupported: string[] },
): Promise<void> {
  await db
    .updateTable('post_metric_reads')
    .set({
      step: next.step,
      failures: next.failures,
      next_read_at: next.nextReadAt?.toISOString() ?? null,
      unsupported: next.unsupported.length > 0 ? JSON.stringify(next.unsupported) : null,
    })
    .where('post_id', '=', read.post_id)
    .where('network', '=', read.network)
    .where('remote_id', '=', read.remote_id)
    .execute();
}

/** The post's owner, or undefined when there is no such post. */
export async function findPostOwner(db: Kysely<Database>, postId: number): Promise<{ owner_id: string | null } | undefined> {
  return db.selectFrom('posts').select('owner_id').where('id', '=', postId).executeTakeFirst();
}

/**
 * The posts' schedules and readings for many posts at once (the posts list and calendar, the project
 * sums): three indexed queries, whatever the number of posts.
 */
export async function findLatestReadingsOfPosts(db: Kysely<Database>, dialect: Dialect, postIds: number[]) {
  if (postIds.length === 0) return { schedules: [], latest: [], attempts: [] };
  const flag = flagWriter(dialect);
  const [schedules, latest, attempts] = await Promise.all([
    db
      .selectFrom('post_metric_reads')
      .select(['post_id', 'network', 'remote_id', 'published_at', 'next_read_at'])
      .where('post_id', 'in', postIds)
      .orderBy('published_at', 'desc')
      .execute(),
    db.selectFrom('post_metrics').selectAll().where('post_id', 'in', postIds).where('latest', '=', flag(true)).execute(),
    db
      .selectFrom('post_metrics as m')
      .selectAll('m')
      .where('m.post_id', 'in', postIds)
      .where('m.read_at', '=', (eb) =>
        eb
          .selectFrom('post_metrics as n')
          .select((n) => n.fn.max('n.read_at').as('at'))
          .whereRef('n.post_id', '=', 'm.post_id')
          .whereRef('n.network', '=', 'm.network'),
      )
      .execute(),
  ]);
  return { schedules, latest, attempts };
}

/** Sums of the latest figures per project and network (the projects' figures, issue 26 item 2). */
export async function sumLatestByProject(db: Kysely<Database>, dialect: Dialect, projectIds: number[]) {
  if (projectIds.length === 0) return [];
  const flag = flagWriter(dialect);
  return db
    .selectFrom('post_metrics')
    .select((eb) => [
      'project_id',
      'network',
      eb.fn.count<number | string>('post_id').as('posts'),
      eb.fn.max('read_at').as('read_at'),
      eb.fn.sum<number | string | null>('impressions').as('impressions'),
      eb.fn.sum<number | string | null>('reach').as('reach'),
      eb.fn.sum<number | string | null>('reactions').as('reactions'),
      eb.fn.sum<number | string | null>('comments').as('comments'),
      eb.fn.sum<number | string | null>('shares').as('shares'),
      eb.fn.sum<number | string | null>('saves').as('saves'),
      eb.fn.sum<number | string | null>('clicks').as('clicks'),
      eb.fn.sum<number | string | null>('interactions').as('interactions'),
    ])
    .where('project_id', 'in', projectIds)
    .where('latest', '=', flag(true))
    .groupBy(['project_id', 'network'])
    .execute();
}
