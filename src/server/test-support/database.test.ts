import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, test } from 'vitest';
import { connectToTestServer, createTestDatabase } from './database.ts';

// Issue 28: `DATABASE_URL_TEST=postgres://…/test npm test` on a fresh PostgreSQL, without that database,
// failed with `database "test" does not exist` and then a TypeError. Against the local server (trust auth).
const server = process.env.LOCAL_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

test('the database DATABASE_URL_TEST names is created when it does not exist yet', async (context) => {
  if (!(await reachable())) context.skip();
  const name = `alzado_missing_${randomBytes(4).toString('hex')}`;
  const saved = { dialect: process.env.TEST_DIALECT, url: process.env.DATABASE_URL_TEST };
  process.env.TEST_DIALECT = 'postgres';
  process.env.DATABASE_URL_TEST = `${server}/${name}`;
  try {
    const database = await createTestDatabase();
    await database.drop();
  } finally {
    restore('TEST_DIALECT', saved.dialect);
    restore('DATABASE_URL_TEST', saved.url);
    await asSuperuser(`drop database if exists ${name} with (force)`);
  }
});

test('a database that cannot be created is one sentence saying the command', async (context) => {
  if (!(await reachable())) context.skip();
  const role = `alzado_nocreate_${randomBytes(3).toString('hex')}`;
  const name = `alzado_missing_${randomBytes(4).toString('hex')}`;
  await asSuperuser(`create role ${role} login`);
  try {
    const url = new URL(`${server}/${name}`);
    url.username = role;
    await expect(connectToTestServer(url.toString())).rejects.toThrow(
      new RegExp(`"${name}", which does not exist and could not be created .*: create it with \`createdb .* ${name}\``),
    );
  } finally {
    await asSuperuser(`drop role if exists ${role}`);
  }
});

function restore(key: string, value: string | undefined): void {
  if (value === undefined) delete process.env[key];
  else process.env[key] = value;
}

async function asSuperuser(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  await client.query(sql);
  await client.end();
}
