import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import { type TestApp, createTestApp } from '../../src/server/test-support/test-app.ts';

export type BenchDialect = 'sqlite' | 'postgres';

/** Routes a bench adds to its app (the floor), before the app is ready. */
export type ExtraRoutes = NonNullable<Parameters<typeof createTestApp>[0]>['extraRoutes'];

export interface BenchApp {
  testApp: TestApp;
  db: Kysely<Database>;
  dialect: BenchDialect;
  /** Starts the app on 127.0.0.1 (port 0) once the users exist; answers the base URL. */
  listen: () => Promise<string>;
  close: () => Promise<void>;
}

/** What a list bench's command line asks for: `[sqlite|postgres] [--explain] [--short]`. */
export function benchArguments(argv = process.argv.slice(2)) {
  return {
    dialect: (argv[0] === 'postgres' ? 'postgres' : 'sqlite') as BenchDialect,
    /** Print the plans after the figures. */
    explain: argv.includes('--explain'),
    /** npm run bench's mode: fewer requests. */
    short: argv.includes('--short'),
  };
}

/**
 * A fresh test app and database for a bench run (postgres needs DATABASE_URL_TEST): a temporary SQLite
 * file, or a new PostgreSQL database.
 */
export async function startBenchApp(dialect: BenchDialect, extraRoutes?: ExtraRoutes): Promise<BenchApp> {
  // The test database and the stored values read it when called.
  process.env.TEST_DIALECT = dialect;
  const testApp = await createTestApp({ extraRoutes });
  return {
    testApp,
    db: testApp.database.db,
    dialect,
    listen: async () => {
      await testApp.app.listen({ port: 0, host: '127.0.0.1' });
      return `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    },
    close: () => testApp.close(),
  };
}
