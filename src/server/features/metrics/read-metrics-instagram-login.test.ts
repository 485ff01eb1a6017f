import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultInstagramAccounts } from '../../../sandbox/personas.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { createStudioCalendar } from '../../lib/studio-calendar.ts';
import { type PublishingTestApp, createDuePost, publishingDependencies, silentLog, startPublishingTestApp } from '../../test-support/publishing.ts';
import { connect, sandboxClients } from '../../test-support/social-sandbox.ts';
import { createTestUser, signIn } from '../../test-support/test-app.ts';
import { createReadMetricsHandler } from './service.ts';

/**
 * The figures of a post published through an Instagram Login connection (decision 054), read back from
 * graph.instagram.com in the sandbox (which refuses an Instagram User token on graph.facebook.com), with
 * Instagram Login's own permission: instagram_business_manage_insights granted, figures; declined, the
 * reading says the permission is missing.
 */
const HOUR = 3_600_000;
const CREATOR = defaultInstagramAccounts()[0]!;

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
let env: PublishingTestApp;
let users = 0;

beforeAll(async () => {
  env = await startPublishingTestApp({ now: clock, instagramLogin: true });
});
afterAll(() => env.close());

const db = () => env.t.database.db;
const advance = (ms: number) => {
  offsetMs += ms;
  env.sandbox.sandbox.control.advanceTime(ms / 1000);
};

async function readMetrics(): Promise<void> {
  const clients = sandboxClients(env.sandbox);
  const context: JobContext = {
    job: { id: 0, kind: 'read-metrics', subject: 'read-metrics', payload: {}, attempt: 1 },
    reportProgress: async () => {},
    signal: new AbortController().signal,
    uninterrupted: (work) => work(),
  };
  await createReadMetricsHandler({
    db: db(),
    dialect: env.t.database.dialect,
    social: { ...publishingDependencies(env, { now: clock }).social, now: clock },
    clients: { linkedin: clients.linkedin, instagram: clients.instagram, instagramLogin: clients.instagramLogin },
    memberPostAnalytics: false,
    log: silentLog,
    now: clock,
  })(context);
}

async function publishedByInstagramLogin(uncheck: string[] = []): Promise<number> {
  const user = await createTestUser(env.t, { email: `ig${++users}@metrics-instagram-login.test`, role: 'customer' });
  const cookie = await signIn(env.t, user.email, user.password);
  expect((await connect(env.t, cookie, 'instagram', { login: 'instagram', account: CREATOR.id, uncheck })).statusCode).toBe(200);
  const today = createStudioCalendar({ timeZone: 'Europe/Madrid', now: clock }).today();
  const { id } = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { instagram: true } });
  await enqueueJob(db(), { kind: 'publish-post', subject: `post:${id}`, payload: { postId: id }, now: clock() });
  await env.t.worker.runDueJobs();
  const result = await db().selectFrom('post_results').select('status').where('post_id', '=', id).where('network', '=', 'instagram').executeTakeFirstOrThrow();
  expect(result.status).toBe('posted');
  return id;
}

const readings = (postId: number) =>
  db().selectFrom('post_metrics').selectAll().where('post_id', '=', postId).where('network', '=', 'instagram').orderBy('id').execute();

describe('figures of an Instagram Login connection', () => {
  it('reads them on graph.instagram.com with instagram_business_manage_insights, and says so when it was declined', async () => {
    const granted = await publishedByInstagramLogin();
    const declined = await publishedByInstagramLogin(['instagram_business_manage_insights']);
    await readMetrics();
    advance(24 * HOUR);
    await readMetrics();
    const [reading] = await readings(granted);
    expect(reading).toMatchObject({ outcome: 'read', reason: null });
    expect(reading!.reach).toBeGreaterThan(0);
    expect(reading!.impressions).toBeGreaterThan(reading!.reach!);
    expect((await readings(declined)).map((row) => [row.outcome, row.reason])).toEqual([['unavailable', 'permission_missing']]);
  });
});
