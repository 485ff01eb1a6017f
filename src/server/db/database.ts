import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
import { PRIVATE_FILE_MODE, makePrivateDir, restrictToOwner } from '../lib/private-files.ts';
import type { Database } from './schema.ts';

/** Where the data lives: a SQLite file or a PostgreSQL server (config.ts chooses from DATABASE_URL). */
export type DatabaseSettings = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
export type Dialect = DatabaseSettings['dialect'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** True when the database answers a trivial query. */
  isReachable: () => Promise<boolean>;
  close: () => Promise<void>;
}

export function openDatabase(settings: DatabaseSettings): DatabaseHandle {
  const db = settings.dialect === 'postgres' ? openPostgres(settings.url) : openSqlite(settings.file);
  return {
    db,
    dialect: settings.dialect,
    isReachable: async () => {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

function openSqlite(file: string): Kysely<Database> {
  if (file !== ':memory:') {
    makePrivateDir(path.dirname(file));
    // Created 0600 before SQLite opens it: its -wal and -shm files take the database file's mode.
    fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
    for (const own of [file, `${file}-wal`, `${file}-shm`]) restrictToOwner(own);
  }
  const database = new SQLite(file);
  // WAL lets readers work while the single writer writes; foreign keys are off by default in SQLite.
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

// The PostgreSQL driver is loaded only to open PostgreSQL: a server on SQLite saves its 3 MB and 30 ms at
// start. require, not import(), because opening a database is synchronous.
const requirePackage = createRequire(import.meta.url);

function openPostgres(url: string): Kysely<Database> {
  const { Pool } = requirePackage('pg') as typeof pg;
  const pool = new Pool({ connectionString: url, max: 10 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
