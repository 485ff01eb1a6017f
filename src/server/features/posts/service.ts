import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  type ListPostsQuery, type Post, type PostAccounts, type PostPage, type PostState, type PostUpdate, type ScheduleInput, isDue, scheduleProblems, textProblems,
} from '../../../domain/post.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { flagWriter, readFlag } from '../../db/values.ts';
import { AppError } from '../../errors.ts';
import { type EventHub, audienceOf } from '../../events/event-hub.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { StudioCalendar } from '../../lib/studio-calendar.ts';
import { type SocialDependencies, getConnectionStatus } from '../social/service.ts';
import { byPost, stateOf, toPost } from './post-view.ts';
import {
  type PostRow, type PostViewer, arrangePostImages, countPostsByState, deleteUnlockedPost, findVisiblePostRow, hasActivePublishJob, keysStillInUse,
  listImageRows, listResultRows, moveUnpublishedPostRows, pagePostRows, resetPublishedPost, updateChangeablePost,
} from './repo.ts';

export interface PostsDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  storage: Storage;
  log: FastifyBaseLogger;
  /** "Today" is the studio's day. */
  calendar: StudioCalendar;
  /** Whose accounts are connected: the social feature's own rules. */
  social: SocialDependencies;
  events?: EventHub;
  /** Tells the job worker a job is waiting, so that today's publication starts at once. */
  wakeJobs?: () => void;
}

const NOT_EDITABLE = 'The post can no longer be edited: it is published or its date has come';

/** SPEC §6: "the preview list loads only for admin and customer": admins see all, customers their own. */
function viewerOf(actor: SessionUser): PostViewer {
  if (actor.role !== 'admin' && actor.role !== 'customer') throw new AppError('FORBIDDEN', 'Posts are available to administrators and customers only');
  return { id: actor.id, seesAll: actor.role === 'admin' };
}

const locked = (id: number) => new AppError('POST_LOCKED', `Post with id ${id} is being published and cannot be changed`);

async function toPosts(deps: PostsDependencies, rows: PostRow[]): Promise<Post[]> {
  const ids = rows.map((row) => row.id);
  const [images, results] = await Promise.all([listImageRows(deps.db, ids), listResultRows(deps.db, ids)]);
  const imagesOf = byPost(images);
  const resultsOf = byPost(results);
  const today = deps.calendar.today();
  return rows.map((row) => toPost(row, imagesOf.get(row.id) ?? [], resultsOf.get(row.id) ?? [], deps.storage, today));
}

