import { type Kysely, sql } from 'kysely';
import { POST_METRICS, type PostMetric } from '../../../domain/post-metrics.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** SQL of the Results page (decision 046): the latest figures (migration 025's `latest`) of a period's posts. */
export interface ResultsScope {
  /** Publication instants, ISO: from included, to excluded. */
  from: string;
  to: string;
  /** The posts' owner; every owner when undefined (an administrator's whole studio). */
  ownerId: string | undefined;
}

function latestOfScope(db: Kysely<Database>, dialect: Dialect, scope: ResultsScope) {
  let query = db
    .selectFrom('post_metrics as m')
    .innerJoin('posts as p', 'p.id', 'm.post_id')
    // Written as migration 025's and 027's partial indexes are (a bound parameter would not match them on SQLite).
    .where(dialect === 'postgres' ? sql<boolean>`m.latest` : sql<boolean>`m.latest = 1`)
    .where('m.published_at', '>=', scope.from)
    .where('m.published_at', '<', scope.to);
  if (scope.ownerId !== undefined) query = query.where('p.owner_id', '=', scope.ownerId);
  return query;
}

const total = (metric: PostMetric) => sql<string | number>`coalesce(sum(${sql.ref(`m.${metric}`)}), 0)`.as(metric);
const sums = POST_METRICS.map(total);

export type Sums = Record<PostMetric, number>;
function toSums(row: Record<string, unknown>): Sums {
  return Object.fromEntries(POST_METRICS.map((metric) => [metric, Number(row[metric] ?? 0)])) as Sums;
}

/** Per network: posts with figures and the sums of their latest figures. */
export async function totalsByNetwork(db: Kysely<Database>, dialect: Dialect, scope: ResultsScope) {
  const rows = await latestOfScope(db, dialect, scope)
    .select(['m.network', sql<string | number>`count(distinct m.post_id)`.as('posts'), ...sums])
    .groupBy('m.network')
    .execute();
  return rows.map((row) => ({ network: row.network, posts: Number(row.posts), figures: toSums(row) }));
}

/** The figures of each post and network of the period with when it was published: the chart, the grid and the best times to post. */
export async function publishedFigures(db: Kysely<Database>, dialect: Dialect, scope: ResultsScope) {
  return latestOfScope(db, dialect, scope).select(['m.post_id', 'm.network', 'm.published_at', 'm.impressions', 'm.reach', 'm.interactions']).execute();
}

/** The 5 posts with the most interactions (all networks summed), then the most impressions, then the newest. */
export async function topPosts(db: Kysely<Database>, dialect: Dialect, scope: ResultsScope, limit = 5) {
  const rows = await latestOfScope(db, dialect, scope)
    .innerJoin('projects as pr', 'pr.id', 'p.project_id')
    .select([
      'm.post_id',
      'p.project_id',
      'pr.title as project_title',
      'p.text',
      sql<string | Date>`min(m.published_at)`.as('published_at'),
      sql<string>`${sql.raw(dialect === 'postgres' ? "string_agg(distinct m.network, ',')" : 'group_concat(distinct m.network)')}`.as('networks'),
      total('interactions'),
      total('impressions'),
    ])
    .groupBy(['m.post_id', 'p.project_id', 'pr.title', 'p.text'])
    .orderBy(sql`coalesce(sum(m.interactions), 0)`, 'desc')
    .orderBy(sql`coalesce(sum(m.impressions), 0)`, 'desc')
    .orderBy('m.post_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    networks: String(row.networks).split(',').sort(),
    interactions: Number(row.interactions),
    impressions: Number(row.impressions),
  }));
}

/** The 5 projects whose posts of the period have the most interactions. */
export async function topProjects(db: Kysely<Database>, dialect: Dialect, scope: ResultsScope, limit = 5) {
  const rows = await latestOfScope(db, dialect, scope)
    .innerJoin('projects as pr', 'pr.id', 'm.project_id')
    .select(['m.project_id', 'pr.title', sql<string | number>`count(distinct m.post_id)`.as('posts'), total('interactions'), total('impressions')])
    .groupBy(['m.project_id', 'pr.title'])
    .orderBy(sql`coalesce(sum(m.interactions), 0)`, 'desc')
    .orderBy(sql`coalesce(sum(m.impressions), 0)`, 'desc')
    .orderBy('m.project_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, posts: Number(row.posts), interactions: Number(row.interactions), impressions: Number(row.impressions) }));
}

/** Where a CSV page ends: its last row's publication instant (as stored), post and network. */
export interface ExportCursor {
  published_at: string | Date;
  post_id: number;
  network: string;
}

/**
 * A page of the CSV's rows (a post's latest figures on a network) in publication order, then post, then
 * network, after the cursor given (keyset: the next page starts from migration 027's index, never by offset).
 */
export async function exportPage(db: Kysely<Database>, dialect: Dialect, scope: ResultsScope, after: ExportCursor | undefined, limit: number) {
  let query = latestOfScope(db, dialect, scope)
    .innerJoin('projects as pr', 'pr.id', 'm.project_id')
    .select([
      'm.post_id',
      'm.project_id',
      'pr.title as project_title',
      'm.network',
      'm.published_at',
      'm.read_at',
      'p.text',
      ...POST_METRICS.map((metric) => `m.${metric}` as const),
    ]);
  if (after) query = query.where(sql<boolean>`(m.published_at, m.post_id, m.network) > (${after.published_at}, ${after.post_id}, ${after.network})`);
  return query.orderBy('m.published_at').orderBy('m.post_id').orderBy('m.network').limit(limit).execute();
}

/** Each post's first image (its lowest position), the key of its LinkedIn copy (a JPEG or PNG): the monthly report shows it. */
export async function firstImageKeys(db: Kysely<Database>, postIds: number[]): Promise<Map<number, string>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('post_images')
    .select(['post_id', 'position', 'linkedin_key', 'instagram_key'])
    .where('post_id', 'in', postIds)
    .orderBy('post_id')
    .orderBy('position')
    .execute();
  const keys = new Map<number, string>();
  for (const row of rows) if (!keys.has(row.post_id)) keys.set(row.post_id, row.linkedin_key || row.instagram_key);
  return keys;
}

/** A report's customer: who the report is of, named as the app names them, and in which language. */
export async function findReportCustomer(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'email', 'name', 'first_name', 'last_name', 'company', 'language', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The customers with a post published (with figures or not) between two instants (from included): the monthly e-mail's recipients. */
export async function customersWithPublishedPosts(db: Kysely<Database>, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.owner_id')
    .select('p.owner_id')
    .distinct()
    .where('u.role', '=', 'customer')
    .where('p.published_at', '>=', from)
    .where('p.published_at', '<', to)
    .orderBy('p.owner_id')
    .execute();
  return rows.map((row) => row.owner_id!);
}
