import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp } from '../../test-support/test-app.ts';
import { readInstant } from '../values.ts';
import { fillPublishTimes } from './013-posts-time-of-day.ts';

/**
 * Migration 013 (decision 026): the posts that had only a day keep it at PUBLISH_HOUR:00 in the studio's
 * zone, whatever the zone and hour configured; a post without a day keeps no time.
 */
describe('migration 013: posts of before keep their day at PUBLISH_HOUR', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives each post with a day its PUBLISH_HOUR:00 and the instant it is, a gap hour the time it becomes; leaves the others', async () => {
    const db = t.database.db;
    const project = await createTestProject(db);
    const make = async (state: 'preview' | 'scheduled' | 'published', publishOn: string | null) => {
      const { id } = await createTestPost(db, { projectId: project, ownerId: null, state, publishOn });
      // As the rows were before the migration: a day, no time.
      await db.updateTable('posts').set({ publish_time: null, publish_at: null }).where('id', '=', id).execute();
      return id;
    };
    const summer = await make('scheduled', '2026-07-01');
    const winter = await make('published', '2026-01-15');
    const sameDay = await make('scheduled', '2026-07-01');
    const gap = await make('scheduled', '2026-03-29');
    const preview = await make('preview', null);
    const timed = (await createTestPost(db, { projectId: project, ownerId: null, state: 'scheduled', publishOn: '2026-07-01', publishTime: '18:30' })).id;

    await fillPublishTimes(db, { timeZone: 'Europe/Madrid', publishHour: 2 });
    const rows = await db.selectFrom('posts').select(['id', 'publish_time', 'publish_at']).where('project_id', '=', project).execute();
    const of = (id: number) => {
      const row = rows.find((candidate) => candidate.id === id)!;
      return { time: row.publish_time, at: row.publish_at === null ? null : readInstant(row.publish_at).toISOString() };
    };
    expect(of(summer)).toEqual({ time: '02:00', at: '2026-07-01T00:00:00.000Z' });
    expect(of(sameDay)).toEqual(of(summer));
    expect(of(winter)).toEqual({ time: '02:00', at: '2026-01-15T01:00:00.000Z' });
    // 02:00 does not exist in Madrid on 29 March 2026: it is 03:00.
    expect(of(gap)).toEqual({ time: '03:00', at: '2026-03-29T01:00:00.000Z' });
    expect(of(preview)).toEqual({ time: null, at: null });
    // A post that had its time already keeps it.
    expect(of(timed)).toEqual({ time: '18:30', at: '2026-07-01T16:30:00.000Z' });
  });
});
