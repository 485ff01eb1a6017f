import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventHub } from '../../events/event-hub.ts';
import { openPostgresEventHub } from '../../events/postgres-event-hub.ts';
import { type TestDatabase, createTestDatabase, testDialect } from '../../test-support/database.ts';
import { openStream } from '../../test-support/event-stream.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';
import { eventsRoutes } from './routes.ts';

type Stream = Awaited<ReturnType<typeof openStream>>;

/**
 * Issue 21, item 3: an event goes only to those who may read its record at the moment it is sent, and a
 * stream ends when its session or its user's role or active flag does: at once, not at the next
 * heartbeat (20 s here). Over a real HTTP event stream, through the app's own routes.
 */
describe('live events reach only who may read them now', () => {
  let t: TestApp;
  let baseUrl: string;
  let adminCookie: string;
  const streams: Stream[] = [];

  const open = async (cookie: string) => {
    const stream = await openStream(baseUrl, cookie);
    streams.push(stream);
    await vi.waitFor(() => expect(stream.frames[0]).toEqual({ retry: '3000' }), { timeout: 5_000, interval: 10 });
    return stream;
  };
  const person = async (email: string, role: 'admin' | 'customer' | 'publisher') => {
    const user = await createTestUser(t, { email, role });
    return { id: user.id, cookie: await signIn(t, user.email, user.password) };
  };
  const asAdmin = (method: 'PATCH' | 'POST', url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: adminCookie }, payload });
  /** Waits until the admin's stream has the event, so that any other stream would have had it too. */
  const heardBy = async (stream: Stream, postId: number) =>
    vi.waitFor(() => expect(stream.events().some(({ event }) => event.type === 'post' && event.postId === postId)).toBe(true), {
      timeout: 5_000,
      interval: 10,
    });
  const postIdsOf = (stream: Stream) => stream.events().flatMap(({ event }) => (event.type === 'post' ? [event.postId] : []));

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2025-06-10T10:00:00Z') });
    adminCookie = (await person('admin@alzado.test', 'admin')).cookie;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()));
    t.app.server.closeAllConnections();
    await t.close();
  });

  it("stops telling a project's creator about its posts once it is assigned to another customer", async () => {
    const ana = await person('ana@alzado.test', 'customer');
    const bruno = await person('bruno@alzado.test', 'customer');
    const project = await createTestProject(t.database.db, { createdBy: ana.id, assignedTo: ana.id });
    const { id: postId } = await createTestPost(t.database.db, { projectId: project, ownerId: ana.id });
    const [anasStream, brunosStream, adminsStream] = [await open(ana.cookie), await open(bruno.cookie), await open(adminCookie)];

    expect((await asAdmin('PATCH', `/api/posts/${postId}`, { text: 'Antes' })).statusCode).toBe(200);
    await heardBy(adminsStream, postId);
    await heardBy(anasStream, postId);

    expect((await asAdmin('POST', `/api/projects/${project}/assign`, { userId: bruno.id })).statusCode).toBe(200);
    expect((await asAdmin('PATCH', `/api/posts/${postId}`, { text: 'Después' })).statusCode).toBe(200);
    await vi.waitFor(() => expect(postIdsOf(adminsStream)).toEqual([postId, postId]), { timeout: 5_000, interval: 10 });
    await heardBy(brunosStream, postId);
    // Ana still created the project (she reads it), but its posts are Bruno's now.
    expect(postIdsOf(anasStream)).toEqual([postId]);
    expect(anasStream.hasEnded()).toBe(false);
  });

  it('sends nothing to a publisher who created the project: publishers have no posts', async () => {
    const pau = await person('pau@alzado.test', 'publisher');
    const clara = await person('clara@alzado.test', 'customer');
    const project = await createTestProject(t.database.db, { createdBy: pau.id, assignedTo: clara.id });
    const { id: postId } = await createTestPost(t.database.db, { projectId: project, ownerId: clara.id });
    const [pausStream, adminsStream] = [await open(pau.cookie), await open(adminCookie)];
    expect((await asAdmin('PATCH', `/api/posts/${postId}`, { text: 'Nuevo' })).statusCode).toBe(200);
    await heardBy(adminsStream, postId);
    expect(postIdsOf(pausStream)).toEqual([]);
  });

  it('ends the stream of an administrator demoted to customer at once, and sends them no more of what is not theirs', async () => {
    const elena = await person('elena@alzado.test', 'admin');
    const stream = await open(elena.cookie);
    expect((await asAdmin('PATCH', `/api/users/${elena.id}`, { role: 'customer' })).statusCode).toBe(200);
    await vi.waitFor(() => expect(stream.hasEnded()).toBe(true), { timeout: 3_000, interval: 10 });
    // Reconnecting, the stream is a customer's.
    const again = await open(elena.cookie);
    const project = await createTestProject(t.database.db, {});
    const { id: postId } = await createTestPost(t.database.db, { projectId: project, ownerId: null });
    const adminsStream = await open(adminCookie);
    expect((await asAdmin('PATCH', `/api/posts/${postId}`, { text: 'Del estudio' })).statusCode).toBe(200);
    await heardBy(adminsStream, postId);
    expect(postIdsOf(again)).toEqual([]);
  });

  it('ends the stream of a deactivated user at once', async () => {
    const dario = await person('dario@alzado.test', 'customer');
    const stream = await open(dario.cookie);
    expect((await asAdmin('PATCH', `/api/users/${dario.id}`, { active: false })).statusCode).toBe(200);
    await vi.waitFor(() => expect(stream.hasEnded()).toBe(true), { timeout: 3_000, interval: 10 });
  });

  it("ends the stream of a session signed out at once, and not the same user's other session", async () => {
    const user = await createTestUser(t, { email: 'eva@alzado.test', role: 'customer' });
    const [first, second] = [await signIn(t, user.email, user.password), await signIn(t, user.email, user.password)];
    const [leaving, staying] = [await open(first), await open(second)];
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: first } });
    expect(signOut.statusCode).toBe(200);
    await vi.waitFor(() => expect(leaving.hasEnded()).toBe(true), { timeout: 3_000, interval: 10 });
    // The other session's stream still hears its own posts.
    const project = await createTestProject(t.database.db, { createdBy: user.id, assignedTo: user.id });
    const { id: postId } = await createTestPost(t.database.db, { projectId: project, ownerId: user.id });
    expect((await asAdmin('PATCH', `/api/posts/${postId}`, { text: 'Sigue' })).statusCode).toBe(200);
    await heardBy(staying, postId);
    expect(staying.hasEnded()).toBe(false);
  });

  it('decides at the moment an event is sent: a session removed without a word gets no event and its stream ends', async () => {
    const user = await createTestUser(t, { email: 'fede@alzado.test', role: 'customer' });
    const stream = await open(await signIn(t, user.email, user.password));
    const project = await createTestProject(t.database.db, { createdBy: user.id, assignedTo: user.id });
    const { id: postId } = await createTestPost(t.database.db, { projectId: project, ownerId: user.id });
    await t.database.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    expect((await asAdmin('PATCH', `/api/posts/${postId}`, { text: 'Tarde' })).statusCode).toBe(200);
    await vi.waitFor(() => expect(stream.hasEnded()).toBe(true), { timeout: 3_000, interval: 10 });
    expect(postIdsOf(stream)).toEqual([]);
  });
});

