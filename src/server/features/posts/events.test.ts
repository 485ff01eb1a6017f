import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppEvent, appEventSchema } from '../../../domain/events.ts';
import type { PostState } from '../../../domain/post.ts';
import type { EventAudience } from '../../events/event-hub.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * Every change to a post is announced live (GET /api/events) with who could read it then, its owner;
 * the stream decides at send time who may read it (src/server/features/events/access.test.ts); a
 * refused change announces nothing.
 */
describe('posts: live events', () => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let clara: { id: string; cookie: string };
  let pauId: string;
  let project: number;
  let heard: { event: AppEvent; audience: EventAudience }[] = [];

  const call = (method: 'PATCH' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: clara.cookie }, ...(payload ? { payload } : {}) });
  const take = () => {
    const taken = heard;
    heard = [];
    return taken.map(({ event, audience }) => ({ event: appEventSchema.parse(event), users: [...audience.userIds].sort() }));
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2025-06-10T10:00:00Z') });
    const a = await createTestUser(t, { email: 'admin@studio.es', role: 'admin' });
    const c = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer' });
    const p = await createTestUser(t, { email: 'pau@studio.es', role: 'publisher' });
    admin = { id: a.id, cookie: await signIn(t, a.email, a.password) };
    clara = { id: c.id, cookie: await signIn(t, c.email, c.password) };
    pauId = p.id;
    // Pau created the project, Clara is its customer.
    project = await createTestProject(t.database.db, { createdBy: pauId, assignedTo: clara.id });
    t.events.subscribe((event, audience) => heard.push({ event, audience }));
  });
  afterAll(() => t.close());

  it('announces an edit, a schedule, a publish again and a delete, with its owner as who reads it', async () => {
    const { id } = await createTestPost(t.database.db, { projectId: project, ownerId: clara.id });
    const audience = [clara.id];
    const expected = (state: PostState | null) => [{ event: { type: 'post', postId: id, projectId: project, state }, users: audience }];

    expect((await call('PATCH', `/api/posts/${id}`, { text: 'Nuevo' })).statusCode).toBe(200);
    expect(take()).toEqual(expected('preview'));
    expect((await call('PUT', `/api/posts/${id}/schedule`, { publish_on: null, networks: { instagram: false, linkedin: false } })).statusCode).toBe(200);
    expect(take()).toEqual(expected('preview'));

    await t.database.db.updateTable('posts').set({ state: 'published' }).where('id', '=', id).execute();
    expect((await call('POST', `/api/posts/${id}/reset`)).statusCode).toBe(200);
    expect(take()).toEqual(expected('preview'));

    expect((await call('DELETE', `/api/posts/${id}`)).statusCode).toBe(204);
    expect(take()).toEqual(expected(null));
  });

  it('announces nothing when a change is refused', async () => {
    const { id } = await createTestPost(t.database.db, {
      projectId: project,
      ownerId: clara.id,
      state: 'scheduled',
      publishOn: '2025-06-10',
      networks: { linkedin: true },
    });
    expect((await call('PATCH', `/api/posts/${id}`, { text: 'Tarde' })).statusCode).toBe(409);
    expect((await call('POST', `/api/posts/${id}/reset`)).statusCode).toBe(409);
    expect((await call('PUT', `/api/posts/${id}/schedule`, { publish_on: '2025-06-20', networks: { instagram: false, linkedin: true } })).statusCode).toBe(409);
    expect(take()).toEqual([]);
  });

  it("tells the admin's change with no one but administrators as readers when the post has no owner", async () => {
    const { id } = await createTestPost(t.database.db, { projectId: project, ownerId: null });
    const response = await t.app.inject({ method: 'PATCH', url: `/api/posts/${id}`, headers: { cookie: admin.cookie }, payload: { text: 'Del estudio' } });
    expect(response.statusCode).toBe(200);
    expect(take()).toEqual([{ event: { type: 'post', postId: id, projectId: project, state: 'preview' }, users: [] }]);
  });
});
