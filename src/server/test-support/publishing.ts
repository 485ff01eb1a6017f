import sharp from 'sharp';
import type { Kysely } from 'kysely';
import { createLocalStorage } from '../adapters/storage/local-storage.ts';
import type { Database } from '../db/schema.ts';
import type { PublishingDependencies } from '../features/publishing/dependencies.ts';
import { type Publishing, createPublishing } from '../features/publishing/service.ts';
import { type JobWorker, createJobWorker } from '../jobs/job-worker.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { createTestPost, createTestProject } from './posts.ts';
import { type TestSandbox, connect, sandboxAdapters, sandboxClients, startTestSandbox } from './social-sandbox.ts';
import { type TestApp, createTestApp, createTestTokenCipher, createTestUser, signIn } from './test-app.ts';
import { freePort } from './free-port.ts';

/**
 * What the publishing tests share: an app listening on a real port whose PUBLIC_URL is its own address
 * (the sandbox fetches the Instagram JPEGs from its /media, as Meta would), the networks' sandbox on a
 * port of its own, real JPEG variants in storage, and a publishing instance of the test's own (its
 * clock, its attempts, its crash hook) run by a real job worker.
 */
export interface PublishingTestApp {
  t: TestApp;
  sandbox: TestSandbox;
  /** http://127.0.0.1:{port}, the app's PUBLIC_URL. */
  publicUrl: string;
  close: () => Promise<void>;
}

/**
 * `organizationPages: false`: the app's LinkedIn has no Community Management API (nor has the sandbox's).
 * `memberPostAnalytics`: the app asks for r_member_postAnalytics at connection (the posts' figures).
 */
export async function startPublishingTestApp(
  options: { now?: () => Date; organizationPages?: boolean; memberPostAnalytics?: boolean; instagramLogin?: boolean } = {},
): Promise<PublishingTestApp> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const sandbox = await startTestSandbox(publicUrl);
  const organizationPages = options.organizationPages ?? true;
  sandbox.sandbox.control.configure({ linkedin: { organizationProduct: organizationPages } });
  const t = await createTestApp({
    publicUrl,
    social: sandboxAdapters(sandbox, { organizationPages, memberPostAnalytics: options.memberPostAnalytics, instagramLogin: options.instagramLogin }),
    ...(options.now ? { now: options.now } : {}),
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    t,
    sandbox,
    publicUrl,
    close: async () => {
      await t.close();
      await sandbox.close();
    },
  };
}

export const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

/** Publishing wired as app.ts wires it, over the test app's database, storage, events and mail. */
export function publishingDependencies(env: PublishingTestApp, overrides: Partial<PublishingDependencies> = {}): PublishingDependencies {
  const { t, sandbox, publicUrl } = env;
  const clients = sandboxClients(sandbox);
  const db = t.database.db;
  return {
    db,
    dialect: t.database.dialect,
    storage: createLocalStorage({ root: t.mediaDir, publicUrl }),
    log: silentLog,
    events: t.events,
    social: { db, dialect: t.database.dialect, publicUrl, cipher: createTestTokenCipher(), connectors: {}, log: silentLog, now: t.now },
    clients: { linkedin: clients.linkedin, instagram: clients.instagram, facebook: clients.facebook },
    mailer: { send: async (message) => void t.sentMail.push(message) },
    publicUrl,
    now: t.now,
    ...overrides,
  };
}

export function publishingWorker(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', publishing: Publishing, now: Clock): JobWorker {
  return createJobWorker({ db, dialect, handlers: { 'publish-post': publishing.handler }, log: silentLog, pollIntervalMs: 50, now, leaseClock: systemClock });
}

export function createTestPublishing(env: PublishingTestApp, overrides: Partial<PublishingDependencies> = {}) {
  const publishing = createPublishing(publishingDependencies(env, overrides));
  return { publishing, worker: publishingWorker(env.t.database.db, env.t.database.dialect, publishing, env.t.now) };
}

/**
 * `count` app processes over the same database, each with its real sweep and job worker running on the
 * clock `now`, as several processes of the app run in production; `stop` ends them all.
 */
export function startPublishingProcesses(env: PublishingTestApp, now: Clock, count = 3): { stop: () => Promise<void> } {
  const processes = Array.from({ length: count }, () => createTestPublishing(env, { now }));
  for (const { publishing, worker } of processes) {
    publishing.sweep.start();
    worker.start();
  }
  return { stop: async () => void (await Promise.all(processes.flatMap(({ publishing, worker }) => [publishing.sweep.stop(), worker.stop()]))) };
}

/** A customer who connected LinkedIn through the sandbox: the owner of the posts a publishing test publishes. */
export async function createLinkedInCustomer(env: PublishingTestApp): Promise<string> {
  const user = await createTestUser(env.t, { email: 'clara@cliente.es', role: 'customer' });
  const answer = await connect(env.t, await signIn(env.t, user.email, user.password), 'linkedin');
  if (answer.statusCode !== 200) throw new Error(`Connecting LinkedIn answered ${answer.statusCode}`);
  return user.id;
}

let imageCounter = 0;

/** A real JPEG variant pair in storage, as the generation leaves them (Instagram 4:5, LinkedIn the same bytes). */
export async function storeVariantPair(
  env: Pick<PublishingTestApp, 't' | 'publicUrl'>,
  color = '#336699',
): Promise<{ instagramKey: string; linkedinKey: string }> {
  imageCounter += 1;
  const instagramKey = `posts/test/${process.pid}-${imageCounter}-ig.jpg`;
  const linkedinKey = `posts/test/${process.pid}-${imageCounter}-li.jpg`;
  const storage = createLocalStorage({ root: env.t.mediaDir, publicUrl: env.publicUrl });
  const bytes = await sharp({ create: { width: 400, height: 500, channels: 3, background: color } })
    .jpeg({ quality: 70 })
    .toBuffer();
  await storage.put(instagramKey, bytes, 'image/jpeg');
  await storage.put(linkedinKey, bytes, 'image/jpeg');
  return { instagramKey, linkedinKey };
}

let textCounter = 0;

/**
 * A scheduled post with real images, owned by `ownerId`, due on `publishOn` at `publishTime` in Madrid
 * (by default 00:00: due all that day). Its text is unique: LinkedIn refuses the same text twice from one
 * author within ten minutes.
 */
export async function createDuePost(
  env: PublishingTestApp,
  input: {
    ownerId: string;
    publishOn: string;
    publishTime?: string;
    networks: { instagram?: boolean; linkedin?: boolean; facebook?: boolean };
    images?: number;
    unselected?: number;
    projectId?: number;
  },
): Promise<{ id: number; projectId: number; imageIds: number[] }> {
  const db = env.t.database.db;
  const projectId = input.projectId ?? (await createTestProject(db, { createdBy: input.ownerId, state: 'preview' }));
  const selected = await Promise.all(Array.from({ length: input.images ?? 1 }, () => storeVariantPair(env)));
  const kept = await Promise.all(Array.from({ length: input.unselected ?? 0 }, () => storeVariantPair(env, '#aa0000')));
  textCounter += 1;
  const post = await createTestPost(db, {
    projectId,
    ownerId: input.ownerId,
    state: 'scheduled',
    text: `Casa del Mar (${process.pid}-${textCounter}): luz y hormigón. #arquitectura`,
    publishOn: input.publishOn,
    publishTime: input.publishTime ?? '00:00',
    networks: input.networks,
    images: [...selected.map((keys) => ({ ...keys })), ...kept.map((keys) => ({ ...keys, status: 'not_selected' as const }))],
  });
  return { ...post, projectId };
}