/**
 * Across processes (PostgreSQL): a stream served by one process ends when its session is signed out
 * through another. The two processes' hubs talk through LISTEN/NOTIFY on a database of their own.
 */
describe.skipIf(testDialect() !== 'postgres')('live events across processes', () => {
  let channelDatabase: TestDatabase;
  let t: TestApp;
  let other: FastifyInstance;
  const hubs: EventHub[] = [];
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  const openHub = async () => {
    if (channelDatabase.settings.dialect !== 'postgres') throw new Error('PostgreSQL only');
    const hub = await openPostgresEventHub({ connectionString: channelDatabase.settings.url, db: channelDatabase.db, log });
    hubs.push(hub);
    return hub;
  };

  beforeAll(async () => {
    channelDatabase = await createTestDatabase();
    t = await createTestApp({ events: await openHub() });
    // The second process: the same database and auth, its own hub and its own event streams.
    other = Fastify();
    other.setValidatorCompiler(validatorCompiler);
    other.setSerializerCompiler(serializerCompiler);
    await other.register(eventsRoutes, { auth: t.auth, events: await openHub(), db: t.database.db });
    await other.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    other.server.closeAllConnections();
    await other.close();
    await t.close();
    await Promise.all(hubs.map((hub) => hub.close()));
    await channelDatabase.drop();
  });

  it('ends the stream at once when its session signs out in the other process', async () => {
    const user = await createTestUser(t, { email: 'gala@alzado.test', role: 'customer' });
    const cookie = await signIn(t, user.email, user.password);
    const stream = await openStream(`http://127.0.0.1:${(other.server.address() as AddressInfo).port}`, cookie);
    await vi.waitFor(() => expect(stream.frames[0]).toEqual({ retry: '3000' }), { timeout: 5_000, interval: 10 });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } })).statusCode).toBe(200);
    await vi.waitFor(() => expect(stream.hasEnded()).toBe(true), { timeout: 3_000, interval: 10 });
    await stream.close();
  });
});
