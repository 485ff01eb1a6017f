import { type Kysely, sql } from 'kysely';
import { POST_METRICS, type PostMetric } from '../../../domain/post-metrics.ts';
import { POST_NETWORKS } from '../../../domain/post-rules.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { readInstant } from '../../db/values.ts';

/**
 * SQL of the Results page (decisions 046 and 049): the latest figures (migration 025's `latest`) of a
 * period's posts, read from the sums migration 028's triggers keep per hour and per post.
 */
export interface ResultsScope {
  /** Publication instants, ISO: from included, to excluded. */
  from: string;
  to: string;
  /** The posts' owner; every owner when undefined (an administrator's whole studio). */
  ownerId: string | undefined;
}

const HOUR_MS = 3_600_000;

/**
 * The UTC hours a period covers whole (read from `results_hourly`), and the parts of an hour at its ends,
 * which only a studio zone whose offset is not whole hours has (read from the readings themselves).
 */
function hoursOf(scope: ResultsScope): { whole: ResultsScope | null; edges: ResultsScope[] } {
  const from = Date.parse(scope.from);
  const to = Date.parse(scope.to);
  const firstHour = Math.ceil(from / HOUR_MS) * HOUR_MS;
  const lastHour = Math.floor(to / HOUR_MS) * HOUR_MS;
  if (firstHour >= lastHour) return { whole: null, edges: [scope] };
  const iso = (ms: number) => new Date(ms).toISOString();
  const edges = [...(from < firstHour ? [{ ...scope, to: iso(firstHour) }] : []), ...(lastHour < to ? [{ ...scope, from: iso(lastHour) }] : [])];
  return { whole: { ...scope, from: iso(firstHour), to: iso(lastHour) }, edges };
}

/** A period's latest readings, one row per post and network. */
function latestOfScope(db: Kysely<Database>, dialect: Dialect, scope: ResultsScope) {
  let query = db
    .selectFrom('post_metrics as m')
    // Written as migration 025's, 027's and 028's partial indexes are (a bound parameter would not match them on SQLite).
    .where(dialect === 'postgres' ? sql<boolean>`m.latest` : sql<boolean>`m.latest = 1`)
    .where('m.published_at', '>=', scope.from)
    .where('m.published_at', '<', scope.to);
  if (scope.ownerId !== undefined) query = query.where('m.owner_id', '=', scope.ownerId);
  return query;
}

/** A period's hours of the studio ('') or of an owner, for one network or '*' (every network, each post once). */
function hoursOfScope(db: Kysely<Database>, scope: ResultsScope, network: 'networks' | '*') {
  return (
    db
      .selectFrom('results_hourly as h')
      .where('h.scope', '=', scope.ownerId ?? '')
      // Named, not `<> '*'`: the key's (scope, network, hour) range.
      .where('h.network', 'in', network === '*' ? ['*'] : [...POST_NETWORKS])
      .where('h.hour', '>=', scope.from)
      .where('h.hour', '<', scope.to)
  );
}

/** A period's posts with figures, each with the sums over its networks. */
function postsOfScope(db: Kysely<Database>, scope: ResultsScope) {
  let query = db.selectFrom('results_posts as rp').where('rp.published_at', '>=', scope.from).where('rp.published_at', '<', scope.to);
  if (scope.ownerId !== undefined) query = query.where('rp.owner_id', '=', scope.ownerId);
  return query;
}

const total = (metric: PostMetric, table = 'm') => sql<string | number>`coalesce(sum(${sql.ref(`${table}.${metric}`)}), 0)`.as(metric);

export type Sums = Record<PostMetric, number>;
function toSums(row: Record<string, unknown>): Sums {
  return Object.fromEntries(POST_METRICS.map((metric) => [metric, Number(row[metric] ?? 0)])) as Sums;
}

interface NetworkTotals {
  network: string;
  posts: number;
  figures: Sums;
}

/** Per network: posts with figures and the sums of their latest figures. */
export async function totalsByNetwork(db: Kysely<Database>, dialect: Dialect, scope: ResultsScope): Promise<NetworkTotals[]> {
  const { whole, edges } = hoursOf(scope);
  const parts = await Promise.all([
    ...(whole
      ? [
          hoursOfScope(db, whole, 'networks')
            .select(['h.network', sql<string | number>`sum(h.posts)`.as('posts'), ...POST_METRICS.map((metric) => total(metric, 'h'))])
            .groupBy('h.network')
            .execute(),
        ]
      : []),
    ...edges.map((edge) =>
      latestOfScope(db, dialect, edge)
        .select(['m.network', sql<string | number>`count(*)`.as('posts'), ...POST_METRICS.map((metric) => total(metric))])
        .groupBy('m.network')
        .execute(),
    ),
  ]);
  const byNetwork = new Map<string, NetworkTotals>();
  for (const row of parts.flat()) {
    const sums = toSums(row);
    const found = byNetwork.get(row.network);
    if (!found) byNetwork.set(row.network, { network: row.network, posts: Number(row.posts), figures: sums });
    else {
      found.posts += Number(row.posts);
      for (const metric of POST_METRICS) found.figures[metric] += sums[metric];
    }
  }
  return [...byNetwork.values()];
}

