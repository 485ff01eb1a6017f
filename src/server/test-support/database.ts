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
  const admin = await connectToTestServer(serverUrl);
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

/**
 * A connection to DATABASE_URL_TEST's database, the one each test file's database is created from.
 * A fresh PostgreSQL has no such database (`.../test`): it is created through the `postgres`
 * maintenance database; when that fails too, one sentence says what to run.
 */
export async function connectToTestServer(serverUrl: string): Promise<pg.Client> {
  try {
    return await connected(serverUrl);
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw unreachable(serverUrl, error);
  }
  const url = new URL(serverUrl);
  const missing = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  try {
    const maintenance = await connected(url.toString());
    try {
      await maintenance.query(`create database ${pg.escapeIdentifier(missing)}`);
    } catch (error) {
      // Another test file, started at the same moment, created it first.
      if ((error as { code?: string }).code !== '42P04') throw error;
    } finally {
      await maintenance.end();
    }
  } catch (error) {
    throw new Error(
      `DATABASE_URL_TEST names the database "${missing}", which does not exist and could not be created ` +
        `(${(error as Error).message}): create it with \`createdb -h ${url.hostname} -p ${url.port || 5432} ` +
        `-U ${decodeURIComponent(url.username) || 'postgres'} ${missing}\` and run the tests again.`,
      { cause: error },
    );
  }
  return connected(serverUrl);
}

async function connected(connectionString: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

function unreachable(serverUrl: string, error: unknown): Error {
  const url = new URL(serverUrl);
  url.password = url.password ? '***' : '';
  return new Error(`The PostgreSQL server of DATABASE_URL_TEST (${url.toString()}) refused the connection: ${(error as Error).message}`, {
    cause: error,
  });
}
