import { type Kysely, sql } from 'kysely';
import type { ProjectState } from '../../../domain/project.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { flagWriter, readFlag } from '../../db/values.ts';

/**
 * The dashboard's SQL. Every query reads a bounded number of rows, however large the studio: items
 * come with a LIMIT along an index, counts are the lists' own counters or stop at a limit, and the one
 * scan that has to test rows one by one (ready drafts) looks at a bounded window. Who sees what is the lists' rule:
 * posts by owner (posts/repo.ts), projects created by or assigned to the user (projects/repo.ts).
 */

/** Who is asking: an admin sees every post and project; others the posts they own and the projects they created or were assigned. */
export interface Viewer {
  id: string;
  seesAll: boolean;
}

/**
 * Migration 011's partial indexes hold exactly these rows; the conditions are written as the indexes'
 * own, constants and all (a bound parameter would not let SQLite match them).
 */
const NEEDS_ATTENTION = sql<boolean>`post_results.status in ('failed', 'unknown')`;
const SCHEDULED = sql<boolean>`posts.state = 'scheduled'`;

function ownPosts(db: Kysely<Database>, viewer: Viewer) {
  return db.selectFrom('posts').$if(!viewer.seesAll, (query) => query.where('posts.owner_id', '=', viewer.id));
}

/**
 * Posts as each item shows them (project title, owner), in the order of `ids`: the ids are chosen first
 * along an index, then only those rows are read, as the posts list does (posts/repo.ts).
 */
export async function findPostItems(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('posts')
    .innerJoin('projects', 'projects.id', 'posts.project_id')
    .leftJoin('users as owner', 'owner.id', 'posts.owner_id')
    .select([
      'posts.id as post_id',
      'posts.project_id',
      'posts.sequence',
      'posts.state',
      'posts.created_at',
      'posts.owner_id',
      'posts.publish_on',
      'posts.publish_time',
      'posts.to_instagram',
      'posts.to_linkedin',
      'posts.to_facebook',
      'projects.title as project_title',
      'owner.first_name as owner_first_name',
      'owner.last_name as owner_last_name',
      'owner.email as owner_email',
    ])
    .where('posts.id', 'in', ids)
    .execute();
  const byId = new Map(
    rows.map((row) => [
      row.post_id,
      { ...row, to_instagram: readFlag(row.to_instagram), to_linkedin: readFlag(row.to_linkedin), to_facebook: readFlag(row.to_facebook) },
    ]),
  );
  // A post deleted between the two reads is simply left out.
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}
export type PostItemRow = Awaited<ReturnType<typeof findPostItems>>[number];

/**
 * The viewer's failed and needs-review results. CROSS JOIN keeps SQLite walking the few failures (the
 * partial index) and checking each one's post, rather than every post of the customer for failures;
 * PostgreSQL plans it as any join.
 */
function resultsNeedingAttention(db: Kysely<Database>, viewer: Viewer) {
  return db
    .selectFrom('post_results')
    .crossJoin('posts')
    .whereRef('posts.id', '=', 'post_results.post_id')
    .where(NEEDS_ATTENTION)
    .$if(!viewer.seesAll, (query) => query.where('posts.owner_id', '=', viewer.id));
}

/** Newest first; the caller reads up to one more than it counts, and shows the first few. */
export function listFailedResults(db: Kysely<Database>, viewer: Viewer, limit: number) {
  return resultsNeedingAttention(db, viewer)
    .select([
      'post_results.post_id',
      'post_results.network',
      'post_results.status',
      'post_results.error',
      'post_results.error_code',
      'post_results.attempts',
      'post_results.finished_at',
    ])
    .orderBy('post_results.finished_at', 'desc')
    .orderBy('post_results.post_id', 'desc')
    .orderBy('post_results.network', 'desc')
    .limit(limit)
    .execute();
}

