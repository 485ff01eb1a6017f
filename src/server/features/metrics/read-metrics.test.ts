import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import { createStudioCalendar } from '../../lib/studio-calendar.ts';
import {
  type PublishingTestApp,
  createDuePost,
  createTestPublishing,
  publishingDependencies,
  silentLog,
  startPublishingTestApp,
} from '../../test-support/publishing.ts';
import { connect, sandboxClients } from '../../test-support/social-sandbox.ts';
import { createTestUser, signIn } from '../../test-support/test-app.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { systemClock } from '../../lib/clock.ts';
import { type MetricsDependencies, createReadMetricsHandler, enqueueMetricReads } from './service.ts';

/**
 * The posts' figures read back over real HTTP from the sandbox (issue 26 item 1, decision 045), on the
 * database under test: the pace (the app's and the sandbox's clocks moved together), "not yet" before
 * the lag, Meta's all-or-nothing metric refusal, a missing permission, LinkedIn's member posts without
 * the app's r_member_postAnalytics, a company page's statistics, and the backoff at the networks' limits.
 */
const HOUR = 3_600_000;
const ORGANIZATION_URN = 'urn:li:organization:90210001';
const SOLER_INSTAGRAM = '17841400000000001';

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
let env: PublishingTestApp;
let publishing: ReturnType<typeof createTestPublishing>;
const users: Record<'clara' | 'olga' | 'pau', { id: string; cookie: string }> = {} as never;

const db = () => env.t.database.db;
const control = () => env.sandbox.sandbox.control;
const advance = (ms: number) => {
  offsetMs += ms;
  control().advanceTime(ms / 1000);
};

function metricsDependencies(overrides: Partial<MetricsDependencies> = {}): MetricsDependencies {
  const publishingDeps = publishingDependencies(env, { now: clock });
  const clients = sandboxClients(env.sandbox);
  return {
    db: db(),
    dialect: env.t.database.dialect,
    social: { ...publishingDeps.social, now: clock },
    clients: { linkedin: clients.linkedin, instagram: clients.instagram },
    memberPostAnalytics: false,
    log: silentLog,
    now: clock,
    ...overrides,
  };
}

async function readMetrics(overrides: Partial<MetricsDependencies> = {}): Promise<void> {
  const context: JobContext = {
    job: { id: 0, kind: 'read-metrics', subject: 'read-metrics', payload: {}, attempt: 1 },
    reportProgress: async () => {},
    signal: new AbortController().signal,
    uninterrupted: (work) => work(),
  };
  await createReadMetricsHandler(metricsDependencies(overrides))(context);
}

async function publishedPost(ownerId: string, networks: { instagram?: boolean; linkedin?: boolean }): Promise<number> {
  const today = createStudioCalendar({ timeZone: 'Europe/Madrid', now: clock }).today();
  const { id } = await createDuePost(env, { ownerId, publishOn: today, networks });
  await enqueueJob(db(), { kind: 'publish-post', subject: `post:${id}`, payload: { postId: id }, now: clock() });
  await publishing.worker.runDueJobs();
  const results = await db().selectFrom('post_results').select(['network', 'status']).where('post_id', '=', id).execute();
  expect(
    results.every((result) => result.status === 'posted' || result.status === 'not_selected'),
    JSON.stringify(results),
  ).toBe(true);
  return id;
}

const readings = (postId: number, network: string) =>
  db().selectFrom('post_metrics').selectAll().where('post_id', '=', postId).where('network', '=', network).orderBy('id').execute();
const schedule = (postId: number, network: string) =>
  db().selectFrom('post_metric_reads').selectAll().where('post_id', '=', postId).where('network', '=', network).executeTakeFirstOrThrow();
