import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Home, homeSchema } from '../../../domain/home.ts';
import { postPageSchema, resultReasonOf } from '../../../domain/post.ts';
import { projectPageSchema } from '../../../domain/project.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';
import { createDraft, recordResult } from '../../test-support/home-fixtures.ts';

/**
 * GET /api/home per role (SPEC §6): an administrator sees the whole studio, a customer the posts they
 * own and the projects created by or assigned to them (exactly what the posts and projects lists show
 * them), a publisher their projects and no posts, a basic user neither. Failed and needs-review
 * publications carry their reason; sections are ordered, limited and counted.
 */

const NOW = new Date('2025-06-10T10:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe('home: the dashboard per role', () => {
  let t: TestApp;
  const cookies: Record<'admin' | 'clara' | 'bruno' | 'pablo' | 'basil', string> = { admin: '', clara: '', bruno: '', pablo: '', basil: '' };
  const ids: Record<string, number> = {};

  const home = async (cookie: string): Promise<Home> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/home', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return homeSchema.parse(response.json());
  };
  const postIdsInList = async (cookie: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/posts?pageSize=60', headers: { cookie } });
    return postPageSchema.parse(response.json()).items.map((post) => post.id);
  };
  const projectIdsInList = async (cookie: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/projects?pageSize=100', headers: { cookie } });
    return projectPageSchema.parse(response.json()).items.map((project) => project.id);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    const db = t.database.db;
    const admin = await createTestUser(t, { email: 'admin@studio.es', role: 'admin' });
    const clara = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer', firstName: 'Clara' });
    const bruno = await createTestUser(t, { email: 'bruno@cliente.es', role: 'customer', firstName: 'Bruno' });
    const pablo = await createTestUser(t, { email: 'pablo@publica.es', role: 'publisher', firstName: 'Pablo' });
    const basil = await createTestUser(t, { email: 'basil@basico.es', role: 'basic' });
    for (const [name, user] of Object.entries({ admin, clara, bruno, pablo, basil }))
      cookies[name as keyof typeof cookies] = await signIn(t, user.email, user.password);

    // Clara's project (an admin's, assigned to her) and Bruno's own.
    const casa = await createTestProject(db, { title: 'Casa del Mar', createdBy: admin.id, assignedTo: clara.id });
    const escuela = await createTestProject(db, { title: 'Escuela', createdBy: bruno.id });
    ids.casa = casa;
    ids.escuela = escuela;

    // Failed and needs-review publications: Clara's LinkedIn refused (oldest), Bruno's post rejected, Clara's Instagram unknown (newest).
    ids.claraFailed = (
      await createTestPost(db, {
        projectId: casa,
        ownerId: clara.id,
        state: 'published',
        sequence: 1,
        publishOn: '2025-06-09',
        createdAt: minutesAgo(600),
        images: [],
      })
    ).id;
    await recordResult(db, {
      postId: ids.claraFailed,
      network: 'linkedin',
      status: 'failed',
      code: 'connectionRefused',
      error: 'LinkedIn no longer accepts the connection',
      finishedAt: minutesAgo(300),
    });
    await recordResult(db, { postId: ids.claraFailed, network: 'instagram', status: 'unknown', code: 'outcomeUnknown', finishedAt: minutesAgo(100) });
    ids.brunoFailed = (
      await createTestPost(db, {
        projectId: escuela,
        ownerId: bruno.id,
        state: 'published',
        sequence: 1,
        publishOn: '2025-06-08',
        createdAt: minutesAgo(900),
        images: [],
      })
    ).id;
    await recordResult(db, {
      postId: ids.brunoFailed,
      network: 'linkedin',
      status: 'failed',
      code: 'rejectedByNetwork',
      error: 'Duplicate content',
      attempts: 2,
      finishedAt: minutesAgo(200),
    });
    // A posted result is not the dashboard's business.
    ids.claraPosted = (
      await createTestPost(db, {
        projectId: casa,
        ownerId: clara.id,
        state: 'published',
        sequence: 2,
        publishOn: '2025-06-09',
        createdAt: minutesAgo(600),
        images: [],
      })
    ).id;
    await recordResult(db, { postId: ids.claraPosted, network: 'linkedin', status: 'posted', code: null, finishedAt: minutesAgo(50) });

    // Scheduled: Clara's on three days (two on the 12th, written in order), Bruno's on the 11th.
    ids.claraJune14 = (
      await createTestPost(db, {
        projectId: casa,
        ownerId: clara.id,
        state: 'scheduled',
        sequence: 3,
        publishOn: '2025-06-14',
        networks: { linkedin: true },
        createdAt: minutesAgo(500),
        images: [],
      })
    ).id;
    ids.claraJune12a = (
      await createTestPost(db, {
        projectId: casa,
        ownerId: clara.id,
        state: 'scheduled',
        sequence: 4,
        publishOn: '2025-06-12',
        publishTime: '18:00',
        networks: { instagram: true, linkedin: true },
        createdAt: minutesAgo(500),
        images: [],
      })
    ).id;
    ids.claraJune12b = (
      await createTestPost(db, {
        projectId: casa,
        ownerId: clara.id,
        state: 'scheduled',
        sequence: 5,
        publishOn: '2025-06-12',
        publishTime: '10:30',
        networks: { instagram: true },
        createdAt: minutesAgo(500),
        images: [],
      })
    ).id;
    ids.brunoJune11 = (
      await createTestPost(db, {
        projectId: escuela,
        ownerId: bruno.id,
        state: 'scheduled',
        sequence: 2,
        publishOn: '2025-06-11',
        networks: { instagram: true },
        createdAt: minutesAgo(800),
        images: [],
      })
    ).id;

    // Previews: two of Clara's, one of Bruno's.
    ids.claraPreviewOld = (
      await createTestPost(db, { projectId: casa, ownerId: clara.id, state: 'preview', sequence: 6, createdAt: minutesAgo(400), images: [] })
    ).id;
    ids.claraPreviewNew = (
      await createTestPost(db, { projectId: casa, ownerId: clara.id, state: 'preview', sequence: 7, createdAt: minutesAgo(40), images: [] })
    ).id;
    ids.brunoPreview = (
      await createTestPost(db, { projectId: escuela, ownerId: bruno.id, state: 'preview', sequence: 3, createdAt: minutesAgo(30), images: [] })
    ).id;

    // Drafts: Pablo's for Clara (ready), Pablo's own with too few selected images, Bruno's (ready), one with nobody to own its posts.
    ids.pabellon = await createDraft(db, {
      title: 'Pabellón',
      createdBy: pablo.id,
      assignedTo: clara.id,
      publications: 2,
      selected: 2,
      unselected: 1,
      createdAt: minutesAgo(20),
    });
    ids.torre = await createDraft(db, { title: 'Torre', createdBy: pablo.id, publications: 2, selected: 1, unselected: 3, createdAt: minutesAgo(15) });
    ids.mercado = await createDraft(db, { title: 'Mercado', createdBy: bruno.id, publications: 1, selected: 1, createdAt: minutesAgo(10) });
    ids.orphan = await createDraft(db, { title: 'Sin cliente', createdBy: null, publications: 1, selected: 3, createdAt: minutesAgo(5) });
  });
  afterAll(() => t.close());

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/home' });
    expect(response.statusCode).toBe(401);
  });

  it("gives an administrator the whole studio's failed and needs-review publications, newest first, each with its reason and owner", async () => {
    const { failedPublications } = await home(cookies.admin);
    expect(failedPublications).toMatchObject({ count: 3, atLeast: false });
    expect(failedPublications!.items.map((item) => [item.post_id, item.network, item.result.status])).toEqual([
      [ids.claraFailed, 'instagram', 'unknown'],
      [ids.brunoFailed, 'linkedin', 'failed'],
      [ids.claraFailed, 'linkedin', 'failed'],
    ]);
    const [unknown, rejected, refused] = failedPublications!.items;
    // The reasons the posts page shows, from the same function.
    expect(resultReasonOf(unknown!.result)).toEqual({ code: 'outcomeUnknown', attempts: 1, detail: null });
    expect(resultReasonOf(rejected!.result)).toEqual({ code: 'rejectedByNetwork', attempts: 2, detail: 'Duplicate content' });
    expect(resultReasonOf(refused!.result)).toEqual({ code: 'connectionRefused', attempts: 1, detail: null });
    expect(rejected).toMatchObject({
      project_id: ids.escuela,
      project_title: 'Escuela',
      sequence: 1,
      owner: { email: 'bruno@cliente.es' },
      place: { state: 'published', page: 1 },
    });
  });

  it('gives a customer their own posts only, exactly those the posts list shows them', async () => {
    for (const [name, own, others] of [
      ['clara', [ids.claraFailed], [ids.brunoFailed]],
      ['bruno', [ids.brunoFailed], [ids.claraFailed]],
    ] as const) {
      const cookie = cookies[name];
      const dashboard = await home(cookie);
      const shown = [...dashboard.failedPublications!.items, ...dashboard.previews!.items, ...dashboard.nextScheduled!.items].map((item) => item.post_id);
      const listed = await postIdsInList(cookie);
      expect(
        shown.every((id) => listed.includes(id)),
        `${name}'s dashboard shows only posts of their list`,
      ).toBe(true);
      expect(dashboard.failedPublications!.items.map((item) => item.post_id)).toEqual(expect.arrayContaining([...own]));
      for (const id of others) expect(shown).not.toContain(id);
    }
    const clara = await home(cookies.clara);
    expect(clara.failedPublications).toMatchObject({ count: 2 });
    expect(clara.previews!.items.map((item) => item.post_id)).toEqual([ids.claraPreviewNew, ids.claraPreviewOld]);
    expect(clara.nextScheduled!.items.map((item) => item.post_id)).toEqual([ids.claraJune12b, ids.claraJune12a, ids.claraJune14]);
  });

  it('orders the next posts by day and time, with their networks, across the studio for an administrator', async () => {
    const { nextScheduled } = await home(cookies.admin);
    expect(nextScheduled).toMatchObject({ count: 4, atLeast: false });
    expect(nextScheduled!.items.map((item) => [item.post_id, item.publish_on, item.publish_time, item.networks])).toEqual([
      [ids.brunoJune11, '2025-06-11', '09:00', { instagram: true, linkedin: false, facebook: false }],
      [ids.claraJune12b, '2025-06-12', '10:30', { instagram: true, linkedin: false, facebook: false }],
      [ids.claraJune12a, '2025-06-12', '18:00', { instagram: true, linkedin: true, facebook: false }],
      [ids.claraJune14, '2025-06-14', '09:00', { instagram: false, linkedin: true, facebook: false }],
    ]);
  });

  it("lists drafts ready to launch (enough selected images, someone to own the posts) among the projects the user's list shows", async () => {
    const ready = async (name: keyof typeof cookies) => (await home(cookies[name])).readyDrafts!.items.map((draft) => draft.id);
    expect(await ready('admin')).toEqual([ids.mercado, ids.pabellon]);
    expect(await ready('clara')).toEqual([ids.pabellon]);
    expect(await ready('bruno')).toEqual([ids.mercado]);
    expect(await ready('pablo')).toEqual([ids.pabellon]);
    for (const name of ['admin', 'clara', 'bruno', 'pablo'] as const) {
      const listed = await projectIdsInList(cookies[name]);
      const dashboard = await home(cookies[name]);
      const shown = [...dashboard.readyDrafts!.items, ...dashboard.projects!.items].map((project) => project.id);
      expect(
        shown.every((id) => listed.includes(id)),
        `${name}'s dashboard shows only projects of their list`,
      ).toBe(true);
      expect(dashboard.projects!.count).toBe(listed.length);
    }
    const { readyDrafts } = await home(cookies.clara);
    expect(readyDrafts).toMatchObject({ count: 1, atLeast: false, items: [{ title: 'Pabellón', publications: 2, selected_images: 2 }] });
  });

  it("gives a publisher their projects' states and no posts", async () => {
    const pablo = await home(cookies.pablo);
    expect(pablo.failedPublications).toBeNull();
    expect(pablo.previews).toBeNull();
    expect(pablo.nextScheduled).toBeNull();
    expect(pablo.projects).toMatchObject({
      count: 2,
      atLeast: false,
      items: [
        { id: ids.torre, state: 'draft' },
        { id: ids.pabellon, state: 'draft' },
      ],
    });
    expect(pablo.projects!.states).toEqual([
      { state: 'draft', count: 2, atLeast: false },
      { state: 'inProgress', count: 0, atLeast: false },
      { state: 'preview', count: 0, atLeast: false },
      { state: 'launched', count: 0, atLeast: false },
    ]);
    // Clara's projects: the one assigned to her and the draft Pablo made for her.
    expect((await home(cookies.clara)).projects!.states.filter((state) => state.count > 0)).toEqual([
      { state: 'draft', count: 1, atLeast: false },
      { state: 'preview', count: 1, atLeast: false },
    ]);
  });

  it('gives a basic user neither posts, projects nor connections (no Settings to mend them in: decision 021)', async () => {
    const basil = await home(cookies.basil);
    expect(basil).toMatchObject({ failedPublications: null, readyDrafts: null, previews: null, nextScheduled: null, projects: null, today: '2025-06-10' });
    expect(basil.connections).toBeNull();
  });
});
