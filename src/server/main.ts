import { ensureFirstAdmin } from './auth/first-admin.ts';
import { composeApp } from './compose.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';

/** Process entry: configuration, database and migrations, the app (./compose.ts), first admin, HTTP server, graceful stop. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.database);
  const applied = await migrateToLatest(database.db, database.dialect);

  const { app, auth } = await composeApp(config, database);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'Database migrated');

  await ensureFirstAdmin({
    db: database.db,
    auth,
    credentials: config.firstAdmin,
    // Printed straight to the console, once, so the operator sees it even with JSON logs.
    announce: (message) => console.log(`\n${message}\n`),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, stopping`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Alzado is running at ${config.publicUrl} (database: ${database.dialect})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
