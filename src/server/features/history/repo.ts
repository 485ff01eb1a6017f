import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The SQL of a post's history and comments (migration 022, decision 041). Both tables are append-only:
 * this file only inserts and reads them, and the database's triggers refuse any UPDATE, and any DELETE
 * while the post exists (history.test.ts also checks that no code of the app updates or deletes them).
 */

export interface NewPostEvent {
  postId: number;
  kind: string;
  actorId: string | null;
  via: string;
  at: Date;
  /** JSON. */
  data: string;
}

export async function insertPostEvent(db: Kysely<Database>, event: NewPostEvent): Promise<void> {
  await db
    .insertInto('post_events')
    .values({ post_id: event.postId, kind: event.kind, actor_id: event.actorId, via: event.via, at: event.at.toISOString(), data: event.data })
    .execute();
}

/** The post's owner, or undefined when there is no such post. */
export async function findPostOwner(db: Kysely<Database>, postId: number): Promise<{ owner_id: string | null } | undefined> {
  return db.selectFrom('posts').select('owner_id').where('id', '=', postId).executeTakeFirst();
}

/** The post's texts as they are in this transaction. */
export async function findPostTexts(db: Kysely<Database>, postId: number): Promise<{ text: string; linkedin_text: string | null } | undefined> {
  return db.selectFrom('posts').select(['text', 'linkedin_text']).where('id', '=', postId).executeTakeFirst();
}

/** The details (JSON) of the post's last event of one of these kinds. */
export async function findLastEventData(db: Kysely<Database>, postId: number, kinds: readonly string[]): Promise<string | undefined> {
  const row = await db
    .selectFrom('post_events')
    .select('data')
    .where('post_id', '=', postId)
    .where('kind', 'in', kinds)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.data;
}

/** The texts an edit at `at` replaced: the version it kept then (post_text_versions, migration 018). */
export async function findTextsReplacedAt(db: Kysely<Database>, postId: number, at: Date): Promise<{ text: string; linkedin_text: string | null } | undefined> {
  return db
    .selectFrom('post_text_versions')
    .select(['text', 'linkedin_text'])
    .where('post_id', '=', postId)
    .where('created_at', '=', at.toISOString())
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

const PERSON = [
  'person.id as person_id',
  'person.first_name as person_first_name',
  'person.last_name as person_last_name',
  'person.email as person_email',
] as const;

/** The post's events, oldest first, each with its actor's name when the account still exists. */
export function listEventRows(db: Kysely<Database>, postId: number) {
  return db
    .selectFrom('post_events')
    .leftJoin('users as person', 'person.id', 'post_events.actor_id')
    .select(['post_events.id', 'post_events.kind', 'post_events.via', 'post_events.at', 'post_events.data', ...PERSON])
    .where('post_events.post_id', '=', postId)
    .orderBy('post_events.id')
    .execute();
}
export type EventRow = Awaited<ReturnType<typeof listEventRows>>[number];

/** The post's comments of these visibilities, oldest first, each with its author's name when the account still exists. */
export function listCommentRows(db: Kysely<Database>, postId: number, visibilities: readonly string[]) {
  return db
    .selectFrom('post_comments')
    .leftJoin('users as person', 'person.id', 'post_comments.author_id')
    .select(['post_comments.id', 'post_comments.visibility', 'post_comments.text', 'post_comments.at', ...PERSON])
    .where('post_comments.post_id', '=', postId)
    .where('post_comments.visibility', 'in', visibilities)
    .orderBy('post_comments.id')
    .execute();
}
export type CommentRow = Awaited<ReturnType<typeof listCommentRows>>[number];

/**
 * Adds a comment and, in the same transaction, what `andThen` writes with its id (its event). Answers
 * the comment's id, or undefined when the post was deleted meanwhile.
 */
export async function insertComment(
  db: Kysely<Database>,
  comment: { postId: number; authorId: string; visibility: string; text: string; at: Date },
  andThen: (trx: Transaction<Database>, commentId: number) => Promise<void>,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const post = await trx.selectFrom('posts').select('id').where('id', '=', comment.postId).executeTakeFirst();
    if (!post) return undefined;
    const { id } = await trx
      .insertInto('post_comments')
      .values({ post_id: comment.postId, author_id: comment.authorId, visibility: comment.visibility, text: comment.text, at: comment.at.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await andThen(trx, id);
    return id;
  });
}
