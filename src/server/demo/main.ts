import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from '../auth/first-admin.ts';
import { composeApp } from '../compose.ts';
import { ConfigError } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { startDataProcess } from '../process-setup.ts';
import { printSummary } from './print-summary.ts';
import { DemoRefused, assertNoProjects, seedDemo } from './seed-demo.ts';

/**
 * `npm run demo`: fills an empty database (the one `npm start` would use) with a demo studio, through
 * the app's own API. Refuses, writing nothing, when the database already has projects.
 */
async function main(): Promise<void> {
  // The umask and data folder of `npm start` (../process-setup.ts): what the demo writes is private too.
  const config = startDataProcess();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db, database.dialect, config.studio);
    await assertNoProjects(database.db);

    // The app listens on a free loopback port of its own, so that the server can reach its sandbox
    // while a running `npm start` keeps its port; PUBLIC_URL stays what users will open.
    const port = await findFreePort();
    const { app, auth, worker, events, socialClients } = await composeApp({ ...config, host: '127.0.0.1', port, logLevel: 'warn' }, database);
    try {
      const admin = config.firstAdmin ?? { email: DEFAULT_ADMIN_EMAIL, password: randomBytes(12).toString('base64url') };
      const { created } = await ensureFirstAdmin({ db: database.db, auth, credentials: admin, announce: () => undefined });
      if (!created && !config.firstAdmin) {
        throw new DemoRefused(
          "This database already has users: set ADMIN_EMAIL and ADMIN_PASSWORD to an administrator's so that the demo can sign in as them.",
        );
      }
      await app.listen({ port, host: '127.0.0.1' });
      console.log('Making the demo studio (users, prompts, projects with their pictures, posts)…');
      const summary = await seedDemo({
        app,
        db: database.db,
        runDueJobs: () => worker.runDueJobs(),
        admin,
        publicUrl: config.publicUrl,
        linkedin: socialClients.linkedin ? (socialClients.linkedin.sandbox ? 'sandbox' : 'real') : 'none',
      });
      printSummary(summary, { publicUrl: config.publicUrl, adminCreated: created, database: database.dialect });
    } finally {
      await app.close();
      await events.close();
    }
  } finally {
    await database.close();
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('No free port'))));
    });
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DemoRefused ? error.message : error);
  process.exit(1);
});
