import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Home, homeSchema } from '../../../domain/home.ts';
import { createTestPost, createTestProject, createTestReading } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createSignedInUsers } from '../../test-support/test-app.ts';

/**
 * The home dashboard's results line (issue 26 item 2): this studio month's reach and interactions (the
 * latest readings of the posts published in it, every network) against last month's; a customer's own, an
 * administrator's whole studio, nothing for a publisher. On both databases.
 */
// Monday 23 November 2026, 12:00 in Madrid (UTC+1).
const NOW = new Date('2026-11-23T11:00:00Z');

describe('home: the results line', () => {
  let t: TestApp;
  let ids: Record<'admin' | 'clara' | 'bruno' | 'pablo', string>;
  let cookies: typeof ids;

  const home = async (cookie: string): Promise<Home> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/home', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return homeSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    ({ ids, cookies } = await createSignedInUsers(t, { admin: 'admin', clara: 'customer', bruno: 'customer', pablo: 'publisher' }, 'home-results.test'));
    const db = t.database.db;
    const casa = await createTestProject(db, { title: 'Casa', createdBy: ids.admin, assignedTo: ids.clara });
    const nave = await createTestProject(db, { title: 'Nave', createdBy: ids.bruno });
    let remote = 0;
    const publish = async (
      projectId: number,
      ownerId: string,
      at: string,
      readings: { network: 'instagram' | 'linkedin'; reach: number; interactions: number; latest?: boolean }[],
    ) => {
      const published = new Date(at);
      const postId = (await createTestPost(db, { projectId, ownerId, state: 'published', publishedAt: published })).id;
      for (const reading of readings) {
        remote += 1;
        const { network, latest, reach, interactions } = reading;
        await createTestReading(db, {
          postId,
          projectId,
          network,
          remoteId: `h${remote}`,
          publishedAt: published,
          latest,
          figures: { impressions: reach * 2, reach, interactions },
        });
      }
    };
    // This month (November in Madrid): 1 Nov 00:30 Madrid is 31 Oct 23:30 UTC.
    await publish(casa, ids.clara, '2026-10-31T23:30:00Z', [
      { network: 'instagram', reach: 800, interactions: 50 },
      { network: 'instagram', reach: 8, interactions: 1, latest: false },
      { network: 'linkedin', reach: 200, interactions: 30 },
    ]);
    await publish(casa, ids.clara, '2026-11-20T09:00:00Z', [{ network: 'instagram', reach: 100, interactions: 20 }]);
    // Last month: 31 Oct 22:30 UTC is 23:30 in Madrid, still October.
    await publish(casa, ids.clara, '2026-10-31T22:30:00Z', [{ network: 'linkedin', reach: 300, interactions: 40 }]);
    // Two months ago: counted in neither.
    await publish(casa, ids.clara, '2026-09-15T09:00:00Z', [{ network: 'instagram', reach: 9000, interactions: 900 }]);
    await publish(nave, ids.bruno, '2026-11-02T09:00:00Z', [{ network: 'linkedin', reach: 5, interactions: 1 }]);
    await publish(nave, ids.bruno, '2026-10-02T09:00:00Z', [{ network: 'instagram', reach: 7, interactions: 3 }]);
  });
  afterAll(() => t.close());

  it("gives a customer her own month against the one before, summing the networks' latest figures", async () => {
    expect((await home(cookies.clara)).results).toEqual({ month: '2026-11', reach: 1100, interactions: 100, previous_reach: 300, previous_interactions: 40 });
    expect((await home(cookies.bruno)).results).toEqual({ month: '2026-11', reach: 5, interactions: 1, previous_reach: 7, previous_interactions: 3 });
  });

  it("gives an administrator the whole studio's, and a publisher none", async () => {
    expect((await home(cookies.admin)).results).toEqual({ month: '2026-11', reach: 1105, interactions: 101, previous_reach: 307, previous_interactions: 43 });
    expect((await home(cookies.pablo)).results).toBeNull();
  });
});
