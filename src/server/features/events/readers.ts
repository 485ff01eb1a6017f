import type { Kysely } from 'kysely';
import type { AppEvent } from '../../../domain/events.ts';
import { ROLES_WITH_POSTS, ROLES_WITH_PROJECTS, type Role } from '../../../domain/roles.ts';
import { sessionTokenDigest } from '../../auth/hashed-session-tokens.ts';
import type { Database } from '../../db/schema.ts';
import type { EventAudience } from '../../events/event-hub.ts';
import { findPostOwner, findProjectPeople, listSessionsByDigest } from './repo.ts';
import { systemClock } from '../../lib/clock.ts';

/** An open stream as the check sees it: whose session it is, and the role it was opened with. */
export interface StreamSession {
  userId: string;
  role: Role;
  /** The session's token as the browser holds it (the table keeps its digest). */
  sessionToken: string;
}

/**
 * Which of the open streams' sessions still stand, as the database says now: the session exists and
 * has not expired, its user is active and has the role the stream was opened with. A stream whose
 * session no longer stands ends (the browser reconnects and is answered as it now should be).
 * One query for all the streams of a process.
 */
export async function sessionsStanding<S extends StreamSession>(db: Kysely<Database>, streams: readonly S[]): Promise<Set<S>> {
  if (streams.length === 0) return new Set();
  const digests = [...new Set(streams.map((stream) => sessionTokenDigest(stream.sessionToken)))];
  const rows = await listSessionsByDigest(db, digests);
  // The machine's clock, not the app's: Better Auth stamps and checks sessions with it.
  const now = systemClock().getTime();
  const standing = new Map(
    rows.filter((row) => row.active && row.expires_at.getTime() > now).map((row) => [row.token, { userId: row.user_id, role: row.role }]),
  );
  return new Set(
    streams.filter((stream) => {
      const current = standing.get(sessionTokenDigest(stream.sessionToken));
      return current !== undefined && current.userId === stream.userId && current.role === stream.role;
    }),
  );
}

/**
 * Who may read the event's record now (docs/decisions/021, the same rules as the posts' and projects'
 * own queries): a post its owner, if a customer or admin; a project (and its generation) its creator
 * and its assignee, if their role has projects; administrators everything. A record that no longer
 * exists (a deleted post) is decided by who could read it when the event was published.
 * `isReader(userId, role)` is then true for exactly those.
 */
export async function readersOf(db: Kysely<Database>, event: AppEvent, audience: EventAudience): Promise<(userId: string, role: Role) => boolean> {
  const concerned = await concernedUsers(db, event, audience);
  const roles = event.type === 'post' ? ROLES_WITH_POSTS : ROLES_WITH_PROJECTS;
  return (userId, role) => role === 'admin' || (roles.includes(role) && concerned.has(userId));
}

async function concernedUsers(db: Kysely<Database>, event: AppEvent, audience: EventAudience): Promise<Set<string>> {
  const ids = (...values: (string | null)[]) => new Set(values.filter((value): value is string => value !== null));
  if (event.type === 'post') {
    const post = await findPostOwner(db, event.postId);
    return post ? ids(post.owner_id) : new Set(audience.userIds);
  }
  const projectId = event.type === 'project' ? event.projectId : event.status.projectId;
  const project = await findProjectPeople(db, projectId);
  return project ? ids(project.created_by, project.assigned_to) : new Set(audience.userIds);
}
