import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Auth } from '../../auth/create-auth.ts';
import type { Kysely } from 'kysely';
import type { AppEvent } from '../../../domain/events.ts';
import type { Role } from '../../../domain/roles.ts';
import { requireSession } from '../../auth/session.ts';
import type { Database } from '../../db/schema.ts';
import type { EventAudience, EventHub } from '../../events/event-hub.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { type StreamSession, readersOf, sessionsStanding } from './readers.ts';

export interface EventsRouteOptions {
  auth: Auth;
  events: EventHub;
  /** Who may read an event's record, and whether a stream's session still stands, are asked of it when the event is sent. */
  db: Kysely<Database>;
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs?: number;
}

/** What the browser waits before reconnecting after the stream drops (the SSE `retry:` field). */
const RECONNECT_AFTER_MS = 3_000;
// A client that stops reading is dropped rather than buffered for without end.
const MAX_UNREAD_BYTES = 256 * 1024;

interface OpenStream extends StreamSession {
  stream: PassThrough;
  /** The last event or heartbeat being decided: the next waits for it. */
  pending: Promise<void>;
}

interface Decision {
  /** The streams this decision was made for (a stream opened later is not among them). */
  checked: Set<OpenStream>;
  /** Those whose session stands as when the stream opened: the others end. */
  standing: Set<OpenStream>;
  isReader: (userId: string, role: Role) => boolean;
}

/**
 * GET /api/events (DESIGN §5): the signed-in user's live events as server-sent events. Each hub event
 * whose record the user may read at the moment it is sent (administrators read all; docs/decisions/029)
 * becomes `event: <type>` plus one
 * `data:` line of JSON (src/domain/events.ts). The stream goes through Fastify as a stream payload,
 * so security headers and a renewed session cookie are sent as on any answer.
 */
export async function eventsRoutes(app: FastifyInstance, options: EventsRouteOptions): Promise<void> {
  const { events } = options;
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const openStreams = new Set<OpenStream>();

  // Whom an event goes to is decided once per event for all of this process's streams, when it is
  // sent: the record as it is now, and which sessions still stand (two queries, whatever the streams).
  // The hub hands one event to every stream in one go: the first one decides, the others reuse it.
  const decisions = new Map<AppEvent, Promise<Decision>>();
  const decide = (event: AppEvent, audience: EventAudience): Promise<Decision> => {
    let decision = decisions.get(event);
    if (!decision) {
      const checked = new Set(openStreams);
      decision = Promise.all([sessionsStanding(options.db, [...checked]), readersOf(options.db, event, audience)]).then(([standing, isReader]) => ({
        checked,
        standing,
        isReader,
      }));
      decisions.set(event, decision);
      queueMicrotask(() => decisions.delete(event));
    }
    return decision;
  };

  // A session ended, or a role or active flag changed (here or in another process): streams whose
  // session no longer stands as it was end at once, not at their next heartbeat.
  const stopWatchingAccess = events.onAccessChanged(() => {
    const streams = [...openStreams];
    void sessionsStanding(options.db, streams).then(
      (standing) => {
        for (const open of streams) if (!standing.has(open)) open.stream.end();
      },
      (error: unknown) => app.log.warn({ err: error }, "Live events: could not check the open streams' sessions"),
    );
  });

  // Open streams never end by themselves: closing the server ends them, or it would wait for them.
  app.addHook('preClose', async () => {
    stopWatchingAccess();
    for (const open of openStreams) open.stream.end();
  });

  // Without the zod type provider: the answer is a stream, not the JSON the response schema would type.
  app.get(
    '/api/events',
    {
      onRequest: requireSession(options.auth),
      schema: {
        tags: ['events'],
        summary: 'Live events for the signed-in user (text/event-stream): generation progress, project and post changes',
        description:
          'Server-sent events. Each message is `event: <type>` (generation, project or post) and one `data:` line with the JSON event. ' +
          'Administrators receive every event; other users the events about the projects and posts they may read when the event is sent. ' +
          'The stream ends when its session ends or its user is deactivated or changes role. A comment line arrives ' +
          `every ${Math.round(heartbeatMs / 1000)} seconds; the browser reconnects after ${RECONNECT_AFTER_MS / 1000} seconds if the stream drops.`,
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('A text/event-stream that stays open'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const stream = new PassThrough();
      const write = (text: string) => {
        if (stream.destroyed || stream.writableEnded) return;
        if (!stream.write(text) && stream.writableLength > MAX_UNREAD_BYTES) stream.destroy();
      };
      const open: OpenStream = { userId: user.id, role: user.role, sessionToken: user.sessionToken, stream, pending: Promise.resolve() };
      openStreams.add(open);
      // Each event in its turn (the checks are asynchronous; the order of events is kept).
      const inTurn = (step: () => Promise<void>) => {
        open.pending = open.pending
          .then(step)
          .catch((error: unknown) => request.log.warn({ err: error }, 'Live events: could not decide who may read an event'));
      };
      const stopListening = events.subscribe((event, audience) => {
        const decision = decide(event, audience);
        inTurn(async () => {
          const { checked, standing, isReader } = await decision;
          if (!checked.has(open)) return;
          if (!standing.has(open)) return void stream.end();
          if (isReader(open.userId, open.role)) write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
        });
      });
      // The heartbeat asks too (a session that simply expired ends this way).
      const heartbeat = setInterval(() => {
        inTurn(async () => {
          if (!(await sessionsStanding(options.db, [open])).has(open)) return void stream.end();
          write(': heartbeat\n\n');
        });
      }, heartbeatMs);
      const cleanUp = () => {
        clearInterval(heartbeat);
        stopListening();
        openStreams.delete(open);
      };
      stream.once('close', cleanUp);
      reply.raw.once('close', () => stream.destroy());

      write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache')
          // nginx and similar proxies would otherwise hold events back in their buffers.
          .header('x-accel-buffering', 'no')
          .send(stream)
      );
    },
  );
}
