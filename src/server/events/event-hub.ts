import type { AppEvent } from '../../domain/events.ts';

/**
 * Realtime fan-out (DESIGN §3 principle 3, §5 /api/events): features publish what changed; every open
 * /api/events stream receives it and forwards it only when its user may read that record at the moment
 * it is sent (decided against the database then, src/server/features/events/readers.ts). In one process
 * a memory hub does; on PostgreSQL the hub goes through LISTEN/NOTIFY so that an event raised by a worker
 * in another process reaches every stream. The hub also carries `accessChanged`: a session ended or a
 * user's role or active flag changed, so every process's streams check theirs at once.
 */
export interface EventAudience {
  /**
   * Who could read the record when the event was published (a post's owner; a project's creator and
   * assignee). Only consulted when the record no longer exists at send time (a deleted post); otherwise
   * the record as it is then decides. Admins receive every event anyway.
   */
  userIds: string[];
}

/** The audience of the users given (owner, creator, assignee ...), each once, the missing ones left out. */
export function audienceOf(...userIds: (string | null | undefined)[]): EventAudience {
  return { userIds: [...new Set(userIds.filter((id): id is string => typeof id === 'string'))] };
}

export type EventListener = (event: AppEvent, audience: EventAudience) => void;

export interface EventHub {
  publish(event: AppEvent, audience: EventAudience): void;
  /** Returns the function that stops listening. */
  subscribe(listener: EventListener): () => void;
  /** Sessions ended, or a user's role or active flag changed: every stream, in every process, checks its own. */
  accessChanged(): void;
  /** Returns the function that stops listening. */
  onAccessChanged(listener: () => void): () => void;
  close(): Promise<void>;
}
