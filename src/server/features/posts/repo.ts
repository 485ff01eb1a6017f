import type { Kysely, Transaction, Updateable } from 'kysely';
import { type NetworkChoice, POST_STATES, type PostNetwork, type PostState, type ResultErrorCode } from '../../../domain/post.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database, Flag, Instant, PostsTable } from '../../db/schema.ts';
import { flagWriter, readFlag } from '../../db/values.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { PublishMoment } from './publish-moment.ts';

/** Who is asking: an admin sees every post; a customer the posts they own. */
export interface PostViewer {
  id: string;
  seesAll: boolean;
}

function visiblePosts(db: Kysely<Database>, viewer: PostViewer) {
  return db.selectFrom('posts').$if(!viewer.seesAll, (query) => query.where('posts.owner_id', '=', viewer.id));
}

/**
 * The posts the viewer sees in each state, for the chips (unfiltered): read from the counts migration
 * 010's triggers keep per owner, a few rows whatever the number of posts (decision 019).
 */
export async function countPostsByState(db: Kysely<Database>, viewer: PostViewer): Promise<Record<PostState, number>> {
  const rows = await db
    .selectFrom('post_counts')
    .select(['state', (eb) => eb.fn.sum<number | string>('n').as('count')])
    .$if(!viewer.seesAll, (query) => query.where('owner_id', '=', viewer.id))
    .groupBy('state')
    .execute();
  const counts = { preview: 0, awaiting_approval: 0, scheduled: 0, published: 0 };
  for (const row of rows) if ((POST_STATES as readonly string[]).includes(row.state)) counts[row.state as PostState] = Number(row.count);
  return counts;
}

/** The posts in one state, or in any state but one. */
export type StateFilter = { is: PostState } | { isNot: PostState };

/**
 * The ids of one run of the list from `offset` on, newest first in the order migration 008's indexes
 * hold: at any offset an index walk, no sort. A query to embed, not yet run.
 */
export function runIdsQuery(db: Kysely<Database>, viewer: PostViewer, filter: StateFilter, offset: number, limit: number) {
  return (
    visiblePosts(db, viewer)
      .select('posts.id')
      .where('posts.state', 'is' in filter ? '=' : '<>', 'is' in filter ? filter.is : filter.isNot)
      .orderBy('posts.created_at', 'desc')
      // A project's posts are written together: among them, in their sequence (post 1 first).
      .orderBy('posts.id', 'asc')
      .limit(limit)
      .offset(offset)
  );
}

function postsWithPeople(db: Kysely<Database>) {
  return db
    .selectFrom('posts')
    .innerJoin('projects', 'projects.id', 'posts.project_id')
    .leftJoin('users as owner', 'owner.id', 'posts.owner_id')
    .leftJoin('users as asker', 'asker.id', 'posts.approval_asked_by')
    .leftJoin('users as commenter', 'commenter.id', 'posts.changes_comment_by')
    .selectAll('posts')
    .select([
      'projects.title as project_title',
      // What the facts rule reads (domain/facts.ts projectFactTexts).
      'projects.description as project_description',
      'projects.location as project_location',
      'projects.category as project_category',
      'projects.year as project_year',
      'projects.authors as project_authors',
      'projects.collaborators as project_collaborators',
      'projects.promoter as project_promoter',
      'projects.photo_credit as project_photo_credit',
      'projects.photo_credit_link as project_photo_credit_link',
      'projects.weblink as project_weblink',
      'projects.keywords as project_keywords',
      'projects.created_by as project_created_by',
      'projects.assigned_to as project_assigned_to',
      'owner.first_name as owner_first_name',
      'owner.last_name as owner_last_name',
      'owner.email as owner_email',
      // Whether the owner must approve an action (decision 040): their mode, which only a customer has.
      'owner.role as owner_role',
      'owner.approval as owner_approval',
      'asker.first_name as asker_first_name',
      'asker.last_name as asker_last_name',
      'asker.email as asker_email',
      'commenter.first_name as commenter_first_name',
      'commenter.last_name as commenter_last_name',
      'commenter.email as commenter_email',
    ]);
}

/** A post as services see it: its network flags are booleans whatever the dialect stores. */
function readPostRow<R extends { to_instagram: Flag; to_linkedin: Flag; to_facebook: Flag }>(
  row: R,
): Omit<R, 'to_instagram' | 'to_linkedin' | 'to_facebook'> & { to_instagram: boolean; to_linkedin: boolean; to_facebook: boolean } {
  return { ...row, to_instagram: readFlag(row.to_instagram), to_linkedin: readFlag(row.to_linkedin), to_facebook: readFlag(row.to_facebook) };
}

