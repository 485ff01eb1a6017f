import type { Kysely } from 'kysely';
import { toLanguage } from '../../../domain/languages.ts';
import { ROLES, type Role } from '../../../domain/roles.ts';
import type { CurrentUser, UpdateMe } from '../../../domain/user.ts';
import type { Database } from '../../db/schema.ts';
import { readFlag } from '../../db/values.ts';
import { AppError } from '../../errors.ts';
import { type ProfileRow, findProfileById, updateProfile } from './repo.ts';

export async function getCurrentUser({ db, userId }: { db: Kysely<Database>; userId: string }): Promise<CurrentUser> {
  const row = await findProfileById(db, userId);
  if (!row) throw new AppError('NOT_AUTHENTICATED', 'No hay sesión activa');
  return toCurrentUser(row);
}

export async function updateCurrentUser({ db, userId, changes }: { db: Kysely<Database>; userId: string; changes: UpdateMe }): Promise<CurrentUser> {
  await updateProfile(db, userId, changes);
  return getCurrentUser({ db, userId });
}

function toCurrentUser(row: ProfileRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    role: (ROLES as readonly string[]).includes(row.role) ? (row.role as Role) : 'basic',
    language: toLanguage(row.language) ?? 'es',
    first_name: row.first_name,
    last_name: row.last_name,
    active: readFlag(row.active),
    // Storage (and its public URLs) arrives with the profile screen; until then the key is the path.
    avatar_url: row.avatar_key ? `/media/${row.avatar_key}` : null,
  };
}
