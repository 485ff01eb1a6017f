import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Each user's connection to each network (SPEC §3 connection data, DESIGN §4 social_connections) and
 * the OAuth states handed out and not yet used (bound to the session that asked for them).
 *
 * Token columns hold AES-256-GCM ciphertexts (src/server/lib/token-cipher.ts), never a token in clear.
 * Pages are JSON text: the list the user publishes to, as last fetched, without the pages' own tokens
 * (those are encrypted together in page_tokens).
 */
export function socialConnectionsMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  const falseValue = dialect === 'postgres' ? sql`false` : sql`0`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('social_connections')
        .addColumn('id', type.serialId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // linkedin | instagram
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('is_connected', type.flag, (c) => c.notNull().defaultTo(falseValue))
        // LinkedIn: the member id (OpenID sub); Instagram: the Facebook user id.
        .addColumn('account_id', 'text')
        .addColumn('account_name', 'text')
        .addColumn('access_token', 'text')
        .addColumn('refresh_token', 'text')
        .addColumn('id_token', 'text')
        .addColumn('page_tokens', 'text')
        .addColumn('token_type', 'text')
        .addColumn('token_expires_at', type.instant)
        .addColumn('refresh_token_expires_at', type.instant)
        .addColumn('data_access_expires_at', type.instant)
        .addColumn('token_issued_at', type.instant)
        // Permissions granted, space-separated; Meta's granular scopes as JSON.
        .addColumn('scopes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('granular_scopes', 'text')
        .addColumn('provider_app_id', 'text')
        .addColumn('provider_application', 'text')
        .addColumn('pages', 'text')
        .addColumn('pages_fetched_at', type.instant)
        .addColumn('publish_target_id', 'text')
        .addColumn('connected_at', type.instant)
        .addColumn('verified_at', type.instant)
        .addColumn('disconnected_at', type.instant)
        .addColumn('created_at', type.instant, (c) => c.notNull())
        .addColumn('updated_at', type.instant, (c) => c.notNull())
        .addUniqueConstraint('social_connections_user_network_key', ['user_id', 'network'])
        .execute();

      await db.schema
        .createTable('oauth_states')
        // SHA-256 of the state: the database never holds a state someone could replay.
        .addColumn('state_hash', 'text', (c) => c.primaryKey().notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('session_hash', 'text', (c) => c.notNull())
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('created_at', type.instant, (c) => c.notNull())
        .addColumn('expires_at', type.instant, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('oauth_states_expires_at_idx').on('oauth_states').column('expires_at').execute();
    },
  };
}