/** Posts with their project (title, creator, assignee) and owner. */
export async function findPostRows(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return [];
  return (await postsWithPeople(db).where('posts.id', 'in', ids).execute()).map(readPostRow);
}
export type PostRow = Awaited<ReturnType<typeof findPostRows>>[number];

/**
 * A run's rows from `offset` on, in one statement: the ids are walked along an index first and only
 * those rows joined to their project and owner, then put back in the run's order (a handful of rows).
 */
function runRows(db: Kysely<Database>, viewer: PostViewer, filter: StateFilter, offset: number, limit: number) {
  if (limit <= 0) return Promise.resolve([]);
  return postsWithPeople(db)
    .where('posts.id', 'in', runIdsQuery(db, viewer, filter, offset, limit))
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'asc')
    .execute()
    .then((rows) => rows.map(readPostRow));
}

/**
 * One page of rows in the list's order: previews first, then the others, newest first within each.
 * The first page starts with the previews whatever their number, so it is read without waiting for
 * the counts; a later page needs the previews' count to know which run it falls on.
 */
export async function pagePostRows(
  db: Kysely<Database>,
  viewer: PostViewer,
  page: { state: PostState | undefined; offset: number; limit: number },
  previewCount: () => Promise<number>,
): Promise<PostRow[]> {
  if (page.state) return runRows(db, viewer, { is: page.state }, page.offset, page.limit);
  const previewTotal = page.offset === 0 ? undefined : await previewCount();
  const previews = previewTotal === undefined || page.offset < previewTotal ? await runRows(db, viewer, { is: 'preview' }, page.offset, page.limit) : [];
  if (previews.length === page.limit) return previews;
  // Scheduled and published together in one walk of the newest-first index, skipping the previews.
  const others = await runRows(db, viewer, { isNot: 'preview' }, Math.max(0, page.offset - (previewTotal ?? 0)), page.limit - previews.length);
  return [...previews, ...others];
}

/**
 * The posts whose day is from `from` to `to`, everyone's or one owner's, along migration 013's index of
 * posts by day (by owner and day): only that range is read, in the index's order.
 */
export function postRowsOnDays(db: Kysely<Database>, range: { from: string; to: string; ownerId?: string | undefined }) {
  return postsWithPeople(db)
    .where('posts.publish_on', '>=', range.from)
    .where('posts.publish_on', '<=', range.to)
    .$if(range.ownerId !== undefined, (query) => query.where('posts.owner_id', '=', range.ownerId!))
    .orderBy('posts.publish_on')
    .orderBy('posts.id');
}

/** The rows of postRowsOnDays' query (the query itself is what the calendar's test plans). */
export async function listPostRowsOnDays(db: Kysely<Database>, range: { from: string; to: string; ownerId?: string | undefined }): Promise<PostRow[]> {
  return (await postRowsOnDays(db, range).execute()).map(readPostRow);
}

export async function findVisiblePostRow(db: Kysely<Database>, viewer: PostViewer, id: number): Promise<PostRow | undefined> {
  const [row] = await findPostRows(db, [id]);
  return row && (viewer.seesAll || row.owner_id === viewer.id) ? row : undefined;
}

