import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../domain/roles.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * Who sees and changes which post (SPEC §6 "the preview list loads only for admin and customer"):
 * admins every post, customers those they own, publishers and basic users none (403); someone else's
 * post is "not found", whatever the request.
 */

type Method = 'GET' | 'PATCH' | 'PUT' | 'POST' | 'DELETE';
interface Person {
  id: string;
  cookie: string;
}

describe('posts: who sees and changes what', () => {
  let t: TestApp;
  let admin: Person;
  let clara: Person;
  let bruno: Person;
  let pau: Person;
  let bea: Person;
  let claraPost: number;
  let brunoPost: number;
  let ownerless: number;

  const call = (who: Person | null, method: Method, url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

  async function person(email: string, role: Role): Promise<Person> {
    const user = await createTestUser(t, { email, role });
    return { id: user.id, cookie: await signIn(t, user.email, user.password) };
  }

  const listedIds = async (who: Person) => {
    const response = await call(who, 'GET', '/api/posts?pageSize=60');
    expect(response.statusCode).toBe(200);
    return response
      .json()
      .items.map((item: { id: number }) => item.id)
      .sort((a: number, b: number) => a - b);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2025-06-10T10:00:00Z') });
    admin = await person('admin@studio.es', 'admin');
    clara = await person('clara@cliente.es', 'customer');
    bruno = await person('bruno@cliente.es', 'customer');
    pau = await person('pau@studio.es', 'publisher');
    bea = await person('bea@studio.es', 'basic');
    const db = t.database.db;
    // Pau created the project and it is assigned to Clara: the post is Clara's, not Pau's.
    const claraProject = await createTestProject(db, { createdBy: pau.id, assignedTo: clara.id });
    claraPost = (await createTestPost(db, { projectId: claraProject, ownerId: clara.id })).id;
    brunoPost = (await createTestPost(db, { projectId: await createTestProject(db, { createdBy: bruno.id }), ownerId: bruno.id })).id;
    ownerless = (await createTestPost(db, { projectId: await createTestProject(db), ownerId: null })).id;
  });
  afterAll(() => t.close());

  it('lists every post for an admin and only their own for a customer', async () => {
    expect(await listedIds(admin)).toEqual([claraPost, brunoPost, ownerless].sort((a, b) => a - b));
    expect(await listedIds(clara)).toEqual([claraPost]);
    expect(await listedIds(bruno)).toEqual([brunoPost]);
  });

  it('counts, in the chips, only what the user sees', async () => {
    expect((await call(clara, 'GET', '/api/posts')).json().counts).toEqual({ all: 1, preview: 1, awaiting_approval: 0, scheduled: 0, published: 0 });
    expect((await call(admin, 'GET', '/api/posts')).json().counts).toEqual({ all: 3, preview: 3, awaiting_approval: 0, scheduled: 0, published: 0 });
  });

  it.each([
    ['GET', ''],
    ['GET', '/accounts'],
    ['PATCH', ''],
    ['PUT', '/schedule'],
    ['POST', '/reset'],
    ['DELETE', ''],
  ] as const)('refuses %s /api/posts/:id%s to publishers and basic users (403), to nobody signed in (401)', async (method, suffix) => {
    const payload =
      method === 'PATCH' ? { text: 'Nuevo' } : method === 'PUT' ? { publish_on: null, networks: { instagram: false, linkedin: false } } : undefined;
    for (const who of [pau, bea]) {
      const response = await call(who, method, `/api/posts/${claraPost}${suffix}`, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    expect((await call(null, method, `/api/posts/${claraPost}${suffix}`, payload)).statusCode).toBe(401);
  });

  it('refuses a publisher before looking at what they send', async () => {
    const response = await call(pau, 'PUT', `/api/posts/${claraPost}/schedule`, { publish_on: 'mañana' });
    expect(response.statusCode).toBe(403);
  });

  it('refuses the list to publishers and basic users, even the creator of the project', async () => {
    for (const who of [pau, bea]) {
      const response = await call(who, 'GET', '/api/posts');
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    expect((await call(null, 'GET', '/api/posts')).statusCode).toBe(401);
  });

  it.each([
    ['GET', ''],
    ['GET', '/accounts'],
    ['PATCH', ''],
    ['PUT', '/schedule'],
    ['POST', '/reset'],
    ['DELETE', ''],
  ] as const)("answers another customer's post as not found: %s /api/posts/:id%s", async (method, suffix) => {
    const payload =
      method === 'PATCH' ? { text: 'Nuevo' } : method === 'PUT' ? { publish_on: null, networks: { instagram: false, linkedin: false } } : undefined;
    const before = await t.database.db.selectFrom('posts').selectAll().where('id', '=', brunoPost).executeTakeFirstOrThrow();
    const response = await call(clara, method, `/api/posts/${brunoPost}${suffix}`, payload);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: `Post with id ${brunoPost} not found` } });
    expect(await t.database.db.selectFrom('posts').selectAll().where('id', '=', brunoPost).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('answers a post that does not exist as not found, and a bad id as a validation error', async () => {
    expect((await call(admin, 'GET', '/api/posts/99999')).json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Post with id 99999 not found' });
    expect((await call(admin, 'GET', '/api/posts/abc')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/posts/0')).statusCode).toBe(400);
    expect((await call(admin, 'DELETE', '/api/posts/99999999999')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/posts?page=999999999')).json()).toMatchObject({ items: [], total: 3 });
  });

  it("lets an admin read and change a customer's post, and the customer their own", async () => {
    expect((await call(admin, 'GET', `/api/posts/${claraPost}`)).json()).toMatchObject({ id: claraPost, owner: { id: clara.id, email: 'clara@cliente.es' } });
    const edited = await call(clara, 'PATCH', `/api/posts/${claraPost}`, { text: 'Texto de Clara' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().text).toBe('Texto de Clara');
    expect((await call(admin, 'PATCH', `/api/posts/${claraPost}`, { text: 'Texto del estudio' })).json().text).toBe('Texto del estudio');
    expect((await call(admin, 'GET', `/api/posts/${ownerless}`)).json().owner).toBeNull();
  });

  it('describes the routes in the OpenAPI document under the posts tag', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const paths = ['/api/posts', '/api/posts/{id}', '/api/posts/{id}/schedule', '/api/posts/{id}/reset', '/api/posts/{id}/accounts'];
    for (const path of paths) {
      for (const operation of Object.values(document.paths[path] as Record<string, { tags: string[]; summary: string }>)) {
        expect(operation.tags).toEqual(['posts']);
        expect(operation.summary.length).toBeGreaterThan(10);
      }
    }
  });

  it('refuses bad queries with 400', async () => {
    for (const query of ['page=0', 'pageSize=61', 'state=draft', 'page=x']) {
      const response = await call(admin, 'GET', `/api/posts?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});
