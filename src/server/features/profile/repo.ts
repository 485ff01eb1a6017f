import type { Kysely } from 'kysely';
import type { UpdateMe } from '../../../domain/user.ts';
import type { Database } from '../../db/schema.ts';

/** SQL of the profile: the signed-in user's own fields and avatar. */

export type ProfileFields = Omit<UpdateMe, 'password' | 'currentPassword'>;

export async function updateProfileFields(db: Kysely<Database>, userId: string, fields: ProfileFields, at: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: at.toISOString() })
    .where('id', '=', userId)
    .execute();
}

export async function findAvatarKey(db: Kysely<Database>, userId: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('avatar_key').where('id', '=', userId).executeTakeFirst();
  return row?.avatar_key;
}

export async function setAvatarKey(db: Kysely<Database>, userId: string, avatarKey: string, at: Date): Promise<void> {
  await db.updateTable('users').set({ avatar_key: avatarKey, updated_at: at.toISOString() }).where('id', '=', userId).execute();
}
