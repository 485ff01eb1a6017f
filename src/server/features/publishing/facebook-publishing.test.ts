import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultMetaPages } from '../../../sandbox/personas.ts';
import { readFlag } from '../../db/values.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { systemClock } from '../../lib/clock.ts';
import { createStudioCalendar } from '../../lib/studio-calendar.ts';
import { type PublishingTestApp, createDuePost, createTestPublishing, startPublishingTestApp } from '../../test-support/publishing.ts';
import { connect } from '../../test-support/social-sandbox.ts';
import { createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * Publishing to a Facebook Page (issue 27, decisions 050 and 055) through the engine, over real HTTP to the
 * sandbox: one image is one published photo, several are unpublished photos then a feed post, as the page
 * with its own token; a retry attaches the photos the earlier attempt uploaded; a page whose role lacks
 * CREATE_CONTENT fails Facebook alone, marked, while Instagram and LinkedIn publish; a refused token closes
 * the Facebook connection and e-mails its owner; the failure e-mail names Facebook.
 */
const STUDIO_PAGE = defaultMetaPages()[0]!;
const SOLER_INSTAGRAM = STUDIO_PAGE.instagram!.id;

let env: PublishingTestApp;
let test: ReturnType<typeof createTestPublishing>;
let today: string;
let users = 0;

beforeAll(async () => {
  env = await startPublishingTestApp();
  test = createTestPublishing(env, { callSettledAfterMs: 200 });
  today = createStudioCalendar({ timeZone: 'Europe/Madrid', now: systemClock }).today();
});
afterAll(() => env.close());
afterEach(() => {
  env.sandbox.sandbox.control.clearFaults();
  env.sandbox.sandbox.control.setMetaPages(defaultMetaPages());
});

const db = () => env.t.database.db;
const control = () => env.sandbox.sandbox.control;
const result = (postId: number, network = 'facebook') =>
  db().selectFrom('post_results').selectAll().where('post_id', '=', postId).where('network', '=', network).executeTakeFirstOrThrow();
const connection = (userId: string) =>
  db().selectFrom('social_connections').selectAll().where('user_id', '=', userId).where('network', '=', 'facebook').executeTakeFirstOrThrow();
const textOf = async (postId: number) => (await db().selectFrom('posts').select('text').where('id', '=', postId).executeTakeFirstOrThrow()).text;
const pagePostsWith = (text: string) =>
  control()
    .published()
    .facebook.filter((post) => post.message === text);
const photoCount = () => control().published().facebookPhotos.length;
const makeDueNow = (postId: number) =>
  db().updateTable('jobs').set({ run_at: new Date().toISOString() }).where('subject', '=', `post:${postId}`).where('state', '=', 'queued').execute();

async function publish(postId: number) {
  await enqueueJob(db(), { kind: 'publish-post', subject: `post:${postId}`, payload: { postId }, now: new Date() });
  await test.worker.runDueJobs();
}

/** A customer with LinkedIn, Instagram (Soler Ibáñez) and the Facebook page of the studio, each connected through the sandbox. */
async function customer(language: 'es' | 'en' | 'cat' = 'es') {
  const user = await createTestUser(env.t, { email: `fb${++users}@facebook-publishing.test`, role: 'customer', language, firstName: 'Marta' });
  const cookie = await signIn(env.t, user.email, user.password);
  const call = (method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    env.t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  for (const network of ['linkedin', 'instagram', 'facebook'] as const) {
    const answer = await connect(env.t, cookie, network);
    expect(answer.statusCode, answer.body).toBe(200);
  }
  expect((await call('GET', '/api/social/instagram/pages')).statusCode).toBe(200);
  expect((await call('PUT', '/api/social/instagram/target', { targetId: SOLER_INSTAGRAM })).statusCode).toBe(200);
  expect((await call('GET', '/api/social/facebook/pages')).statusCode).toBe(200);
  const chosen = await call('PUT', '/api/social/facebook/target', { targetId: STUDIO_PAGE.id });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return { ...user, cookie };
}

describe('publishing to a Facebook Page', () => {
  it('one image: one published photo, as the page, with the post’s text; its id and link recorded', async () => {
    const user = await customer();
    const post = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { facebook: true } });
    const photosBefore = photoCount();
    await publish(post.id);
    const [published, ...others] = pagePostsWith(await textOf(post.id));
    expect(others).toEqual([]);
    expect(published).toMatchObject({ page: STUDIO_PAGE.id, pageName: STUDIO_PAGE.name });
    expect(published!.images).toHaveLength(1);
    expect(await result(post.id)).toMatchObject({
      status: 'posted',
      remote_id: published!.id,
      permalink: published!.permalink,
      target_id: STUDIO_PAGE.id,
      target_name: STUDIO_PAGE.name,
      uploads: null,
      attempts: 1,
    });
    expect(photoCount()).toBe(photosBefore + 1);
    // Facebook only: no other network has a result to show but "not selected".
    expect((await result(post.id, 'instagram')).status).toBe('not_selected');
    expect(env.t.sentMail.filter((mail) => mail.to === user.email)).toEqual([]);
  });

  it('several images: unpublished photos, then one feed post with them in their order; the photos kept with the result', async () => {
    const user = await customer();
    const post = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { facebook: true }, images: 3, unselected: 1 });
    const photosBefore = photoCount();
    await publish(post.id);
    const [published] = pagePostsWith(await textOf(post.id));
    const stored = await result(post.id);
    expect(stored).toMatchObject({ status: 'posted', remote_id: published!.id, permalink: published!.permalink });
    const uploads = JSON.parse(stored.uploads!) as Array<{ id: string; key: string }>;
    expect(uploads).toHaveLength(3);
    expect(published!.images.map((url) => url.split('/').pop())).toEqual(uploads.map((photo) => photo.id));
    expect(photoCount()).toBe(photosBefore + 3);
  });

  it('a feed call refused for now (500) is tried again with the photos already uploaded: none uploaded twice, one post', async () => {
    const user = await customer();
    const post = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { facebook: true }, images: 2 });
    control().fail({ network: 'meta', kind: 'server-error', path: `${STUDIO_PAGE.id}/feed` });
    const photosBefore = photoCount();
    await publish(post.id);
    const waiting = await result(post.id);
    expect(waiting).toMatchObject({ status: 'pending', error_code: 'networkUnavailable', attempts: 1 });
    const uploads = JSON.parse(waiting.uploads!) as Array<{ id: string }>;
    expect(photoCount()).toBe(photosBefore + 2);

    await makeDueNow(post.id);
    await test.worker.runDueJobs();
    const [published, ...others] = pagePostsWith(await textOf(post.id));
    expect(others).toEqual([]);
    expect(await result(post.id)).toMatchObject({ status: 'posted', remote_id: published!.id, attempts: 2 });
    expect(published!.images.map((url) => url.split('/').pop())).toEqual(uploads.map((photo) => photo.id));
    expect(photoCount()).toBe(photosBefore + 2);
  });

  it('a crash between the feed call and its commit: the next run finds the post on the page and records it, never made twice', async () => {
    const user = await customer();
    const post = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { facebook: true }, images: 2 });
    const crashing = createTestPublishing(env, {
      callSettledAfterMs: 200,
      afterProviderCall: () => {
        throw new Error('the process died here');
      },
    });
    await enqueueJob(db(), { kind: 'publish-post', subject: `post:${post.id}`, payload: { postId: post.id }, now: new Date() });
    await crashing.worker.runDueJobs();
    expect(await result(post.id)).toMatchObject({ status: 'publishing' });
    expect(pagePostsWith(await textOf(post.id))).toHaveLength(1);

    // The sweep queues a held post whose job is gone; its run reads the page once the call has surely ended.
    await new Promise((resolve) => setTimeout(resolve, 250));
    await publish(post.id);
    const [published, ...others] = pagePostsWith(await textOf(post.id));
    expect(others).toEqual([]);
    expect(await result(post.id)).toMatchObject({ status: 'posted', remote_id: published!.id, permalink: published!.permalink, error_code: null, attempts: 1 });
  });

  it('a feed call that timed out having made nothing is made again once it has surely ended: one post, the same photos', async () => {
    const user = await customer();
    const post = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { facebook: true }, images: 2 });
    // Held before the sandbox reads it, longer than the client waits (5 s): the caller gives up, nothing is made.
    control().fail({ network: 'meta', kind: 'slow', path: `${STUDIO_PAGE.id}/feed`, delayMs: 6_000 });
    const photosBefore = photoCount();
    await publish(post.id);
    // Unknown to the job: held `publishing` until the page can be read.
    expect(await result(post.id)).toMatchObject({ status: 'publishing' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await makeDueNow(post.id);
    await test.worker.runDueJobs();
    const [published, ...others] = pagePostsWith(await textOf(post.id));
    expect(others).toEqual([]);
    expect(await result(post.id)).toMatchObject({ status: 'posted', remote_id: published!.id, error_code: null, attempts: 2 });
    expect(photoCount()).toBe(photosBefore + 2);
  }, 20_000);

  it('a page whose role lacks CREATE_CONTENT fails Facebook alone, in words that say what to do; the page marked, Instagram and LinkedIn publish', async () => {
    const user = await customer('en');
    control().setMetaPages(defaultMetaPages().map((page) => (page.id === STUDIO_PAGE.id ? { ...page, tasks: ['ANALYZE', 'MODERATE'] } : page)));
    const post = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { facebook: true, instagram: true, linkedin: true } });
    await publish(post.id);
    expect(await result(post.id)).toMatchObject({ status: 'failed', error_code: 'pageTaskMissing', attempts: 1 });
    expect(await result(post.id, 'instagram')).toMatchObject({ status: 'posted' });
    expect(await result(post.id, 'linkedin')).toMatchObject({ status: 'posted' });
    expect(pagePostsWith(await textOf(post.id))).toEqual([]);
    const row = await connection(user.id);
    expect(readFlag(row.is_connected)).toBe(true);
    const pages = JSON.parse(row.pages!) as Array<{ id: string; problem: string | null }>;
    expect(pages.find((page) => page.id === STUDIO_PAGE.id)?.problem).toBe('taskMissing');
    const mail = env.t.sentMail.find((message) => message.to === user.email)!;
    expect(mail.subject).toContain('Facebook');
    expect(mail.text).toContain('your role on it does not include creating content');

    // The next post to that page fails at once, without calling Facebook.
    const next = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { facebook: true } });
    await publish(next.id);
    expect(await result(next.id)).toMatchObject({ status: 'failed', error_code: 'pageTaskMissing' });
  });

  it('a page token Meta no longer accepts (190) fails Facebook and closes only the Facebook connection, its owner e-mailed', async () => {
    const user = await customer();
    const post = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { facebook: true, linkedin: true } });
    control().revokeTokens('meta');
    await publish(post.id);
    expect(await result(post.id)).toMatchObject({ status: 'failed', error_code: 'connectionRefused' });
    expect(await result(post.id, 'linkedin')).toMatchObject({ status: 'posted' });
    expect(readFlag((await connection(user.id)).is_connected)).toBe(false);
    const linkedin = await db()
      .selectFrom('social_connections')
      .select('is_connected')
      .where('user_id', '=', user.id)
      .where('network', '=', 'linkedin')
      .executeTakeFirstOrThrow();
    expect(readFlag(linkedin.is_connected)).toBe(true);
    expect(env.t.sentMail.some((mail) => mail.to === user.email && mail.text.includes('Facebook'))).toBe(true);
  });
});
