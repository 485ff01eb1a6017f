import type { Kysely } from 'kysely';
import type { UpdateMe } from '../../../domain/user.ts';
import type { Database } from '../../db/schema.ts';
import { systemClock } from '../../lib/clock.ts';

/** SQL of the profile: the signed-in user's own fields and avatar. */

export type ProfileFields = Omit<UpdateMe, 'password' | 'currentPassword'>;

export async function updateProfileFields(db: Kysely<Database>, userId: string, fields: ProfileFields): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: systemClock().toISOString() })
    .where('id', '=', userId)
    .execute();
}

export async function findAvatarKey(db: Kysely<Database>, userId: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('avatar_key').where('id', '=', userId).executeTakeFirst();
  return row?.avatar_key;
}

export async function setAvatarKey(db: Kysely<Database>, userId: string, avatarKey: string): Promise<void> {
  await db.updateTable('users').set({ avatar_key: avatarKey, updated_at: systemClock().toISOString() }).where('id', '=', userId).execute();
}
