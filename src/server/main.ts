import type { FastifyBaseLogger } from 'fastify';
import { ensureFirstAdmin } from './auth/first-admin.ts';
import { composeApp } from './compose.ts';
import { ConfigError } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { scheduleApprovalEmails } from './features/approval-emails/service.ts';
import { scheduleMonthlyReports } from './features/monthly-reports/service.ts';
import { scheduleMetricReads } from './features/metrics/service.ts';
import { scheduleTokenRefresh } from './features/social/token-refresh.ts';
import { startDataProcess } from './process-setup.ts';
import { createStudioCalendar } from './lib/studio-calendar.ts';
import { startSummary } from './start-summary.ts';
import { logOutputFor } from './log-output.ts';

/**
 * After SIGTERM the stop waits for a creating call to a network (at most SOCIAL_REQUEST_TIMEOUT_MS) and
 * up to 10 s more for the interrupted jobs; this margin covers that and closing the database. Then the
 * process exits whatever is still running: SOCIAL_REQUEST_TIMEOUT_MS + 15 s, 30 s by default.
 */
const STOP_MARGIN_MS = 15_000;

/**
 * A write to stdout or stderr after their reader went away fails with EPIPE (or EIO on a closed
 * terminal): unhandled, that error would end the process in the middle of a stop. Output is then
 * dropped; the process goes on, and stops as it should.
 */
function quietOnBrokenOutput(): void {
  for (const output of [process.stdout, process.stderr]) output.on('error', () => {});
}

/** Process entry: configuration, database and migrations, the app (./compose.ts), first admin, HTTP server, graceful stop. */
async function main(): Promise<void> {
  // Umask 077 and a 0700 DATA_DIR, as for `npm run demo` (./process-setup.ts).
  const config = startDataProcess();
  const database = openDatabase(config.database);
  const applied = await migrateToLatest(database.db, database.dialect, config.studio);

  // On PostgreSQL live events cross processes (LISTEN/NOTIFY); the hub logs through the app once it exists.
  // It is imported only there: on SQLite the pg driver is never loaded.
  const appLog: { current?: FastifyBaseLogger } = {};
  const postgresHub =
    config.database.dialect === 'postgres'
      ? await (
          await import('./events/postgres-event-hub.ts')
        ).openPostgresEventHub({
          connectionString: config.database.url,
          db: database.db,
          log: {
            info: (details, message) => appLog.current?.info(details, message),
            warn: (details, message) => appLog.current?.warn(details, message),
            error: (details, message) => appLog.current?.error(details, message),
          },
        })
      : undefined;
  // The log goes to process.stdout, not to pino's own writer of fd 1: that one, when the process exits
  // with lines still queued and the reader of the output gone (a closed terminal, a log collector that
  // stopped), retries the broken pipe for ever and the process never ends (issue 29, item 3). A reader
  // that goes away only loses the lines nobody can read any more.
  quietOnBrokenOutput();
  const { app, auth, worker, events, publishing, socialClients, now } = await composeApp(config, database, {
    events: postgresHub,
    logger: { level: config.logLevel, stream: logOutputFor(process.stdout) },
  });
  appLog.current = app.log;
  if (applied.length > 0) app.log.info({ migrations: applied }, 'Database migrated');

  // A generated password is printed once, in the closing block (./start-summary.ts), not among the logs.
  const { generated: firstAdmin } = await ensureFirstAdmin({ db: database.db, auth, credentials: config.firstAdmin, announce: () => {} });

  const stopLimitMs = config.social.requestTimeoutMs + STOP_MARGIN_MS;
  let stopping = false;
  let stopTokenRefresh = () => {};
  let stopApprovalEmails = () => {};
  let stopMonthlyReports = () => {};
  let stopMetricReads = () => {};
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Whatever happens to the stop (a call that does not answer, output nobody reads), the process ends
    // within stopLimitMs of the signal (docs/operations.md, "Jobs"); an unfinished stop is a crash.
    setTimeout(() => {
      console.error(`Alzado: the stop did not finish within ${stopLimitMs / 1000} s of ${signal}; exiting now`);
      process.exit(1);
    }, stopLimitMs).unref();
    app.log.info(`${signal} received, stopping`);
    stopTokenRefresh();
    stopApprovalEmails();
    stopMonthlyReports();
    stopMetricReads();
    // A connection that never sent a request (a browser's preconnect) would hold app.close() until the
    // browser drops it: after a grace period every connection is closed.
    const forceClose = setTimeout(() => app.server.closeAllConnections(), 10_000);
    await Promise.all([publishing.sweep.stop(), worker.stop(), app.close()]);
    clearTimeout(forceClose);
    await events.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
    // The administrator exists now: a start that fails still shows the only copy of its password.
    if (firstAdmin) console.log(`First administrator created: e-mail ${firstAdmin.email}, password ${firstAdmin.password}`);
    throw error;
  });
  app.log.info(`Alzado is running at ${config.publicUrl} (database: ${database.dialect})`);
  // Plain text for a person, last, after the logs of the start.
  console.log(startSummary({ config, networks: socialClients, firstAdmin }));
  worker.start();
  // Due posts are queued (and lost publish jobs resumed) now and every minute.
  publishing.sweep.start();
  // Tokens are renewed ahead of expiry by a refresh-tokens job: one now, then one every interval.
  stopTokenRefresh = scheduleTokenRefresh({
    db: database.db,
    dialect: database.dialect,
    intervalMinutes: config.tokenRefresh.intervalMinutes,
    wakeJobs: () => worker.wake(),
    log: app.log,
    now,
  });
  // The approvers' e-mails (docs/decisions/042): an approval-emails job now and every minute.
  stopApprovalEmails = scheduleApprovalEmails({ db: database.db, dialect: database.dialect, wakeJobs: () => worker.wake(), log: app.log, now });
  // The monthly report e-mails (docs/decisions/047): a monthly-reports job every hour on the first days of a studio month.
  if (config.monthlyReports.emails) {
    const calendar = createStudioCalendar({ timeZone: config.studio.timeZone, now });
    stopMonthlyReports = scheduleMonthlyReports({ db: database.db, dialect: database.dialect, wakeJobs: () => worker.wake(), log: app.log, now, calendar });
  }
  // The posts' figures (docs/decisions/045): a read-metrics job now and every READ_METRICS_INTERVAL_MINUTES.
  stopMetricReads = scheduleMetricReads({ db: database.db, dialect: database.dialect, wakeJobs: () => worker.wake(), log: app.log, now });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
