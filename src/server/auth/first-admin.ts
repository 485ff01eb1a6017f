import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isCommonPassword } from '../../domain/common-passwords.ts';
import type { Database } from '../db/schema.ts';
import type { Auth } from './create-auth.ts';
import { hasAnyUser, hasUserWithEmail } from './repo.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@alzado.local';

/**
 * On an empty database, creates the first administrator: from ADMIN_EMAIL and ADMIN_PASSWORD when
 * given, otherwise with a random password that is announced once (and returned, for the start's closing block). Does nothing once any user exists.
 * An ADMIN_PASSWORD that is one of the most common passwords is refused, as anywhere a password is set
 * (docs/decisions/031): the start stops and says so, and nothing is created.
 */
export async function ensureFirstAdmin(input: {
  db: Kysely<Database>;
  auth: Auth;
  credentials: { email: string; password: string } | undefined;
  announce: (message: string) => void;
}): Promise<{ created: boolean; generated?: { email: string; password: string } }> {
  if (await hasAnyUser(input.db)) return { created: false };
  if (input.credentials && isCommonPassword(input.credentials.password)) {
    throw new Error(
      'ADMIN_PASSWORD is one of the most common passwords, the first a guesser tries (docs/decisions/031): choose another to create the first administrator',
    );
  }
  const email = (input.credentials?.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const password = input.credentials?.password ?? randomBytes(12).toString('base64url');
  const context = await input.auth.$context;
  try {
    const user = await context.internalAdapter.createUser(
      { email, name: 'Admin', role: 'admin', firstName: 'Admin', lastName: '', emailVerified: true },
      { method: 'admin' },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await context.password.hash(password),
    });
  } catch (error) {
    // Another instance starting on the same database created it first.
    if (await hasUserWithEmail(input.db, email)) return { created: false };
    throw error;
  }
  if (!input.credentials) {
    input.announce(`First administrator created. Sign in with e-mail ${email} and password ${password} (shown only this once; change it in your profile).`);
  }
  return { created: true, ...(input.credentials ? {} : { generated: { email, password } }) };
}
