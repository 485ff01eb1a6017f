import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createTestUser } from '../../test-support/test-app.ts';
import { readFlag } from '../values.ts';
import { facebookPostsMigration } from './029-facebook-posts.ts';

/** Migration 029 (issue 27): the posts written before Facebook Pages do not go to Facebook; a post may. */
describe('migration 029: whether a post goes to Facebook', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('adds to_facebook, false for the posts there were, and keeps a true one written after', async () => {
    const db = t.database.db;
    const userId = (await createTestUser(t, { email: 'studio@alzado.test' })).id;
    const projectId = await createTestProject(db, { createdBy: userId, state: 'preview' });
    const before = await createTestPost(db, { projectId, ownerId: userId, networks: { instagram: true, linkedin: true } });
    // As the table was before the migration.
    await db.schema.alterTable('posts').dropColumn('to_facebook').execute();

    await facebookPostsMigration(t.database.dialect).up(db as never);

    const row = await db.selectFrom('posts').select(['to_instagram', 'to_facebook']).where('id', '=', before.id).executeTakeFirstOrThrow();
    expect([readFlag(row.to_instagram), readFlag(row.to_facebook)]).toEqual([true, false]);
    const after = await createTestPost(db, { projectId, ownerId: userId, networks: { facebook: true } });
    const written = await db.selectFrom('posts').select('to_facebook').where('id', '=', after.id).executeTakeFirstOrThrow();
    expect(readFlag(written.to_facebook)).toBe(true);
  });
});
