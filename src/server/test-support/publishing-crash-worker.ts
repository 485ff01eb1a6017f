/**
 * One app process of the crash test (src/server/features/publishing/publish-crash.test.ts): the real job
 * worker with the real publish handler and sweep, on the test's database (an SQLite file or PostgreSQL),
 * calling the sandbox's own process over HTTP with the production clients. It opens everything, says
 * "ready" and starts on "go" (so the test keeps the next process ready while this one works). SIGTERM
 * stops it as main.ts does: the sweep and the worker stopped (the worker waits for the calls it must not
 * cut), the database closed, exit 0. SIGKILL is a crash.
 *   CRASH_WORKER='{...}' node --import tsx src/server/test-support/publishing-crash-worker.ts
 */
import readline from 'node:readline';
import { createFacebookPageClient } from '../adapters/facebook/page-client.ts';
import { createGraphClient } from '../adapters/instagram/graph-client.ts';
import { createLinkedInClient } from '../adapters/linkedin/linkedin-client.ts';
import { createLocalStorage } from '../adapters/storage/local-storage.ts';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createMemoryEventHub } from '../events/memory-event-hub.ts';
import { createPublishing } from '../features/publishing/service.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { createTokenCipher } from '../lib/token-cipher.ts';
import type { SandboxCredentials } from '../../sandbox/sandbox.ts';

export interface CrashWorkerSettings {
  database: Config['database'];
  /** http://127.0.0.1:{port}/sandbox */
  sandboxBase: string;
  credentials: SandboxCredentials;
  /** The app whose /media serves the Instagram images. */
  publicUrl: string;
  mediaDir: string;
  /** The token encryption key, base64. */
  tokenKey: string;
  workerId: string;
  leaseMs: number;
  stopTimeoutMs: number;
  requestTimeoutMs: number;
  concurrency: number;
  sweepIntervalMs: number;
}

const settings = JSON.parse(process.env.CRASH_WORKER ?? '') as CrashWorkerSettings;
const database = openDatabase(settings.database);
const { sandboxBase: base, credentials, publicUrl } = settings;
const log = {
  info: () => {},
  warn: () => {},
  error: (details: unknown, message: string) => console.error(`[${settings.workerId}] ${message} ${JSON.stringify(details)}`),
};
const now = () => new Date();

const publishing = createPublishing({
  db: database.db,
  dialect: database.dialect,
  storage: createLocalStorage({ root: settings.mediaDir, publicUrl }),
  log,
  events: createMemoryEventHub(),
  social: {
    db: database.db,
    dialect: database.dialect,
    publicUrl,
    cipher: createTokenCipher([{ version: 1, key: Buffer.from(settings.tokenKey, 'base64') }]),
    connectors: {},
    now,
    log,
  },
  clients: {
    linkedin: createLinkedInClient({
      ...credentials.linkedin,
      authorizationBaseUrl: `${base}/linkedin`,
      oauthBaseUrl: `${base}/linkedin`,
      apiBaseUrl: `${base}/linkedin`,
      apiVersion: '202610',
      timeoutMs: settings.requestTimeoutMs,
      webBaseUrl: `${base}/linkedin/web`,
    }),
    instagram: createGraphClient({
      ...credentials.meta,
      dialogBaseUrl: `${base}/meta/www`,
      graphBaseUrl: `${base}/meta/graph`,
      graphVersion: 'v26.0',
      timeoutMs: settings.requestTimeoutMs,
      containerPolling: { intervalMs: 50, timeoutMs: 30_000 },
    }),
    facebook: createFacebookPageClient({ graphBaseUrl: `${base}/meta/graph`, graphVersion: 'v26.0', timeoutMs: settings.requestTimeoutMs }),
  },
  mailer: { send: async () => {} },
  publicUrl,
  now,
  wakeJobs: () => worker.wake(),
  // A post held by no live job is resumed after two leases, as production's sweep does after one minute.
  staleAfterMs: settings.leaseMs * 2,
  sweepIntervalMs: settings.sweepIntervalMs,
  // A Facebook call without an answer is resolved by the page's posts once it has surely ended: past the request time limit.
  callSettledAfterMs: settings.requestTimeoutMs + 1_000,
});

const worker = createJobWorker({
  db: database.db,
  dialect: database.dialect,
  handlers: { 'publish-post': publishing.handler },
  log,
  workerId: settings.workerId,
  leaseMs: settings.leaseMs,
  stopTimeoutMs: settings.stopTimeoutMs,
  // Its lease is short to keep the test fast; a stop still waits for a call as long as the call may take.
  uninterruptedTimeoutMs: settings.requestTimeoutMs + 1_000,
  concurrency: settings.concurrency,
  pollIntervalMs: 25,
  now,
  leaseClock: now,
});

let started = false;
process.on('SIGTERM', () => {
  void (async () => {
    if (started) await Promise.all([publishing.sweep.stop(), worker.stop()]);
    await database.close();
    process.exit(0);
  })();
});
// The test process is gone: so is this one.
process.stdin.on('end', () => process.exit(1));

console.log('ready');
await new Promise<void>((resolve) => readline.createInterface({ input: process.stdin }).on('line', (line) => line === 'go' && resolve()));
started = true;
worker.start();
publishing.sweep.start();