/** Posts published in an hour (or, at a period's partial ends, at an instant) with the sums of their figures over every network. */
export interface HourFigures {
  at: Date;
  posts: number;
  impressions: number;
  reach: number;
  interactions: number;
}

/** A period's figures by hour of publication (every network, each post once): the chart and the weekday × hour grid. */
export async function hourlyFigures(db: Kysely<Database>, scope: ResultsScope): Promise<HourFigures[]> {
  const { whole, edges } = hoursOf(scope);
  const parts = await Promise.all([
    ...(whole ? [hoursOfScope(db, whole, '*').select(['h.hour as at', 'h.posts', 'h.impressions', 'h.reach', 'h.interactions']).execute()] : []),
    ...edges.map((edge) =>
      postsOfScope(db, edge)
        .select(['rp.published_at as at', sql<number>`1`.as('posts'), 'rp.impressions', 'rp.reach', 'rp.interactions'])
        .execute(),
    ),
  ]);
  return parts.flat().map((row) => ({
    at: readInstant(row.at),
    posts: Number(row.posts),
    impressions: Number(row.impressions),
    reach: Number(row.reach),
    interactions: Number(row.interactions),
  }));
}

/** The figures of each post and network of the period with when it was published: the best times to post. */
export async function publishedFigures(db: Kysely<Database>, dialect: Dialect, scope: ResultsScope) {
  return latestOfScope(db, dialect, scope).select(['m.post_id', 'm.network', 'm.published_at', 'm.interactions']).execute();
}

/** The 5 posts with the most interactions (all networks summed), then the most impressions, then the newest. */
export async function topPosts(db: Kysely<Database>, dialect: Dialect, scope: ResultsScope, limit = 5) {
  // The 5 chosen in the period first, then joined: the joins read 5 posts, not the period's.
  const top = await db
    .selectFrom('results_posts as rp')
    .innerJoin('posts as p', 'p.id', 'rp.post_id')
    .innerJoin('projects as pr', 'pr.id', 'rp.project_id')
    .select(['rp.post_id', 'rp.project_id', 'pr.title as project_title', 'p.text', 'rp.published_at', 'rp.interactions', 'rp.impressions'])
    .where(
      'rp.post_id',
      'in',
      postsOfScope(db, scope)
        .select('rp.post_id')
        .orderBy('rp.interactions', 'desc')
        .orderBy('rp.impressions', 'desc')
        .orderBy('rp.post_id', 'desc')
        .limit(limit),
    )
    .orderBy('rp.interactions', 'desc')
    .orderBy('rp.impressions', 'desc')
    .orderBy('rp.post_id', 'desc')
    .execute();
  const networks = await networksOf(
    db,
    dialect,
    top.map((post) => post.post_id),
  );
  return top.map((row) => ({
    ...row,
    networks: networks.get(row.post_id) ?? [],
    interactions: Number(row.interactions),
    impressions: Number(row.impressions),
  }));
}

/** The networks each post has figures on, sorted. */
async function networksOf(db: Kysely<Database>, dialect: Dialect, postIds: number[]): Promise<Map<number, string[]>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('post_metrics as m')
    .select(['m.post_id', 'm.network'])
    .where('m.post_id', 'in', postIds)
    .where(dialect === 'postgres' ? sql<boolean>`m.latest` : sql<boolean>`m.latest = 1`)
    .orderBy('m.network')
    .execute();
  const networks = new Map<number, string[]>();
  for (const row of rows) networks.set(row.post_id, [...(networks.get(row.post_id) ?? []), row.network]);
  return networks;
}

/** The 5 projects whose posts of the period have the most interactions. */
export async function topProjects(db: Kysely<Database>, scope: ResultsScope, limit = 5) {
  const rows = await postsOfScope(db, scope)
    .select(['rp.project_id', sql<string | number>`count(*)`.as('posts'), total('interactions', 'rp'), total('impressions', 'rp')])
    .groupBy('rp.project_id')
    .orderBy(sql`coalesce(sum(rp.interactions), 0)`, 'desc')
    .orderBy(sql`coalesce(sum(rp.impressions), 0)`, 'desc')
    .orderBy('rp.project_id', 'desc')
    .limit(limit)
    .execute();
  const titles = new Map(
    rows.length === 0
      ? []
      : (
          await db
            .selectFrom('projects')
            .select(['id', 'title'])
            .where(
              'id',
              'in',
              rows.map((row) => row.project_id),
            )
            .execute()
        ).map((project) => [project.id, project.title]),
  );
  return rows.map((row) => ({
    project_id: row.project_id,
    title: titles.get(row.project_id) ?? '',
    posts: Number(row.posts),
    interactions: Number(row.interactions),
    impressions: Number(row.impressions),
  }));
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
    .innerJoin('posts as p', 'p.id', 'm.post_id')
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
