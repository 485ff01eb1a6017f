import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Users with their profile (SPEC §3), Better Auth's sessions, accounts and verifications (the
 * shape its schema check expects, with snake_case columns), attempt counters and the audit log.
 */
export function accountsMigration(dialect: Dialect) {
  const type = columnTypes(dialect);
  const falseValue = dialect === 'postgres' ? sql`false` : sql`0`;
  const trueValue = dialect === 'postgres' ? sql`true` : sql`1`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('email_verified', type.flag, (c) => c.notNull().defaultTo(falseValue))
        .addColumn('avatar_key', 'text')
        .addColumn('created_at', type.authInstant, (c) => c.notNull())
        .addColumn('updated_at', type.authInstant, (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('vat', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('customer'))
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('es'))
        .addColumn('active', type.flag, (c) => c.notNull().defaultTo(trueValue))
        .execute();
      await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('expires_at', type.authInstant, (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', type.authInstant, (c) => c.notNull())
        .addColumn('updated_at', type.authInstant, (c) => c.notNull())
        .addColumn('ip_address', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('provider_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('access_token', 'text')
        .addColumn('refresh_token', 'text')
        .addColumn('id_token', 'text')
        .addColumn('access_token_expires_at', type.authInstant)
        .addColumn('refresh_token_expires_at', type.authInstant)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('created_at', type.authInstant, (c) => c.notNull())
        .addColumn('updated_at', type.authInstant, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('accounts_user_id_idx').on('accounts').column('user_id').execute();

      await db.schema
        .createTable('verifications')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expires_at', type.authInstant, (c) => c.notNull())
        .addColumn('created_at', type.authInstant, (c) => c.notNull())
        .addColumn('updated_at', type.authInstant, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('verifications_identifier_idx').on('verifications').column('identifier').execute();

      await db.schema
        .createTable('attempt_counters')
        .addColumn('key', 'text', (c) => c.primaryKey().notNull())
        .addColumn('window_started_at', type.bigint, (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', type.serialId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('actor_id', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('subject', 'text')
        .addColumn('created_at', type.instant, (c) => c.notNull())
        .execute();
    },
  };
}
