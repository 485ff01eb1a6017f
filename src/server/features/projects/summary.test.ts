import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSummary } from '../../../domain/project.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { storedFlag, storedInstant } from '../../test-support/stored-values.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * What a row of the projects list says beyond the table (issue 29): the public project page its maps
 * badge links to (SPEC §2: the weblink), and its posts, which deleting it deletes, with how many went out
 * on a network (they stay there: the delete confirmation says so).
 */
describe('GET /api/projects: the weblink and the posts of each project', () => {
  let t: TestApp;
  let cookie: string;
  let items: ProjectSummary[];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createTestUser(t, { email: 'eva@studio.es', role: 'admin' });
    const clara = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer' });
    cookie = await signIn(t, admin.email, admin.password);
    const db = t.database.db;
    ids.empty = await createTestProject(db, { title: 'Sin publicaciones', createdBy: admin.id });
    ids.mixed = await createTestProject(db, { title: 'Casa del Mar', createdBy: admin.id, assignedTo: clara.id });
    await db
      .updateTable('projects')
      .set({ weblink: 'https://estudio.es/casa-del-mar', maps_url: 'https://maps.app.goo.gl/mar', show_map: storedFlag(true) })
      .where('id', '=', ids.mixed)
      .execute();
    const owner = clara.id;
    // Four posts: one in preview, one scheduled, one out on Instagram (LinkedIn failed), one out nowhere.
    await createTestPost(db, { projectId: ids.mixed, ownerId: owner, sequence: 1 });
    await createTestPost(db, { projectId: ids.mixed, ownerId: owner, sequence: 2, state: 'scheduled', publishOn: '2030-01-10' });
    await createTestPost(db, {
      projectId: ids.mixed,
      ownerId: owner,
      sequence: 3,
      state: 'published',
      publishOn: '2025-01-10',
      results: [
        { network: 'instagram', status: 'posted' },
        { network: 'linkedin', status: 'failed' },
      ],
    });
    await createTestPost(db, {
      projectId: ids.mixed,
      ownerId: owner,
      sequence: 4,
      state: 'published',
      publishOn: '2025-01-11',
      results: [{ network: 'linkedin', status: 'failed' }],
    });
    // One reset by "publish again" after going out on LinkedIn: still there (decision 028).
    const again = await createTestPost(db, { projectId: ids.mixed, ownerId: owner, sequence: 5 });
    await db
      .insertInto('post_earlier_publications')
      .values({
        post_id: again.id,
        network: 'linkedin',
        target_id: null,
        target_name: 'Clara Roca',
        remote_id: 'urn:li:share:1',
        permalink: null,
        published_at: storedInstant(new Date('2025-01-12T09:00:00Z')),
        set_aside_at: storedInstant(new Date('2025-01-13T09:00:00Z')),
      })
      .execute();
    const response = await t.app.inject({ method: 'GET', url: '/api/projects?pageSize=100', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    items = response.json().items;
  });
  afterAll(() => t.close());

  it('counts the posts, and those that went out on a network now or before a "publish again"', () => {
    expect(items.find((item) => item.id === ids.mixed)).toMatchObject({ posts: { total: 5, published: 2 } });
    expect(items.find((item) => item.id === ids.empty)).toMatchObject({ posts: { total: 0, published: 0 } });
  });

  it('gives the weblink, the public project page', () => {
    expect(items.find((item) => item.id === ids.mixed)).toMatchObject({
      weblink: 'https://estudio.es/casa-del-mar',
      maps_url: 'https://maps.app.goo.gl/mar',
      show_map: true,
    });
    expect(items.find((item) => item.id === ids.empty)).toMatchObject({ weblink: '' });
  });
});
