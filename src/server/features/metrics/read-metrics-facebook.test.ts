import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultMetaPages } from '../../../sandbox/personas.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { createStudioCalendar } from '../../lib/studio-calendar.ts';
import { type PublishingTestApp, createDuePost, publishingDependencies, silentLog, startPublishingTestApp } from '../../test-support/publishing.ts';
import { connect, sandboxClients } from '../../test-support/social-sandbox.ts';
import { createTestUser, signIn } from '../../test-support/test-app.ts';
import { type MetricsDependencies, createReadMetricsHandler, projectFiguresOf } from './service.ts';

/**
 * A Facebook Page post's figures (issue 27, decision 056) read back over real HTTP from the sandbox, on the
 * database under test: the post's own reactions, comments and shares, with the page's token, at the pace
 * of decision 045 and growing with the sandbox clock; a network that fails is tried again; Meta's Business
 * Use Case limit for the page pauses its readings; a removed permission and a refused token are readings
 * with their reason, never a closed connection nor a failed post.
 */
const HOUR = 3_600_000;
const STUDIO_PAGE = defaultMetaPages()[0]!;

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
let env: PublishingTestApp;
let users = 0;

beforeAll(async () => {
  env = await startPublishingTestApp({ now: clock });
});
afterAll(() => env.close());
beforeEach(async () => {
  // Each test starts with nothing due from the others.
  await db().updateTable('post_metric_reads').set({ next_read_at: null }).execute();
  await db().deleteFrom('metric_read_limits').execute();
  control().configure({ meta: { insightsCallsPerHour: 200 } });
  control().clearFaults();
});

const db = () => env.t.database.db;
const control = () => env.sandbox.sandbox.control;
const advance = (ms: number) => {
  offsetMs += ms;
  control().advanceTime(ms / 1000);
};

async function readMetrics(overrides: Partial<MetricsDependencies> = {}): Promise<void> {
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
    clients: { linkedin: clients.linkedin, instagram: clients.instagram, facebook: clients.facebook },
    memberPostAnalytics: false,
    log: silentLog,
    now: clock,
    ...overrides,
  })(context);
}

