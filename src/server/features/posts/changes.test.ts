import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * Editing, deleting and publishing again (SPEC §4, §5 Preview edit): what each allows, what each
 * refuses, and that a refusal changes nothing.
 */

const NOW = new Date('2025-06-10T10:00:00Z'); // the 10th in Madrid

describe('posts: edit, delete, publish again', () => {
  let t: TestApp;
  let clara: string;
  let claraId: string;
  let project: number;

  const call = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: clara }, ...(payload ? { payload } : {}) });
  const make = (values: Partial<Parameters<typeof createTestPost>[1]> = {}) =>
    createTestPost(t.database.db, { projectId: project, ownerId: claraId, ...values });
  const row = (id: number) => t.database.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
  const images = (id: number) => t.database.db.selectFrom('post_images').selectAll().where('post_id', '=', id).orderBy('position').execute();

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    const user = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer' });
    claraId = user.id;
    clara = await signIn(t, user.email, user.password);
  });
  beforeEach(async () => {
    project = await createTestProject(t.database.db, { createdBy: claraId });
  });
  afterAll(() => t.close());

  describe('edit', () => {
    it('saves the text, the order and the selection of the images, and answers the post', async () => {
      const { id, imageIds } = await make({ images: [{}, {}, {}] });
      const response = await call('PATCH', `/api/posts/${id}`, {
        text: 'Nuevo texto 🏛️ #casa',
        images: [
          { id: imageIds[2], status: 'pending' },
          { id: imageIds[0], status: 'not_selected' },
          { id: imageIds[1], status: 'pending' },
        ],
      });
      expect(response.statusCode).toBe(200);
      const post = response.json();
      expect(post.text).toBe('Nuevo texto 🏛️ #casa');
      expect(post.images.map((image: { id: number; status: string }) => [image.id, image.status])).toEqual([
        [imageIds[2], 'pending'],
        [imageIds[0], 'not_selected'],
        [imageIds[1], 'pending'],
      ]);
      expect((await images(id)).map((image) => [image.id, image.position])).toEqual([
        [imageIds[2], 0],
        [imageIds[0], 1],
        [imageIds[1], 2],
      ]);
    });

    it('changes only what is sent', async () => {
      const { id, imageIds } = await make({ text: 'Original' });
      expect(
        (
          await call('PATCH', `/api/posts/${id}`, {
            images: [
              { id: imageIds[1], status: 'pending' },
              { id: imageIds[0], status: 'pending' },
            ],
          })
        ).json().text,
      ).toBe('Original');
      expect((await call('PATCH', `/api/posts/${id}`, { text: 'Otro' })).json().images.map((image: { id: number }) => image.id)).toEqual([
        imageIds[1],
        imageIds[0],
      ]);
    });

    it.each([
      ['an empty text', '   ', false, 'postTextRequired'],
      ['more than 3,000 characters (LinkedIn)', 'a'.repeat(3001), false, 'linkedinTooLong'],
      ['more than 2,200 characters for a post that goes to Instagram', 'a'.repeat(2201), true, 'instagramTooLong'],
      [
        '6 hashtags for a post that goes to Instagram (its limit is 5, decision 014)',
        `Casa en el bosque ${Array.from({ length: 6 }, (_, index) => `#tag${index}`).join(' ')}`,
        true,
        'instagramTooManyHashtags',
      ],
    ])('refuses %s with its key, changing nothing', async (_, text, toInstagram, key) => {
      const { id } = await make({ text: 'Original', networks: { instagram: toInstagram, linkedin: true }, state: 'scheduled', publishOn: '2025-06-20' });
      const before = await row(id);
      const response = await call('PATCH', `/api/posts/${id}`, { text });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { text: key } });
      expect(await row(id)).toEqual(before);
    });

    it("accepts Instagram's limits for a post that does not go to Instagram, and exactly the limits when it does", async () => {
      const linkedinOnly = await make({ networks: { instagram: false, linkedin: true } });
      expect((await call('PATCH', `/api/posts/${linkedinOnly.id}`, { text: 'é'.repeat(3000) })).statusCode).toBe(200);
      const toInstagram = await make({ networks: { instagram: true, linkedin: false } });
      expect((await call('PATCH', `/api/posts/${toInstagram.id}`, { text: '🏛'.repeat(2200) })).statusCode).toBe(200);
      const five = `Casa en el bosque ${Array.from({ length: 5 }, (_, index) => `#tag${index}`).join(' ')}`;
      expect((await call('PATCH', `/api/posts/${toInstagram.id}`, { text: five })).statusCode).toBe(200);
      const six = `${five} #tag5`;
      expect((await call('PATCH', `/api/posts/${linkedinOnly.id}`, { text: six })).statusCode).toBe(200);
    });

    it("refuses an image list that is not exactly the post's images (409 imagesMismatch)", async () => {
      const { id, imageIds } = await make();
      const other = await make();
      const lists = [
        [{ id: imageIds[0], status: 'pending' }],
        [
          { id: imageIds[0], status: 'pending' },
          { id: imageIds[0], status: 'pending' },
        ],
        [
          { id: imageIds[0], status: 'pending' },
          { id: other.imageIds[0], status: 'pending' },
        ],
        [
          { id: imageIds[0], status: 'pending' },
          { id: imageIds[1], status: 'pending' },
          { id: 999_999, status: 'pending' },
        ],
      ];
      for (const list of lists) {
        const response = await call('PATCH', `/api/posts/${id}`, { images: list });
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toMatchObject({ code: 'CONFLICT', details: { images: 'imagesMismatch' } });
      }
      expect((await images(other.id)).map((image) => image.position)).toEqual([0, 1]);
    });

    it('refuses to leave no image selected (400 imageRequired), with a text problem in the same answer', async () => {
      const { id, imageIds } = await make();
      const response = await call('PATCH', `/api/posts/${id}`, { text: '', images: imageIds.map((imageId) => ({ id: imageId, status: 'not_selected' })) });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual({ text: 'postTextRequired', images: 'imageRequired' });
      expect((await images(id)).every((image) => image.status === 'pending')).toBe(true);
    });

    it('refuses a post a publish job holds (409 POST_LOCKED)', async () => {
      const { id } = await make({ publishingSince: new Date(NOW.getTime() - 1000), state: 'scheduled', publishOn: '2025-06-20', networks: { linkedin: true } });
      const response = await call('PATCH', `/api/posts/${id}`, { text: 'Nuevo' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('POST_LOCKED');
    });

    it('refuses a published post and one whose time is less than the lock margin away, or past', async () => {
      // 12:00 in Madrid: 12:15 is locked from 12:00.
      const posts = [
        await make({ state: 'published', publishOn: '2025-06-01' }),
        await make({ state: 'scheduled', publishOn: '2025-06-10', publishTime: '12:15', networks: { linkedin: true } }),
        await make({ state: 'scheduled', publishOn: '2025-06-10', publishTime: '09:00', networks: { linkedin: true } }),
        await make({ state: 'scheduled', publishOn: '2025-06-09', networks: { linkedin: true } }),
      ];
      for (const { id } of posts) {
        const before = await row(id);
        const response = await call('PATCH', `/api/posts/${id}`, { text: 'Nuevo' });
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toEqual({
          code: 'CONFLICT',
          message: 'The post can no longer be edited: it is published or its time is less than the lock margin away',
        });
        expect(await row(id)).toEqual(before);
      }
      const later = await make({ state: 'scheduled', publishOn: '2025-06-10', publishTime: '12:16', networks: { linkedin: true } });
      expect((await call('PATCH', `/api/posts/${later.id}`, { text: 'Nuevo' })).statusCode).toBe(200);
    });

    it('refuses malformed bodies with 400, never 500', async () => {
      const { id } = await make();
      for (const payload of [
        { text: 'a\u0000b' },
        { text: 5 },
        { images: [{ id: 'a', status: 'pending' }] },
        { images: [{ id: 1, status: 'chosen' }] },
        { text: 'x'.repeat(6001) },
      ]) {
        expect((await call('PATCH', `/api/posts/${id}`, payload)).statusCode).toBe(400);
      }
    });
  });

  describe('delete', () => {
    const put = (key: string) => {
      const file = path.join(t.mediaDir, ...key.split('/'));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'variant');
      return file;
    };

    it('removes the post, its images and results, and the files no other image uses', async () => {
      const keys = ['posts/own-ig.jpg', 'posts/own-li.jpg', 'posts/shared-ig.jpg', 'posts/shared-li.jpg', 'projects/original.jpg'];
      const files = Object.fromEntries(keys.map((key) => [key, put(key)]));
      const { id } = await make({
        images: [
          { instagramKey: 'posts/own-ig.jpg', linkedinKey: 'posts/own-li.jpg' },
          { instagramKey: 'posts/shared-ig.jpg', linkedinKey: 'projects/original.jpg' },
        ],
        results: [{ network: 'linkedin', status: 'posted' }],
        state: 'published',
      });
      // Another post shows the same picture (same content, same key); a project image is the other's original.
      await make({ images: [{ instagramKey: 'posts/shared-ig.jpg', linkedinKey: 'posts/shared-li.jpg' }] });
      await t.database.db
        .insertInto('project_images')
        .values({
          project_id: project,
          position: 0,
          status: 'pending',
          storage_key: 'projects/original.jpg',
          thumbnail_key: 'projects/thumb.webp',
          content_type: 'image/jpeg',
          width: 1000,
          height: 1000,
          bytes: 10,
          original_name: 'a.jpg',
          created_at: NOW.toISOString(),
        })
        .execute();

      const response = await call('DELETE', `/api/posts/${id}`);
      expect(response.statusCode).toBe(204);
      expect(await row(id)).toBeUndefined();
      expect(await images(id)).toEqual([]);
      expect(await t.database.db.selectFrom('post_results').selectAll().where('post_id', '=', id).execute()).toEqual([]);
      expect(fs.existsSync(files['posts/own-ig.jpg']!)).toBe(false);
      expect(fs.existsSync(files['posts/own-li.jpg']!)).toBe(false);
      expect(fs.existsSync(files['posts/shared-ig.jpg']!)).toBe(true);
      expect(fs.existsSync(files['posts/shared-li.jpg']!)).toBe(true);
      expect(fs.existsSync(files['projects/original.jpg']!)).toBe(true);
      expect((await call('GET', `/api/posts/${id}`)).statusCode).toBe(404);
    });

    it('refuses a post a publish job holds (409 POST_LOCKED), keeping it', async () => {
      const { id } = await make({
        publishingSince: new Date(NOW.getTime() - 1000),
        state: 'scheduled',
        publishOn: '2025-06-10',
        networks: { instagram: true },
      });
      const response = await call('DELETE', `/api/posts/${id}`);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('POST_LOCKED');
      expect(await row(id)).toBeDefined();
    });
  });

  describe('publish again', () => {
    it('takes a published post back to preview without date, networks, publication time or results', async () => {
      const { id } = await make({
        state: 'published',
        publishOn: '2025-06-01',
        networks: { instagram: true, linkedin: true },
        publishedAt: new Date('2025-06-01T07:00:00Z'),
        results: [
          { network: 'instagram', status: 'posted' },
          { network: 'linkedin', status: 'failed', error: 'Quota' },
        ],
      });
      const response = await call('POST', `/api/posts/${id}/reset`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        state: 'preview',
        publish_on: null,
        networks: { instagram: false, linkedin: false },
        results: { instagram: null, linkedin: null },
        editable: true,
      });
      expect(await row(id)).toMatchObject({ state: 'preview', publish_on: null, published_at: null });
      expect(await t.database.db.selectFrom('post_results').selectAll().where('post_id', '=', id).execute()).toEqual([]);
    });

    it('takes a launched project back to preview with it: the project follows its posts (DESIGN §8)', async () => {
      const launched = await createTestProject(t.database.db, { createdBy: claraId, state: 'launched' });
      const published = {
        state: 'published' as const,
        publishOn: '2025-06-01',
        networks: { linkedin: true },
        publishedAt: new Date('2025-06-01T07:00:00Z'),
        results: [{ network: 'linkedin' as const, status: 'posted' as const }],
      };
      const first = await createTestPost(t.database.db, { projectId: launched, ownerId: claraId, ...published });
      await createTestPost(t.database.db, { projectId: launched, ownerId: claraId, ...published });
      expect((await call('POST', `/api/posts/${first.id}/reset`)).statusCode).toBe(200);
      const project = await t.database.db.selectFrom('projects').select('state').where('id', '=', launched).executeTakeFirstOrThrow();
      expect(project.state).toBe('preview');
      expect((await call('GET', `/api/projects/${launched}`)).json()).toMatchObject({ state: 'preview' });
    });

    it('refuses a post that is not published (409 CONFLICT)', async () => {
      for (const values of [{ state: 'preview' as const }, { state: 'scheduled' as const, publishOn: '2025-06-20', networks: { linkedin: true } }]) {
        const { id } = await make(values);
        const before = await row(id);
        const response = await call('POST', `/api/posts/${id}/reset`);
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toEqual({ code: 'CONFLICT', message: 'Only a published post can be published again' });
        expect(await row(id)).toEqual(before);
      }
    });
  });
});
