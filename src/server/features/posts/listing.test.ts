import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postPageSchema, postSchema } from '../../../domain/post.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * The posts list (SPEC §2 "Preview projects", §4 sorting): previews first, then the newest; six a page
 * by default; filtered by state; the chips count each state of what the user sees; today is the
 * studio's day, not the server's.
 */

// 23:30 in UTC is already the 11th in Madrid (UTC+2 in June).
const NOW = new Date('2025-06-10T23:30:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe('posts: the list', () => {
  let t: TestApp;
  let admin: string;
  let clara: string;
  let claraId: string;
  const ids: Record<string, number> = {};

  const list = async (cookie: string, query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/posts${query}`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return postPageSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    const a = await createTestUser(t, { email: 'admin@studio.es', role: 'admin' });
    const c = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer', firstName: 'Clara' });
    const b = await createTestUser(t, { email: 'bruno@cliente.es', role: 'customer' });
    claraId = c.id;
    [admin, clara] = await Promise.all([signIn(t, a.email, a.password), signIn(t, c.email, c.password)]);
    const db = t.database.db;
    await db.updateTable('users').set({ last_name: 'Soler' }).where('id', '=', c.id).execute();
    const casa = await createTestProject(db, { title: 'Casa del Mar', createdBy: a.id, assignedTo: c.id });
    const escuela = await createTestProject(db, { title: 'Escuela', createdBy: b.id });
    // Clara: 4 previews, 3 scheduled, 2 published, created a minute apart in a mixed order.
    const plan: [string, 'preview' | 'scheduled' | 'published', number][] = [
      ['p1', 'preview', 90],
      ['s1', 'scheduled', 80],
      ['p2', 'preview', 70],
      ['x1', 'published', 60],
      ['s2', 'scheduled', 50],
      ['p3', 'preview', 40],
      ['x2', 'published', 30],
      ['s3', 'scheduled', 20],
      ['p4', 'preview', 10],
    ];
    for (const [name, state, age] of plan) {
      ids[name] = (
        await createTestPost(db, { projectId: casa, ownerId: c.id, state, createdAt: minutesAgo(age), publishOn: state === 'preview' ? null : '2025-06-20' })
      ).id;
    }
    // Bruno's: one of each, the newest of all.
    for (const state of ['preview', 'scheduled', 'published'] as const) {
      ids[`bruno-${state}`] = (await createTestPost(db, { projectId: escuela, ownerId: b.id, state, createdAt: minutesAgo(1) })).id;
    }
  });
  afterAll(() => t.close());

  it('puts the previews first, then the rest, newest first within each, six a page', async () => {
    const first = await list(clara);
    expect(first.items.map((post) => post.id)).toEqual([ids.p4, ids.p3, ids.p2, ids.p1, ids.s3, ids.x2].map(Number));
    expect(first).toMatchObject({ total: 9, page: 1, pageSize: 6 });
    const second = await list(clara, '?page=2');
    expect(second.items.map((post) => post.id)).toEqual([ids.s2, ids.x1, ids.s1].map(Number));
    expect((await list(clara, '?page=3')).items).toEqual([]);
  });

  it('pages across the turn from previews to the others without losing or repeating a post', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 5; page += 1) seen.push(...(await list(clara, `?page=${page}&pageSize=2`)).items.map((post) => post.id));
    expect(seen).toEqual([ids.p4, ids.p3, ids.p2, ids.p1, ids.s3, ids.x2, ids.s2, ids.x1, ids.s1].map(Number));
    // A page that starts past the previews.
    expect((await list(clara, '?page=2&pageSize=5')).items.map((post) => post.id)).toEqual([ids.x2, ids.s2, ids.x1, ids.s1].map(Number));
  });

  it("breaks ties of the same instant in the order the posts were written: a project's post 1 before its post 2", async () => {
    const db = t.database.db;
    const project = await createTestProject(db, { createdBy: claraId });
    const at = minutesAgo(500);
    const older = (await createTestPost(db, { projectId: project, ownerId: null, state: 'published', sequence: 1, createdAt: at })).id;
    const newer = (await createTestPost(db, { projectId: project, ownerId: null, state: 'published', sequence: 2, createdAt: at })).id;
    const published = await list(admin, '?state=published&pageSize=60');
    expect(published.items.slice(-2).map((post) => post.id)).toEqual([older, newer]);
    await db.deleteFrom('posts').where('id', 'in', [older, newer]).execute();
  });

  it('filters by state, with the total of that state and the counts of all', async () => {
    const scheduled = await list(clara, '?state=scheduled');
    expect(scheduled.items.map((post) => post.id)).toEqual([ids.s3, ids.s2, ids.s1].map(Number));
    expect(scheduled.total).toBe(3);
    expect(scheduled.counts).toEqual({ all: 9, preview: 4, awaiting_approval: 0, scheduled: 3, published: 2 });
    expect((await list(clara, '?state=published')).items.map((post) => post.id)).toEqual([ids.x2, ids.x1].map(Number));
    expect((await list(clara, '?state=preview&pageSize=3&page=2')).items.map((post) => post.id)).toEqual([ids.p1]);
  });

  it("counts what an admin sees: everyone's", async () => {
    const page = await list(admin);
    expect(page.counts).toEqual({ all: 12, preview: 5, awaiting_approval: 0, scheduled: 4, published: 3 });
    expect(page.items[0]!.id).toBe(ids['bruno-preview']);
    expect(page.total).toBe(12);
  });

  it("gives the studio's today, not the server's", async () => {
    expect((await list(clara)).today).toBe('2025-06-11');
    // And its clock, for the publish dialog: the time now in Madrid and PUBLISH_HOUR:00.
    expect((await list(clara)).clock).toEqual({ today: '2025-06-11', time: '01:30', default_time: '09:00' });
  });

  it('shows each post with its project, owner, images in order, results, lock and editability', async () => {
    const db = t.database.db;
    const project = await createTestProject(db, { title: 'Pabellón', createdBy: claraId });
    const { id, imageIds } = await createTestPost(db, {
      projectId: project,
      ownerId: claraId,
      state: 'published',
      sequence: 2,
      text: 'Pabellón #madera',
      publishOn: '2025-06-09',
      networks: { instagram: true, linkedin: false },
      createdAt: minutesAgo(1000),
      images: [
        { instagramKey: 'posts/a-ig.jpg', linkedinKey: 'posts/a-li.jpg', width: 1080, height: 1080 },
        { instagramKey: 'posts/b-ig.jpg', linkedinKey: 'posts/b-li.jpg', status: 'not_selected' },
      ],
      results: [
        {
          network: 'instagram',
          status: 'posted',
          targetName: 'estudio.clara',
          permalink: 'https://instagram.example/p/1',
          finishedAt: new Date('2025-06-09T07:00:05Z'),
        },
        { network: 'linkedin', status: 'not_selected' },
      ],
    });
    // The images' positions are swapped in the table: the list follows position, not id.
    await db.updateTable('post_images').set({ position: 5 }).where('id', '=', imageIds[0]!).execute();
    const post = postSchema.parse((await t.app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: { cookie: clara } })).json());
    expect(post).toMatchObject({
      project_id: project,
      project_title: 'Pabellón',
      owner: { id: claraId, first_name: 'Clara', last_name: 'Soler', email: 'clara@cliente.es' },
      sequence: 2,
      state: 'published',
      text: 'Pabellón #madera',
      publish_on: '2025-06-09',
      networks: { instagram: true, linkedin: false },
      results: {
        instagram: {
          status: 'posted',
          target_name: 'estudio.clara',
          permalink: 'https://instagram.example/p/1',
          error: null,
          error_code: null,
          attempts: 1,
          finished_at: '2025-06-09T07:00:05.000Z',
        },
        linkedin: { status: 'not_selected', target_name: null, permalink: null, error: null, error_code: null, attempts: 1, finished_at: null },
      },
      in_process: false,
      editable: false,
    });
    expect(post.images).toEqual([
      {
        id: imageIds[1],
        position: 1,
        status: 'not_selected',
        url: 'http://localhost:3000/media/posts/b-ig.jpg',
        width: 1080,
        height: 1350,
        linkedin_url: 'http://localhost:3000/media/posts/b-li.jpg',
        alt_text: '',
      },
      {
        id: imageIds[0],
        position: 5,
        status: 'pending',
        url: 'http://localhost:3000/media/posts/a-ig.jpg',
        width: 1080,
        height: 1080,
        linkedin_url: 'http://localhost:3000/media/posts/a-li.jpg',
        alt_text: '',
      },
    ]);
    const listed = (await list(clara, '?state=published&pageSize=60')).items.find((item) => item.id === id);
    expect(listed).toEqual(post);
    await db.deleteFrom('posts').where('id', '=', id).execute();
  });

  it('is editable until its time minus the lock margin (15 minutes), and never while a publish job holds it', async () => {
    const db = t.database.db;
    const project = await createTestProject(db, { createdBy: claraId });
    const make = (values: Partial<Parameters<typeof createTestPost>[1]>) => createTestPost(db, { projectId: project, ownerId: claraId, ...values });
    const cases = [
      [await make({ state: 'preview' }), true],
      [await make({ state: 'scheduled', publishOn: '2025-06-12', networks: { linkedin: true } }), true],
      // In Madrid it is 01:30 on the 11th: 01:45 is locked from 01:30, 01:46 from 01:31.
      [await make({ state: 'scheduled', publishOn: '2025-06-11', publishTime: '01:46', networks: { linkedin: true } }), true],
      [await make({ state: 'scheduled', publishOn: '2025-06-11', publishTime: '01:45', networks: { linkedin: true } }), false],
      [await make({ state: 'scheduled', publishOn: '2025-06-10', publishTime: '23:00', networks: { linkedin: true } }), false],
      [await make({ state: 'scheduled', publishOn: '2025-06-12', networks: { linkedin: true }, publishingSince: minutesAgo(1) }), false],
    ] as const;
    for (const [{ id }, editable] of cases) {
      const post = (await t.app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: { cookie: clara } })).json();
      expect({ id, editable: post.editable }).toEqual({ id, editable });
    }
    const locked = (await t.app.inject({ method: 'GET', url: `/api/posts/${cases[5][0].id}`, headers: { cookie: clara } })).json();
    expect(locked.in_process).toBe(true);
    const timed = (await t.app.inject({ method: 'GET', url: `/api/posts/${cases[2][0].id}`, headers: { cookie: clara } })).json();
    expect(timed).toMatchObject({
      publish_on: '2025-06-11',
      publish_time: '01:46',
      publish_at: '2025-06-10T23:46:00.000Z',
      locked_from: '2025-06-10T23:31:00.000Z',
    });
    const preview = (await t.app.inject({ method: 'GET', url: `/api/posts/${cases[0][0].id}`, headers: { cookie: clara } })).json();
    expect(preview).toMatchObject({ publish_on: null, publish_time: null, publish_at: null, locked_from: null });
    await db.deleteFrom('projects').where('id', '=', project).execute();
  });
});
