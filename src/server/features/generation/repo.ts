import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { flagWriter, readFlag } from '../../db/values.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';

/** SQL of the generation: what the job reads of a project, and the posts it writes. */

export async function findProjectForGeneration(db: Kysely<Database>, projectId: number) {
  const row = await db
    .selectFrom('projects')
    .leftJoin('users as owner', (join) => join.on((eb) => eb('owner.id', '=', eb.fn.coalesce('projects.assigned_to', 'projects.created_by'))))
    .select([
      'projects.id',
      'projects.title',
      'projects.description',
      'projects.keywords',
      'projects.category',
      'projects.location',
      'projects.year',
      'projects.authors',
      'projects.collaborators',
      'projects.promoter',
      'projects.photo_credit',
      'projects.weblink',
      'projects.publications',
      'projects.required_ai',
      'projects.prompt_text',
      'projects.state',
      'projects.created_by',
      'projects.assigned_to',
      'owner.id as owner_id',
      'owner.language as owner_language',
    ])
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
  return row && { ...row, required_ai: readFlag(row.required_ai) };
}
export type ProjectForGeneration = NonNullable<Awaited<ReturnType<typeof findProjectForGeneration>>>;

/** A post's selected images, in their order: what a post written again carries (the Instagram variant). */
export function listPostImagesToWrite(db: Kysely<Database>, postId: number) {
  return db
    .selectFrom('post_images')
    .select(['id', 'instagram_key'])
    .where('post_id', '=', postId)
    .where('status', '=', 'pending')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The selected images, in their order: the publication sequence. */
export async function listSelectedImages(db: Kysely<Database>, projectId: number) {
  return db
    .selectFrom('project_images')
    .select(['id', 'storage_key'])
    .where('project_id', '=', projectId)
    .where('status', '=', 'pending')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export interface NewPost {
  text: string;
  /** LinkedIn's own text, or null for the same as `text` (decision 034). */
  linkedinText: string | null;
  images: {
    projectImageId: number;
    instagram: { key: string; width: number; height: number };
    linkedin: { key: string; contentType: string };
    altText: string;
  }[];
}

/**
 * Replaces the project's unpublished posts with the new ones and moves the project to preview, in one
 * transaction, only while the project is still being generated: a project recovered meanwhile keeps
 * nothing. `written` runs in it for each new post (its history's first event). Answers the new posts'
 * ids, or undefined when the project was no longer in progress.
 */
export async function applyGeneratedPosts(
  db: Kysely<Database>,
  dialect: Dialect,
  input: { projectId: number; ownerId: string; posts: NewPost[] },
  at: Date,
  written: (trx: Transaction<Database>, postId: number) => Promise<void> = async () => undefined,
): Promise<number[] | undefined> {
  const no = flagWriter(dialect)(false);
  const now = at.toISOString();
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('projects')
      .set({ state: 'preview', launch_error_code: null, launch_error_message: null, updated_at: now })
      .where('id', '=', input.projectId)
      .where('state', '=', 'inProgress')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return undefined;
    // A run after a crash finds the posts of the run before it: they are replaced, not doubled.
    await trx.deleteFrom('posts').where('project_id', '=', input.projectId).where('state', '!=', 'published').execute();
    const ids: number[] = [];
    for (const [index, post] of input.posts.entries()) {
      const { id } = await trx
        .insertInto('posts')
        .values({
          project_id: input.projectId,
          owner_id: input.ownerId,
          sequence: index + 1,
          state: 'preview',
          text: post.text,
          linkedin_text: post.linkedinText,
          to_instagram: no,
          to_linkedin: no,
          to_facebook: no,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
      if (post.images.length > 0) {
        await trx
          .insertInto('post_images')
          .values(
            post.images.map((image, position) => ({
              post_id: id,
              project_image_id: image.projectImageId,
              position,
              status: 'pending',
              instagram_key: image.instagram.key,
              instagram_width: image.instagram.width,
              instagram_height: image.instagram.height,
              linkedin_key: image.linkedin.key,
              linkedin_content_type: image.linkedin.contentType,
              alt_text: image.altText,
              created_at: now,
            })),
          )
          .execute();
      }
      await written(trx, id);
    }
    return ids;
  });
}

/**
 * Launch: the draft project moves to inProgress and its generation job is queued, in one transaction.
 * False when the project was no longer a draft (two launches at once).
 */
export async function moveToInProgressAndQueueGeneration(db: Kysely<Database>, projectId: number, at: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('projects')
      .set({ state: 'inProgress', launch_error_code: null, launch_error_message: null, updated_at: at.toISOString() })
      .where('id', '=', projectId)
      .where('state', '=', 'draft')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return false;
    await enqueueJob(trx, { kind: 'generate-posts', subject: `project:${projectId}`, payload: { projectId }, maxAttempts: 2, now: at });
    return true;
  });
}

/** Why the project's last generation failed, if it did. */
export async function findLaunchError(db: Kysely<Database>, projectId: number) {
  return db.selectFrom('projects').select(['launch_error_code', 'launch_error_message']).where('id', '=', projectId).executeTakeFirst();
}

/** A generation that failed sends the project back to draft with its reason, if it is still in progress. */
export async function markGenerationFailed(db: Kysely<Database>, projectId: number, failure: { code: string; message: string }, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('projects')
    .set({ state: 'draft', launch_error_code: failure.code, launch_error_message: failure.message.slice(0, 1000), updated_at: at.toISOString() })
    .where('id', '=', projectId)
    .where('state', '=', 'inProgress')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findLatestGenerationJob(db: Kysely<Database>, projectId: number) {
  return db
    .selectFrom('jobs')
    .select(['id', 'state', 'progress', 'last_error'])
    .where('kind', '=', 'generate-posts')
    .where('subject', '=', `project:${projectId}`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Storage keys of the variants still used by some post, among the ones given. */
export async function variantKeysInUse(db: Kysely<Database>, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('post_images')
    .select(['instagram_key', 'linkedin_key'])
    .where((eb) => eb.or([eb('instagram_key', 'in', keys), eb('linkedin_key', 'in', keys)]))
    .execute();
  return new Set(rows.flatMap((row) => [row.instagram_key, row.linkedin_key]));
}

/** The unpublished posts of a project and their variant keys (recovery deletes them). */
export async function listUnpublishedPosts(db: Kysely<Database>, projectId: number) {
  const posts = await db
    .selectFrom('posts')
    .select(['id', 'owner_id', 'publishing_since'])
    .where('project_id', '=', projectId)
    .where('state', '!=', 'published')
    .execute();
  const images =
    posts.length === 0
      ? []
      : await db
          .selectFrom('post_images')
          .select(['instagram_key', 'linkedin_key'])
          .where(
            'post_id',
            'in',
            posts.map((post) => post.id),
          )
          .execute();
  return { posts, keys: images.flatMap((image) => [image.instagram_key, image.linkedin_key]) };
}

/** Recovery (SPEC §4): the project back to draft, its unpublished posts deleted, published ones kept. */
export async function recoverProjectRows(db: Kysely<Database>, projectId: number, postIds: number[], at: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (postIds.length > 0)
      await trx.deleteFrom('posts').where('id', 'in', postIds).where('state', '!=', 'published').where('publishing_since', 'is', null).execute();
    await trx
      .updateTable('projects')
      .set({ state: 'draft', launch_error_code: null, launch_error_message: null, updated_at: at.toISOString() })
      .where('id', '=', projectId)
      .execute();
  });
}
