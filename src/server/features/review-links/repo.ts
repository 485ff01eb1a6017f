import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Instants are ISO text on SQLite and timestamptz on PostgreSQL; an ISO string suits both. */
const instant = (date: Date) => date.toISOString();

export interface NewReviewLink {
  tokenHash: string;
  projectId: number;
  createdBy: string;
  email: string | null;
  language: string;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertReviewLink(db: Kysely<Database>, link: NewReviewLink): Promise<number> {
  const row = await db
    .insertInto('review_links')
    .values({
      token_hash: link.tokenHash,
      project_id: link.projectId,
      created_by: link.createdBy,
      email: link.email,
      language: link.language,
      created_at: instant(link.createdAt),
      expires_at: instant(link.expiresAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

function selectLinks(db: Kysely<Database>) {
  return db
    .selectFrom('review_links')
    .leftJoin('users as creator', 'creator.id', 'review_links.created_by')
    .selectAll('review_links')
    .select(['creator.first_name as creator_first_name', 'creator.last_name as creator_last_name', 'creator.email as creator_email']);
}

export type ReviewLinkRow = Awaited<ReturnType<typeof findReviewLinkRow>> & {};

export function findReviewLinkRow(db: Kysely<Database>, where: { id: number } | { tokenHash: string }) {
  const query = selectLinks(db);
  return ('id' in where ? query.where('review_links.id', '=', where.id) : query.where('review_links.token_hash', '=', where.tokenHash)).executeTakeFirst();
}

/** A project's links, newest first. */
export function listReviewLinkRows(db: Kysely<Database>, projectId: number) {
  return selectLinks(db).where('review_links.project_id', '=', projectId).orderBy('review_links.id', 'desc').execute();
}

/** Revokes a link of the project once; false when there is no such link or it was revoked already. */
export async function revokeReviewLinkRow(db: Kysely<Database>, projectId: number, id: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('review_links')
    .set({ revoked_at: instant(at) })
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** When the link was last opened, and (`decided`) when a decision was last made through it. */
export async function touchReviewLink(db: Kysely<Database>, id: number, at: Date, decided: boolean): Promise<void> {
  await db
    .updateTable('review_links')
    .set(decided ? { last_used_at: instant(at), decided_at: instant(at) } : { last_used_at: instant(at) })
    .where('id', '=', id)
    .execute();
}

/** How many of the project's posts await approval: a link with none left after its decisions is used. */
export async function countAwaitingPosts(db: Kysely<Database>, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('project_id', '=', projectId)
    .where('state', '=', 'awaiting_approval')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A project's posts with their owners (the customer a link stands for): what a link reads and decides on. */
function selectProjectPosts(db: Kysely<Database>, projectId: number) {
  return db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.owner_id')
    .select(['posts.id', 'posts.owner_id', 'users.email as owner_email', 'users.role as owner_role'])
    .where('posts.project_id', '=', projectId);
}

/** The project's title, and its posts awaiting approval with their owners (oldest first, as they were written). */
export async function findReviewTargets(db: Kysely<Database>, projectId: number) {
  const project = await db.selectFrom('projects').select('title').where('id', '=', projectId).executeTakeFirst();
  const posts = await selectProjectPosts(db, projectId).where('posts.state', '=', 'awaiting_approval').orderBy('posts.sequence').orderBy('posts.id').execute();
  return { title: project?.title ?? '', posts };
}

/** One post of the project, whatever its state (the decision says why it cannot be decided), with its owner. */
export function findReviewTarget(db: Kysely<Database>, projectId: number, postId: number) {
  return selectProjectPosts(db, projectId).where('posts.id', '=', postId).executeTakeFirst();
}
