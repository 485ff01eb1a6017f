import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Auth } from '../../auth/create-auth.ts';
import { recheckSession, requireSession } from '../../auth/session.ts';
import type { EventHub } from '../../events/event-hub.ts';
import { errorResponses } from '../../http/error-responses.ts';

export interface EventsRouteOptions {
  auth: Auth;
  events: EventHub;
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs?: number;
}

/** What the browser waits before reconnecting after the stream drops (the SSE `retry:` field). */
const RECONNECT_AFTER_MS = 3_000;
// A client that stops reading is dropped rather than buffered for without end.
const MAX_UNREAD_BYTES = 256 * 1024;

/**
 * GET /api/events (DESIGN §5): the signed-in user's live events as server-sent events. Each hub event
 * whose audience includes the user (administrators receive all) becomes `event: <type>` plus one
 * `data:` line of JSON (src/domain/events.ts). The stream goes through Fastify as a stream payload,
 * so security headers and a renewed session cookie are sent as on any answer.
 */
export async function eventsRoutes(app: FastifyInstance, options: EventsRouteOptions): Promise<void> {
  const { events } = options;
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const openStreams = new Set<PassThrough>();

  // Open streams never end by themselves: closing the server ends them, or it would wait for them.
  app.addHook('preClose', async () => {
    for (const stream of openStreams) stream.end();
  });

  // Without the zod type provider: the answer is a stream, not the JSON the response schema would type.
  app.get('/api/events', {
    onRequest: requireSession(options.auth),
    schema: {
      tags: ['events'],
      summary: 'Live events for the signed-in user (text/event-stream): generation progress, project and post changes',
      description:
        'Server-sent events. Each message is `event: <type>` (generation, project or post) and one `data:` line with the JSON event. ' +
        'Administrators receive every event; other users the events about their own projects and posts. A comment line arrives ' +
        `every ${Math.round(heartbeatMs / 1000)} seconds; the browser reconnects after ${RECONNECT_AFTER_MS / 1000} seconds if the stream drops.`,
      produces: ['text/event-stream'],
      response: { 200: z.string().describe('A text/event-stream that stays open'), ...errorResponses(401) },
    },
  }, async (request, reply) => {
    let user = request.user!;
    const stream = new PassThrough();
    const write = (text: string) => {
      if (stream.destroyed || stream.writableEnded) return;
      if (!stream.write(text) && stream.writableLength > MAX_UNREAD_BYTES) stream.destroy();
    };
    const stopListening = events.subscribe((event, audience) => {
      if (user.role !== 'admin' && !audience.userIds.includes(user.id)) return;
      write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    });
    // Each heartbeat also asks whether the session still stands: signing out or deactivation ends the
    // stream, and a changed role changes what it receives.
    const heartbeat = setInterval(() => {
      void recheckSession(options.auth, user).then(
        (current) => {
          if (!current) return stream.end();
          user = current;
          write(': heartbeat\n\n');
        },
        (error: unknown) => request.log.warn({ err: error }, 'Live events: the session could not be checked'),
      );
    }, heartbeatMs);
    const cleanUp = () => {
      clearInterval(heartbeat);
      stopListening();
      openStreams.delete(stream);
    };
    stream.once('close', cleanUp);
    reply.raw.once('close', () => stream.destroy());
    openStreams.add(stream);

    write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache')
      // nginx and similar proxies would otherwise hold events back in their buffers.
      .header('x-accel-buffering', 'no')
      .send(stream);
  });
}
