import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { toLanguage } from '../../../domain/languages.ts';
import { type ApprovalMode, toApprovalMode } from '../../../domain/approval.ts';
import { ROLES, type Role } from '../../../domain/roles.ts';
import type { CreateUser, ListUsersQuery, UpdateUser, User, UserPage } from '../../../domain/user.ts';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Auth } from '../../auth/create-auth.ts';
import { createPasswordSetupToken, forgetPasswordSetupToken, setUserPassword } from '../../auth/passwords.ts';
import { endUserSessions } from '../../auth/session.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { readInstant } from '../../db/values.ts';
import { AppError } from '../../errors.ts';
import type { EventHub } from '../../events/event-hub.ts';
import { type JobHandler, RetryLater, enqueueJob } from '../../jobs/job-queue.ts';
import { type UserRow, countOtherActiveAdmins, findUserRowByEmail, findUserRowById, listUserRows, updateUserRow } from './repo.ts';
import { welcomeEmail } from './welcome-email.ts';
import type { Clock } from '../../lib/clock.ts';

export interface UsersDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  auth: Auth;
  storage: Storage;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Tells the job worker a welcome e-mail is due, so it goes at once. */
  wakeJobs: () => void;
  /** Told when a role, the active flag or the password changes, so the user's live-event streams end at once. */
  events?: EventHub;
  now: Clock;
}

/** The welcome e-mail's set-your-own-password link lasts longer than a recovery link. */
export const WELCOME_LINK_DAYS = 7;

export function toUser(row: UserRow, storage: Storage): User {
  return {
    id: row.id,
    email: row.email,
    role: (ROLES as readonly string[]).includes(row.role) ? (row.role as Role) : 'basic',
    language: toLanguage(row.language) ?? 'es',
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    company: row.company,
    vat: row.vat,
    description: row.description,
    active: row.active,
    // Only a customer's mode counts (decision 040); a user whose role changed keeps theirs stored but answers none.
    approval: row.role === 'customer' ? toApprovalMode(row.approval) : 'none',
    avatar_url: row.avatar_key ? storage.publicUrl(row.avatar_key) : null,
    created_at: readInstant(row.created_at).toISOString(),
    updated_at: readInstant(row.updated_at).toISOString(),
  };
}

export async function listUsers(deps: UsersDependencies, query: ListUsersQuery): Promise<UserPage> {
  const { rows, total } = await listUserRows(deps.db, query);
  return { items: rows.map((row) => toUser(row, deps.storage)), total, page: query.page, pageSize: query.pageSize };
}

