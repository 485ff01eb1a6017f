import type { Kysely } from 'kysely';
import {
  HOME_COUNT_LIMIT,
  HOME_ITEMS_LIMIT,
  type Home,
  type HomeAwaitingPost,
  type HomeConnectionAlert,
  type HomeFailedPublication,
  type HomeScheduledPost,
} from '../../../domain/home.ts';
import { POSTS_PAGE_SIZE, type PostState, postStateOf } from '../../../domain/post.ts';
import { PROJECT_STATES, type ProjectState } from '../../../domain/project.ts';
import { ROLES_WITH_POSTS, ROLES_WITH_PROJECTS } from '../../../domain/roles.ts';
import type { SocialNetwork } from '../../../domain/social.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { chosenNetworksOf, readInstant } from '../../db/values.ts';
import type { StudioCalendar } from '../../lib/studio-calendar.ts';
import { countPostsOf } from '../posts/service.ts';
import { countProjectsOf } from '../projects/service.ts';
import { monthFigures } from '../results/service.ts';
import {
  type ConnectionAlertRow,
  type PostItemRow,
  type Viewer,
  awaitingApprovalIds,
  countPostsBefore,
  findApprovalAsks,
  findPostItems,
  findReadyDrafts,
  listConnectionAlerts,
  listFailedResults,
  listNewestProjects,
  newestPreviewIds,
  nextScheduledIds,
} from './repo.ts';
import type { Clock } from '../../lib/clock.ts';

export interface HomeDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  /** "Today" is the studio's day. */
  calendar: StudioCalendar;
  /** The token refresh's window (TOKEN_REFRESH_WINDOW_DAYS): a connection expiring within it is warned of, as Settings and the e-mail do. */
  expiryWarningDays: number;
  now: Clock;
}

/** Drafts looked at for readiness: the newest ones (a ready draft is found by counting its images). */
const DRAFTS_LOOKED_AT = 50;
/** Posts counted to find a post's page in the list: 100 pages; past them the link opens the first. */
const POSTS_COUNTED_FOR_PAGE = POSTS_PAGE_SIZE * 100;
const DAY_MS = 86_400_000;

const counted = (found: number) => ({ count: Math.min(found, HOME_COUNT_LIMIT), atLeast: found > HOME_COUNT_LIMIT });

function ownerOf(row: { owner_id: string | null; owner_first_name: string | null; owner_last_name: string | null; owner_email: string | null }) {
  return row.owner_id ? { id: row.owner_id, first_name: row.owner_first_name ?? '', last_name: row.owner_last_name ?? '', email: row.owner_email ?? '' } : null;
}

function postReference(row: PostItemRow, page: number) {
  const state: PostState = postStateOf(row.state);
  return {
    post_id: row.post_id,
    project_id: row.project_id,
    project_title: row.project_title,
    sequence: row.sequence,
    owner: ownerOf(row),
    place: { state, page },
  };
}

/** For each post, the page of the posts list, filtered to the post's state, that shows it. */
async function pagesOf(deps: HomeDependencies, viewer: Viewer, posts: PostItemRow[]): Promise<number[]> {
  const before = await countPostsBefore(
    deps.db,
    viewer,
    posts.map((post) => ({ id: post.post_id, state: post.state, created_at: post.created_at })),
    POSTS_COUNTED_FOR_PAGE,
  );
  return before.map((count) => (count >= POSTS_COUNTED_FOR_PAGE ? 1 : Math.floor(count / POSTS_PAGE_SIZE) + 1));
}

async function failedPublications(deps: HomeDependencies, viewer: Viewer): Promise<Home['failedPublications']> {
  // One walk of the failures both counts them (up to 99+) and finds the newest.
  const found = await listFailedResults(deps.db, viewer, HOME_COUNT_LIMIT + 1);
  const results = found.slice(0, HOME_ITEMS_LIMIT);
  const posts = await findPostItems(
    deps.db,
    results.map((result) => result.post_id),
  );
  const pages = await pagesOf(deps, viewer, posts);
  const byId = new Map(posts.map((post, index) => [post.post_id, { post, page: pages[index]! }]));
  const items: HomeFailedPublication[] = [];
  for (const result of results) {
    const item = byId.get(result.post_id);
    // A post deleted meanwhile is left out.
    if (!item) continue;
    items.push({
      ...postReference(item.post, item.page),
      network: result.network === 'instagram' ? 'instagram' : 'linkedin',
      result: {
        status: result.status === 'unknown' ? 'unknown' : 'failed',
        error: result.error,
        error_code: result.error_code,
        attempts: result.attempts,
        finished_at: result.finished_at === null ? null : readInstant(result.finished_at).toISOString(),
      },
    });
  }
  return { ...counted(found.length), items };
}

