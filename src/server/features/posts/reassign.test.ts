import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * Reassigning a project to another customer (SPEC §5 Assign dialog; DESIGN §6: the customer's accounts
 * publish the posts): what is left to publish goes to the new customer; what was published, or is being
 * published, stays with the customer whose accounts it went out on.
 */
describe('posts: reassigning their project', () => {
  let t: TestApp;
  let admin: string;
  let clara: { id: string; cookie: string };
  let bruno: { id: string; cookie: string };

  const visibleTo = async (cookie: string) =>
    ((await t.app.inject({ method: 'GET', url: '/api/posts?pageSize=60', headers: { cookie } })).json().items as { id: number }[])
      .map((post) => post.id)
      .sort((a, b) => a - b);
  const ownerOf = async (id: number) => (await t.database.db.selectFrom('posts').select('owner_id').where('id', '=', id).executeTakeFirstOrThrow()).owner_id;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await createTestUser(t, { email: 'admin@studio.es', role: 'admin' });
    const c = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer' });
    const b = await createTestUser(t, { email: 'bruno@cliente.es', role: 'customer' });
    admin = await signIn(t, a.email, a.password);
    clara = { id: c.id, cookie: await signIn(t, c.email, c.password) };
    bruno = { id: b.id, cookie: await signIn(t, b.email, b.password) };
  });
  afterAll(() => t.close());

  it('moves the preview and scheduled posts to the new customer, and only those', async () => {
    const db = t.database.db;
    const project = await createTestProject(db, { createdBy: bruno.id, assignedTo: bruno.id });
    const other = await createTestProject(db, { createdBy: bruno.id });
    const preview = (await createTestPost(db, { projectId: project, ownerId: bruno.id })).id;
    const scheduled = (
      await createTestPost(db, { projectId: project, ownerId: bruno.id, state: 'scheduled', publishOn: '2099-01-01', networks: { linkedin: true } })
    ).id;
    const ownerless = (await createTestPost(db, { projectId: project, ownerId: null })).id;
    const published = (await createTestPost(db, { projectId: project, ownerId: bruno.id, state: 'published', publishOn: '2025-01-01' })).id;
    const publishing = (
      await createTestPost(db, {
        projectId: project,
        ownerId: bruno.id,
        state: 'scheduled',
        publishOn: '2025-01-01',
        networks: { linkedin: true },
        publishingSince: new Date(),
      })
    ).id;
    const elsewhere = (await createTestPost(db, { projectId: other, ownerId: bruno.id })).id;

    const response = await t.app.inject({ method: 'POST', url: `/api/projects/${project}/assign`, headers: { cookie: admin }, payload: { userId: clara.id } });
    expect(response.statusCode, response.body).toBe(200);

    for (const id of [preview, scheduled, ownerless]) expect(await ownerOf(id)).toBe(clara.id);
    for (const id of [published, publishing, elsewhere]) expect(await ownerOf(id)).toBe(bruno.id);
    expect(await visibleTo(clara.cookie)).toEqual([preview, scheduled, ownerless].sort((a, b) => a - b));
    expect(await visibleTo(bruno.cookie)).toEqual([published, publishing, elsewhere].sort((a, b) => a - b));
    // The moved post answers with its new owner.
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/${scheduled}`, headers: { cookie: clara.cookie } })).json().owner).toMatchObject({
      id: clara.id,
      email: 'clara@cliente.es',
    });
  });

  it('moves nothing when the assignment is refused', async () => {
    const db = t.database.db;
    const project = await createTestProject(db, { createdBy: bruno.id });
    const post = (await createTestPost(db, { projectId: project, ownerId: bruno.id })).id;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project}/assign`,
      headers: { cookie: clara.cookie },
      payload: { userId: clara.id },
    });
    expect(refused.statusCode).toBe(403);
    const notCustomer = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project}/assign`,
      headers: { cookie: admin },
      payload: { userId: 'nobody' },
    });
    expect(notCustomer.statusCode).toBe(400);
    expect(await ownerOf(post)).toBe(bruno.id);
  });
});
