import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppEvent } from '../../domain/events.ts';
import { type TestDatabase, createTestDatabase, testDialect } from '../test-support/database.ts';
import type { EventAudience, EventHub } from './event-hub.ts';
import { createMemoryEventHub } from './memory-event-hub.ts';
import { openPostgresEventHub } from './postgres-event-hub.ts';

const projectEvent = (projectId: number): AppEvent => ({ type: 'project', projectId, state: 'inProgress' });
const audience: EventAudience = { userIds: ['user-1', 'user-2'] };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recorder(hub: EventHub) {
  const received: { event: AppEvent; audience: EventAudience }[] = [];
  const stop = hub.subscribe((event, eventAudience) => void received.push({ event, audience: eventAudience }));
  return { received, stop };
}

describe('the memory event hub', () => {
  it('delivers each event with its audience to every listener, until it stops listening', async () => {
    const hub = createMemoryEventHub();
    const first = recorder(hub);
    const second = recorder(hub);
    expect(hub.listenerCount()).toBe(2);

    hub.publish(projectEvent(1), audience);
    first.stop();
    hub.publish(projectEvent(2), { userIds: [] });

    expect(first.received).toEqual([{ event: projectEvent(1), audience }]);
    expect(second.received).toEqual([
      { event: projectEvent(1), audience },
      { event: projectEvent(2), audience: { userIds: [] } },
    ]);
    expect(hub.listenerCount()).toBe(1);
    await hub.close();
    expect(hub.listenerCount()).toBe(0);
  });

  it('keeps delivering to the others when one listener throws, and reports it', () => {
    const failures: unknown[] = [];
    const hub = createMemoryEventHub({ onListenerError: (error) => failures.push(error) });
    hub.subscribe(() => {
      throw new Error('stream gone');
    });
    const healthy = recorder(hub);
    hub.publish(projectEvent(3), audience);
    expect(healthy.received).toHaveLength(1);
    expect(failures).toEqual([new Error('stream gone')]);
  });

  it('tells every access listener that access changed, until it stops listening', () => {
    const hub = createMemoryEventHub();
    const heard: string[] = [];
    const stop = hub.onAccessChanged(() => heard.push('first'));
    hub.onAccessChanged(() => heard.push('second'));
    hub.accessChanged();
    stop();
    hub.accessChanged();
    expect(heard).toEqual(['first', 'second', 'second']);
  });

  it('treats the same function subscribed twice as two subscriptions', () => {
    const hub = createMemoryEventHub();
    const listener = vi.fn();
    const stopFirst = hub.subscribe(listener);
    hub.subscribe(listener);
    stopFirst();
    hub.publish(projectEvent(4), audience);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe.skipIf(testDialect() !== 'postgres')('the PostgreSQL event hub, one per process', () => {
  let database: TestDatabase;
  const logged: { level: string; message: string }[] = [];
  const log = {
    info: (_details: object, message: string) => void logged.push({ level: 'info', message }),
    warn: (_details: object, message: string) => void logged.push({ level: 'warn', message }),
    error: (_details: object, message: string) => void logged.push({ level: 'error', message }),
  };
  const hubs: EventHub[] = [];
  const openHub = async () => {
    if (database.settings.dialect !== 'postgres') throw new Error('PostgreSQL only');
    const hub = await openPostgresEventHub({ connectionString: database.settings.url, db: database.db, log, reconnectDelayMs: { first: 50, max: 400 } });
    hubs.push(hub);
    return hub;
  };
  const listeningConnections = async () =>
    Number(
      (
        await sql<{
          count: string;
        }>`select count(*) as count from pg_stat_activity where datname = current_database() and application_name = 'alzado-events'`.execute(database.db)
      ).rows[0]!.count,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(hubs.map((hub) => hub.close()));
    await database.drop();
  });
  beforeEach(() => {
    logged.length = 0;
  });

  it('delivers an event once in the publishing process and once in another', async () => {
    const [here, there] = [await openHub(), await openHub()];
    const [localStream, remoteStream] = [recorder(here), recorder(there)];

    here.publish(projectEvent(10), audience);
    here.publish(projectEvent(11), audience);
    expect(localStream.received.map(({ event }) => event)).toEqual([projectEvent(10), projectEvent(11)]);
    await vi.waitFor(() => expect(remoteStream.received).toHaveLength(2), { timeout: 5_000, interval: 20 });
    expect(remoteStream.received).toEqual([
      { event: projectEvent(10), audience },
      { event: projectEvent(11), audience },
    ]);

    await sleep(200);
    expect(localStream.received).toHaveLength(2);
    expect(remoteStream.received).toHaveLength(2);
  });

  it('tells every process once that access changed', async () => {
    const [here, there] = [await openHub(), await openHub()];
    let [heardHere, heardThere] = [0, 0];
    here.onAccessChanged(() => heardHere++);
    there.onAccessChanged(() => heardThere++);
    here.accessChanged();
    expect(heardHere).toBe(1);
    await vi.waitFor(() => expect(heardThere).toBe(1), { timeout: 5_000, interval: 20 });
    await sleep(200);
    expect([heardHere, heardThere]).toEqual([1, 1]);
  });

  it('listens again after its connection is cut', async () => {
    const [here, there] = [await openHub(), await openHub()];
    const remoteStream = recorder(there);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'alzado-events'`.execute(
      database.db,
    );

    await vi.waitFor(
      () => {
        here.publish(projectEvent(20), audience);
        expect(remoteStream.received.length).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(logged).toContainEqual({ level: 'warn', message: 'Live events: the listening connection to PostgreSQL dropped; reconnecting' });
    expect(logged).toContainEqual({ level: 'info', message: 'Live events: listening to PostgreSQL again' });
  });

  it('keeps an event too large for NOTIFY in its own process, and says so', async () => {
    const [here, there] = [await openHub(), await openHub()];
    const [localStream, remoteStream] = [recorder(here), recorder(there)];
    const huge: AppEvent = {
      type: 'generation',
      status: { projectId: 1, status: 'failed', stage: null, error: { code: 'GENERATION_FAILED', message: 'x'.repeat(9_000) } },
    };

    here.publish(huge, audience);
    here.publish(projectEvent(30), audience);
    expect(localStream.received).toHaveLength(2);
    await vi.waitFor(() => expect(remoteStream.received.map(({ event }) => event)).toEqual([projectEvent(30)]), { timeout: 5_000, interval: 20 });
    expect(logged).toContainEqual({ level: 'warn', message: 'Live events: an event too large for NOTIFY reached this process only' });
  });

  it('ignores a notification on its channel that is not an event', async () => {
    const hub = await openHub();
    const stream = recorder(hub);
    await sql`select pg_notify('alzado_events', '{"origin":"x","event":{"type":"nonsense"},"audience":{"userIds":[]}}')`.execute(database.db);
    await sql`select pg_notify('alzado_events', 'not json')`.execute(database.db);
    await vi.waitFor(() => expect(logged.filter(({ message }) => message.includes('not an event'))).toHaveLength(2 * hubs.length), {
      timeout: 5_000,
      interval: 20,
    });
    expect(stream.received).toEqual([]);
  });

  it('stops listening and ends its connection when closed', async () => {
    await Promise.all(hubs.splice(0).map((hub) => hub.close()));
    expect(await listeningConnections()).toBe(0);
    const [here, there] = [await openHub(), await openHub()];
    expect(await listeningConnections()).toBe(2);
    const remoteStream = recorder(there);
    await there.close();
    here.publish(projectEvent(40), audience);
    await sleep(300);
    expect(remoteStream.received).toEqual([]);
    await vi.waitFor(async () => expect(await listeningConnections()).toBe(1), { timeout: 5_000, interval: 50 });
  });
});