/** How many there are is what the posts list's chips say (posts/service.ts countPostsOf). */
async function nextScheduled(deps: HomeDependencies, viewer: Viewer, counts: Record<PostState, number>): Promise<Home['nextScheduled']> {
  const ids = await nextScheduledIds(deps.db, viewer, HOME_ITEMS_LIMIT);
  const posts = await findPostItems(deps.db, ids);
  const pages = await pagesOf(deps, viewer, posts);
  const items: HomeScheduledPost[] = posts.map((post, index) => ({
    ...postReference(post, pages[index]!),
    publish_on: post.publish_on ?? '',
    publish_time: post.publish_time,
    networks: chosenNetworksOf(post),
  }));
  return { count: counts.scheduled, atLeast: false, items };
}

async function previews(deps: HomeDependencies, viewer: Viewer, counts: Record<PostState, number>): Promise<Home['previews']> {
  const ids = await newestPreviewIds(deps.db, viewer, HOME_ITEMS_LIMIT);
  // The newest previews in the list's own order: the n-th is on page n / 6 of the previews.
  const items = (await findPostItems(deps.db, ids)).map((post, index) => ({
    ...postReference(post, Math.floor(index / POSTS_PAGE_SIZE) + 1),
    created_at: readInstant(post.created_at).toISOString(),
  }));
  return { count: counts.preview, atLeast: false, items };
}

/**
 * Posts awaiting approval (issue 25): how many is what the posts list's chip says; the first few in the
 * list's order, with the page of the chip's list that shows each, and who asked and when.
 */
async function awaitingApproval(deps: HomeDependencies, viewer: Viewer, counts: Record<PostState, number>): Promise<Home['awaitingApproval']> {
  const count = counts.awaiting_approval;
  if (count === 0) return { count: 0, atLeast: false, items: [] };
  const ids = await awaitingApprovalIds(deps.db, viewer, HOME_ITEMS_LIMIT);
  const [posts, asks] = await Promise.all([findPostItems(deps.db, ids), findApprovalAsks(deps.db, ids)]);
  const askOf = new Map(asks.map((ask) => [ask.post_id, ask]));
  const items: HomeAwaitingPost[] = posts.map((post, index) => {
    const ask = askOf.get(post.post_id);
    return {
      // The n-th is on page n / 6 of the list filtered to awaiting approval, as the previews.
      ...postReference(post, Math.floor(index / POSTS_PAGE_SIZE) + 1),
      publish_on: post.publish_on,
      publish_time: post.publish_time,
      asked_at: ask?.approval_asked_at ? readInstant(ask.approval_asked_at).toISOString() : null,
      asked_by: ask?.asker_id
        ? { id: ask.asker_id, first_name: ask.asker_first_name ?? '', last_name: ask.asker_last_name ?? '', email: ask.asker_email ?? '' }
        : null,
    };
  });
  return { count, atLeast: false, items };
}

function toConnectionAlert(row: ConnectionAlertRow, actor: SessionUser, now: Date): HomeConnectionAlert {
  const expiresAt = row.token_expires_at === null ? null : readInstant(row.token_expires_at);
  // An open connection whose token has expired is as good as lost: Settings shows it not connected.
  const expiring = row.is_connected && expiresAt !== null && expiresAt > now;
  return {
    network: row.network as SocialNetwork,
    problem: expiring ? 'expiring' : 'lost',
    account_name: row.account_name,
    expires_at: expiresAt?.toISOString() ?? null,
    user: { id: row.user_id, first_name: row.first_name, last_name: row.last_name, email: row.email },
    mine: row.user_id === actor.id,
  };
}

