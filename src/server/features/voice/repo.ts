import type { Kysely } from 'kysely';
import { VOICE_SUGGESTIONS_LIMIT } from '../../../domain/voice.ts';
import type { Database } from '../../db/schema.ts';
import { readFlag } from '../../db/values.ts';

/** The SQL of the studio's voice: an owner's description and examples, read and replaced together. */

export function findVoiceRow(db: Kysely<Database>, ownerId: string) {
  return db.selectFrom('studio_voices').select(['owner_id', 'description', 'updated_at']).where('owner_id', '=', ownerId).executeTakeFirst();
}

export function listExampleRows(db: Kysely<Database>, ownerId: string) {
  return db.selectFrom('studio_voice_examples').select(['post_id', 'text']).where('owner_id', '=', ownerId).orderBy('position').execute();
}

/** The voice becomes exactly this, in one transaction. */
export async function replaceVoiceRows(
  db: Kysely<Database>,
  ownerId: string,
  voice: { description: string; examples: { post_id: number; text: string }[] },
  at: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('studio_voice_examples').where('owner_id', '=', ownerId).execute();
    await trx
      .insertInto('studio_voices')
      .values({ owner_id: ownerId, description: voice.description, updated_at: at.toISOString() })
      .onConflict((conflict) => conflict.column('owner_id').doUpdateSet({ description: voice.description, updated_at: at.toISOString() }))
      .execute();
    if (voice.examples.length === 0) return;
    await trx
      .insertInto('studio_voice_examples')
      .values(voice.examples.map((example, position) => ({ owner_id: ownerId, position, post_id: example.post_id, text: example.text })))
      .execute();
  });
}

/** The owner's published posts among these ids, with their texts and whether they went to Instagram. */
export async function findPublishedPosts(db: Kysely<Database>, ownerId: string, postIds: number[]) {
  if (postIds.length === 0) return [];
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'text', 'linkedin_text', 'to_instagram'])
    .where('owner_id', '=', ownerId)
    .where('state', '=', 'published')
    .where('id', 'in', postIds)
    .execute();
  return rows.map(({ to_instagram: toInstagram, ...row }) => ({ ...row, toInstagram: readFlag(toInstagram) }));
}

/** The owner's most recent published posts, newest first, with their project's title. */
export async function listRecentPublishedPosts(db: Kysely<Database>, ownerId: string) {
  const rows = await db
    .selectFrom('posts')
    .innerJoin('projects', 'projects.id', 'posts.project_id')
    .select(['posts.id', 'posts.text', 'posts.linkedin_text', 'posts.to_instagram', 'posts.published_at', 'projects.title'])
    .where('posts.owner_id', '=', ownerId)
    .where('posts.state', '=', 'published')
    .where('posts.published_at', 'is not', null)
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(VOICE_SUGGESTIONS_LIMIT)
    .execute();
  return rows.map(({ to_instagram: toInstagram, ...row }) => ({ ...row, toInstagram: readFlag(toInstagram) }));
}

export function findUserRole(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').select(['id', 'role']).where('id', '=', id).executeTakeFirst();
}
