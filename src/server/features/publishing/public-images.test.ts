import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { systemClock } from '../../lib/clock.ts';
import { createStudioCalendar } from '../../lib/studio-calendar.ts';
import { type PublishingTestApp, createDuePost, createTestPublishing, startPublishingTestApp } from '../../test-support/publishing.ts';
import { connect, sandboxClients } from '../../test-support/social-sandbox.ts';
import { createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * Issue 12, item 6: the real Meta downloads each image_url from the internet. With real credentials an
 * image address that is loopback or private (PUBLIC_URL left at its local default) fails the Instagram
 * publication before any call to Meta, with its own reason; LinkedIn, which receives the bytes, still
 * publishes. Here the app's PUBLIC_URL is http://127.0.0.1:{port}.
 */
const SOLER_INSTAGRAM = '17841400000000001';

describe('an Instagram publication whose image addresses Meta cannot reach', () => {
  let env: PublishingTestApp;
  let owner: { id: string; cookie: string };
  const db = () => env.t.database.db;
  const resultOf = (postId: number, network: 'linkedin' | 'instagram') =>
    db().selectFrom('post_results').selectAll().where('post_id', '=', postId).where('network', '=', network).executeTakeFirstOrThrow();

  beforeAll(async () => {
    env = await startPublishingTestApp();
    const user = await createTestUser(env.t, { email: 'clara@cliente.es', role: 'customer', language: 'es', firstName: 'Clara' });
    owner = { id: user.id, cookie: await signIn(env.t, user.email, user.password) };
    // Connecting works whatever the image addresses are.
    for (const network of ['linkedin', 'instagram'] as const) expect((await connect(env.t, owner.cookie, network)).statusCode).toBe(200);
    expect((await env.t.app.inject({ method: 'GET', url: '/api/social/instagram/pages', headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    const target = await env.t.app.inject({
      method: 'PUT',
      url: '/api/social/instagram/target',
      headers: { cookie: owner.cookie },
      payload: { targetId: SOLER_INSTAGRAM },
    });
    expect(target.statusCode).toBe(200);
  });
  afterAll(() => env.close());

  async function publishWith(instagramNeedsPublicImages: boolean) {
    const clients = sandboxClients(env.sandbox);
    const test = createTestPublishing(env, { clients: { linkedin: clients.linkedin, instagram: clients.instagram, instagramNeedsPublicImages } });
    const today = createStudioCalendar({ timeZone: 'Europe/Madrid', now: systemClock }).today();
    const post = await createDuePost(env, { ownerId: owner.id, publishOn: today, networks: { instagram: true, linkedin: true }, images: 2 });
    const text = (await db().selectFrom('posts').select('text').where('id', '=', post.id).executeTakeFirstOrThrow()).text;
    env.t.sentMail.length = 0;
    await enqueueJob(db(), { kind: 'publish-post', subject: `post:${post.id}`, payload: { postId: post.id }, now: new Date() });
    await test.worker.runDueJobs();
    return { id: post.id, media: env.sandbox.sandbox.control.published().instagram.filter((media) => media.caption === text) };
  }

  it('with the real Meta: fails before calling it, saying what to configure; LinkedIn publishes; the owner is told in her language', async () => {
    const { id, media } = await publishWith(true);
    const instagram = await resultOf(id, 'instagram');
    expect(instagram).toMatchObject({ status: 'failed', error_code: 'imagesNotPublic', attempts: 1 });
    expect(instagram.error).toContain(new URL(env.publicUrl).host);
    expect(instagram.error).toContain('a loopback address');
    expect(instagram.error).toContain('set PUBLIC_URL');
    // The sandbox would have fetched these images (it allows the app's origin): nothing reached it.
    expect(media).toEqual([]);
    expect(await resultOf(id, 'linkedin')).toMatchObject({ status: 'posted' });
    expect(env.t.sentMail).toHaveLength(1);
    expect(env.t.sentMail[0]!.text).toContain('las direcciones de las imágenes de este servidor no son públicas');
  });

  it('with the sandbox, which fetches from the app itself: publishes', async () => {
    const { id, media } = await publishWith(false);
    expect(await resultOf(id, 'instagram')).toMatchObject({ status: 'posted', error_code: null });
    expect(media).toHaveLength(1);
  });
});
