import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultInstagramAccounts, defaultMetaPages } from '../../../sandbox/personas.ts';
import { readFlag } from '../../db/values.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { systemClock } from '../../lib/clock.ts';
import { createStudioCalendar } from '../../lib/studio-calendar.ts';
import { type PublishingTestApp, createDuePost, startPublishingTestApp } from '../../test-support/publishing.ts';
import { connect, sandboxClients } from '../../test-support/social-sandbox.ts';
import { createTestTokenCipher, createTestUser, signIn } from '../../test-support/test-app.ts';
import { secretContext } from '../social/connection.ts';

/**
 * An Instagram connection made with Instagram Login publishes through graph.instagram.com with the
 * account's own token (decision 054), through the app's own worker over the sandbox, which refuses an
 * Instagram User token on graph.facebook.com: the same containers, the post and its link as the other way.
 * Both ways count against one quota per account (issue 27 item 4).
 */
const CREATOR = defaultInstagramAccounts()[0]!;
const SOLER = defaultMetaPages()[0]!.instagram!;
const DAY_S = 86_400;
const cipher = createTestTokenCipher();

let env: PublishingTestApp;
let today: string;
let users = 0;
beforeAll(async () => {
  env = await startPublishingTestApp({ instagramLogin: true });
  today = createStudioCalendar({ timeZone: 'Europe/Madrid', now: systemClock }).today();
});
afterAll(() => env.close());

const db = () => env.t.database.db;
const result = (postId: number) =>
  db().selectFrom('post_results').selectAll().where('post_id', '=', postId).where('network', '=', 'instagram').executeTakeFirstOrThrow();
const row = (userId: string) =>
  db().selectFrom('social_connections').selectAll().where('user_id', '=', userId).where('network', '=', 'instagram').executeTakeFirstOrThrow();

async function publish(postId: number) {
  await enqueueJob(db(), { kind: 'publish-post', subject: `post:${postId}`, payload: { postId }, now: new Date() });
  await env.t.worker.runDueJobs();
}

async function limitOf(userId: string, account: string) {
  const token = cipher.decrypt((await row(userId)).access_token!, secretContext(userId, 'instagram', 'access_token'));
  return sandboxClients(env.sandbox).instagramLogin.publisher.getPublishingLimit(token, account);
}

const containersOf = (account: string) =>
  env.sandbox.sandbox.control
    .usage()
    .meta.flatMap((entry) => entry.accounts)
    .filter((entry) => entry.igUserId === account)
    .reduce((sum, entry) => sum + entry.containersLast24h, 0);

async function connectedUser(login: 'facebook' | 'instagram', account?: string) {
  const user = await createTestUser(env.t, { email: `ig${++users}@instagram-login-publishing.test` });
  const cookie = await signIn(env.t, user.email, user.password);
  const response = await connect(env.t, cookie, 'instagram', { login, account });
  expect(response.statusCode, response.body).toBe(200);
  return { ...user, cookie };
}

describe('publishing with an Instagram Login connection', () => {
  it('publishes a carousel to the Creator account through graph.instagram.com, with its link', async () => {
    const user = await connectedUser('instagram', CREATOR.id);
    const post = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { instagram: true }, images: 2 });
    await publish(post.id);
    const published = await result(post.id);
    expect(published).toMatchObject({ status: 'posted', error_code: null, target_id: CREATOR.id });
    expect(published.permalink).toMatch(/\/p\//);
    const media = env.sandbox.sandbox.control.published().instagram.find((entry) => entry.id === published.remote_id);
    expect(media).toMatchObject({ account: CREATOR.id, username: CREATOR.username, mediaType: 'CAROUSEL_ALBUM' });
    expect(media!.images).toHaveLength(2);
  });

  it('counts against the account’s one quota whichever way it is connected', async () => {
    const byFacebook = await connectedUser('facebook');
    expect((await env.t.app.inject({ method: 'GET', url: '/api/social/instagram/pages', headers: { cookie: byFacebook.cookie } })).statusCode).toBe(200);
    expect(
      (await env.t.app.inject({ method: 'PUT', url: '/api/social/instagram/target', headers: { cookie: byFacebook.cookie }, payload: { targetId: SOLER.id } }))
        .statusCode,
    ).toBe(200);
    const byInstagram = await connectedUser('instagram', SOLER.id);

    const first = await createDuePost(env, { ownerId: byFacebook.id, publishOn: today, networks: { instagram: true } });
    const second = await createDuePost(env, { ownerId: byInstagram.id, publishOn: today, networks: { instagram: true } });
    await publish(first.id);
    await publish(second.id);
    expect(await result(first.id)).toMatchObject({ status: 'posted', target_id: SOLER.id });
    expect(await result(second.id)).toMatchObject({ status: 'posted', target_id: SOLER.id });

    // content_publishing_limit on graph.instagram.com, with the Instagram Login token: both posts counted.
    const stored = await row(byInstagram.id);
    const token = cipher.decrypt(stored.access_token!, secretContext(byInstagram.id, 'instagram', 'access_token'));
    const limit = await sandboxClients(env.sandbox).instagramLogin.publisher.getPublishingLimit(token, SOLER.id);
    expect(limit.quotaUsage).toBe(2);
  });

  it('reads the quota on graph.instagram.com before any container: a full day waits, with no container made', async () => {
    const user = await connectedUser('instagram', CREATOR.id);
    const published = (await limitOf(user.id, CREATOR.id)).quotaUsage;
    env.sandbox.sandbox.control.configure({ meta: { quotaTotal: published } });
    try {
      const containersBefore = containersOf(CREATOR.id);
      const post = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { instagram: true } });
      await publish(post.id);
      const waiting = await result(post.id);
      expect(waiting).toMatchObject({ status: 'pending', error_code: 'rateLimited' });
      expect(waiting.error).toContain(`has published ${published} of its ${published} posts in 24 hours`);
      expect(containersOf(CREATOR.id)).toBe(containersBefore);
    } finally {
      env.sandbox.sandbox.control.configure({ meta: { quotaTotal: 50 } });
    }
  });

  it('an Instagram Login token past its 60 days fails the post and closes only that connection, its owner e-mailed', async () => {
    const user = await connectedUser('instagram', CREATOR.id);
    const other = await connectedUser('facebook');
    env.sandbox.sandbox.control.advanceTime(61 * DAY_S);
    try {
      const post = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { instagram: true } });
      await publish(post.id);
      expect(await result(post.id)).toMatchObject({ status: 'failed' });
      expect(readFlag((await row(user.id)).is_connected)).toBe(false);
      expect(readFlag((await row(other.id)).is_connected)).toBe(true);
      expect(env.t.sentMail.some((mail) => mail.to === user.email)).toBe(true);
    } finally {
      env.sandbox.sandbox.control.advanceTime(-61 * DAY_S);
    }
  });
});
