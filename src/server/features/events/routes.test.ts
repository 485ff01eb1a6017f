import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppEvent } from '../../../domain/events.ts';
import { createMemoryEventHub } from '../../events/memory-event-hub.ts';
import { openStream } from '../../test-support/event-stream.ts';
import { type TestApp, createSignedInUsers, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';
import { eventsRoutes } from './routes.ts';

const addressOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const projectEvent = (projectId: number): AppEvent => ({ type: 'project', projectId, state: 'preview' });

describe('GET /api/events over real HTTP', () => {
  const hub = createMemoryEventHub();
  const logLines: { level: number; msg: string }[] = [];
  let t: TestApp;
  let baseUrl: string;
  let ids: Record<'admin' | 'ana' | 'bruno', string>;
  let cookies: typeof ids;

  beforeAll(async () => {
    t = await createTestApp({ events: hub, logger: { level: 'info', stream: { write: (line) => void logLines.push(JSON.parse(line)) } } });
    ({ ids, cookies } = await createSignedInUsers(t, { admin: 'admin', ana: 'customer', bruno: 'customer' }, 'alzado.test'));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = addressOf(t.app);
  });
  afterAll(async () => {
    // fetch leaves a spare connection open after an aborted stream, one that has sent no request, and
    // Node's server.close() waits for such connections (main.ts bounds its stop for the same reason).
    t.app.server.closeAllConnections();
    await t.close();
  });

  it('answers 401 in the one error shape without a session', async () => {
    const response = await fetch(`${baseUrl}/api/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'NOT_AUTHENTICATED', message: expect.any(String) } });
    expect(hub.listenerCount()).toBe(0);
  });

  it("streams each user's own events, all of them to an administrator, and stops listening when the client leaves", async () => {
    const ana = await openStream(baseUrl, cookies.ana);
    const bruno = await openStream(baseUrl, cookies.bruno);
    const admin = await openStream(baseUrl, cookies.admin);
    expect(ana.response.status).toBe(200);
    expect(ana.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(ana.response.headers.get('cache-control')).toBe('no-cache');
    expect(ana.response.headers.get('x-accel-buffering')).toBe('no');
    expect(ana.response.headers.get('content-encoding')).toBeNull();
    expect(ana.response.headers.get('x-content-type-options')).toBe('nosniff');
    await vi.waitFor(() => expect(hub.listenerCount()).toBe(3), { timeout: 5_000, interval: 10 });
    await vi.waitFor(() => expect(ana.frames[0]).toEqual({ retry: '3000' }), { timeout: 5_000, interval: 10 });

    const anasPost: AppEvent = { type: 'post', postId: 7, projectId: 1, state: 'scheduled' };
    const generation: AppEvent = { type: 'generation', status: { projectId: 2, status: 'running', stage: 'generating', error: null } };
    hub.publish(anasPost, { userIds: [ids.ana] });
    hub.publish(generation, { userIds: [ids.bruno] });
    hub.publish(projectEvent(3), { userIds: [] });
    hub.publish(projectEvent(4), { userIds: [ids.bruno, ids.ana] });

    await vi.waitFor(() => expect(admin.events()).toHaveLength(4), { timeout: 5_000, interval: 10 });
    await vi.waitFor(() => expect(ana.events()).toHaveLength(2), { timeout: 5_000, interval: 10 });
    await vi.waitFor(() => expect(bruno.events()).toHaveLength(2), { timeout: 5_000, interval: 10 });
    expect(ana.events()).toEqual([
      { type: 'post', event: anasPost },
      { type: 'project', event: projectEvent(4) },
    ]);
    expect(bruno.events()).toEqual([
      { type: 'generation', event: generation },
      { type: 'project', event: projectEvent(4) },
    ]);
    expect(admin.events().map(({ event }) => event)).toEqual([anasPost, generation, projectEvent(3), projectEvent(4)]);

    await ana.close();
    await vi.waitFor(() => expect(hub.listenerCount()).toBe(2), { timeout: 5_000, interval: 10 });
    hub.publish(projectEvent(5), { userIds: [ids.bruno] });
    await vi.waitFor(() => expect(bruno.events()).toHaveLength(3), { timeout: 5_000, interval: 10 });
    await bruno.close();
    await admin.close();
    await vi.waitFor(() => expect(hub.listenerCount()).toBe(0), { timeout: 5_000, interval: 10 });

    const problems = logLines.filter((line) => line.level >= 40);
    expect(problems).toEqual([]);
  });

  it('is described in the OpenAPI document as an event stream', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = document.paths['/api/events'].get;
    expect(operation.tags).toEqual(['events']);
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
    expect(Object.keys(operation.responses)).toContain('401');
  });
});

describe('closing the server with streams open', () => {
  const hub = createMemoryEventHub();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ events: hub });
  });
  afterAll(() => t.close());

  it('ends them, so closing does not wait for them', async () => {
    const user = await createTestUser(t, { email: 'dora@alzado.test', role: 'admin' });
    const cookie = await signIn(t, user.email, user.password);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(addressOf(t.app), cookie);
    await vi.waitFor(() => expect(hub.listenerCount()).toBe(1), { timeout: 5_000, interval: 10 });
    const started = Date.now();
    await t.app.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    await vi.waitFor(() => expect(stream.hasEnded()).toBe(true), { timeout: 5_000, interval: 10 });
    expect(hub.listenerCount()).toBe(0);
  });
});

describe('the heartbeat of /api/events', () => {
  let t: TestApp;
  let server: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createTestUser(t, { email: 'carla@alzado.test' });
    const cookie = await signIn(t, user.email, user.password);
    server = Fastify();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    hub = createMemoryEventHub();
    await server.register(eventsRoutes, { auth: t.auth, events: hub, db: t.database.db, heartbeatMs: 50 });
    await server.listen({ port: 0, host: '127.0.0.1' });
    Object.assign(server, { cookie });
  });
  let hub: ReturnType<typeof createMemoryEventHub>;
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  it('sends a comment line at its interval while nothing happens', async () => {
    const stream = await openStream(addressOf(server), (server as unknown as { cookie: string }).cookie);
    await vi.waitFor(() => expect(stream.frames.filter((frame) => frame.comment === 'heartbeat').length).toBeGreaterThanOrEqual(2), {
      timeout: 5_000,
      interval: 10,
    });
    expect(stream.events()).toEqual([]);
    await stream.close();
  });

  it('ends the stream at the next heartbeat once the user is deactivated (their sessions ended)', async () => {
    const user = await createTestUser(t, { email: 'dario@alzado.test' });
    const stream = await openStream(addressOf(server), await signIn(t, user.email, user.password));
    await vi.waitFor(() => expect(stream.frames.some((frame) => frame.comment === 'heartbeat')).toBe(true), { timeout: 5_000, interval: 10 });
    await t.database.db
      .updateTable('users')
      .set({ active: t.database.dialect === 'postgres' ? false : 0 })
      .where('id', '=', user.id)
      .execute();
    await vi.waitFor(() => expect(stream.hasEnded()).toBe(true), { timeout: 5_000, interval: 10 });
    await stream.close();
  });

  it("ends the stream of an administrator who is no longer one (changed behind the app's back: at the next heartbeat), and sends no event meanwhile", async () => {
    const user = await createTestUser(t, { email: 'elena@alzado.test', role: 'admin' });
    const stream = await openStream(addressOf(server), await signIn(t, user.email, user.password));
    await vi.waitFor(() => expect(stream.frames.some((frame) => frame.comment === 'heartbeat')).toBe(true), { timeout: 5_000, interval: 10 });
    hub.publish({ type: 'project', projectId: 1, state: 'preview' }, { userIds: ['someone-else'] });
    await vi.waitFor(() => expect(stream.events()).toHaveLength(1), { timeout: 5_000, interval: 10 });
    await t.database.db.updateTable('users').set({ role: 'customer' }).where('id', '=', user.id).execute();
    hub.publish({ type: 'project', projectId: 2, state: 'preview' }, { userIds: ['someone-else'] });
    hub.publish({ type: 'project', projectId: 3, state: 'draft' }, { userIds: [user.id] });
    await vi.waitFor(() => expect(stream.hasEnded()).toBe(true), { timeout: 5_000, interval: 10 });
    expect(stream.events().map((entry) => (entry.event as { projectId: number }).projectId)).toEqual([1]);
    await stream.close();
  });
});
