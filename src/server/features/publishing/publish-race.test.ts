import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../../domain/studio-time.ts';
import { systemClock } from '../../lib/clock.ts';
import { createStudioCalendar } from '../../lib/studio-calendar.ts';
import { testDialect } from '../../test-support/database.ts';
import { createTestProject } from '../../test-support/posts.ts';
import { type PublishingTestApp, startPublishingTestApp, storeVariantPair } from '../../test-support/publishing.ts';
import { connect } from '../../test-support/social-sandbox.ts';
import { TEST_TOKEN_KEY, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * DESIGN principle 3 and 4: several app processes on one PostgreSQL never publish a post twice. Three
 * child processes, each with its own connections and the real worker, publish handler and sweep, race
 * over 500 due posts (half queued twice, as if the posts API and a sweep had both queued them; half
 * left for the three sweeps to find); the sandbox counts what was published.
 *   TEST_DIALECT=postgres DATABASE_URL_TEST=postgres://postgres@127.0.0.1:5432/test npx vitest run --project server src/server/features/publishing/publish-race.test.ts
 */
const PROJECTS = 50;
const POSTS_PER_PROJECT = 10;
const POSTS = PROJECTS * POSTS_PER_PROJECT;
const PROCESSES = 3;
/** One post in four goes to the studio's Facebook page as well (issue 27). */
const FACEBOOK_POSTS = POSTS / 4;
const STUDIO_PAGE = '104000000000001';
const WORKER_SCRIPT = path.resolve('src/server/test-support/publishing-race-worker.ts');

interface WorkerReport {
  handled: number;
  swept: number;
  ms: number;
}

describe.runIf(testDialect() === 'postgres')('publishing: three processes racing over 500 due posts', () => {
  let env: PublishingTestApp;
  const children: ChildProcessWithoutNullStreams[] = [];

  beforeAll(async () => {
    env = await startPublishingTestApp();
    // One account publishes the whole batch, retries included: beyond what the networks allow one account a day or an hour.
    env.sandbox.sandbox.control.configure({
      linkedin: { postsPerDay: 100_000 },
      meta: { quotaTotal: 100_000, containersPerDay: 100_000, callsPerUserPerHour: 100_000 },
    });
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill();
    await env.close();
  });

  it('publishes each post exactly once, counted at the sandbox, and launches every project', { timeout: 300_000 }, async () => {
    const db = env.t.database.db;
    const user = await createTestUser(env.t, { email: 'clara@cliente.es' });
    const cookie = await signIn(env.t, user.email, user.password);
    for (const network of ['linkedin', 'instagram', 'facebook'] as const) expect((await connect(env.t, cookie, network)).statusCode).toBe(200);
    await env.t.app.inject({ method: 'GET', url: '/api/social/instagram/pages', headers: { cookie } });
    await env.t.app.inject({ method: 'PUT', url: '/api/social/instagram/target', headers: { cookie }, payload: { targetId: '17841400000000001' } });
    await env.t.app.inject({ method: 'GET', url: '/api/social/facebook/pages', headers: { cookie } });
    const chosen = await env.t.app.inject({ method: 'PUT', url: '/api/social/facebook/target', headers: { cookie }, payload: { targetId: STUDIO_PAGE } });
    expect(chosen.statusCode, chosen.body).toBe(200);

    // Due since yesterday, so the publish hour does not matter; every fifth also to Instagram.
    const today = createStudioCalendar({ timeZone: 'Europe/Madrid', now: systemClock }).today();
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const keys = await storeVariantPair(env);
    const at = new Date().toISOString();
    const postIds: number[] = [];
    for (let project = 0; project < PROJECTS; project += 1) {
      const projectId = await createTestProject(db, { createdBy: user.id, state: 'preview' });
      const rows = await db
        .insertInto('posts')
        .values(
          Array.from({ length: POSTS_PER_PROJECT }, (_, index) => {
            const number = project * POSTS_PER_PROJECT + index;
            return {
              project_id: projectId,
              owner_id: user.id,
              sequence: index + 1,
              state: 'scheduled',
              text: `Obra ${number}: luz, piedra y patio. #arquitectura`,
              publish_on: yesterday,
              publish_time: '09:00',
              publish_at: instantOf(yesterday, '09:00', 'Europe/Madrid').toISOString(),
              to_instagram: number % 5 === 0,
              to_linkedin: true,
              to_facebook: number % 4 === 1,
              created_at: at,
              updated_at: at,
            };
          }),
        )
        .returning('id')
        .execute();
      postIds.push(...rows.map((row) => row.id));
    }
    await db
      .insertInto('post_images')
      .values(
        postIds.map((postId) => ({
          post_id: postId,
          position: 0,
          status: 'pending',
          instagram_key: keys.instagramKey,
          instagram_width: 400,
          instagram_height: 500,
          linkedin_key: keys.linkedinKey,
          linkedin_content_type: 'image/jpeg',
          created_at: at,
        })),
      )
      .execute();
    const queuedTwice = postIds.slice(0, POSTS / 2);
    const job = (postId: number) => ({
      kind: 'publish-post',
      subject: `post:${postId}`,
      payload: JSON.stringify({ postId }),
      state: 'queued' as const,
      run_at: at,
      attempts: 0,
      max_attempts: 5,
      created_at: at,
      updated_at: at,
    });
    // Side by side in the queue, so two workers take the same post's two jobs at the same moment.
    await db
      .insertInto('jobs')
      .values(queuedTwice.flatMap((postId) => [job(postId), job(postId)]))
      .execute();

    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
    const databaseUrl = new URL(process.env.DATABASE_URL_TEST!);
    databaseUrl.pathname = `/${rows[0]!.name}`;
    const reports = await race({
      RACE_DATABASE_URL: databaseUrl.toString(),
      RACE_SANDBOX_BASE: env.sandbox.base,
      RACE_PUBLIC_URL: env.publicUrl,
      RACE_MEDIA_DIR: env.t.mediaDir,
      RACE_TOKEN_KEY: TEST_TOKEN_KEY.toString('base64'),
    });

    const published = env.sandbox.sandbox.control.published();
    const linkedinTexts = published.linkedin.map((post) => post.commentary).filter((text) => text.startsWith('Obra '));
    const instagramTexts = published.instagram.map((media) => media.caption).filter((text) => text.startsWith('Obra '));
    expect(linkedinTexts).toHaveLength(POSTS);
    expect(new Set(linkedinTexts).size).toBe(POSTS);
    expect(instagramTexts).toHaveLength(POSTS / 5);
    expect(new Set(instagramTexts).size).toBe(POSTS / 5);
    const facebookTexts = published.facebook.map((post) => post.message).filter((text) => text.startsWith('Obra '));
    expect(facebookTexts).toHaveLength(FACEBOOK_POSTS);
    expect(new Set(facebookTexts).size).toBe(FACEBOOK_POSTS);

    const posts = await db.selectFrom('posts').select(['state', 'publishing_since']).where('id', 'in', postIds).execute();
    expect(posts.every((post) => post.state === 'published' && post.publishing_since === null)).toBe(true);
    const results = await db.selectFrom('post_results').select(['network', 'status', 'attempts']).where('post_id', 'in', postIds).execute();
    const count = (network: string, status: string) => results.filter((result) => result.network === network && result.status === status).length;
    expect([count('linkedin', 'posted'), count('instagram', 'posted'), count('instagram', 'not_selected')]).toEqual([POSTS, POSTS / 5, POSTS - POSTS / 5]);
    // Facebook has a result only where it was chosen (decision 053).
    expect([count('facebook', 'posted'), results.filter((result) => result.network === 'facebook').length]).toEqual([FACEBOOK_POSTS, FACEBOOK_POSTS]);
    expect(results.filter((result) => result.status === 'posted').every((result) => result.attempts === 1)).toBe(true);
    const launched = await db.selectFrom('projects').select('id').where('created_by', '=', user.id).where('state', '=', 'launched').execute();
    expect(launched).toHaveLength(PROJECTS);
    // The three sweeps together queued each post nobody had queued exactly once.
    const jobs = await db.selectFrom('jobs').select(['subject', 'state']).where('kind', '=', 'publish-post').execute();
    expect(jobs).toHaveLength((POSTS / 2) * 2 + POSTS / 2);
    expect(new Set(jobs.map((row) => row.subject)).size).toBe(POSTS);
    expect(jobs.every((row) => row.state === 'done')).toBe(true);
    expect(reports.reduce((sum, report) => sum + report.swept, 0)).toBe(POSTS / 2);
    expect(reports.reduce((sum, report) => sum + report.handled, 0)).toBe(jobs.length);

    const slowest = Math.max(...reports.map((report) => report.ms));
    console.log(
      `publishing race: ${POSTS} posts (${POSTS / 5} also to Instagram, ${FACEBOOK_POSTS} to Facebook), ${jobs.length} jobs, ${PROCESSES} processes × 4 handlers: ` +
        `${slowest} ms, ${Math.round((POSTS / slowest) * 1000)} posts/s; jobs run per process ${reports.map((report) => report.handled).join(' / ')}; ` +
        `LinkedIn posts ${linkedinTexts.length}, Instagram media ${instagramTexts.length}, Facebook posts ${facebookTexts.length}, duplicates 0`,
    );
  });

  /** Starts the processes, lets them go together once all are ready, and reads their reports. */
  async function race(settings: Record<string, string>): Promise<WorkerReport[]> {
    const reports = Array.from({ length: PROCESSES }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT], { cwd: process.cwd(), env: { ...process.env, ...settings } });
      child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
      children.push(child);
      const lines = readline.createInterface({ input: child.stdout });
      const ready = new Promise<void>((resolve) => lines.on('line', (line) => line === 'ready' && resolve()));
      const report = new Promise<WorkerReport>((resolve, reject) => {
        lines.on('line', (line) => line.startsWith('{') && resolve(JSON.parse(line) as WorkerReport));
        child.on('exit', (code) => reject(new Error(`a race process exited with ${code} before reporting`)));
      });
      return { child, ready, report };
    });
    await Promise.all(reports.map((entry) => entry.ready));
    for (const { child } of reports) child.stdin.write('go\n');
    return Promise.all(reports.map((entry) => entry.report));
  }
});
