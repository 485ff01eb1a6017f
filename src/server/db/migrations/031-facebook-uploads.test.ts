import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createTestUser } from '../../test-support/test-app.ts';
import { facebookUploadsMigration } from './031-facebook-uploads.ts';

/** Migration 031 (issue 27): the results written before it have no uploads; a Facebook result keeps its photos. */
describe('migration 031: the unpublished photos kept with a Facebook result', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('adds post_results.uploads, null for the results there were, and keeps the JSON written after', async () => {
    const db = t.database.db;
    const userId = (await createTestUser(t, { email: 'studio@alzado.test' })).id;
    const projectId = await createTestProject(db, { createdBy: userId, state: 'preview' });
    const post = await createTestPost(db, { projectId, ownerId: userId, networks: { instagram: true, facebook: true } });
    const at = new Date().toISOString();
    const result = (network: string) => ({ post_id: post.id, network, status: 'pending', attempts: 0, created_at: at, updated_at: at });
    // As the table was before the migration.
    await db.schema.alterTable('post_results').dropColumn('uploads').execute();
    await db
      .insertInto('post_results')
      .values(result('instagram') as never)
      .execute();

    await facebookUploadsMigration().up(db as never);

    const before = await db
      .selectFrom('post_results')
      .select('uploads')
      .where('post_id', '=', post.id)
      .where('network', '=', 'instagram')
      .executeTakeFirstOrThrow();
    expect(before.uploads).toBeNull();
    const photos = JSON.stringify([{ id: '1220000000000001', url: 'https://alzado.test/media/a.jpg', uploadedAt: 1_764_000_000_000 }]);
    await db
      .insertInto('post_results')
      .values({ ...result('facebook'), uploads: photos })
      .execute();
    const after = await db
      .selectFrom('post_results')
      .select('uploads')
      .where('post_id', '=', post.id)
      .where('network', '=', 'facebook')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(after.uploads!)).toEqual(JSON.parse(photos));
  });
});
