import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Instagram Login (issue 27 item 2, docs/decisions/052 and 054): which way an Instagram connection was
 * made, `facebook` (Facebook Login, through a Facebook Page: every connection made before) or `instagram`
 * (the Instagram API with Instagram Login, no Page); LinkedIn's rows say `facebook` too and nothing reads
 * it there. `oauth_states.login` is the way an authorization was started with, so the callback completes
 * it with the same one (null for the networks that have one way).
 */
export function instagramLoginMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('social_connections')
        .addColumn('login', 'text', (c) => c.notNull().defaultTo(sql`'facebook'`))
        .execute();
      await db.schema.alterTable('oauth_states').addColumn('login', 'text').execute();
    },
  };
}
