import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERAL_BEST_TIMES } from '../../../domain/best-times.ts';
import { slotSuggestionsSchema } from '../../../domain/best-times-schemas.ts';
import { createTestPost, createTestProject, createTestReading } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createSignedInUsers } from '../../test-support/test-app.ts';

/**
 * GET /api/queue-slots/suggestions (issue 26 item 4, decision 048): slots from the owner's own results of the
 * last 90 days in the studio's week (Europe/Madrid), or the general advice with too few posts; each marked
 * when the queue has it; a customer her own, an administrator a customer's; on both databases.
 */
// Monday 23 November 2026, 12:00 in Madrid (UTC+1).
const NOW = new Date('2026-11-23T11:00:00Z');

const general = (network: 'linkedin' | 'instagram') =>
  GENERAL_BEST_TIMES[network].map((slot) => ({ network, ...slot, reason: 'general', ratio: null, posts: null, added: false }));

describe('queue slot suggestions', () => {
  let t: TestApp;
  let ids: Record<'admin' | 'clara' | 'bruno' | 'pablo', string>;
  let cookies: typeof ids;
  const get = (cookie: string, query = '') => t.app.inject({ method: 'GET', url: `/api/queue-slots/suggestions${query}`, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    ({ ids, cookies } = await createSignedInUsers(t, { admin: 'admin', clara: 'customer', bruno: 'customer', pablo: 'publisher' }, 'best-times.test'));
    const db = t.database.db;
    const casa = await createTestProject(db, { title: 'Casa', createdBy: ids.admin, assignedTo: ids.clara });
    let remote = 0;
    const publish = async (at: string, network: 'instagram' | 'linkedin', interactions: number) => {
      const published = new Date(at);
      const postId = (await createTestPost(db, { projectId: casa, ownerId: ids.clara, state: 'published', publishedAt: published })).id;
      remote += 1;
      await createTestReading(db, {
        postId,
        projectId: casa,
        network,
        remoteId: `s${remote}`,
        publishedAt: published,
        figures: { impressions: interactions * 10, reach: interactions * 8, interactions },
      });
    };
    // Clara's LinkedIn: four Tuesdays at 10:00 in Madrid (09:00 UTC) with 100 interactions each…
    for (const day of ['2026-10-27', '2026-11-03', '2026-11-10', '2026-11-17']) await publish(`${day}T09:00:00Z`, 'linkedin', 100);
    // …and eight Wednesdays and Thursdays at 16:00 with 10: an average of 40 a post, Tuesday 10:00 is 2.5×.
    for (const day of ['2026-10-28', '2026-10-29', '2026-11-04', '2026-11-05', '2026-11-11', '2026-11-12', '2026-11-18', '2026-11-19'])
      await publish(`${day}T15:00:00Z`, 'linkedin', 10);
    // Older than 90 days: not looked at (it would be the best by far).
    for (const day of ['2026-07-03', '2026-07-10', '2026-07-17', '2026-07-24']) await publish(`${day}T10:00:00Z`, 'linkedin', 1000);
    // Two Instagram posts: too few of her own, the general advice.
    await publish('2026-11-08T19:00:00Z', 'instagram', 500);
    await publish('2026-11-15T19:00:00Z', 'instagram', 500);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/queue-slots',
      headers: { cookie: cookies.clara },
      payload: { slots: [{ weekday: 2, time: '10:00' }] },
    });
    expect(put.statusCode, put.body).toBe(200);
  });
  afterAll(() => t.close());

  it('suggests a customer her own best slot with its reason, marked added when her queue has it, and the general advice where she has too few posts', async () => {
    const response = await get(cookies.clara);
    expect(response.statusCode, response.body).toBe(200);
    expect(slotSuggestionsSchema.parse(response.json())).toEqual({
      owner_id: ids.clara,
      since: '2026-08-26',
      suggestions: [{ network: 'linkedin', weekday: 2, time: '10:00', reason: 'own', ratio: 2.5, posts: 4, added: true }, ...general('instagram')],
    });
  });

  it("gives an administrator a customer's, and a customer without posts the general advice", async () => {
    expect((await get(cookies.admin, `?owner=${ids.clara}`)).json().suggestions[0]).toMatchObject({ reason: 'own', weekday: 2, time: '10:00' });
    const bruno = await get(cookies.admin, `?owner=${ids.bruno}`);
    expect(bruno.json()).toEqual({ owner_id: ids.bruno, since: '2026-08-26', suggestions: [...general('linkedin'), ...general('instagram')] });
    expect((await get(cookies.bruno)).json().owner_id).toBe(ids.bruno);
  });

  it("refuses another customer's, a publisher, and an unknown owner", async () => {
    expect((await get(cookies.bruno, `?owner=${ids.clara}`)).statusCode).toBe(403);
    expect((await get(cookies.pablo)).statusCode).toBe(403);
    expect((await get(cookies.admin, '?owner=nobody')).statusCode).toBe(404);
    expect((await get(cookies.admin, `?owner=${ids.pablo}`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/queue-slots/suggestions' })).statusCode).toBe(401);
  });
});
