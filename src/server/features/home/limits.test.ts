import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_COUNT_LIMIT, HOME_ITEMS_LIMIT, type Home, homeSchema } from '../../../domain/home.ts';
import { postPageSchema } from '../../../domain/post.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';
import { createDraft, recordResult } from '../../test-support/home-fixtures.ts';

/**
 * Each section shows at most HOME_ITEMS_LIMIT items in its order and says how many there are: the
 * posts and projects as their lists count them, the failures up to "99+". Each post links to the page
 * of the posts list (filtered to its state) that shows it.
 */

const NOW = new Date('2025-06-10T10:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe('home: limits, counts, order and pages', () => {
  let t: TestApp;
  let cookie: string;
  const ids: Record<string, number[]> = { scheduled: [], previews: [], drafts: [], newerPublished: [] };
  let oldFailed = 0;

  const home = async (): Promise<Home> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/home', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return homeSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    const db = t.database.db;
    const clara = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer' });
    cookie = await signIn(t, clara.email, clara.password);
    const project = await createTestProject(db, { title: 'Casa del Mar', createdBy: clara.id });
    // Seven scheduled posts, days given out of order.
    for (const [index, day] of ['2025-06-19', '2025-06-12', '2025-06-17', '2025-06-11', '2025-06-15', '2025-06-13', '2025-06-20'].entries()) {
      ids.scheduled!.push(
        (
          await createTestPost(db, {
            projectId: project,
            ownerId: clara.id,
            state: 'scheduled',
            sequence: index + 1,
            publishOn: day,
            networks: { linkedin: true },
            createdAt: minutesAgo(1000 + index),
            images: [],
          })
        ).id,
      );
    }
    // Eight previews, a minute apart.
    for (let index = 0; index < 8; index += 1) {
      ids.previews!.push(
        (
          await createTestPost(db, {
            projectId: project,
            ownerId: clara.id,
            state: 'preview',
            sequence: 20 + index,
            createdAt: minutesAgo(500 - index),
            images: [],
          })
        ).id,
      );
    }
    // A failure on an old post, then seven published posts written after it, so it is on page 2 of the published.
    oldFailed = (await createTestPost(db, { projectId: project, ownerId: clara.id, state: 'published', sequence: 40, createdAt: minutesAgo(3000), images: [] }))
      .id;
    await recordResult(db, {
      postId: oldFailed,
      network: 'linkedin',
      status: 'failed',
      code: 'rejectedByNetwork',
      error: 'Too long',
      finishedAt: minutesAgo(1),
    });
    for (let index = 0; index < 7; index += 1) {
      ids.newerPublished!.push(
        (
          await createTestPost(db, {
            projectId: project,
            ownerId: clara.id,
            state: 'published',
            sequence: 50 + index,
            createdAt: minutesAgo(2000 - index),
            images: [],
          })
        ).id,
      );
    }
    // Seven ready drafts.
    for (let index = 0; index < 7; index += 1) {
      ids.drafts!.push(
        await createDraft(db, { title: `Borrador ${index}`, createdBy: clara.id, publications: 1, selected: 1, createdAt: minutesAgo(100 - index) }),
      );
    }
  });
  afterAll(() => t.close());

  it('shows the next five posts by day, and how many are scheduled', async () => {
    const { nextScheduled } = await home();
    expect(nextScheduled!.count).toBe(7);
    expect(nextScheduled!.items.map((item) => item.publish_on)).toEqual(['2025-06-11', '2025-06-12', '2025-06-13', '2025-06-15', '2025-06-17']);
  });

  it('shows the five newest previews, and as many as the posts page counts', async () => {
    const { previews } = await home();
    const listed = postPageSchema.parse((await t.app.inject({ method: 'GET', url: '/api/posts', headers: { cookie } })).json());
    expect(previews!.count).toBe(listed.counts.preview);
    expect(previews!.items.map((item) => item.post_id)).toEqual(ids.previews!.slice(-HOME_ITEMS_LIMIT).reverse());
    expect(previews!.items.every((item) => item.place.state === 'preview' && item.place.page === 1)).toBe(true);
  });

  it('shows the five newest ready drafts, and how many', async () => {
    const { readyDrafts, projects } = await home();
    expect(readyDrafts).toMatchObject({ count: 7, atLeast: false });
    expect(readyDrafts!.items.map((item) => item.id)).toEqual(ids.drafts!.slice(-HOME_ITEMS_LIMIT).reverse());
    expect(projects!.states.find((state) => state.state === 'draft')).toEqual({ state: 'draft', count: 7, atLeast: false });
  });

  it('links a failed post to the page of the published posts that shows it', async () => {
    const [failed] = (await home()).failedPublications!.items;
    expect(failed).toMatchObject({ post_id: oldFailed, place: { state: 'published', page: 2 } });
    const page = postPageSchema.parse((await t.app.inject({ method: 'GET', url: '/api/posts?state=published&page=2', headers: { cookie } })).json());
    expect(page.items.map((post) => post.id)).toContain(oldFailed);
  });

  it('counts the failures up to 99 and then says there are more', async () => {
    const db = t.database.db;
    const project = await createTestProject(db, {
      title: 'Escuela',
      createdBy: (await db.selectFrom('users').select('id').where('email', '=', 'clara@cliente.es').executeTakeFirstOrThrow()).id,
    });
    const owner = (await db.selectFrom('projects').select('created_by').where('id', '=', project).executeTakeFirstOrThrow()).created_by;
    const newest: number[] = [];
    for (let index = 0; index < HOME_COUNT_LIMIT + 1; index += 1) {
      const { id } = await createTestPost(db, {
        projectId: project,
        ownerId: owner,
        state: 'published',
        sequence: index + 1,
        createdAt: minutesAgo(5000),
        images: [],
      });
      await recordResult(db, {
        postId: id,
        network: 'instagram',
        status: 'unknown',
        code: 'outcomeUnknown',
        finishedAt: new Date(NOW.getTime() + index * 1000),
      });
      newest.unshift(id);
    }
    const { failedPublications } = await home();
    expect(failedPublications).toMatchObject({ count: HOME_COUNT_LIMIT, atLeast: true });
    expect(failedPublications!.items.map((item) => item.post_id)).toEqual(newest.slice(0, HOME_ITEMS_LIMIT));
  });
});