/** The images of several posts in one query, each post's in position order. */
export function listImageRows(db: Kysely<Database>, postIds: number[]) {
  if (postIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('post_images').selectAll().where('post_id', 'in', postIds).orderBy('post_id').orderBy('position').orderBy('id').execute();
}
export type PostImageRow = Awaited<ReturnType<typeof listImageRows>>[number];

/** The results of several posts in one query, each with the name of whoever reviewed it (decision 025). */
export function listResultRows(db: Kysely<Database>, postIds: number[]) {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('post_results')
    .leftJoin('users as reviewer', 'reviewer.id', 'post_results.reviewed_by')
    .selectAll('post_results')
    .select(['reviewer.first_name as reviewer_first_name', 'reviewer.last_name as reviewer_last_name', 'reviewer.email as reviewer_email'])
    .where('post_results.post_id', 'in', postIds)
    .execute();
}
export type PostResultRow = Awaited<ReturnType<typeof listResultRows>>[number];

/**
 * Marks one network's "needs review" result as the user found it on the network: `posted` (no reason
 * left), or `failed` with the reason `markedNotPublished`; with who and when. A compare-and-set on
 * `unknown`, so a result that was reviewed meanwhile, or removed by "publish again", is left alone.
 * False when nothing was changed.
 */
export async function markReviewedResult(
  db: Kysely<Database>,
  input: { postId: number; network: PostNetwork; published: boolean; reviewerId: string; now: string; reason: string },
  /** Runs in the same transaction once the result is marked (the post's history). */
  marked: (trx: Transaction<Database>) => Promise<void> = async () => undefined,
): Promise<boolean> {
  const outcome = input.published
    ? { status: 'posted', error: null, error_code: null }
    : { status: 'failed', error: input.reason, error_code: 'markedNotPublished' satisfies ResultErrorCode };
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('post_results')
      .set({ ...outcome, reviewed_by: input.reviewerId, reviewed_at: input.now, updated_at: input.now })
      .where('post_id', '=', input.postId)
      .where('network', '=', input.network)
      .where('status', '=', 'unknown')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await marked(trx);
    return true;
  });
}

/** The status of one network's result, or undefined when the post has none for it. */
export async function findResultStatus(db: Kysely<Database>, postId: number, network: PostNetwork): Promise<string | undefined> {
  const row = await db.selectFrom('post_results').select('status').where('post_id', '=', postId).where('network', '=', network).executeTakeFirst();
  return row?.status;
}

type PostChanges = Omit<Updateable<PostsTable>, 'id' | 'project_id' | 'created_at'>;

/**
 * Changes a post only while it is neither being published nor published and it is not locked by its
 * time (it goes out after `lockBoundary`, now plus the lock margin): the same conditions the service
 * checked, repeated in the UPDATE so that a publish job claiming the post meanwhile wins. False when
 * nothing was changed.
 */
