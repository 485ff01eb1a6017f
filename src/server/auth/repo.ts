import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../db/schema.ts';
import { readFlag } from '../db/values.ts';

/**
 * The users' table as sign-in, the first start and the recovery e-mail read it. Better Auth writes its
 * own tables through its adapter; these are the reads of ours around it.
 */

/** Whether the user exists and may sign in (`active`, a boolean whatever the dialect stores). */
export async function isUserActive(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('active').where('id', '=', id).executeTakeFirst();
  return row !== undefined && readFlag(row.active);
}

export async function hasAnyUser(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Another instance starting on the same database may have created it first. */
export async function hasUserWithEmail(db: Kysely<Database>, email: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;
}

/** The account behind an address (stored lower-case), for the recovery e-mail. */
export async function findUserToRecover(
  db: Kysely<Database>,
  email: string,
): Promise<Pick<UsersTable, 'id' | 'email' | 'first_name' | 'language'> | undefined> {
  return db.selectFrom('users').select(['id', 'email', 'first_name', 'language']).where('email', '=', email).executeTakeFirst();
}
