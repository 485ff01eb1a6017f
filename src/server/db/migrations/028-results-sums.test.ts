import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_METRICS } from '../../../domain/post-metrics.ts';
import { recordReading } from '../../features/metrics/repo.ts';
import { createTestPost, createTestProject, createTestReading } from '../../test-support/posts.ts';
import { type TestApp, createSignedInUsers, createTestApp } from '../../test-support/test-app.ts';
import type { Database } from '../schema.ts';
import { readFlag, readInstant } from '../values.ts';
import { fillResultsSums } from './028-results-sums.ts';

/**
 * Migration 028 (decision 049): the Results sums per post and per hour are kept by the database itself,
 * so after every kind of write (readings, reassignments, deletions, cascades) they equal sums made afresh
 * from the latest readings.
 */

const NOW = new Date('2026-11-23T11:00:00Z');

type Sums = Record<string, number>;

/** Sums as kept, the rows at 0 posts left out, instants as ISO. */
async function keptSums(db: Kysely<Database>) {
  const posts = await db.selectFrom('results_posts').selectAll().execute();
  const hours = await db.selectFrom('results_hourly').selectAll().execute();
  return {
    posts: Object.fromEntries(
      posts
        .filter((row) => row.networks !== 0)
        .map((row) => [
          row.post_id,
          {
            owner: row.owner_id,
            project: row.project_id,
            at: readInstant(row.published_at).toISOString(),
            networks: row.networks,
            ...Object.fromEntries(POST_METRICS.map((metric) => [metric, Number(row[metric])])),
          },
        ]),
    ),
    hours: Object.fromEntries(
      hours
        .filter((row) => row.posts !== 0)
        .map((row) => [
          `${row.scope}|${row.network}|${readInstant(row.hour).toISOString()}`,
          { posts: row.posts, ...Object.fromEntries(POST_METRICS.map((metric) => [metric, Number(row[metric])])) },
        ]),
    ),
  };
}

/** The same, made afresh from the latest readings and the posts' owners. */
async function freshSums(db: Kysely<Database>) {
  const readings = (
    await db.selectFrom('post_metrics as m').innerJoin('posts as p', 'p.id', 'm.post_id').selectAll('m').select('p.owner_id as post_owner').execute()
  ).filter((row) => readFlag(row.latest));
  const posts: Record<number, { owner: string | null; project: number; at: string; networks: number; figures: Sums }> = {};
  const hours: Record<string, { posts: number } & Sums> = {};
  const add = (key: string, figures: Sums) => {
    const sums = (hours[key] ??= { posts: 0, ...Object.fromEntries(POST_METRICS.map((metric) => [metric, 0])) });
    sums.posts += 1;
    for (const metric of POST_METRICS) sums[metric]! += figures[metric] ?? 0;
  };
  const hourOf = (at: string) => `${at.slice(0, 13)}:00:00.000Z`;
  for (const row of readings) {
    expect(row.owner_id, 'a reading names its post’s owner').toBe(row.post_owner);
    const at = readInstant(row.published_at).toISOString();
    const figures = Object.fromEntries(POST_METRICS.map((metric) => [metric, row[metric] ?? 0]));
    const post = (posts[row.post_id] ??= {
      owner: row.owner_id,
      project: row.project_id,
      at,
      networks: 0,
      figures: Object.fromEntries(POST_METRICS.map((metric) => [metric, 0])),
    });
    post.networks += 1;
    if (at < post.at) post.at = at;
    for (const metric of POST_METRICS) post.figures[metric]! += figures[metric]!;
    add(`|${row.network}|${hourOf(at)}`, figures);
    if (row.owner_id !== null) add(`${row.owner_id}|${row.network}|${hourOf(at)}`, figures);
  }
  for (const post of Object.values(posts)) {
    add(`|*|${hourOf(post.at)}`, post.figures);
    if (post.owner !== null) add(`${post.owner}|*|${hourOf(post.at)}`, post.figures);
  }
  return {
    posts: Object.fromEntries(Object.entries(posts).map(([id, { figures, ...post }]) => [id, { ...post, ...figures }])),
    hours,
  };
}

async function expectSumsKept(db: Kysely<Database>): Promise<void> {
  const fresh = await freshSums(db);
  expect(Object.keys(fresh.posts).length, 'the test has posts with figures').toBeGreaterThan(0);
  expect(await keptSums(db)).toEqual(fresh);
}

