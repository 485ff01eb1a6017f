import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * A fresh, migrated database for one test file: a temporary SQLite file by default, or a new
 * PostgreSQL database on the server of DATABASE_URL_TEST when TEST_DIALECT=postgres.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { drop: () => Promise<void> }> {
  if (process.env.TEST_DIALECT === 'postgres') return createPostgresTestDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-test-'));
  const handle = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'test.sqlite') });
  await migrateToLatest(handle.db, handle.dialect);
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function testDialect(): 'sqlite' | 'postgres' {
  return process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
}

async function createPostgresTestDatabase() {
  const serverUrl = process.env.DATABASE_URL_TEST;
  if (!serverUrl) throw new Error('TEST_DIALECT=postgres needs DATABASE_URL_TEST (e.g. postgres://postgres@127.0.0.1:5432/test)');
  const name = `alzado_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ dialect: 'postgres', url: url.toString() });
  await migrateToLatest(handle.db, handle.dialect);
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}
