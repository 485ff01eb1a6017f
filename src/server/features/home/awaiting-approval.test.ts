import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Home, homeSchema } from '../../../domain/home.ts';
import { postPageSchema } from '../../../domain/post.ts';
import { storedInstant } from '../../test-support/stored-values.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * GET /api/home's first section (issue 25 item 3): the posts awaiting approval. A customer sees their own,
 * an administrator every customer's (to follow them: only the owner approves), a publisher none; the
 * count is the posts list's chip, each item says who asked and when, and its link opens the page of the
 * chip's list that shows it.
 */

const NOW = new Date('2025-06-10T10:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe('home: posts awaiting approval', () => {
  let t: TestApp;
  const cookies: Record<'admin' | 'clara' | 'bruno' | 'pablo', string> = { admin: '', clara: '', bruno: '', pablo: '' };
  let adminId = '';
  const claraAwaiting: number[] = [];
  let brunoAwaiting = 0;

  const home = async (cookie: string): Promise<Home> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/home', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return homeSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    const db = t.database.db;
    const admin = await createTestUser(t, { email: 'admin@studio.es', role: 'admin', firstName: 'Ana' });
    const clara = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer', firstName: 'Clara' });
    const bruno = await createTestUser(t, { email: 'bruno@cliente.es', role: 'customer', firstName: 'Bruno' });
    const pablo = await createTestUser(t, { email: 'pablo@publica.es', role: 'publisher', firstName: 'Pablo' });
    adminId = admin.id;
    for (const [name, user] of Object.entries({ admin, clara, bruno, pablo }))
      cookies[name as keyof typeof cookies] = await signIn(t, user.email, user.password);

    const casa = await createTestProject(db, { title: 'Casa del Mar', createdBy: admin.id, assignedTo: clara.id });
    const escuela = await createTestProject(db, { title: 'Escuela', createdBy: admin.id, assignedTo: bruno.id });
    // Seven of Clara's awaiting approval (one more than a page), newest last; a preview and a scheduled post beside them.
    for (let sequence = 1; sequence <= 7; sequence += 1) {
      const { id } = await createTestPost(db, {
        projectId: casa,
        ownerId: clara.id,
        state: 'awaiting_approval',
        sequence,
        publishOn: '2025-06-20',
        publishTime: '18:30',
        networks: { instagram: true },
        createdAt: minutesAgo(100 - sequence),
        images: [],
      });
      claraAwaiting.push(id);
    }
    await createTestPost(db, { projectId: casa, ownerId: clara.id, state: 'preview', sequence: 8, createdAt: minutesAgo(1), images: [] });
    await createTestPost(db, {
      projectId: casa,
      ownerId: clara.id,
      state: 'scheduled',
      sequence: 9,
      publishOn: '2025-06-21',
      createdAt: minutesAgo(1),
      images: [],
    });
    brunoAwaiting = (
      await createTestPost(db, {
        projectId: escuela,
        ownerId: bruno.id,
        state: 'awaiting_approval',
        publishOn: '2025-06-22',
        createdAt: minutesAgo(200),
        images: [],
      })
    ).id;
    // Asked by Ana, the administrator, at 09:15; Bruno's by someone since deleted (no asker).
    await db
      .updateTable('posts')
      .set({ approval_asked_at: storedInstant(minutesAgo(45)), approval_asked_by: admin.id })
      .where('id', 'in', claraAwaiting)
      .execute();
    await db
      .updateTable('posts')
      .set({ approval_asked_at: storedInstant(minutesAgo(300)), approval_asked_by: null })
      .where('id', '=', brunoAwaiting)
      .execute();
  });
  afterAll(() => t.close());

  it("gives a customer their own, counted as the list's chip, newest first, with who asked and when", async () => {
    const { awaitingApproval } = await home(cookies.clara);
    expect(awaitingApproval?.count).toBe(7);
    expect(awaitingApproval?.atLeast).toBe(false);
    const list = postPageSchema.parse((await t.app.inject({ method: 'GET', url: '/api/posts', headers: { cookie: cookies.clara } })).json());
    expect(list.counts.awaiting_approval).toBe(awaitingApproval?.count);
    expect(awaitingApproval?.items.map((item) => item.post_id)).toEqual([...claraAwaiting].reverse().slice(0, 5));
    expect(awaitingApproval?.items[0]).toEqual({
      post_id: claraAwaiting[6],
      project_id: expect.any(Number),
      project_title: 'Casa del Mar',
      sequence: 7,
      owner: { id: expect.any(String), first_name: 'Clara', last_name: expect.any(String), email: 'clara@cliente.es' },
      place: { state: 'awaiting_approval', page: 1 },
      publish_on: '2025-06-20',
      publish_time: '18:30',
      asked_at: minutesAgo(45).toISOString(),
      asked_by: { id: adminId, first_name: 'Ana', last_name: expect.any(String), email: 'admin@studio.es' },
    });
  });

  it('opens the page of the filtered list that shows each item', async () => {
    const { awaitingApproval } = await home(cookies.clara);
    for (const item of awaitingApproval?.items ?? []) {
      const url = `/api/posts?state=${item.place.state}&page=${item.place.page}`;
      const page = postPageSchema.parse((await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.clara } })).json());
      expect(page.items.map((post) => post.id)).toContain(item.post_id);
    }
  });

  it("gives an administrator every customer's, and an asker who is gone as none", async () => {
    const { awaitingApproval } = await home(cookies.admin);
    expect(awaitingApproval?.count).toBe(8);
    expect(awaitingApproval?.items).toHaveLength(5);
    const bruno = await home(cookies.bruno);
    expect(bruno.awaitingApproval?.count).toBe(1);
    expect(bruno.awaitingApproval?.items[0]).toMatchObject({
      post_id: brunoAwaiting,
      asked_at: minutesAgo(300).toISOString(),
      asked_by: null,
      publish_time: '09:00',
    });
  });

  it('gives a publisher none, and a customer with nothing awaiting an empty section', async () => {
    expect((await home(cookies.pablo)).awaitingApproval).toBeNull();
    await t.database.db.updateTable('posts').set({ state: 'scheduled' }).where('id', '=', brunoAwaiting).execute();
    expect((await home(cookies.bruno)).awaitingApproval).toEqual({ count: 0, atLeast: false, items: [] });
  });
});