async function updateChangeablePost(
  trx: Transaction<Database>,
  id: number,
  lockBoundary: Date,
  changes: PostChanges,
  at: Date,
  onlyIn?: PostState[],
): Promise<boolean> {
  const result = await trx
    .updateTable('posts')
    .set({ ...changes, updated_at: at.toISOString() })
    .where('id', '=', id)
    .where('publishing_since', 'is', null)
    .where('state', '<>', 'published')
    .$if(onlyIn !== undefined, (query) => query.where('state', 'in', onlyIn!))
    .where((eb) => eb.or([eb('publish_at', 'is', null), eb('publish_at', '>', lockBoundary.toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The post's edit (its texts, its images' order, selection and descriptions) in one transaction, only while it may change; false when it no longer may. */
export async function savePostEdit(
  db: Kysely<Database>,
  id: number,
  lockBoundary: Date,
  edit: {
    text?: string | undefined;
    linkedin_text?: string | null | undefined;
    images?: { id: number; status: string; alt_text?: string | undefined }[] | undefined;
    /** The confirmed facts' keys, as JSON, when the edit confirms new ones. */
    factsConfirmed?: string | undefined;
    /** The texts the edit replaces, kept as a version (issue 24 item 5), and what replaces them. */
    previous?: { text: string; linkedin_text: string | null; replacedBy: string } | undefined;
    /** The edit of a post with a time needs its owner's approval (decision 040): it awaits it, asked by this user. */
    approvalAskedBy?: string | undefined;
  },
  at: Date,
  onSaved?: AfterWrite,
): Promise<boolean> {
  const texts = {
    ...(edit.text === undefined ? {} : { text: edit.text }),
    ...(edit.linkedin_text === undefined ? {} : { linkedin_text: edit.linkedin_text }),
    ...(edit.factsConfirmed === undefined ? {} : { facts_confirmed: edit.factsConfirmed }),
    ...(edit.approvalAskedBy === undefined ? {} : awaitingApproval(edit.approvalAskedBy, at)),
  };
  // Sent for approval only while it still has its time: a post taken back to preview meanwhile stays there.
  const onlyIn: PostState[] | undefined = edit.approvalAskedBy === undefined ? undefined : ['scheduled', 'awaiting_approval'];
  return db.transaction().execute(async (trx) => {
    if (!(await updateChangeablePost(trx, id, lockBoundary, texts, at, onlyIn))) return false;
    if (edit.previous) {
      const { replacedBy, ...previous } = edit.previous;
      await trx
        .insertInto('post_text_versions')
        .values({ post_id: id, ...previous, replaced_by: replacedBy, created_at: at.toISOString() })
        .execute();
    }
    if (edit.images) await arrangePostImages(trx, id, edit.images);
    await onSaved?.(trx);
    return true;
  });
}

/** What a change runs in its own transaction once the post is written (the history, the e-mails): it fails with it. */
export type AfterWrite = (trx: Transaction<Database>) => Promise<void>;

/** The columns of a post sent for its owner's approval (decision 040); the last "changes asked" comment is done with. */
function awaitingApproval(askedBy: string, at: Date) {
  return {
    state: 'awaiting_approval' as const,
    approval_asked_at: at.toISOString(),
    approval_asked_by: askedBy,
    ...noChangesComment,
  };
}
const noChangesComment = { changes_comment: null, changes_comment_by: null, changes_comment_at: null };
const noApproval = { approval_asked_at: null, approval_asked_by: null };

/**
 * Schedules the post at the moment `momentOf` chooses, for these networks (no moment: back to preview,
 * no networks), only while it may change, and queues its publish job when the moment has come and none
 * is active. `momentOf` runs in the same transaction, so what it reads (the owner's taken slots) and
 * the write are one. `refused` when the post could no longer change.
 */
export async function savePostSchedule(
  db: Kysely<Database>,
  dialect: Dialect,
  input: {
    id: number;
    lockBoundary: Date;
    networks: NetworkChoice;
    momentOf: (trx: Transaction<Database>) => Promise<PublishMoment | null>;
    /** The confirmed facts' keys, as JSON, when this schedule confirms new ones. */
    factsConfirmed?: string | undefined;
    /** The owner must approve this schedule (decision 040): it awaits their approval, asked by this user, and is not published meanwhile. */
    approvalAskedBy?: string | undefined;
    /** Runs in the transaction once the post is written, with its state and moment (the history). */
    onSaved?: ((trx: Transaction<Database>, state: PostState, moment: PublishMoment | null) => Promise<void>) | undefined;
  },
  at: Date,
): Promise<{ outcome: 'refused' | 'saved' | 'queued'; state: PostState }> {
  const { id } = input;
  const flag = flagWriter(dialect);
  return db.transaction().execute(async (trx) => {
    const moment = await input.momentOf(trx);
    const changes =
      moment === null
        ? {
            state: 'preview' as const,
            publish_on: null,
            publish_time: null,
            publish_at: null,
            to_instagram: flag(false),
            to_linkedin: flag(false),
            to_facebook: flag(false),
            ...noApproval,
          }
        : {
            ...(input.approvalAskedBy === undefined
              ? { state: 'scheduled' as PostState, ...noApproval, ...noChangesComment }
              : awaitingApproval(input.approvalAskedBy, at)),
            publish_on: moment.day,
            publish_time: moment.time,
            publish_at: moment.at.toISOString(),
            to_instagram: flag(input.networks.instagram),
            to_linkedin: flag(input.networks.linkedin),
            to_facebook: flag(input.networks.facebook),
            ...(input.factsConfirmed === undefined ? {} : { facts_confirmed: input.factsConfirmed }),
          };
    const state = changes.state;
    if (!(await updateChangeablePost(trx, id, input.lockBoundary, changes, at))) return { outcome: 'refused', state };
    await input.onSaved?.(trx, state, moment);
    // A post awaiting approval is not published whatever its time: approving it queues it.
    if (state !== 'scheduled' || !moment?.immediate || (await hasActivePublishJob(trx, id))) return { outcome: 'saved', state };
    await enqueueJob(trx, { kind: 'publish-post', subject: `post:${id}`, payload: { postId: id }, now: at });
    return { outcome: 'queued', state };
  });
}

/** Retry: the failed networks scheduled again and the publish job queued (unless one is active), in one transaction; false when the post changed meanwhile. */
export async function retryFailedNetworks(
  db: Kysely<Database>,
  id: number,
  networks: PostNetwork[],
  at: Date,
  /** Runs in the same transaction once the networks are scheduled again (its history). */
  onSaved: AfterWrite = async () => undefined,
): Promise<boolean> {
  return db
    .transaction()
    .execute(async (trx) => {
      if (!(await scheduleFailedNetworksAgain(trx, id, networks, at))) return false;
      await onSaved(trx);
      if (!(await hasActivePublishJob(trx, id))) await enqueueJob(trx, { kind: 'publish-post', subject: `post:${id}`, payload: { postId: id }, now: at });
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof RetryRaced) return false;
      throw error;
    });
}

/**
 * The instants of the owner's scheduled posts from `fromDay` on (but `exceptId`'s): the weekly slots
 * they take. Read along migration 013's index of an owner's posts by day.
 */
export async function scheduledInstantsOf(trx: Transaction<Database>, ownerId: string, fromDay: string, exceptId: number) {
  const rows = await trx
    .selectFrom('posts')
    .select('publish_at')
    .where('owner_id', '=', ownerId)
    // A post awaiting approval keeps its day and time: it holds its slot.
    .where('state', 'in', ['scheduled', 'awaiting_approval'])
    .where('publish_on', '>=', fromDay)
    .where('id', '<>', exceptId)
    .execute();
  return rows.flatMap((row) => (row.publish_at === null ? [] : [row.publish_at]));
}

/** PostgreSQL: holds the owner's user row until the transaction ends, so one post at a time takes one of their slots. */
export async function lockOwner(trx: Transaction<Database>, ownerId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().execute();
}

async function arrangePostImages(
  trx: Transaction<Database>,
  postId: number,
  images: { id: number; status: string; alt_text?: string | undefined }[],
): Promise<void> {
  for (const [position, image] of images.entries()) {
    const description = image.alt_text === undefined ? {} : { alt_text: image.alt_text };
    await trx
      .updateTable('post_images')
      .set({ position, status: image.status, ...description })
      .where('id', '=', image.id)
      .where('post_id', '=', postId)
      .execute();
  }
}

/** A publish-post job for this post that has not finished yet. */
async function hasActivePublishJob(trx: Transaction<Database>, postId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', 'publish-post')
    .where('subject', '=', `post:${postId}`)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return row !== undefined;
}

/** A post's earlier texts, newest first. */
export function listTextVersions(db: Kysely<Database>, postId: number) {
  return db.selectFrom('post_text_versions').selectAll().where('post_id', '=', postId).orderBy('id', 'desc').execute();
}

/** How many posts the project has: a post rewritten alone is told its place in the series. */
export async function countProjectPosts(db: Kysely<Database>, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Deletes a post unless a publish job holds it; its images and results go with it (cascade). */
export async function deleteUnlockedPost(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('posts').where('id', '=', id).where('publishing_since', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Of these storage keys, those some post or project image still points at. */
export async function keysStillInUse(db: Kysely<Database>, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const [variants, originals] = await Promise.all([
    db
      .selectFrom('post_images')
      .select(['instagram_key', 'linkedin_key'])
      .where((eb) => eb.or([eb('instagram_key', 'in', keys), eb('linkedin_key', 'in', keys)]))
      .execute(),
    db
      .selectFrom('project_images')
      .select(['storage_key', 'thumbnail_key'])
      .where((eb) => eb.or([eb('storage_key', 'in', keys), eb('thumbnail_key', 'in', keys)]))
      .execute(),
  ]);
  return new Set([...variants.flatMap((row) => [row.instagram_key, row.linkedin_key]), ...originals.flatMap((row) => [row.storage_key, row.thumbnail_key])]);
}

/**
 * Back to preview with no date, networks or results, if it is (still) published. Its project, launched
 * because all its posts were published, is in preview again: a project's state follows its posts
 * (DESIGN §8), in the same transaction.
 */
export async function resetPublishedPost(
  db: Kysely<Database>,
  dialect: Dialect,
  id: number,
  at: Date,
  /** Runs in the same transaction once the post is reset (its history). */
  onSaved: AfterWrite = async () => undefined,
): Promise<boolean> {
  const unset = { to_instagram: flagWriter(dialect)(false), to_linkedin: flagWriter(dialect)(false), to_facebook: flagWriter(dialect)(false) };
  const now = at.toISOString();
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('posts')
      .set({ ...unset, state: 'preview', publish_on: null, publish_time: null, publish_at: null, published_at: null, updated_at: now })
      .where('id', '=', id)
      .where('state', '=', 'published')
      .where('publishing_since', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    // Where the ending round published it stays known (decision 028): the post is still out there.
    await trx
      .insertInto('post_earlier_publications')
      .columns(['post_id', 'network', 'target_id', 'target_name', 'remote_id', 'permalink', 'published_at', 'set_aside_at'])
      .expression((eb) =>
        eb
          .selectFrom('post_results')
          .select(['post_id', 'network', 'target_id', 'target_name', 'remote_id', 'permalink', 'finished_at', eb.val(now).as('set_aside_at')])
          .where('post_id', '=', id)
          .where('status', '=', 'posted'),
      )
      .execute();
    await trx.deleteFrom('post_results').where('post_id', '=', id).execute();
    await reopenLaunchedProject(trx, id, now);
    await onSaved(trx);
    return true;
  });
}

/** A project whose every post was published is launched; once one of them is not, it is in preview again. */
async function reopenLaunchedProject(trx: Transaction<Database>, postId: number, now: string): Promise<void> {
  await trx
    .updateTable('projects')
    .set({ state: 'preview', updated_at: now })
    .where('id', '=', (eb) => eb.selectFrom('posts').select('project_id').where('posts.id', '=', postId))
    .where('state', '=', 'launched')
    .execute();
}

/**
 * "Retry" (issue 29): a published post whose given networks failed is scheduled again at its own time
 * (past, so due at once) with those results pending and their tries counted anew; the results that
 * published it stay as they are, so the publish job leaves those networks alone. The failed results are
 * moved by a compare-and-set, as the post is: of two retries at once, one does it. False when the post
 * was no longer published and free, or a result was no longer failed.
 */
async function scheduleFailedNetworksAgain(trx: Transaction<Database>, id: number, networks: PostNetwork[], at: Date): Promise<boolean> {
  const now = at.toISOString();
  const post = await trx
    .updateTable('posts')
    .set({ state: 'scheduled', published_at: null, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'published')
    .where('publishing_since', 'is', null)
    .executeTakeFirst();
  if (Number(post.numUpdatedRows) === 0) return false;
  const results = await trx
    .updateTable('post_results')
    .set({
      status: 'pending',
      error: null,
      error_code: null,
      attempts: 0,
      started_at: null,
      finished_at: null,
      reviewed_by: null,
      reviewed_at: null,
      updated_at: now,
    })
    .where('post_id', '=', id)
    .where('network', 'in', networks)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  if (Number(results.numUpdatedRows) !== networks.length) throw new RetryRaced();
  await reopenLaunchedProject(trx, id, now);
  return true;
}

/** A result changed between the check and the write: the transaction is rolled back. */
class RetryRaced extends Error {}

/** Where the posts went out in earlier rounds, newest first. */
export function listEarlierPublicationRows(db: Kysely<Database>, postIds: number[]) {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('post_earlier_publications')
    .select(['post_id', 'network', 'target_name', 'permalink', 'published_at'])
    .where('post_id', 'in', postIds)
    .orderBy('id', 'desc')
    .execute();
}
export type EarlierPublicationRow = Awaited<ReturnType<typeof listEarlierPublicationRows>>[number];

/**
 * Hands a project's posts that are not published (nor being published) to a new owner; published ones
 * stay with the customer whose accounts they went out on. A post awaiting approval starts a new awaiting
 * episode at `at` (its `approval_asked_at`), the new owner's; its state does not change. With
 * `askApprovalBy`, a scheduled post goes to awaiting approval too, asked by them at `at`, keeping its
 * day and time. Answers the posts moved with the owner and the state each had, and the day it keeps. In
 * the caller's transaction: the posts are read, then moved by the same conditions, and only those both
 * read and moved are answered.
 */
export async function moveUnpublishedPostRows(
  trx: Kysely<Database>,
  input: { projectId: number; ownerId: string; at: Date; askApprovalBy: string | null },
): Promise<Array<{ id: number; fromOwnerId: string | null; fromState: string; publish_on: string | null; publish_time: string | null }>> {
  const owners = await trx
    .selectFrom('posts')
    .select(['id', 'owner_id', 'state', 'publish_on', 'publish_time'])
    .where('project_id', '=', input.projectId)
    .where('state', '<>', 'published')
    .where('publishing_since', 'is', null)
    .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '<>', input.ownerId)]))
    .execute();
  if (owners.length === 0) return [];
  const now = input.at.toISOString();
  const ids = owners.map((row) => row.id);
  const awaitingFrom = input.askApprovalBy === null ? ['awaiting_approval'] : ['awaiting_approval', 'scheduled'];
  const rows = await trx
    .updateTable('posts')
    .set((eb) => ({
      owner_id: input.ownerId,
      updated_at: now,
      state: eb.case().when('state', 'in', awaitingFrom).then('awaiting_approval').else(eb.ref('state')).end(),
      approval_asked_at: eb.case().when('state', 'in', awaitingFrom).then(now).else(eb.ref('approval_asked_at')).end(),
      approval_asked_by:
        input.askApprovalBy === null
          ? eb.ref('approval_asked_by')
          : eb.case().when('state', '=', 'scheduled').then(input.askApprovalBy).else(eb.ref('approval_asked_by')).end(),
    }))
    .where('id', 'in', ids)
    .where('state', '<>', 'published')
    .where('publishing_since', 'is', null)
    .returning('id')
    .execute();
  const moved = new Set(rows.map((row) => row.id));
  return owners
    .filter((row) => moved.has(row.id))
    .map((row) => ({ id: row.id, fromOwnerId: row.owner_id, fromState: row.state, publish_on: row.publish_on, publish_time: row.publish_time }));
}

/** A user's role and approval mode (decision 040), or undefined when there is no such user. */
export async function findApprovalOf(db: Kysely<Database>, userId: string): Promise<{ role: string; approval: string } | undefined> {
  return db.selectFrom('users').select(['role', 'approval']).where('id', '=', userId).executeTakeFirst();
}

/** Customers' names as the app shows a person (first and last name, else the address), by id. */
export async function findCustomerNames(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim() || row.email]));
}

