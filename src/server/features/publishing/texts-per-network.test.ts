import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../domain/post.ts';
import { systemClock } from '../../lib/clock.ts';
import { createStudioCalendar } from '../../lib/studio-calendar.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type PublishingTestApp, startPublishingTestApp, storeVariantPair } from '../../test-support/publishing.ts';
import { connect } from '../../test-support/social-sandbox.ts';
import { storedFlag } from '../../test-support/stored-values.ts';
import { createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * A text for each network and a description for each image (issue 24, decision 034), through the API
 * and out to the sandbox over real HTTP: what the studio edits is what each network receives.
 */
const SOLER_INSTAGRAM = '17841400000000001';
/** A day always ahead, so that scheduling does not publish. */
const LATER = '2099-06-01';

describe('a text for each network, and the images described', () => {
  let env: PublishingTestApp;
  let today: string;
  let cookie: string;
  let ownerId: string;
  const db = () => env.t.database.db;
  const call = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    env.t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    env = await startPublishingTestApp();
    today = createStudioCalendar({ timeZone: 'Europe/Madrid', now: systemClock }).today();
    const user = await createTestUser(env.t, { email: 'textos@cliente.es', role: 'customer', language: 'es' });
    ownerId = user.id;
    cookie = await signIn(env.t, user.email, user.password);
    for (const network of ['linkedin', 'instagram'] as const) expect((await connect(env.t, cookie, network)).statusCode).toBe(200);
    expect((await call('GET', '/api/social/instagram/pages')).statusCode).toBe(200);
    expect((await call('PUT', '/api/social/instagram/target', { targetId: SOLER_INSTAGRAM })).statusCode).toBe(200);
  });
  afterAll(() => env.close());

  async function twoImagePost(text = 'Casa Roca, piedra y cal. #arquitectura') {
    const projectId = await createTestProject(db(), { title: 'Casa Roca', createdBy: ownerId, state: 'preview' });
    const images = [await storeVariantPair(env), await storeVariantPair(env, '#996633')];
    return createTestPost(db(), { projectId, ownerId, text, images });
  }

  it('shows a post written before it with one text for both networks and no descriptions', async () => {
    const { id } = await twoImagePost();
    const post = (await call('GET', `/api/posts/${id}`)).json<Post>();
    expect(post.text).toBe('Casa Roca, piedra y cal. #arquitectura');
    expect(post.linkedin_text).toBeNull();
    expect(post.images.map((image) => image.alt_text)).toEqual(['', '']);
  });

  it('sends each network its own text and each image its description', async () => {
    const { id, imageIds } = await twoImagePost();
    const linkedinText = 'Casa Roca: una casa de piedra y cal.\n\nUn texto más largo para LinkedIn. #arquitectura #piedra #cal';
    const edited = await call('PATCH', `/api/posts/${id}`, {
      linkedin_text: linkedinText,
      images: [
        { id: imageIds[0], status: 'pending', alt_text: 'Fachada de piedra con una puerta de madera' },
        { id: imageIds[1], status: 'pending', alt_text: 'Patio interior con un olivo' },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Post>()).toMatchObject({ text: 'Casa Roca, piedra y cal. #arquitectura', linkedin_text: linkedinText });
    expect(edited.json<Post>().images.map((image) => image.alt_text)).toEqual(['Fachada de piedra con una puerta de madera', 'Patio interior con un olivo']);

    const scheduled = await call('PUT', `/api/posts/${id}/schedule`, { publish_on: today, networks: { instagram: true, linkedin: true } });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(await env.t.worker.runDueJobs()).toBe(1);

    const published = env.sandbox.sandbox.control.published();
    const linkedin = published.linkedin.filter((entry) => entry.commentary.replace(/\\(.)/g, '$1') === linkedinText);
    expect(linkedin).toHaveLength(1);
    expect(linkedin[0]!.altTexts).toEqual(['Fachada de piedra con una puerta de madera', 'Patio interior con un olivo']);
    const instagram = published.instagram.filter((media) => media.caption === 'Casa Roca, piedra y cal. #arquitectura');
    expect(instagram).toHaveLength(1);
    expect(instagram[0]!.mediaType).toBe('CAROUSEL_ALBUM');
    expect(instagram[0]!.altTexts).toEqual(['Fachada de piedra con una puerta de madera', 'Patio interior con un olivo']);
  });

  it('sends no description for an image without one, and a single image its own', async () => {
    const projectId = await createTestProject(db(), { createdBy: ownerId, state: 'preview' });
    const { id, imageIds } = await createTestPost(db(), { projectId, ownerId, text: 'Una sola imagen. #casa', images: [await storeVariantPair(env)] });
    expect((await call('PATCH', `/api/posts/${id}`, { images: [{ id: imageIds[0], status: 'pending', alt_text: 'Escalera de caracol' }] })).statusCode).toBe(
      200,
    );
    expect((await call('PUT', `/api/posts/${id}/schedule`, { publish_on: today, networks: { instagram: true, linkedin: true } })).statusCode).toBe(200);
    await env.t.worker.runDueJobs();
    const published = env.sandbox.sandbox.control.published();
    expect(published.instagram.find((media) => media.caption === 'Una sola imagen. #casa')!.altTexts).toEqual(['Escalera de caracol']);
    expect(published.linkedin.find((entry) => entry.commentary === 'Una sola imagen. #casa')!.altTexts).toEqual(['Escalera de caracol']);
  });

  it.each([
    [
      'an empty LinkedIn text for a post going to LinkedIn',
      { linkedin_text: ' ' },
      { instagram: false, linkedin: true },
      { linkedin_text: 'postTextRequired' },
    ],
    ['a LinkedIn text over 3,000 characters', { linkedin_text: 'a'.repeat(3001) }, { instagram: false, linkedin: false }, { linkedin_text: 'linkedinTooLong' }],
    [
      'an Instagram text of its own over 2,200 characters',
      { text: 'a'.repeat(2201), linkedin_text: 'Corto' },
      { instagram: false, linkedin: false },
      { text: 'instagramTooLong' },
    ],
  ])('refuses %s, changing nothing', async (_case, changes, networks, details) => {
    const { id } = await twoImagePost();
    await db()
      .updateTable('posts')
      .set({ to_instagram: storedFlag(networks.instagram), to_linkedin: storedFlag(networks.linkedin) })
      .where('id', '=', id)
      .execute();
    const before = (await call('GET', `/api/posts/${id}`)).json<Post>();
    const refused = await call('PATCH', `/api/posts/${id}`, changes);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details });
    expect((await call('GET', `/api/posts/${id}`)).json<Post>()).toMatchObject({ text: before.text, linkedin_text: before.linkedin_text });
  });

  it('refuses a description over 1,000 characters, changing nothing', async () => {
    const { id, imageIds } = await twoImagePost();
    const refused = await call('PATCH', `/api/posts/${id}`, {
      images: [
        { id: imageIds[0], status: 'pending', alt_text: 'x'.repeat(1001) },
        { id: imageIds[1], status: 'pending' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('altTextTooLong');
    expect((await call('GET', `/api/posts/${id}`)).json<Post>().images.map((image) => image.alt_text)).toEqual(['', '']);
  });

  it('schedules to LinkedIn only a post whose Instagram text is empty, and refuses Instagram for it', async () => {
    const { id } = await twoImagePost();
    expect((await call('PATCH', `/api/posts/${id}`, { text: '', linkedin_text: 'Solo para LinkedIn. #casa' })).statusCode).toBe(200);
    const refused = await call('PUT', `/api/posts/${id}/schedule`, { publish_on: LATER, networks: { instagram: true, linkedin: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual({ text: 'postTextRequired' });
    const accepted = await call('PUT', `/api/posts/${id}/schedule`, { publish_on: LATER, networks: { instagram: false, linkedin: true } });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
