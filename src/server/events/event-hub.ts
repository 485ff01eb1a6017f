import type { AppEvent } from '../../domain/events.ts';

/**
 * Realtime fan-out (DESIGN §3 principle 3, §5 /api/events): features publish what changed and for whom;
 * every open /api/events stream receives it and forwards it when its user is in the audience (admins
 * receive every event). In one process a memory hub does; on PostgreSQL the hub goes through
 * LISTEN/NOTIFY so that an event raised by a worker in another process reaches every stream.
 */
export interface EventAudience {
  /** The users the event concerns (owner, creator, assignee); admins receive every event anyway. */
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
  close(): Promise<void>;
}