export async function getUser(deps: Pick<UsersDependencies, 'db' | 'storage'>, id: string): Promise<User> {
  const row = await findUserRowById(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Do not match any users');
  return toUser(row, deps.storage);
}

/** Approval is the customer's (decision 040): refused on any other role, unless it is none. */
function assertApprovalFitsRole(approval: ApprovalMode, role: string): void {
  if (approval !== 'none' && role !== 'customer') {
    throw new AppError('VALIDATION_FAILED', 'Only a customer can require approval', { approval: 'approvalCustomerOnly' });
  }
}

/** Creates a user with their password (SPEC §5 user form). The admin stays signed in as themself. */
export async function createUser(deps: UsersDependencies, input: CreateUser): Promise<User> {
  const email = input.email.toLowerCase();
  assertApprovalFitsRole(input.approval, input.role);
  if (await findUserRowByEmail(deps.db, email)) {
    throw new AppError('AUTH_USER_NOT_CREATED', 'Could not create user in the authentication system', { email: 'emailTaken' });
  }
  const context = await deps.auth.$context;
  let userId: string;
  try {
    const created = await context.internalAdapter.createUser(
      {
        email,
        name: `${input.first_name} ${input.last_name}`.trim(),
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
        company: input.company,
        vat: input.vat,
        description: input.description,
        role: input.role,
        language: input.language,
        active: input.active,
        emailVerified: true,
      },
      { method: 'admin' },
    );
    userId = created.id;
  } catch (error) {
    deps.log.error({ err: error }, 'Creating a user failed');
    throw new AppError('AUTH_USER_NOT_CREATED', 'Could not create user in the authentication system');
  }
  try {
    await setUserPassword(deps.auth, userId, input.password);
  } catch (error) {
    // A user without a password is no user: undo, so that a retry does not find the e-mail taken.
    deps.log.error({ err: error }, "Setting the new user's password failed");
    await context.internalAdapter.deleteUser(userId);
    throw new AppError('AUTH_USER_NOT_CREATED', 'Could not create user in the authentication system');
  }
  // The authentication library knows nothing of approval: it is set on the row it has just written.
  if (input.approval !== 'none') await updateUserRow(deps.db, deps.dialect, userId, { approval: input.approval }, deps.now());
  return getUser(deps, userId);
}

/**
 * Changes only the fields provided. The last active administrator can be neither deactivated nor
 * demoted, and no administrator can deactivate or demote themself here (issue 29: one's own account is
 * edited in Profile; sending the value it already has is no change); deactivating a user ends their
 * sessions at once; a new password ends them too.
 */
export async function updateUser(deps: UsersDependencies, input: { id: string; changes: UpdateUser; actorId: string }): Promise<User> {
  const current = await findUserRowById(deps.db, input.id);
  if (!current) throw new AppError('NOT_FOUND', 'Do not match any users');
  const { password, email: _lockedEmail, ...changes } = input.changes;

  const isActiveAdmin = current.role === 'admin' && current.active;
  const losesAdmin = (changes.role !== undefined && changes.role !== 'admin') || changes.active === false;
  if (isActiveAdmin && losesAdmin && (await countOtherActiveAdmins(deps.db, deps.dialect, input.id)) === 0) {
    throw new AppError('LAST_ADMIN', 'The last administrator cannot be deactivated or demoted');
  }
  if (input.id === input.actorId) {
    const refused: Record<string, string> = {};
    if (changes.role !== undefined && changes.role !== current.role) refused.role = 'ownAccount';
    if (changes.active !== undefined && changes.active !== current.active) refused.active = 'ownAccount';
    if (Object.keys(refused).length > 0) {
      throw new AppError('OWN_ACCOUNT', 'You cannot change your own role or deactivate your own account; your own details are edited in Profile', refused);
    }
  }

  // Approval is the customer's (decision 040): refused on any other role, unless it is being set back to none.
  if (changes.approval !== undefined) assertApprovalFitsRole(changes.approval, changes.role ?? current.role);
  if (Object.keys(changes).length > 0) await updateUserRow(deps.db, deps.dialect, input.id, changes, deps.now());
  if (password !== undefined) await setUserPassword(deps.auth, input.id, password);
  if (changes.active === false || password !== undefined) await endUserSessions(deps.auth, input.id);
  if (changes.role !== undefined || changes.active !== undefined || password !== undefined) deps.events?.accessChanged();
  return getUser(deps, input.id);
}

/**
 * POST /api/create-user-template: welcomes a user who exists. The recipient and every word come from
 * the server, so the endpoint cannot relay mail for anyone; the password in SPEC's payload is ignored.
 * The e-mail goes from a `send-welcome` job, never inside the request: the link's token is made when
 * the job runs, so no queue row ever holds it.
 */
export async function sendWelcomeEmail(deps: UsersDependencies, input: { email: string }): Promise<void> {
  const row = await findUserRowByEmail(deps.db, input.email);
  if (!row) throw new AppError('NOT_FOUND', 'Do not match any users');
  await enqueueJob(deps.db, { kind: 'send-welcome', subject: `user:${row.id}`, payload: { userId: row.id }, now: deps.now() });
  deps.wakeJobs();
}

const welcomePayloadSchema = z.object({ userId: z.string() });

/**
 * The `send-welcome` job: a single-use "choose your own password" link valid WELCOME_LINK_DAYS, and
 * the welcome e-mail in the user's language. A mail failure withdraws that link and tries again later;
 * a user deleted meanwhile gets nothing.
 */
export function createSendWelcomeHandler(deps: Pick<UsersDependencies, 'db' | 'auth' | 'mailer' | 'publicUrl' | 'log'>): JobHandler {
  return async ({ job }) => {
    const { userId } = welcomePayloadSchema.parse(job.payload);
    const row = await findUserRowById(deps.db, userId);
    if (!row) return;
    const token = await createPasswordSetupToken(deps.auth, row.id, WELCOME_LINK_DAYS * 24 * 60 * 60);
    const message = welcomeEmail({
      to: row.email,
      name: row.first_name,
      language: toLanguage(row.language) ?? 'es',
      signInUrl: `${deps.publicUrl}/login`,
      setPasswordUrl: `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
      linkDays: WELCOME_LINK_DAYS,
    });
    try {
      await deps.mailer.send(message);
    } catch (error) {
      await forgetPasswordSetupToken(deps.auth, token);
      deps.log.error({ err: error, jobId: job.id }, 'Welcome e-mail failed; it will be tried again');
      // The job keeps no more than this: a mail server's message may carry its address or credentials.
      throw new RetryLater('The welcome e-mail could not be sent');
    }
  };
}
