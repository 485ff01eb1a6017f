import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const PROFILE_COLUMNS = ['id', 'email', 'role', 'language', 'first_name', 'last_name', 'active', 'avatar_key'] as const;

export function findProfileById(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').select(PROFILE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileById>>>;

export async function updateProfile(db: Kysely<Database>, id: string, changes: { language?: string }): Promise<void> {
  await db.updateTable('users').set({ ...changes, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}
