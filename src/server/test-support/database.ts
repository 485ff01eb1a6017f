import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * A fresh, migrated database for one test file: a temporary SQLite file by default, or a new
 * PostgreSQL database on the server of DATABASE_URL_TEST when TEST_DIALECT=postgres.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DIALECT === 'postgres') return createPostgresTestDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-test-'));
  const settings = { dialect: 'sqlite', file: path.join(dir, 'test.sqlite') } as const;
  const handle = openDatabase(settings);
  await migrateToLatest(handle.db, handle.dialect);
  return {
    ...handle,
    settings,
    drop: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestDatabase = DatabaseHandle & {
  /** How to open another connection to the same database, as a second process would. */
  settings: Config['database'];
  drop: () => Promise<void>;
};

export function testDialect(): 'sqlite' | 'postgres' {
  return process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
}

async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL_TEST;
  if (!serverUrl) throw new Error('TEST_DIALECT=postgres needs DATABASE_URL_TEST (e.g. postgres://postgres@127.0.0.1:5432/test)');
  const name = `alzado_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const settings = { dialect: 'postgres', url: url.toString() } as const;
  const handle = openDatabase(settings);
  await migrateToLatest(handle.db, handle.dialect);
  return {
    ...handle,
    settings,
    drop: async () => {
      await handle.close();
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}