describe('migration 028: the Results sums kept by every write', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let ids: Record<'admin' | 'clara' | 'bruno', string>;
  let cookies: Record<'admin' | 'clara' | 'bruno', string>;
  let remote = 0;

  /** A published post with a first reading on each network given (`at`: its publication). */
  async function published(projectId: number, ownerId: string | null, at: string, networks: Record<string, Partial<Record<string, number>>>) {
    const post = await createTestPost(db, { projectId, ownerId, state: 'published', publishedAt: new Date(at) });
    for (const [network, figures] of Object.entries(networks)) {
      remote += 1;
      await createTestReading(db, { postId: post.id, projectId, network: network as 'instagram', remoteId: `r${remote}`, publishedAt: new Date(at), figures });
    }
    return post.id;
  }

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    db = t.database.db;
    ({ ids, cookies } = await createSignedInUsers(t, { admin: 'admin', clara: 'customer', bruno: 'customer' }, 'sums.test'));
  });
  afterAll(() => t.close());

  it('fills them from the readings already there', async () => {
    const casa = await createTestProject(db, { createdBy: ids.admin, assignedTo: ids.clara });
    await published(casa, ids.clara, '2026-11-17T17:30:00Z', {
      instagram: { impressions: 1000, reach: 800, interactions: 50 },
      linkedin: { impressions: 300, clicks: 4 },
    });
    await published(casa, ids.clara, '2026-11-17T17:59:59.999Z', { instagram: { reach: 10, interactions: 2 } });
    await published(casa, null, '2026-11-18T08:00:00Z', { linkedin: { impressions: 7, interactions: 1 } });
    const kept = await keptSums(db);
    // The posts' first: their triggers take them from the hours.
    await db.deleteFrom('results_posts').execute();
    await db.deleteFrom('results_hourly').execute();
    await fillResultsSums(db as Kysely<unknown>, t.database.dialect);
    expect(await keptSums(db)).toEqual(kept);
    await expectSumsKept(db);
  });

  it('follows the read-metrics job’s writes: a newer reading replaces the latest, other outcomes change nothing', async () => {
    const torre = await createTestProject(db, { createdBy: ids.admin, assignedTo: ids.clara });
    const postId = await published(torre, ids.clara, '2026-11-19T10:00:00Z', { instagram: { reach: 100, interactions: 5 } });
    const due = {
      post_id: postId,
      project_id: torre,
      owner_id: ids.clara,
      network: 'instagram',
      remote_id: 'again',
      target_id: null,
      published_at: new Date('2026-11-19T10:00:00Z'),
      step: 1,
      failures: 0,
      unsupported: [],
    };
    const next = { step: 2, failures: 0, nextReadAt: null, unsupported: [] };
    await recordReading(
      db,
      t.database.dialect,
      due,
      { outcome: 'read', reason: null, figures: { reach: 900, interactions: 60, saves: 3 }, unavailable: {} },
      next,
      NOW,
    );
    await expectSumsKept(db);
    await recordReading(db, t.database.dialect, due, { outcome: 'failed', reason: 'network_failed', figures: {}, unavailable: {} }, next, NOW);
    await recordReading(
      db,
      t.database.dialect,
      { ...due, network: 'linkedin' },
      { outcome: 'read', reason: null, figures: { impressions: 40 }, unavailable: {} },
      next,
      NOW,
    );
    await expectSumsKept(db);
    const kept = await keptSums(db);
    expect(kept.posts[postId]).toMatchObject({ networks: 2, reach: 900, interactions: 60, impressions: 40 });
  });

  it('follows a project reassigned through the API and owners changed in bulk', async () => {
    const nave = await createTestProject(db, { createdBy: ids.admin, assignedTo: ids.clara });
    await published(nave, ids.clara, '2026-11-20T09:30:00Z', { instagram: { interactions: 11 }, linkedin: { interactions: 12 } });
    await published(nave, ids.clara, '2026-11-20T09:45:00Z', { instagram: { interactions: 13 } });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${nave}/assign`,
      headers: { cookie: cookies.admin },
      payload: { userId: ids.bruno },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    // Published posts stay with the customer they were published for (only the unpublished ones move).
    const owners = await db.selectFrom('posts').select('owner_id').where('project_id', '=', nave).execute();
    expect(owners.map((row) => row.owner_id)).toEqual([ids.clara, ids.clara]);
    await expectSumsKept(db);
    await db.updateTable('posts').set({ owner_id: ids.bruno }).where('project_id', '=', nave).execute();
    await expectSumsKept(db);
    await db.updateTable('posts').set({ owner_id: null }).where('owner_id', '=', ids.bruno).execute();
    await expectSumsKept(db);
    await db.updateTable('posts').set({ owner_id: ids.clara }).where('owner_id', 'is', null).execute();
    await expectSumsKept(db);
  });

  it('follows deletions: a reading, a post, a project with its posts (cascades)', async () => {
    const obra = await createTestProject(db, { createdBy: ids.admin, assignedTo: ids.bruno });
    const first = await published(obra, ids.bruno, '2026-11-21T12:00:00Z', { instagram: { interactions: 3 }, linkedin: { interactions: 4 } });
    await published(obra, ids.bruno, '2026-11-21T12:10:00Z', { linkedin: { interactions: 5 } });
    await expectSumsKept(db);
    await db.deleteFrom('post_metrics').where('post_id', '=', first).where('network', '=', 'linkedin').execute();
    await expectSumsKept(db);
    await db.deleteFrom('posts').where('id', '=', first).execute();
    await expectSumsKept(db);
    await db.deleteFrom('projects').where('id', '=', obra).execute();
    await expectSumsKept(db);
    expect(await db.selectFrom('results_posts').select('post_id').where('owner_id', '=', ids.bruno).execute()).toEqual([]);
  });
});
