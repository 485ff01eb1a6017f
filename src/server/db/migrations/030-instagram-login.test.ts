import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createTestUser } from '../../test-support/test-app.ts';
import { instagramLoginMigration } from './030-instagram-login.ts';

/**
 * Migration 030 (decision 054): every Instagram connection made before it was made with Facebook Login,
 * and says so; the OAuth states get the way an authorization was started with, empty for those before.
 */
describe('migration 030: the way an Instagram connection was made', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('marks the connections and states there were as Facebook Login, and new ones may say Instagram Login', async () => {
    const db = t.database.db;
    // As the tables were before the migration.
    await db.schema.alterTable('social_connections').dropColumn('login').execute();
    await db.schema.alterTable('oauth_states').dropColumn('login').execute();
    const userId = (await createTestUser(t, { email: 'studio@alzado.test' })).id;
    const at = new Date().toISOString();
    await sql`insert into social_connections (user_id, network, is_connected, scopes, created_at, updated_at)
      values (${userId}, 'instagram', ${t.database.dialect === 'postgres' ? sql`true` : sql`1`}, '', ${at}, ${at})`.execute(db);
    await sql`insert into oauth_states (state_hash, user_id, session_hash, network, redirect_uri, created_at, expires_at)
      values ('h', ${userId}, 's', 'instagram', 'http://x/auth/instagram/callback', ${at}, ${at})`.execute(db);

    await instagramLoginMigration().up(db as never);

    const connection = await db.selectFrom('social_connections').select(['network', 'login']).where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(connection).toEqual({ network: 'instagram', login: 'facebook' });
    const state = await db.selectFrom('oauth_states').select('login').where('state_hash', '=', 'h').executeTakeFirstOrThrow();
    expect(state.login).toBeNull();
    await db.updateTable('social_connections').set({ login: 'instagram' }).where('user_id', '=', userId).execute();
    expect((await db.selectFrom('social_connections').select('login').where('user_id', '=', userId).executeTakeFirstOrThrow()).login).toBe('instagram');
  });
});
