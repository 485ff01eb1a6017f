import type { Kysely } from 'kysely';
import type { CurrentUser, UpdateMe, User } from '../../../domain/user.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Auth } from '../../auth/create-auth.ts';
import { setUserPassword } from '../../auth/passwords.ts';
import type { PasswordAttempts } from '../../auth/password-attempts.ts';
import { type SessionUser, endOtherSessions } from '../../auth/session.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { EventHub } from '../../events/event-hub.ts';
import { getUser } from '../users/service.ts';
import { prepareAvatar } from './avatar-image.ts';
import { findAvatarKey, setAvatarKey, updateProfileFields } from './repo.ts';
import type { Log } from '../../lib/log.ts';
import type { Clock } from '../../lib/clock.ts';

export interface ProfileDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  auth: Auth;
  storage: Storage;
  log: Pick<Log, 'error'>;
  /** The sign-in limits, which a password change's check of the current password counts against. */
  passwordAttempts: PasswordAttempts;
  /** Told when the other sessions end, so their live-event streams end at once. */
  events?: EventHub;
  now: Clock;
}

export async function getProfile(deps: Pick<ProfileDependencies, 'db' | 'storage'>, userId: string): Promise<User> {
  try {
    return await getUser(deps, userId);
  } catch (error) {
    // The session named a user who is gone: for the caller that is "no session".
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_AUTHENTICATED', 'No hay sesión activa');
    throw error;
  }
}

export function getCurrentUser(deps: Pick<ProfileDependencies, 'db' | 'storage'>, userId: string): Promise<CurrentUser> {
  return getProfile(deps, userId);
}

/**
 * Saves the fields provided and, when asked, a new password. A new password needs the current one,
 * checked under the sign-in limits (the same counters: guessing here is guessing there); a wrong or
 * missing one changes nothing at all. The password is then a second step: if setting it fails the
 * profile is still saved and the answer says so (SPEC §8 "User updated with errors in
 * authentication"). A changed password ends the user's other sessions, not this one.
 */
export async function updateProfile(
  deps: ProfileDependencies,
  input: { user: SessionUser; changes: UpdateMe; address: string },
): Promise<{ user: User; passwordChanged: boolean | null }> {
  const { password, currentPassword, ...fields } = input.changes;
  if (password !== undefined) await checkCurrentPassword(deps, { user: input.user, password: currentPassword ?? '', address: input.address });
  if (Object.keys(fields).length > 0) {
    await updateProfileFields(deps.db, input.user.id, fields, deps.now());
  }
  let passwordChanged: boolean | null = null;
  if (password !== undefined) {
    try {
      await setUserPassword(deps.auth, input.user.id, password);
      await endOtherSessions(deps.auth, input.user);
      deps.events?.accessChanged();
      passwordChanged = true;
    } catch (error) {
      deps.log.error({ err: error }, 'Changing the password during a profile update failed');
      passwordChanged = false;
    }
  }
  return { user: await getProfile(deps, input.user.id), passwordChanged };
}

/** Throws unless `password` is the user's password now: 429 past the sign-in limits, 400 when wrong. */
async function checkCurrentPassword(deps: ProfileDependencies, input: { user: SessionUser; password: string; address: string }): Promise<void> {
  const context = await deps.auth.$context;
  const guarded = await deps.passwordAttempts.guard(
    { email: input.user.email, address: input.address },
    async () => {
      const account = await context.internalAdapter.findCredentialAccount(input.user.id);
      if (!account?.password) return false;
      return context.password.verify({ hash: account.password, password: input.password });
    },
    (right) => (right ? 'right' : 'wrong'),
  );
  if ('refused' in guarded) {
    if (guarded.refused === 'busy') throw new AppError('SIGN_IN_BUSY', 'Too many sign-ins at once. Try again in a moment.');
    throw new AppError('TOO_MANY_ATTEMPTS', 'Too many attempts. Try again later.');
  }
  if (!guarded.result) throw new AppError('VALIDATION_FAILED', 'The current password is not right', { currentPassword: 'currentPasswordWrong' });
}

/** Replaces the user's avatar: the new file is stored first, then the old one removed. */
export async function changeAvatar(deps: ProfileDependencies, input: { userId: string; upload: Buffer }): Promise<User> {
  const avatar = await prepareAvatar(input.upload, input.userId);
  const previousKey = await findAvatarKey(deps.db, input.userId);
  await deps.storage.put(avatar.key, avatar.body, avatar.contentType);
  await setAvatarKey(deps.db, input.userId, avatar.key, deps.now());
  if (previousKey && previousKey !== avatar.key) {
    await deps.storage.remove(previousKey).catch((error: unknown) => deps.log.error({ err: error, key: previousKey }, 'Removing the old avatar failed'));
  }
  return getProfile(deps, input.userId);
}
