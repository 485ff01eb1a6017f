import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readFlag, readInstant } from '../../db/values.ts';

/** SQL of the live events: the streams' sessions and who may read a record. */

/** The sessions with these token digests, each with its user's role and whether the user is active. */
export async function listSessionsByDigest(db: Kysely<Database>, digests: string[]) {
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.token', 'sessions.expires_at', 'users.id as user_id', 'users.role', 'users.active'])
    .where('sessions.token', 'in', digests)
    .execute();
  return rows.map((row) => ({ ...row, active: readFlag(row.active), expires_at: readInstant(row.expires_at) }));
}

export async function findPostOwner(db: Kysely<Database>, postId: number): Promise<{ owner_id: string | null } | undefined> {
  return db.selectFrom('posts').select('owner_id').where('id', '=', postId).executeTakeFirst();
}

export async function findProjectPeople(db: Kysely<Database>, projectId: number) {
  return db.selectFrom('projects').select(['created_by', 'assigned_to']).where('id', '=', projectId).executeTakeFirst();
}
