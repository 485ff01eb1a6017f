import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type PublishingTestApp,
  createDuePost,
  createLinkedInCustomer,
  startPublishingProcesses,
  startPublishingTestApp,
} from '../../test-support/publishing.ts';

/**
 * Issue 16: a post at 10:15 goes out at 10:15, not at 10:14 nor later than 10:16, and once although
 * three app processes' sweeps and workers run over the same database. Each has the real sweep (its timer
 * turning with the minute of its clock) and a real job worker; their clock reads 10:14:57 in Madrid as
 * they start and runs on in real time, so the minute strikes three seconds later.
 */
const MINUTE = Date.parse('2026-06-10T08:15:00.000Z'); // 10:15 in Madrid (summer, UTC+2)

describe('publishing at the minute of a post, with three workers', () => {
  let env: PublishingTestApp;
  let ownerId: string;

  beforeAll(async () => {
    env = await startPublishingTestApp();
    ownerId = await createLinkedInCustomer(env);
  });
  afterAll(() => env.close());

  it('a post at 10:15 goes out at 10:15, not at 10:14, and once', { timeout: 30_000 }, async () => {
    const db = env.t.database.db;
    const offset = MINUTE - 3_000 - Date.now();
    const now = () => new Date(Date.now() + offset);
    const due = await createDuePost(env, { ownerId, publishOn: '2026-06-10', publishTime: '10:15', networks: { linkedin: true } });
    const next = await createDuePost(env, { ownerId, publishOn: '2026-06-10', publishTime: '10:16', networks: { linkedin: true } });
    const text = (await db.selectFrom('posts').select('text').where('id', '=', due.id).executeTakeFirstOrThrow()).text;
    const processes = startPublishingProcesses(env, now);
    try {
      // Each started with a sweep at 10:14:57: nothing was due.
      expect(
        await db
          .selectFrom('jobs')
          .select('id')
          .where('subject', 'in', [`post:${due.id}`, `post:${next.id}`])
          .execute(),
      ).toEqual([]);
      await vi.waitFor(
        async () => expect((await db.selectFrom('posts').select('state').where('id', '=', due.id).executeTakeFirstOrThrow()).state).toBe('published'),
        {
          timeout: 20_000,
          interval: 100,
        },
      );
    } finally {
      await processes.stop();
    }

    const published = env.sandbox.sandbox.control.published().linkedin.filter((post) => post.commentary.replace(/\\(.)/g, '$1') === text);
    expect(published).toHaveLength(1);
    const result = await db.selectFrom('post_results').selectAll().where('post_id', '=', due.id).where('network', '=', 'linkedin').executeTakeFirstOrThrow();
    expect(result).toMatchObject({ status: 'posted', attempts: 1 });
    const startedAt = new Date(result.started_at!).getTime();
    expect(startedAt).toBeGreaterThanOrEqual(MINUTE);
    expect(startedAt).toBeLessThan(MINUTE + 60_000);
    // Three sweeps queued it once; the post at 10:16 waits for its minute.
    expect(await db.selectFrom('jobs').select('id').where('subject', '=', `post:${due.id}`).execute()).toHaveLength(1);
    expect(await db.selectFrom('jobs').select('id').where('subject', '=', `post:${next.id}`).execute()).toEqual([]);
    expect((await db.selectFrom('posts').select('state').where('id', '=', next.id).executeTakeFirstOrThrow()).state).toBe('scheduled');
  });
});