async function connections(deps: HomeDependencies, actor: SessionUser, now: Date): Promise<NonNullable<Home['connections']>> {
  // Administrators see every user's: a customer's lost connection is what makes their posts fail.
  const viewer = { id: actor.id, seesAll: actor.role === 'admin' };
  const horizon = new Date(now.getTime() + deps.expiryWarningDays * DAY_MS).toISOString();
  const rows = await listConnectionAlerts(deps.db, deps.dialect, viewer, horizon, HOME_COUNT_LIMIT + 1);
  return { ...counted(rows.length), items: rows.slice(0, HOME_ITEMS_LIMIT).map((row) => toConnectionAlert(row, actor, now)) };
}

async function readyDrafts(deps: HomeDependencies, viewer: Viewer, counts: Record<ProjectState, number>): Promise<Home['readyDrafts']> {
  if (counts.draft === 0) return { count: 0, atLeast: false, items: [] };
  const { scanned, readyCount, items } = await findReadyDrafts(deps.db, viewer, DRAFTS_LOOKED_AT, HOME_ITEMS_LIMIT);
  return {
    count: Math.min(readyCount, HOME_COUNT_LIMIT),
    // Older drafts were not looked at: there may be more.
    atLeast: readyCount > HOME_COUNT_LIMIT || scanned < counts.draft,
    items: items.map((row) => ({ ...row, created_at: readInstant(row.created_at).toISOString() })),
  };
}

/** How many in each state is what the projects list counts (migration 010's project_counts). */
async function projects(deps: HomeDependencies, viewer: Viewer, counts: Record<ProjectState, number>): Promise<Home['projects']> {
  const newest = await listNewestProjects(deps.db, viewer, HOME_ITEMS_LIMIT);
  return {
    count: PROJECT_STATES.reduce((sum, state) => sum + counts[state], 0),
    atLeast: false,
    states: PROJECT_STATES.map((state) => ({ state, count: counts[state], atLeast: false })),
    items: newest.map((row) => ({
      id: row.id,
      title: row.title,
      state: (PROJECT_STATES as readonly string[]).includes(row.state) ? (row.state as ProjectState) : 'draft',
      created_at: readInstant(row.created_at).toISOString(),
    })),
  };
}

/** GET /api/home: each section as the actor's role sees it; null where the role has no access. */
export async function getHome(deps: HomeDependencies, actor: SessionUser): Promise<Home> {
  const now = deps.now();
  const seesAll = actor.role === 'admin';
  const postViewer: Viewer | null = ROLES_WITH_POSTS.includes(actor.role) ? { id: actor.id, seesAll } : null;
  const projectViewer: Viewer | null = ROLES_WITH_PROJECTS.includes(actor.role) ? { id: actor.id, seesAll } : null;
  const [postCounts, projectCounts] = await Promise.all([
    postViewer ? countPostsOf(deps.db, actor) : null,
    projectViewer ? countProjectsOf(deps.db, actor) : null,
  ]);
  // The Results page's roles (results/service.ts): a customer her own figures, an administrator the studio's.
  const seesResults = actor.role === 'admin' || actor.role === 'customer';
  const [awaiting, failed, alerts, drafts, previewPosts, scheduled, projectStates, results] = await Promise.all([
    postViewer && postCounts ? awaitingApproval(deps, postViewer, postCounts) : null,
    postViewer ? failedPublications(deps, postViewer) : null,
    // The connections serve the projects' posts: a role without projects has no Settings to mend them in (decision 021).
    projectViewer ? connections(deps, actor, now) : null,
    projectViewer && projectCounts ? readyDrafts(deps, projectViewer, projectCounts) : null,
    postViewer && postCounts ? previews(deps, postViewer, postCounts) : null,
    postViewer && postCounts ? nextScheduled(deps, postViewer, postCounts) : null,
    projectViewer && projectCounts ? projects(deps, projectViewer, projectCounts) : null,
    seesResults ? monthFigures(deps, seesAll ? undefined : actor.id) : null,
  ]);
  return {
    today: deps.calendar.today(),
    awaitingApproval: awaiting,
    failedPublications: failed,
    connections: alerts,
    readyDrafts: drafts,
    previews: previewPosts,
    nextScheduled: scheduled,
    projects: projectStates,
    results,
  };
}
