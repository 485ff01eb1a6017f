import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import { type TestApp, createTestApp } from '../../src/server/test-support/test-app.ts';

export type BenchDialect = 'sqlite' | 'postgres';

export interface BenchApp {
  testApp: TestApp;
  db: Kysely<Database>;
  dialect: BenchDialect;
  /** --explain was given: print the plans after the figures. */
  explain: boolean;
  /** Starts the app on 127.0.0.1 (port 0) once the users exist; answers the base URL. */
  listen: () => Promise<string>;
  close: () => Promise<void>;
}

/**
 * A fresh test app and database for a bench run with `[sqlite|postgres] [--explain]` on its command line
 * (postgres needs DATABASE_URL_TEST): a temporary SQLite file, or a new PostgreSQL database.
 */
export async function startBenchApp(argv = process.argv.slice(2)): Promise<BenchApp> {
  const dialect: BenchDialect = argv[0] === 'postgres' ? 'postgres' : 'sqlite';
  // The test database and the stored values read it when called.
  process.env.TEST_DIALECT = dialect;
  const testApp = await createTestApp();
  return {
    testApp,
    db: testApp.database.db,
    dialect,
    explain: argv.includes('--explain'),
    listen: async () => {
      await testApp.app.listen({ port: 0, host: '127.0.0.1' });
      return `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    },
    close: () => testApp.close(),
  };
}