/**
 * The decisions on posts awaiting approval (decision 040), all in one transaction: each post is taken by a
 * compare-and-set on its state and the `updated_at` the approver read, so that a post changed, decided
 * or claimed meanwhile makes the whole decision fail (`refused` names it) and nothing is written.
 * Approved: scheduled at its moment (its job queued when that moment has come); changes asked: back to
 * preview without day or networks, with the comment, who wrote it and when.
 */
export async function decideAwaitingPosts(
  db: Kysely<Database>,
  dialect: Dialect,
  input: {
    /** `storedUpdatedAt`: the post's `updated_at` as read from the database, which the approver's matched. */
    decisions: Array<{ id: number; storedUpdatedAt: Instant; moment: PublishMoment | null }>;
    decision: 'approve' | 'request_changes';
    comment: string | null;
    byUserId: string | null;
    onSaved?: AfterWrite;
  },
  at: Date,
): Promise<{ refused: number } | { queued: number[] }> {
  const flag = flagWriter(dialect);
  const now = at.toISOString();
  return db
    .transaction()
    .execute(async (trx) => {
      const queued: number[] = [];
      for (const decision of input.decisions) {
        const changes =
          input.decision === 'approve'
            ? {
                state: 'scheduled',
                ...noApproval,
                ...noChangesComment,
                ...(decision.moment === null
                  ? {}
                  : { publish_on: decision.moment.day, publish_time: decision.moment.time, publish_at: decision.moment.at.toISOString() }),
              }
            : {
                state: 'preview',
                publish_on: null,
                publish_time: null,
                publish_at: null,
                to_instagram: flag(false),
                to_linkedin: flag(false),
                to_facebook: flag(false),
                ...noApproval,
                changes_comment: input.comment,
                changes_comment_by: input.byUserId,
                changes_comment_at: now,
              };
        const result = await trx
          .updateTable('posts')
          .set({ ...changes, updated_at: now })
          .where('id', '=', decision.id)
          .where('state', '=', 'awaiting_approval')
          .where('publishing_since', 'is', null)
          .where('updated_at', '=', decision.storedUpdatedAt)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw new DecisionRaced(decision.id);
        if (input.decision === 'approve' && decision.moment?.immediate && !(await hasActivePublishJob(trx, decision.id))) {
          await enqueueJob(trx, { kind: 'publish-post', subject: `post:${decision.id}`, payload: { postId: decision.id }, now: at });
          queued.push(decision.id);
        }
      }
      await input.onSaved?.(trx);
      return { queued };
    })
    .catch((error: unknown) => {
      if (error instanceof DecisionRaced) return { refused: error.postId };
      throw error;
    });
}

/** A post changed between the check and the write of a decision: the transaction is rolled back. */
class DecisionRaced extends Error {
  constructor(readonly postId: number) {
    super(`Post ${postId} changed meanwhile`);
  }
}

/** The project's customer-visible facts a decision on its posts needs: whether it exists and who sees it. */
export async function findProjectPeople(db: Kysely<Database>, projectId: number) {
  return db.selectFrom('projects').select(['id', 'created_by', 'assigned_to']).where('id', '=', projectId).executeTakeFirst();
}
