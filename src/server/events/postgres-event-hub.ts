import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { appEventSchema } from '../../domain/events.ts';
import type { Database } from '../db/schema.ts';
import { errorMessage } from '../lib/error-message.ts';
import type { Log } from '../lib/log.ts';
import type { EventHub } from './event-hub.ts';
import { createMemoryEventHub } from './memory-event-hub.ts';

export interface PostgresEventHubOptions {
  /** The database's URL: the hub keeps one connection of its own open to LISTEN. */
  connectionString: string;
  /** NOTIFY goes through the app's pool. */
  db: Kysely<Database>;
  log: Log;
  channel?: string;
  /** Wait before reconnecting a dropped listening connection, doubled after each failure up to `max`. */
  reconnectDelayMs?: { first: number; max: number };
}

export const EVENTS_CHANNEL = 'alzado_events';
// PostgreSQL refuses a NOTIFY payload of 8000 bytes or more.
const MAX_PAYLOAD_BYTES = 7_900;

const notificationSchema = z.union([
  z.object({
    origin: z.string(),
    event: appEventSchema,
    audience: z.object({ userIds: z.array(z.string()) }),
  }),
  z.object({ origin: z.string(), accessChanged: z.literal(true) }),
]);

/**
 * The hub when several processes share PostgreSQL (DESIGN §3 principle 3): an event is delivered at
 * once to this process's streams, and sent with NOTIFY to the others, which LISTEN on a dedicated
 * connection. Each notification carries the id of the hub that sent it, so its own process ignores it
 * (delivered once, not twice). While the listening connection is down (it is reconnected with
 * backoff) events from other processes are missed; browsers refetch on their next change anyway.
 */
export async function openPostgresEventHub(options: PostgresEventHubOptions): Promise<EventHub> {
  const { connectionString, db, log } = options;
  const channel = options.channel ?? EVENTS_CHANNEL;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid events channel name: ${channel}`);
  const reconnectDelay = options.reconnectDelayMs ?? { first: 500, max: 30_000 };

  const origin = randomUUID();
  const local = createMemoryEventHub({ onListenerError: (error) => log.error({ error: errorMessage(error) }, 'Live events: a listener failed') });
  let listening: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let nextDelay = reconnectDelay.first;
  let sending: Promise<void> = Promise.resolve();

  function receive(payload: string | undefined): void {
    let parsed: z.infer<typeof notificationSchema>;
    try {
      parsed = notificationSchema.parse(JSON.parse(payload ?? ''));
    } catch {
      log.warn({ channel }, 'Live events: ignored a notification that is not an event');
      return;
    }
    if (parsed.origin === origin) return;
    if ('accessChanged' in parsed) local.accessChanged();
    else local.publish(parsed.event, parsed.audience);
  }

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString, application_name: 'alzado-events' });
    client.on('notification', (message) => {
      if (message.channel === channel) receive(message.payload);
    });
    // Without an 'error' listener a dropped connection would crash the process.
    client.on('error', (error) => dropped(client, error));
    client.on('end', () => dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    listening = client;
  }

  function dropped(client: pg.Client, error?: Error): void {
    if (client !== listening) return;
    listening = undefined;
    void client.end().catch(() => {});
    if (closed) return;
    log.warn({ error: error?.message }, 'Live events: the listening connection to PostgreSQL dropped; reconnecting');
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      listen().then(
        () => {
          nextDelay = reconnectDelay.first;
          if (!closed) log.info({ channel }, 'Live events: listening to PostgreSQL again');
        },
        (error: unknown) => {
          nextDelay = Math.min(reconnectDelay.max, nextDelay * 2);
          log.warn({ error: errorMessage(error), retryInMs: nextDelay }, 'Live events: could not reconnect to PostgreSQL; trying again');
          scheduleReconnect();
        },
      );
    }, nextDelay);
    reconnectTimer.unref();
  }

  // One after another, so that other processes see events in the order they were published.
  function notify(payload: string, type: string): void {
    sending = sending
      .then(() => sql`select pg_notify(${channel}, ${payload})`.execute(db))
      .then(
        () => undefined,
        (error: unknown) => log.error({ type, error: errorMessage(error) }, 'Live events: could not send an event to the other processes'),
      );
  }

  await listen();

  return {
    publish(event, audience) {
      local.publish(event, audience);
      const payload = JSON.stringify({ origin, event, audience });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        log.warn({ type: event.type, bytes: Buffer.byteLength(payload) }, 'Live events: an event too large for NOTIFY reached this process only');
        return;
      }
      notify(payload, event.type);
    },
    subscribe: (listener) => local.subscribe(listener),
    accessChanged() {
      local.accessChanged();
      notify(JSON.stringify({ origin, accessChanged: true }), 'accessChanged');
    },
    onAccessChanged: (listener) => local.onAccessChanged(listener),
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      await sending;
      const client = listening;
      listening = undefined;
      await client?.end().catch(() => {});
      await local.close();
    },
  };
}
