import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { postPageSchema } from '../../../domain/post.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { storedFlag, storedInstant } from '../../test-support/stored-values.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';
import { projectFiguresOf } from './service.ts';

/**
 * The latest figures in the posts list (issue 26 item 2), on the database under test: each published
 * post's newest `read` figures per network with when they were read, a later attempt's reason, none on
 * posts not published; and the projects' sums per network.
 */
const NOW = new Date('2026-06-12T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

describe('metrics: the figures in the posts list and the projects sums', () => {
  let t: TestApp;
  let clara: string;
  let bruno: string;
  let casaId: number;
  let escuelaId: number;
  const ids: Record<string, number> = {};

  const list = async (cookie: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/posts?pageSize=20', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return postPageSchema.parse(response.json());
  };

  const reading = (
    postId: number,
    projectId: number,
    network: string,
    at: Date,
    outcome: string,
    figures: Record<string, number> = {},
    latest = false,
    reason: string | null = null,
  ) => ({
    post_id: postId,
    project_id: projectId,
    owner_id: sql`(select owner_id from posts where id = ${postId})`,
    network,
    remote_id: `${network}-${postId}`,
    published_at: storedInstant(hoursAgo(72)),
    read_at: storedInstant(at),
    outcome,
    reason,
    latest: storedFlag(latest),
    ...figures,
  });

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    const c = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer' });
    const b = await createTestUser(t, { email: 'bruno@cliente.es', role: 'customer' });
    [clara, bruno] = await Promise.all([signIn(t, c.email, c.password), signIn(t, b.email, b.password)]);
    const db = t.database.db;
    casaId = await createTestProject(db, { title: 'Casa del Mar', createdBy: c.id, assignedTo: c.id });
    escuelaId = await createTestProject(db, { title: 'Escuela', createdBy: b.id, assignedTo: b.id });
    const post = async (name: string, projectId: number, ownerId: string, state: 'published' | 'preview', sequence: number) => {
      ids[name] = (
        await createTestPost(db, {
          projectId,
          ownerId,
          sequence,
          state,
          networks: { instagram: true, linkedin: true },
          publishedAt: state === 'published' ? hoursAgo(72) : undefined,
        })
      ).id;
    };
    await post('one', casaId, c.id, 'published', 1);
    await post('two', casaId, c.id, 'published', 2);
    await post('draft', casaId, c.id, 'preview', 3);
    await post('school', escuelaId, b.id, 'published', 1);
    for (const name of ['one', 'two', 'school'])
      for (const network of ['instagram', 'linkedin'])
        await db
          .insertInto('post_metric_reads')
          .values({
            post_id: ids[name]!,
            network,
            remote_id: `${network}-${ids[name]}`,
            published_at: storedInstant(hoursAgo(72)),
            next_read_at: storedInstant(hoursAgo(-96)),
          })
          .execute();
    const projectOf = (name: string) => (name === 'school' ? escuelaId : casaId);
    await db
      .insertInto('post_metrics')
      .values([
        reading(ids.one!, casaId, 'instagram', hoursAgo(48), 'read', { reach: 100, interactions: 5 }),
        reading(ids.one!, casaId, 'instagram', hoursAgo(3), 'read', { reach: 1200, impressions: 2000, interactions: 48 }, true),
        reading(ids.one!, casaId, 'linkedin', hoursAgo(24), 'read', { impressions: 300, clicks: 4, interactions: 9 }, true),
        reading(ids.one!, casaId, 'linkedin', hoursAgo(1), 'failed', {}, false, 'network_failed'),
        reading(ids.two!, casaId, 'instagram', hoursAgo(2), 'read', { reach: 800, interactions: 20 }, true),
        reading(ids.two!, casaId, 'linkedin', hoursAgo(2), 'unavailable', {}, false, 'member_analytics_unavailable'),
        reading(ids.school!, projectOf('school'), 'instagram', hoursAgo(2), 'read', { reach: 5000, interactions: 100 }, true),
      ] as never)
      .execute();
  });

  afterAll(async () => {
    await t.close();
  });

  it('gives each published post its latest figures per network, when they were read and a later reason, in the list', async () => {
    const page = await list(clara);
    const byId = new Map(page.items.map((item) => [item.id, item]));
    const one = byId.get(ids.one!)!;
    const instagram = one.metrics!.find((entry) => entry.network === 'instagram')!;
    expect(instagram.figures).toMatchObject({ reach: 1200, impressions: 2000, interactions: 48, saves: null });
    expect(instagram.read_at).toBe(hoursAgo(3).toISOString());
    expect(instagram.reason).toBeNull();
    const linkedin = one.metrics!.find((entry) => entry.network === 'linkedin')!;
    expect(linkedin.figures).toMatchObject({ impressions: 300, clicks: 4 });
    expect(linkedin.reason).toBe('network_failed');
    const two = byId.get(ids.two!)!;
    expect(two.metrics!.find((entry) => entry.network === 'linkedin')).toMatchObject({ figures: null, reason: 'member_analytics_unavailable' });
    expect(byId.get(ids.draft!)!.metrics).toEqual([]);
    // Bruno's post is not in Clara's list, and hers are not in his.
    expect(byId.has(ids.school!)).toBe(false);
    const his = await list(bruno);
    expect(his.items.map((item) => item.id)).toEqual([ids.school]);
    expect(his.items[0]!.metrics![0]!.figures).toMatchObject({ reach: 5000 });
  });

  it('shows each customer only their own projects with their sums in GET /api/projects', async () => {
    const projects = async (cookie: string) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      return (response.json() as { items: { id: number; figures: { network: string; figures: Record<string, number | null> }[] }[] }).items;
    };
    const hers = await projects(clara);
    expect(hers.map((item) => item.id)).toEqual([casaId]);
    expect(hers[0]!.figures.find((entry) => entry.network === 'instagram')!.figures.reach).toBe(2000);
    const his = await projects(bruno);
    expect(his.map((item) => item.id)).toEqual([escuelaId]);
    expect(his[0]!.figures).toEqual([expect.objectContaining({ network: 'instagram', figures: expect.objectContaining({ reach: 5000 }) })]);
  });

  it("sums each project's posts' latest figures per network", async () => {
    const sums = await projectFiguresOf({ db: t.database.db, dialect: t.database.dialect }, [casaId, escuelaId]);
    const casa = sums.get(casaId)!;
    expect(casa.find((entry) => entry.network === 'instagram')).toMatchObject({ posts: 2, figures: { reach: 2000, interactions: 68, saves: null } });
    expect(casa.find((entry) => entry.network === 'linkedin')).toMatchObject({ posts: 1, figures: { impressions: 300 } });
    expect(sums.get(escuelaId)).toEqual([expect.objectContaining({ network: 'instagram', posts: 1, figures: expect.objectContaining({ reach: 5000 }) })]);
  });
});