/** A customer whose Facebook page (the studio's) got a post with one image, published by the engine. */
async function publishedOnFacebook(): Promise<{ postId: number; userId: string; cookie: string }> {
  const user = await createTestUser(env.t, { email: `fb${++users}@metrics-facebook.test`, role: 'customer' });
  const cookie = await signIn(env.t, user.email, user.password);
  const call = (method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    env.t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  expect((await connect(env.t, cookie, 'facebook')).statusCode).toBe(200);
  expect((await call('GET', '/api/social/facebook/pages')).statusCode).toBe(200);
  expect((await call('PUT', '/api/social/facebook/target', { targetId: STUDIO_PAGE.id })).statusCode).toBe(200);
  const today = createStudioCalendar({ timeZone: 'Europe/Madrid', now: clock }).today();
  const { id } = await createDuePost(env, { ownerId: user.id, publishOn: today, networks: { facebook: true } });
  await enqueueJob(db(), { kind: 'publish-post', subject: `post:${id}`, payload: { postId: id }, now: clock() });
  await env.t.worker.runDueJobs();
  expect((await result(id)).status).toBe('posted');
  // The job gives the new result its schedule.
  await readMetrics();
  return { postId: id, userId: user.id, cookie };
}

const result = (postId: number) =>
  db().selectFrom('post_results').selectAll().where('post_id', '=', postId).where('network', '=', 'facebook').executeTakeFirstOrThrow();
const readings = (postId: number) =>
  db().selectFrom('post_metrics').selectAll().where('post_id', '=', postId).where('network', '=', 'facebook').orderBy('id').execute();
const schedule = (postId: number) =>
  db().selectFrom('post_metric_reads').selectAll().where('post_id', '=', postId).where('network', '=', 'facebook').executeTakeFirstOrThrow();
const connected = async (userId: string) =>
  Boolean(
    (
      await db()
        .selectFrom('social_connections')
        .select('is_connected')
        .where('user_id', '=', userId)
        .where('network', '=', 'facebook')
        .executeTakeFirstOrThrow()
    ).is_connected,
  );

describe('reading a Facebook Page post’s figures', () => {
  it('reads its reactions, comments and shares at the pace, growing, and shows them on the post', async () => {
    const { postId, cookie } = await publishedOnFacebook();
    expect(await readings(postId)).toEqual([]);
    const published = new Date((await schedule(postId)).published_at as string);

    advance(HOUR);
    await readMetrics();
    // Live counts: an hour in (inside the sandbox's two hours before people react) a true zero, not "not yet".
    const [early] = await readings(postId);
    expect(early).toMatchObject({ outcome: 'read', reason: null, reactions: 0, comments: 0, shares: 0, interactions: 0, reach: null, impressions: null });
    expect(new Date((await schedule(postId)).next_read_at as string).getTime()).toBe(published.getTime() + 24 * HOUR);

    advance(23 * HOUR);
    await readMetrics();
    const day = (await readings(postId))[1]!;
    expect(day.outcome).toBe('read');
    expect(day.reactions).toBeGreaterThan(0);
    expect(day.interactions).toBe(day.reactions! + day.comments! + day.shares!);
    expect(new Date((await schedule(postId)).next_read_at as string).getTime()).toBe(published.getTime() + 72 * HOUR);

    advance(48 * HOUR);
    await readMetrics();
    const later = (await readings(postId))[2]!;
    expect(later.reactions).toBeGreaterThan(day.reactions!);

    const answer = await env.t.app.inject({ method: 'GET', url: `/api/posts/${postId}/metrics`, headers: { cookie } });
    expect(answer.statusCode, answer.body).toBe(200);
    const shown = (answer.json() as { networks: Array<{ network: string; figures: Record<string, number | null> | null }> }).networks;
    expect(shown.find((entry) => entry.network === 'facebook')!.figures).toMatchObject({ reactions: later.reactions, interactions: later.interactions });
    // The Results page's totals and the project's sums have their Facebook line.
    const results = await env.t.app.inject({ method: 'GET', url: '/api/results?period=7d', headers: { cookie } });
    expect(results.statusCode, results.body).toBe(200);
    const totals = (results.json() as { totals: Array<{ network: string; posts: number; figures: Record<string, number> }> }).totals;
    expect(totals.find((entry) => entry.network === 'facebook')).toMatchObject({ posts: 1, figures: { reactions: later.reactions, comments: later.comments } });
    const project = (await projectFiguresOf({ db: db(), dialect: env.t.database.dialect }, [later.project_id])).get(later.project_id);
    expect(project?.find((entry) => entry.network === 'facebook')).toMatchObject({ posts: 1, figures: { reactions: later.reactions, shares: later.shares } });
  });

  it('tries a failed reading again later, and waits for the page’s Business Use Case limit', async () => {
    const { postId } = await publishedOnFacebook();
    advance(24 * HOUR);
    const { remote_id: remoteId } = await result(postId);
    control().fail({ network: 'meta', path: `/${remoteId}`, kind: 'server-error' });
    await readMetrics();
    expect((await readings(postId)).map((row) => [row.outcome, row.reason])).toEqual([['failed', 'network_failed']]);
    expect((await schedule(postId)).failures).toBe(1);

    control().configure({ meta: { insightsCallsPerHour: 0 } });
    advance(HOUR);
    await readMetrics();
    // Refused with Meta's Pages limit code: nothing recorded, the page's readings wait.
    expect(await readings(postId)).toHaveLength(1);
    const pause = await db().selectFrom('metric_read_limits').selectAll().where('network', '=', 'facebook').where('account', '=', STUDIO_PAGE.id).execute();
    expect(pause).toHaveLength(1);
    expect(new Date((await schedule(postId)).next_read_at as string).getTime()).toBeGreaterThan(clock().getTime());
  });

  it('records a removed permission and a refused token as readings, the connection open and the post published', async () => {
    const { postId, userId } = await publishedOnFacebook();
    const other = await publishedOnFacebook();
    advance(24 * HOUR);
    control().removeMetaPermission('pages_read_engagement');
    await readMetrics();
    for (const id of [postId, other.postId])
      expect((await readings(id)).map((row) => [row.outcome, row.reason])).toEqual([['unavailable', 'permission_missing']]);
    expect(await connected(userId)).toBe(true);
    expect((await result(postId)).status).toBe('posted');

    control().revokeTokens('meta');
    advance(48 * HOUR);
    await readMetrics();
    expect((await readings(postId)).map((row) => row.reason)).toEqual(['permission_missing', 'token_refused']);
    expect(await connected(userId)).toBe(true);
    expect((await result(postId)).status).toBe('posted');
  });
});