/** The next posts to go out: by day and time, then in the order they were written. */
export async function nextScheduledIds(db: Kysely<Database>, viewer: Viewer, limit: number): Promise<number[]> {
  const rows = await ownPosts(db, viewer)
    .select('posts.id')
    .where(SCHEDULED)
    .orderBy('posts.publish_on')
    .orderBy('posts.publish_at')
    .orderBy('posts.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The newest previews, in the posts list's own order (newest first, a project's posts in sequence). */
export async function newestPreviewIds(db: Kysely<Database>, viewer: Viewer, limit: number): Promise<number[]> {
  const rows = await ownPosts(db, viewer)
    .select('posts.id')
    .where('posts.state', '=', 'preview')
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Posts awaiting approval, in the posts list's own order (newest first, then id), as the chip filtered to them shows them. */
export async function awaitingApprovalIds(db: Kysely<Database>, viewer: Viewer, limit: number): Promise<number[]> {
  const rows = await ownPosts(db, viewer)
    .select('posts.id')
    .where('posts.state', '=', 'awaiting_approval')
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** When approval was asked for these posts, and by whom (null once that user is gone). */
export function findApprovalAsks(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('posts')
    .leftJoin('users as asker', 'asker.id', 'posts.approval_asked_by')
    .select([
      'posts.id as post_id',
      'posts.approval_asked_at',
      'asker.id as asker_id',
      'asker.first_name as asker_first_name',
      'asker.last_name as asker_last_name',
      'asker.email as asker_email',
    ])
    .where('posts.id', 'in', ids)
    .execute();
}

/**
 * For each post, how many come before it in the posts list filtered to its state (newest first, then
 * id), counted up to `limit` along the list's own index: where the dashboard's link opens the list.
 * One statement for all of them.
 */
export async function countPostsBefore(
  db: Kysely<Database>,
  viewer: Viewer,
  posts: { id: number; state: string; created_at: Date | string }[],
  limit: number,
): Promise<number[]> {
  if (posts.length === 0) return [];
  const before = (post: (typeof posts)[number]) =>
    ownPosts(db, viewer)
      .select('posts.id')
      .where('posts.state', '=', post.state)
      // The range first, so that the walk along the index ends at the post (the OR alone bounds nothing).
      .where('posts.created_at', '>=', post.created_at)
      .where((eb) =>
        eb.or([eb('posts.created_at', '>', post.created_at), eb.and([eb('posts.created_at', '=', post.created_at), eb('posts.id', '<', post.id)])]),
      )
      .limit(limit);
  const row = await db
    .selectNoFrom((eb) =>
      posts.map((post, index) =>
        eb
          .selectFrom(before(post).as('before'))
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .as(`post${index}`),
      ),
    )
    .executeTakeFirstOrThrow();
  const counts = row as Record<string, number | string | null>;
  return posts.map((_, index) => Number(counts[`post${index}`] ?? 0));
}

/**
 * Connections that expire before `horizon` or were lost: closed by the app (a refused or expired token)
 * rather than disconnected by their user, or still open with a token already expired. The user's own
 * first, then lost before expiring, soonest first. A table of at most two rows per user.
 */
function connectionAlerts(db: Kysely<Database>, dialect: Dialect, viewer: Viewer, horizon: string) {
  const flag = flagWriter(dialect);
  return db
    .selectFrom('social_connections')
    .innerJoin('users', 'users.id', 'social_connections.user_id')
    .$if(!viewer.seesAll, (query) => query.where('social_connections.user_id', '=', viewer.id))
    .where('social_connections.connected_at', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('social_connections.is_connected', '=', flag(true)), eb('social_connections.token_expires_at', '<=', horizon)]),
        eb.and([eb('social_connections.is_connected', '=', flag(false)), eb('social_connections.disconnected_at', 'is', null)]),
      ]),
    );
}

export async function listConnectionAlerts(db: Kysely<Database>, dialect: Dialect, viewer: Viewer, horizon: string, limit: number) {
  const rows = await connectionAlerts(db, dialect, viewer, horizon)
    .select([
      'social_connections.id',
      'social_connections.network',
      'social_connections.is_connected',
      'social_connections.account_name',
      'social_connections.token_expires_at',
      'social_connections.user_id',
      'users.first_name',
      'users.last_name',
      'users.email',
    ])
    .orderBy(sql`case when social_connections.user_id = ${viewer.id} then 0 else 1 end`)
    .orderBy('social_connections.is_connected')
    .orderBy('social_connections.token_expires_at')
    .orderBy('social_connections.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, is_connected: readFlag(row.is_connected) }));
}
export type ConnectionAlertRow = Awaited<ReturnType<typeof listConnectionAlerts>>[number];

/**
 * The viewer's projects in one state (or all), newest first, at most `limit`. A customer's or
 * publisher's are read as two halves, each along its own index (migration 010's (created_by, state,
 * created_at, id) and (assigned_to, ...), or 003's without the state), and merged: "created by or
 * assigned to me" has no single index.
 */
function newestOwnProjects(db: Kysely<Database>, viewer: Viewer, state: ProjectState | undefined, limit: number) {
  if (viewer.seesAll) {
    return db
      .selectFrom((eb) =>
        eb
          .selectFrom('projects')
          .select(['projects.id', 'projects.created_at'])
          .$if(state !== undefined, (query) => query.where('projects.state', '=', state!))
          .orderBy('projects.created_at', 'desc')
          .orderBy('projects.id', 'desc')
          .limit(limit)
          .as('visible'),
      )
      .selectAll();
  }
  const half = (column: 'projects.created_by' | 'projects.assigned_to') =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('projects')
          .select(['projects.id', 'projects.created_at'])
          .where(column, '=', viewer.id)
          .$if(state !== undefined, (query) => query.where('projects.state', '=', state!))
          .orderBy('projects.created_at', 'desc')
          .orderBy('projects.id', 'desc')
          .limit(limit)
          .as('half'),
      )
      .selectAll();
  // union, not union all: a project both created by and assigned to the user counts once.
  return db
    .selectFrom(half('projects.created_by').union(half('projects.assigned_to')).as('visible'))
    .selectAll()
    .orderBy('visible.created_at', 'desc')
    .orderBy('visible.id', 'desc')
    .limit(limit);
}

export async function listNewestProjects(db: Kysely<Database>, viewer: Viewer, limit: number) {
  const ids = await db
    .selectFrom(newestOwnProjects(db, viewer, undefined, limit).as('newest'))
    .select('newest.id')
    .orderBy('newest.created_at', 'desc')
    .orderBy('newest.id', 'desc')
    .limit(limit)
    .execute();
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('projects')
    .select(['id', 'title', 'state', 'created_at'])
    .where(
      'id',
      'in',
      ids.map((row) => row.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((row) => byId.get(row.id) ?? []);
}

/**
 * Drafts a launch would take (generation/service.ts launchProject): at least as many selected images
 * as posts to write, and a customer to own the posts. Only the newest `window` drafts are looked at:
 * whether a draft is ready is known only by counting its images.
 */
export async function findReadyDrafts(db: Kysely<Database>, viewer: Viewer, window: number, limit: number) {
  const drafts = newestOwnProjects(db, viewer, 'draft', window);
  const rows = await db
    .selectFrom(drafts.as('draft'))
    .innerJoin('projects', 'projects.id', 'draft.id')
    .select([
      'projects.id',
      'projects.title',
      'projects.publications',
      'projects.created_at',
      (eb) =>
        eb
          .selectFrom('project_images')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .whereRef('project_images.project_id', '=', 'projects.id')
          .where('project_images.status', '=', 'pending')
          .as('selected_images'),
    ])
    .select(['projects.created_by', 'projects.assigned_to'])
    .orderBy('projects.created_at', 'desc')
    .orderBy('projects.id', 'desc')
    .execute();
  const ready = rows.filter((row) => (row.created_by !== null || row.assigned_to !== null) && Number(row.selected_images ?? 0) >= row.publications);
  return {
    scanned: rows.length,
    readyCount: ready.length,
    items: ready.slice(0, limit).map((row) => ({
      id: row.id,
      title: row.title,
      publications: row.publications,
      created_at: row.created_at,
      selected_images: Number(row.selected_images ?? 0),
    })),
  };
}
