import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { connect } from '../../test-support/social-sandbox.ts';
import { createTestUser, signIn } from '../../test-support/test-app.ts';
import {
  type PublishingTestApp,
  createDuePost,
  createLinkedInCustomer,
  startPublishingProcesses,
  startPublishingTestApp,
} from '../../test-support/publishing.ts';

/**
 * Issue 25, decision 040: a post awaiting approval is never published, whatever its time. The claim is
 * one UPDATE that requires `state = 'scheduled'`, so a post that went back to awaiting approval after its
 * publish job was queued is refused by the same statement that would take it. Three workers and their
 * sweeps, the clock a day past both posts' time; the scheduled one beside it shows they ran.
 */
describe('publishing never publishes a post awaiting approval, with three workers', () => {
  let env: PublishingTestApp;
  let ownerId: string;

  beforeAll(async () => {
    env = await startPublishingTestApp();
    ownerId = await createLinkedInCustomer(env);
  });
  afterAll(() => env.close());

  it(
    'leaves it awaiting approval, unpublished, even with its publish job queued, while the scheduled post beside it goes out once',
    { timeout: 30_000 },
    async () => {
      const db = env.t.database.db;
      const now = () => new Date(Date.parse('2026-06-11T08:00:00.000Z'));
      const awaiting = await createDuePost(env, { ownerId, publishOn: '2026-06-10', publishTime: '10:15', networks: { linkedin: true } });
      const scheduled = await createDuePost(env, { ownerId, publishOn: '2026-06-10', publishTime: '10:15', networks: { linkedin: true } });
      // Queued while it was scheduled (twice, as the posts API and a sweep may), then sent back for approval.
      for (let copy = 0; copy < 2; copy += 1) {
        await enqueueJob(db, { kind: 'publish-post', subject: `post:${awaiting.id}`, payload: { postId: awaiting.id }, now: new Date(0) });
      }
      await db.updateTable('posts').set({ state: 'awaiting_approval' }).where('id', '=', awaiting.id).execute();
      const text = (await db.selectFrom('posts').select('text').where('id', '=', awaiting.id).executeTakeFirstOrThrow()).text;

      const processes = startPublishingProcesses(env, now);
      try {
        await vi.waitFor(
          async () => {
            expect((await db.selectFrom('posts').select('state').where('id', '=', scheduled.id).executeTakeFirstOrThrow()).state).toBe('published');
            const jobs = await db.selectFrom('jobs').select('state').where('subject', '=', `post:${awaiting.id}`).execute();
            expect(jobs.map((job) => job.state)).toEqual(['done', 'done']);
          },
          { timeout: 20_000, interval: 100 },
        );
      } finally {
        await processes.stop();
      }

      const post = await db.selectFrom('posts').select(['state', 'publishing_since', 'published_at']).where('id', '=', awaiting.id).executeTakeFirstOrThrow();
      expect(post).toEqual({ state: 'awaiting_approval', publishing_since: null, published_at: null });
      expect(await db.selectFrom('post_results').select('status').where('post_id', '=', awaiting.id).where('status', '=', 'posted').execute()).toEqual([]);
      const commentaries = env.sandbox.sandbox.control.published().linkedin.map((entry) => entry.commentary.replace(/\\(.)/g, '$1'));
      expect(commentaries.filter((commentary) => commentary === text)).toEqual([]);
      // No sweep queued it again: only the two jobs queued before it waited for approval.
      expect(await db.selectFrom('jobs').select('id').where('subject', '=', `post:${awaiting.id}`).execute()).toHaveLength(2);
    },
  );
});

/**
 * Decision 040 end to end: an administrator schedules a customer's post (her mode: studio), so it awaits
 * her approval; approved through the API, it is scheduled at its time and goes out then, once, with three
 * workers and their sweeps.
 */
describe('a post approved by its owner publishes at its time', () => {
  let env: PublishingTestApp;
  let clock = new Date('2026-06-10T08:00:00.000Z');

  beforeAll(async () => {
    env = await startPublishingTestApp({ now: () => clock });
  });
  afterAll(() => env.close());

  it('awaiting, then approved, then published once at its time', { timeout: 30_000 }, async () => {
    const { t } = env;
    const db = t.database.db;
    const adminUser = await createTestUser(t, { email: 'admin@studio.es', role: 'admin' });
    const claraUser = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer' });
    const [admin, clara] = [await signIn(t, adminUser.email, adminUser.password), await signIn(t, claraUser.email, claraUser.password)];
    expect((await connect(t, clara, 'linkedin')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/users/${claraUser.id}`, headers: { cookie: admin }, payload: { approval: 'studio' } })).statusCode,
    ).toBe(200);
    const post = await createDuePost(env, { ownerId: claraUser.id, publishOn: '2026-06-11', publishTime: '10:15', networks: { linkedin: true } });
    await db.updateTable('posts').set({ state: 'preview' }).where('id', '=', post.id).execute();

    const scheduled = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${post.id}/schedule`,
      headers: { cookie: admin },
      payload: { publish_on: '2026-06-11', publish_time: '10:15', networks: { instagram: false, linkedin: true }, confirm_facts: true },
    });
    expect(scheduled.json()).toMatchObject({ state: 'awaiting_approval', publish_at: '2026-06-11T08:15:00.000Z' });
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/approve`,
      headers: { cookie: clara },
      payload: { updated_at: scheduled.json().updated_at },
    });
    expect(approved.json()).toMatchObject({ state: 'scheduled', publish_at: '2026-06-11T08:15:00.000Z' });
    const text = (await db.selectFrom('posts').select('text').where('id', '=', post.id).executeTakeFirstOrThrow()).text;

    clock = new Date('2026-06-11T08:16:00.000Z');
    const processes = startPublishingProcesses(env, () => clock);
    try {
      await vi.waitFor(
        async () => expect((await db.selectFrom('posts').select('state').where('id', '=', post.id).executeTakeFirstOrThrow()).state).toBe('published'),
        { timeout: 20_000, interval: 100 },
      );
    } finally {
      await processes.stop();
    }
    const commentaries = env.sandbox.sandbox.control.published().linkedin.map((entry) => entry.commentary.replace(/\\(.)/g, '$1'));
    expect(commentaries.filter((commentary) => commentary === text)).toHaveLength(1);
  });
});
