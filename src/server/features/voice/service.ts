import type { Kysely } from 'kysely';
import { ROLES_WITH_POSTS, type Role } from '../../../domain/roles.ts';
import { type PutStudioVoice, type StudioVoice, type VoiceSuggestions, voiceTextOf } from '../../../domain/voice.ts';
import type { StudioVoiceForWriter } from '../../adapters/ai/post-writer.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Database } from '../../db/schema.ts';
import { readInstant } from '../../db/values.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { findPublishedPosts, findUserRole, findVoiceRow, listExampleRows, listRecentPublishedPosts, replaceVoiceRows } from './repo.ts';

/**
 * The studio's voice (issue 24 item 4, decision 037): a customer sets their own, an administrator
 * anyone's who can own posts, as the weekly queue. The generation reads it with `voiceForWriter`.
 */
export interface VoiceDependencies {
  db: Kysely<Database>;
  /** The app's clock (lib/clock.ts). */
  now: Clock;
}

/** Whose voice the actor asks for: a customer only their own, an administrator anyone's (their own by default). */
async function ownerFor(deps: VoiceDependencies, actor: SessionUser, requested: string | undefined): Promise<string> {
  if (actor.role !== 'admin' && actor.role !== 'customer')
    throw new AppError('FORBIDDEN', "The studio's voice is available to administrators and customers only");
  if (requested === undefined || requested === actor.id) return actor.id;
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', "Only an administrator can see or set another user's voice");
  const owner = await findUserRole(deps.db, requested);
  if (!owner) throw new AppError('NOT_FOUND', `User with id ${requested} not found`);
  if (!ROLES_WITH_POSTS.includes(owner.role as Role))
    throw new AppError('VALIDATION_FAILED', 'Only customers and administrators have posts, and a voice to write them in', {
      owner_id: 'voiceOwnerNotCustomer',
    });
  return owner.id;
}

async function voiceOf(db: Kysely<Database>, ownerId: string): Promise<StudioVoice> {
  const row = await findVoiceRow(db, ownerId);
  if (!row) return { owner_id: ownerId, description: '', examples: [], updated_at: null };
  return {
    owner_id: ownerId,
    description: row.description,
    examples: await listExampleRows(db, ownerId),
    updated_at: readInstant(row.updated_at).toISOString(),
  };
}

export async function getStudioVoice(deps: VoiceDependencies, actor: SessionUser, query: { owner?: string | undefined }): Promise<StudioVoice> {
  return voiceOf(deps.db, await ownerFor(deps, actor, query.owner));
}

/**
 * Replaces the owner's voice. An example already in it keeps the text it was chosen with (its post may
 * have been edited or deleted since); a new one must be a published post of the owner, whose text it takes.
 */
export async function setStudioVoice(deps: VoiceDependencies, actor: SessionUser, input: PutStudioVoice): Promise<StudioVoice> {
  const ownerId = await ownerFor(deps, actor, input.owner_id);
  const kept = new Map((await listExampleRows(deps.db, ownerId)).map((example) => [example.post_id, example.text]));
  const published = new Map(
    (
      await findPublishedPosts(
        deps.db,
        ownerId,
        input.examples.filter((postId) => !kept.has(postId)),
      )
    ).map((post) => [post.id, voiceTextOf(post)]),
  );
  const problems: Record<string, string> = {};
  const examples = input.examples.map((postId, index) => {
    const text = kept.get(postId) ?? published.get(postId);
    if (text === undefined || text.trim() === '') problems[`examples.${index}`] = 'voiceExampleNotPublished';
    return { post_id: postId, text: text ?? '' };
  });
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION_FAILED', "An example is not one of the owner's published posts", problems);
  await replaceVoiceRows(deps.db, ownerId, { description: input.description, examples }, deps.now());
  return voiceOf(deps.db, ownerId);
}

/** The owner's most recent published posts, newest first: what the examples are chosen from. */
export async function getVoiceSuggestions(deps: VoiceDependencies, actor: SessionUser, query: { owner?: string | undefined }): Promise<VoiceSuggestions> {
  const ownerId = await ownerFor(deps, actor, query.owner);
  const rows = await listRecentPublishedPosts(deps.db, ownerId);
  return {
    owner_id: ownerId,
    items: rows
      .map((row) => ({
        post_id: row.id,
        text: voiceTextOf(row),
        project_title: row.title,
        published_at: readInstant(row.published_at!).toISOString(),
      }))
      .filter((item) => item.text.trim() !== ''),
  };
}

/** The voice the writers are given for a project of this owner; undefined when the owner has none. */
export async function voiceForWriter(db: Kysely<Database>, ownerId: string): Promise<StudioVoiceForWriter | undefined> {
  const voice = await voiceOf(db, ownerId);
  if (voice.description.trim() === '' && voice.examples.length === 0) return undefined;
  return { description: voice.description, examples: voice.examples.map((example) => example.text) };
}