export async function listPosts(deps: PostsDependencies, actor: SessionUser, query: ListPostsQuery): Promise<PostPage> {
  const viewer = viewerOf(actor);
  const countsRead = countPostsByState(deps.db, viewer);
  // The page is read while the counts are: it needs the previews' count only when it starts past them.
  const page = { state: query.state, offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
  const [counts, rows] = await Promise.all([countsRead, pagePostRows(deps.db, viewer, page, async () => (await countsRead).preview)]);
  const all = counts.preview + counts.scheduled + counts.published;
  return {
    items: await toPosts(deps, rows),
    total: query.state ? counts[query.state] : all,
    page: query.page,
    pageSize: query.pageSize,
    counts: { all, ...counts },
    today: deps.calendar.today(),
  };
}

/** A post the actor may see; any other answers 404. */
async function visibleRow(deps: PostsDependencies, actor: SessionUser, id: number): Promise<PostRow> {
  const row = await findVisiblePostRow(deps.db, viewerOf(actor), id);
  if (!row) throw new AppError('NOT_FOUND', `Post with id ${id} not found`);
  return row;
}

export async function getPost(deps: PostsDependencies, actor: SessionUser, id: number): Promise<Post> {
  const [post] = await toPosts(deps, [await visibleRow(deps, actor, id)]);
  return post!;
}

/** Everyone the post concerns hears of a change: its owner, the project's creator and its assignee. */
function announce(deps: PostsDependencies, row: PostRow, state: PostState | null): void {
  deps.events?.publish({ type: 'post', postId: row.id, projectId: row.project_id, state }, audienceOf(row.owner_id, row.project_created_by, row.project_assigned_to));
}

function assertEditable(row: PostRow, today: string): void {
  if (row.publishing_since !== null) throw locked(row.id);
  if (row.state === 'published' || isDue(row.publish_on, today)) throw new AppError('CONFLICT', NOT_EDITABLE);
}

/** SPEC §5 Preview edit: the text and the images (the whole list, reordered, each selected or not). */
export async function updatePost(deps: PostsDependencies, actor: SessionUser, id: number, changes: PostUpdate): Promise<Post> {
  const row = await visibleRow(deps, actor, id);
  const today = deps.calendar.today();
  assertEditable(row, today);
  if (changes.images) {
    const sent = changes.images.map((image) => image.id).sort((a, b) => a - b);
    const actual = (await listImageRows(deps.db, [id])).map((image) => image.id).sort((a, b) => a - b);
    if (sent.length !== actual.length || sent.some((imageId, index) => imageId !== actual[index])) {
      throw new AppError('CONFLICT', "The list must hold each of the post's images exactly once", { images: 'imagesMismatch' });
    }
  }
  const problems = {
    ...(changes.text === undefined ? {} : textProblems(changes.text, readFlag(row.to_instagram))),
    // PostgreSQL cannot store a NUL character in text.
    ...(changes.text?.includes('\u0000') ? { text: 'invalid' } : {}),
    ...(changes.images && !changes.images.some((image) => image.status === 'pending') ? { images: 'imageRequired' } : {}),
  };
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION_FAILED', 'The post is not valid', problems);

  const saved = await deps.db.transaction().execute(async (trx) => {
    if (!(await updateChangeablePost(trx, id, today, changes.text === undefined ? {} : { text: changes.text }))) return false;
    if (changes.images) await arrangePostImages(trx, id, changes.images);
    return true;
  });
  // A publish job took the post, or its day came, between the check and the write.
  if (!saved) {
    assertEditable(await visibleRow(deps, actor, id), today);
    throw new AppError('CONFLICT', 'The post changed meanwhile; try again');
  }
  announce(deps, row, stateOf(row.state));
  return getPost(deps, actor, id);
}

/** Deletes the post, then the variant files no other image still shows (keys are content hashes). */
export async function deletePost(deps: PostsDependencies, actor: SessionUser, id: number): Promise<void> {
  const row = await visibleRow(deps, actor, id);
  if (row.publishing_since !== null) throw locked(id);
  const keys = [...new Set((await listImageRows(deps.db, [id])).flatMap((image) => [image.instagram_key, image.linkedin_key]))];
  if (!(await deleteUnlockedPost(deps.db, id))) throw locked(id);
  const inUse = await keysStillInUse(deps.db, keys);
  for (const key of keys.filter((candidate) => !inUse.has(candidate))) {
    await deps.storage.remove(key).catch((error: unknown) => deps.log.error({ err: error, key }, 'Removing a file failed'));
  }
  deps.log.info({ postId: id, actor: actor.id }, 'Post deleted');
  announce(deps, row, null);
}

function assertSchedulable(row: PostRow, today: string): void {
  if (row.state === 'published') throw new AppError('CONFLICT', 'The post is published: publish it again to schedule it anew');
  if (row.publishing_since !== null) throw locked(row.id);
  if (isDue(row.publish_on, today)) throw new AppError('CONFLICT', 'The post can no longer be rescheduled: its date has come');
}

/** The chosen networks the post's owner has not connected (DESIGN §6: the owner's accounts publish it). */
async function unconnectedNetworks(deps: PostsDependencies, ownerId: string | null, networks: ScheduleInput['networks']): Promise<Record<string, string>> {
  const missing: Record<string, string> = {};
  const check = async (network: 'instagram' | 'linkedin', key: string) => {
    const connected = ownerId !== null && (await getConnectionStatus(deps.social, { userId: ownerId, network })).isConnected;
    if (!connected) missing[network] = key;
  };
  await Promise.all([
    networks.instagram ? check('instagram', 'noInstagramConnection') : undefined,
    networks.linkedin ? check('linkedin', 'noLinkedInConnection') : undefined,
  ]);
  return missing;
}

/**
 * SPEC §4/§5 Publish configuration: a day and networks make it scheduled; no day leaves it in preview
 * without networks. A day of today is published at once: a publish-post job is queued (one per post).
 */
export async function schedulePost(deps: PostsDependencies, actor: SessionUser, id: number, input: ScheduleInput): Promise<Post> {
  const row = await visibleRow(deps, actor, id);
  const today = deps.calendar.today();
  assertSchedulable(row, today);
  const problems = scheduleProblems(input, today);
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION_FAILED', 'The schedule is not valid', problems);
  if (input.publish_on !== null) {
    const textProblem = textProblems(row.text, input.networks.instagram);
    if (textProblem.text) throw new AppError('VALIDATION_FAILED', 'The text cannot be published to the chosen networks', textProblem);
    const missing = await unconnectedNetworks(deps, row.owner_id, input.networks);
    if (Object.keys(missing).length > 0) {
      throw new AppError('SOCIAL_NOT_CONNECTED', `The post's owner has not connected ${Object.keys(missing).join(' and ')}`, missing);
    }
  }

  const flag = flagWriter(deps.dialect);
  const changes = input.publish_on === null
    ? { state: 'preview', publish_on: null, to_instagram: flag(false), to_linkedin: flag(false) }
    : { state: 'scheduled', publish_on: input.publish_on, to_instagram: flag(input.networks.instagram), to_linkedin: flag(input.networks.linkedin) };
  const outcome = await deps.db.transaction().execute(async (trx) => {
    if (!(await updateChangeablePost(trx, id, today, changes))) return 'refused';
    if (input.publish_on !== today || (await hasActivePublishJob(trx, id))) return 'saved';
    await enqueueJob(trx, { kind: 'publish-post', subject: `post:${id}`, payload: { postId: id } });
    return 'queued';
  });
  if (outcome === 'refused') {
    assertSchedulable(await visibleRow(deps, actor, id), today);
    throw new AppError('CONFLICT', 'The post changed meanwhile; try again');
  }
  if (outcome === 'queued') deps.wakeJobs?.();
  announce(deps, row, changes.state as PostState);
  return getPost(deps, actor, id);
}

/** SPEC §4 "publish again": only a published post; back to preview without date, networks or results. */
export async function resetPost(deps: PostsDependencies, actor: SessionUser, id: number): Promise<Post> {
  const row = await visibleRow(deps, actor, id);
  const flag = flagWriter(deps.dialect);
  if (row.state !== 'published' || !(await resetPublishedPost(deps.db, id, { to_instagram: flag(false), to_linkedin: flag(false) }))) {
    throw new AppError('CONFLICT', 'Only a published post can be published again');
  }
  announce(deps, row, 'preview');
  return getPost(deps, actor, id);
}

/** The owner's accounts the post would go to, as chosen in Settings (DESIGN §6). */
export async function getPostAccounts(deps: PostsDependencies, actor: SessionUser, id: number): Promise<PostAccounts> {
  const row = await visibleRow(deps, actor, id);
  const none = { connected: false, name: null, picture: null };
  if (row.owner_id === null) return { instagram: none, linkedin: none };
  const [instagram, linkedin] = await Promise.all([
    getConnectionStatus(deps.social, { userId: row.owner_id, network: 'instagram' }),
    getConnectionStatus(deps.social, { userId: row.owner_id, network: 'linkedin' }),
  ]);
  const business = instagram.network === 'instagram' ? instagram.businessPages?.find((page) => page.instagram_business_account_id === instagram.publishTargetId) : undefined;
  const page = linkedin.network === 'linkedin' ? linkedin.adminPages?.find((candidate) => candidate.id === linkedin.publishTargetId) : undefined;
  return {
    instagram: instagram.isConnected ? { connected: true, name: business?.instagram_username ?? null, picture: business?.instagram_profile_picture ?? null } : none,
    // Before the pages are fetched the target is the member, whose name the connection knows.
    linkedin: linkedin.isConnected ? { connected: true, name: page?.name ?? linkedin.userName, picture: page?.logoUrl ?? null } : none,
  };
}

/** Reassigning a project hands its unpublished posts to the new customer (called by the projects feature). */
export async function moveUnpublishedPosts(db: Kysely<Database>, input: { projectId: number; ownerId: string }): Promise<number[]> {
  return moveUnpublishedPostRows(db, input.projectId, input.ownerId);
}