const metricsOf = async (postId: number, cookie = users.clara.cookie) => {
  const answer = await env.t.app.inject({ method: 'GET', url: `/api/posts/${postId}/metrics`, headers: { cookie } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    networks: Array<{
      network: string;
      figures: Record<string, number | null> | null;
      read_at: string | null;
      reason: string | null;
      unavailable: Record<string, string>;
      next_read_at: string | null;
    }>;
  };
};

beforeAll(async () => {
  env = await startPublishingTestApp({ now: clock, memberPostAnalytics: true });
  publishing = createTestPublishing(env, { now: clock });
  for (const name of ['clara', 'olga', 'pau'] as const) {
    const user = await createTestUser(env.t, { email: `${name}@cliente.es`, role: 'customer' });
    users[name] = { id: user.id, cookie: await signIn(env.t, user.email, user.password) };
  }
  const call = (cookie: string, method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    env.t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  expect((await connect(env.t, users.clara.cookie, 'linkedin')).statusCode).toBe(200);
  expect((await connect(env.t, users.olga.cookie, 'linkedin')).statusCode).toBe(200);
  for (const [name, uncheck] of [
    ['clara', []],
    ['pau', ['instagram_manage_insights']],
  ] as const) {
    expect((await connect(env.t, users[name].cookie, 'instagram', { uncheck: [...uncheck] })).statusCode).toBe(200);
    expect((await call(users[name].cookie, 'GET', '/api/social/instagram/pages')).statusCode).toBe(200);
    expect((await call(users[name].cookie, 'PUT', '/api/social/instagram/target', { targetId: SOLER_INSTAGRAM })).statusCode).toBe(200);
  }
  expect((await call(users.olga.cookie, 'GET', '/api/social/linkedin/pages')).statusCode).toBe(200);
  expect((await call(users.olga.cookie, 'PUT', '/api/social/linkedin/target', { targetId: ORGANIZATION_URN })).statusCode).toBe(200);
});
afterAll(() => env.close());
beforeEach(async () => {
  // Each test starts with nothing due from the others: their schedules are done.
  await db().updateTable('post_metric_reads').set({ next_read_at: null }).execute();
  control().configure({ meta: { insightsUnsupported: [], insightsCallsPerHour: 200 } });
  control().clearFaults();
  await db().deleteFrom('metric_read_limits').execute();
});

describe('reading the posts’ figures', () => {
  it('reads at its pace: not yet before the lag, then figures that grow; a member post says LinkedIn gives none to this app', async () => {
    const postId = await publishedPost(users.clara.id, { instagram: true, linkedin: true });
    await readMetrics();
    expect(await readings(postId, 'instagram')).toEqual([]);
    const published = new Date((await schedule(postId, 'instagram')).published_at as string);

    advance(HOUR);
    await readMetrics();
    const early = await readings(postId, 'instagram');
    expect(early.map((row) => [row.outcome, row.reach])).toEqual([['not_yet', null]]);
    expect(new Date((await schedule(postId, 'instagram')).next_read_at as string).getTime()).toBe(published.getTime() + 24 * HOUR);
    expect((await readings(postId, 'linkedin')).map((row) => row.reason)).toEqual(['member_analytics_unavailable']);

    advance(23 * HOUR);
    await readMetrics();
    const day = (await metricsOf(postId)).networks.find((entry) => entry.network === 'instagram')!;
    expect(day.figures!.reach).toBeGreaterThan(0);
    expect(day.figures!.impressions).toBeGreaterThan(day.figures!.reach!);
    expect(day.reason).toBeNull();
    expect(new Date(day.next_read_at!).getTime()).toBe(published.getTime() + 72 * HOUR);

    advance(48 * HOUR);
    await readMetrics();
    const after = (await metricsOf(postId)).networks;
    expect(after.find((entry) => entry.network === 'instagram')!.figures!.reach).toBeGreaterThan(day.figures!.reach!);
    expect(after.find((entry) => entry.network === 'linkedin')).toMatchObject({ figures: null, reason: 'member_analytics_unavailable' });
    const rows = await readings(postId, 'instagram');
    expect(rows.map((row) => row.outcome)).toEqual(['not_yet', 'read', 'read']);
    expect(rows.map((row) => Boolean(row.latest))).toEqual([false, false, true]);
  });

  it('reads what Meta gives when one metric fails the whole call, and records the one it could not', async () => {
    const postId = await publishedPost(users.clara.id, { instagram: true });
    control().configure({ meta: { insightsUnsupported: ['shares'] } });
    advance(24 * HOUR);
    await readMetrics();
    const [first] = await readings(postId, 'instagram');
    expect(first).toMatchObject({ outcome: 'read', shares: null });
    expect(first!.reach).toBeGreaterThan(0);
    expect(JSON.parse(first!.unavailable!)).toEqual({ shares: 'unsupported' });
    expect(JSON.parse(String((await schedule(postId, 'instagram')).unsupported))).toEqual(['shares']);
    // The next reading asks without the refused metric: in one call, which would fail with it.
    advance(48 * HOUR);
    await readMetrics();
    expect((await readings(postId, 'instagram')).map((row) => row.outcome)).toEqual(['read', 'read']);
    expect((await metricsOf(postId)).networks[0]!.unavailable).toEqual({ shares: 'unsupported' });
  });

  it('reads a member’s own post one metric at a time when the app has r_member_postAnalytics', async () => {
    const postId = await publishedPost(users.clara.id, { linkedin: true });
    advance(HOUR);
    await readMetrics({ memberPostAnalytics: true });
    const [row] = await readings(postId, 'linkedin');
    expect(row).toMatchObject({ outcome: 'read', clicks: null, saves: null });
    expect(row!.impressions).toBeGreaterThan(row!.reach!);
    expect(row!.interactions).toBe(row!.reactions! + row!.comments! + row!.shares!);
  });

  it('is one recurring job at a time, run by the job worker', async () => {
    const postId = await publishedPost(users.clara.id, { instagram: true });
    expect(await enqueueMetricReads(db(), env.t.database.dialect, clock())).toBe(true);
    expect(await enqueueMetricReads(db(), env.t.database.dialect, clock())).toBe(false);
    advance(24 * HOUR);
    const worker = createJobWorker({
      db: db(),
      dialect: env.t.database.dialect,
      handlers: { 'read-metrics': createReadMetricsHandler(metricsDependencies()) },
      log: silentLog,
      now: clock,
      leaseClock: systemClock,
    });
    await worker.runDueJobs();
    expect((await readings(postId, 'instagram')).map((row) => row.outcome)).toEqual(['read']);
    const job = await db().selectFrom('jobs').select('state').where('kind', '=', 'read-metrics').executeTakeFirstOrThrow();
    expect(job.state).toBe('done');
  });

  it('records a missing instagram_manage_insights without closing the connection', async () => {
    const postId = await publishedPost(users.pau.id, { instagram: true });
    advance(24 * HOUR);
    await readMetrics();
    expect((await metricsOf(postId, users.pau.cookie)).networks[0]).toMatchObject({ figures: null, reason: 'permission_missing' });
    const connection = await db()
      .selectFrom('social_connections')
      .selectAll()
      .where('user_id', '=', users.pau.id)
      .where('network', '=', 'instagram')
      .executeTakeFirstOrThrow();
    expect(Boolean(connection.is_connected)).toBe(true);
  });

  it('reads a company page’s statistics, and waits until midnight UTC after LinkedIn’s 429', async () => {
    const postId = await publishedPost(users.olga.id, { linkedin: true });
    advance(HOUR);
    control().fail({ network: 'linkedin', kind: 'rate-limit', path: '/rest/organizationalEntityShareStatistics' });
    await readMetrics();
    expect(await readings(postId, 'linkedin')).toEqual([]);
    const waiting = await schedule(postId, 'linkedin');
    const midnight = new Date(clock());
    midnight.setUTCHours(24, 0, 0, 0);
    expect(new Date(waiting.next_read_at as string).getTime()).toBe(midnight.getTime());
    advance(midnight.getTime() - clock().getTime() + 1000);
    await readMetrics();
    const [row] = await readings(postId, 'linkedin');
    expect(row).toMatchObject({ outcome: 'read' });
    expect(row!.impressions).toBeGreaterThan(row!.reach!);
  });

  it('reads the due posts of a company page with one statistics call, each with its own figures', async () => {
    const posts = [
      await publishedPost(users.olga.id, { linkedin: true }),
      await publishedPost(users.olga.id, { linkedin: true }),
      await publishedPost(users.olga.id, { linkedin: true }),
    ];
    // Two days on: each post's figures are far apart (the sandbox's audience differs post by post).
    advance(48 * HOUR);
    const callsOf = async () =>
      (await db().selectFrom('metric_read_limits').select('calls').where('network', '=', 'linkedin').where('account', '=', users.olga.id).executeTakeFirst())
        ?.calls ?? 0;
    const before = await callsOf();
    await readMetrics();
    expect(await callsOf()).toBe(before + 1);
    const rows = await Promise.all(posts.map(async (postId) => (await readings(postId, 'linkedin')).at(-1)));
    expect(rows.map((row) => row?.outcome)).toEqual(['read', 'read', 'read']);
    // Each got its own line of the answer.
    expect(new Set(rows.map((row) => row!.impressions)).size).toBe(3);
  });

  it('backs off an Instagram account whose Business Use Case usage reaches 100 %', async () => {
    const first = await publishedPost(users.clara.id, { instagram: true });
    const second = await publishedPost(users.clara.id, { instagram: true });
    control().configure({ meta: { insightsCallsPerHour: 1 } });
    advance(24 * HOUR);
    await readMetrics();
    const read = [...(await readings(first, 'instagram')), ...(await readings(second, 'instagram'))];
    expect(read.map((row) => row.outcome)).toEqual(['read']);
    const limits = await db().selectFrom('metric_read_limits').selectAll().where('network', '=', 'instagram').executeTakeFirstOrThrow();
    expect(limits).toMatchObject({ account: SOLER_INSTAGRAM, pause_reason: 'usage 100%' });
    const unread = (await readings(first, 'instagram')).length === 0 ? first : second;
    const waiting = await schedule(unread, 'instagram');
    expect(new Date(waiting.next_read_at as string).getTime()).toBe(new Date(limits.paused_until as string).getTime());
  });
});
