/**
 * One app process of the publishing race (src/server/features/publishing/publish-race.test.ts): its own
 * PostgreSQL connections, the real job worker with the real publish handler and the real sweep,
 * talking to the test's sandbox over HTTP. It says "ready", waits for "go" on stdin so that the
 * processes start together, works until no publish job is left, and prints what it did as JSON.
 *   node --import tsx src/server/test-support/publishing-race-worker.ts
 * Its settings come from RACE_* environment variables set by the test.
 */
import readline from 'node:readline';
import { createFacebookPageClient } from '../adapters/facebook/page-client.ts';
import { createGraphClient } from '../adapters/instagram/graph-client.ts';
import { createLinkedInClient } from '../adapters/linkedin/linkedin-client.ts';
import { createLocalStorage } from '../adapters/storage/local-storage.ts';
import { openDatabase } from '../db/database.ts';
import { createMemoryEventHub } from '../events/memory-event-hub.ts';
import { createPublishing } from '../features/publishing/service.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { createTokenCipher } from '../lib/token-cipher.ts';

const setting = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const database = openDatabase({ dialect: 'postgres', url: setting('RACE_DATABASE_URL') });
const sandboxBase = setting('RACE_SANDBOX_BASE');
const publicUrl = setting('RACE_PUBLIC_URL');
const quiet = { info: () => {}, warn: () => {}, error: (details: unknown, message: string) => console.error(message, JSON.stringify(details)) };
const now = () => new Date();

const publishing = createPublishing({
  db: database.db,
  dialect: 'postgres',
  storage: createLocalStorage({ root: setting('RACE_MEDIA_DIR'), publicUrl }),
  log: quiet,
  events: createMemoryEventHub(),
  social: {
    db: database.db,
    dialect: 'postgres',
    publicUrl,
    cipher: createTokenCipher([{ version: 1, key: Buffer.from(setting('RACE_TOKEN_KEY'), 'base64') }]),
    connectors: {},
    now,
    log: quiet,
  },
  clients: {
    linkedin: createLinkedInClient({
      clientId: 'race',
      clientSecret: 'race',
      authorizationBaseUrl: `${sandboxBase}/linkedin`,
      oauthBaseUrl: `${sandboxBase}/linkedin`,
      apiBaseUrl: `${sandboxBase}/linkedin`,
      apiVersion: '202610',
      timeoutMs: 30_000,
    }),
    instagram: createGraphClient({
      appId: 'race',
      appSecret: 'race',
      dialogBaseUrl: `${sandboxBase}/meta/www`,
      graphBaseUrl: `${sandboxBase}/meta/graph`,
      graphVersion: 'v26.0',
      timeoutMs: 30_000,
      containerPolling: { intervalMs: 50, timeoutMs: 30_000 },
    }),
    facebook: createFacebookPageClient({ graphBaseUrl: `${sandboxBase}/meta/graph`, graphVersion: 'v26.0', timeoutMs: 30_000 }),
  },
  mailer: { send: async () => {} },
  publicUrl,
  now,
});

let handled = 0;
const worker = createJobWorker({
  db: database.db,
  dialect: 'postgres',
  handlers: {
    'publish-post': async (context) => {
      handled += 1;
      await publishing.handler(context);
    },
  },
  log: quiet,
  concurrency: 4,
  pollIntervalMs: 25,
  now,
  leaseClock: now,
});

async function publishJobsLeft(): Promise<number> {
  const row = await database.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('kind', '=', 'publish-post')
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

console.log('ready');
await new Promise<void>((resolve) => readline.createInterface({ input: process.stdin }).on('line', (line) => line === 'go' && resolve()));
const started = performance.now();
const swept = await publishing.sweep.run();
worker.start();
// Done when no publish job has been left for a few polls in a row.
for (let idle = 0; idle < 4;) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  idle = (await publishJobsLeft()) === 0 ? idle + 1 : 0;
}
await worker.stop();
const ms = Math.round(performance.now() - started);
await database.close();
console.log(JSON.stringify({ handled, swept: swept.length, ms }));
process.exit(0);
