import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../../domain/studio-time.ts';
import { flagWriter, readInstant } from '../../db/values.ts';
import { systemClock } from '../../lib/clock.ts';
import { createStudioCalendar } from '../../lib/studio-calendar.ts';
import {
  type CrashTestApp,
  type HarnessCall,
  type WorkerProcess,
  type WorkerTuning,
  spawnWorkerProcess,
  startCrashTestApp,
} from '../../test-support/crash-harness.ts';
import type { TestDatabase } from '../../test-support/database.ts';
import { createTestProject } from '../../test-support/posts.ts';
import { storeVariantPair } from '../../test-support/publishing.ts';
import { seededRandom } from '../../lib/seeded-random.ts';
import { connect } from '../../test-support/social-sandbox.ts';
import { createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * Publishing through crashes (issue 13, item 12; DESIGN principle 4): app processes publishing over real
 * HTTP to the sandbox, which runs in a process of its own and answers every call after a delay, are
 * killed (SIGKILL) or stopped (SIGTERM) at chosen or seeded random moments and started again until every
 * post is published. Nothing may be posted twice or lost; a stop never leaves "needs review"; a crash
 * leaves it only for a creating call that was really under way (the sandbox says whether it received the
 * call and when it wrote the answer). The processes are production's ratios made small: a 1 s lease (60
 * s), a stop that waits 300 ms for handlers (10 s) while a call may take up to 1 s, under a 5 s request
 * time limit (15 s).
 *   TEST_DIALECT=sqlite npx vitest run --project server src/server/features/publishing/publish-crash.test.ts
 *   TEST_DIALECT=postgres DATABASE_URL_TEST=postgres://postgres@127.0.0.1:5432/test npx vitest run --project server src/server/features/publishing/publish-crash.test.ts
 * CRASH_SEED=<n> replays another schedule of kills.
 */
const SOLER_INSTAGRAM = '17841400000000001';
const STUDIO_PAGE = '104000000000001';
const TUNING: WorkerTuning = { leaseMs: 1_000, stopTimeoutMs: 300, requestTimeoutMs: 5_000, concurrency: 8, sweepIntervalMs: 250 };
/** A crash this soon after the sandbox wrote an answer may have come before the process read it and committed. */
const ANSWER_MARGIN_MS = 150;

type Network = 'linkedin' | 'instagram' | 'facebook';
const NETWORKS: readonly Network[] = ['linkedin', 'instagram', 'facebook'];
/** Graph's creating calls are Instagram's media_publish, or a Facebook page's /feed or published /photos. */
const networkOfCall = (call: HarnessCall): Network =>
  call.network === 'linkedin' ? 'linkedin' : call.path.endsWith('/media_publish') ? 'instagram' : 'facebook';

describe('publishing through crashes: app processes killed and stopped while publishing', () => {
  let env: CrashTestApp;
  let ownerId: string;
  let yesterday: string;
  let generation = 0;
  const processes: WorkerProcess[] = [];

  const db = () => env.t.database.db;
  const databaseSettings = () => (env.t.database as TestDatabase).settings;
  const resultOf = (postId: number, network: Network) =>
    db().selectFrom('post_results').selectAll().where('post_id', '=', postId).where('network', '=', network).executeTakeFirstOrThrow();
  const postRow = (postId: number) => db().selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirstOrThrow();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** A process spawned now, to `go()` once ready. */
  const spawnNext = () => {
    generation += 1;
    const worker = spawnWorkerProcess(env, databaseSettings(), `crash-${generation}`, TUNING);
    processes.push(worker);
    return worker;
  };
  const startNext = async () => {
    const worker = spawnNext();
    await worker.ready;
    worker.go();
    return worker;
  };
  const stop = async (worker: WorkerProcess, signal: 'SIGKILL' | 'SIGTERM') => {
    worker.kill(signal);
    return withTimeout(worker.exited, TUNING.requestTimeoutMs + 10_000, `${worker.workerId} did not end after ${signal}`);
  };

  /** Due since yesterday, with one image; texts without LinkedIn's reserved characters, so every network keeps them as they are. */
  async function createPosts(
    label: string,
    count: number,
    networks: { instagram: boolean; linkedin: boolean; facebook?: boolean },
  ): Promise<Array<{ id: number; text: string }>> {
    const keys = await storeVariantPair(env);
    const flag = flagWriter(env.t.database.dialect);
    const projectId = await createTestProject(db(), { createdBy: ownerId, state: 'preview' });
    const at = new Date().toISOString();
    const texts = Array.from({ length: count }, (_, index) => `Obra ${label} ${index + 1} luz piedra y patio`);
    const rows = await db()
      .insertInto('posts')
      .values(
        texts.map((text, index) => ({
          project_id: projectId,
          owner_id: ownerId,
          sequence: index + 1,
          state: 'scheduled',
          text,
          publish_on: yesterday,
          publish_time: '09:00',
          publish_at: instantOf(yesterday, '09:00', 'Europe/Madrid').toISOString(),
          to_instagram: flag(networks.instagram),
          to_linkedin: flag(networks.linkedin),
          to_facebook: flag(networks.facebook ?? false),
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute();
    await db()
      .insertInto('post_images')
      .values(
        rows.map((row) => ({
          post_id: row.id,
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
    return rows.map((row, index) => ({ id: row.id, text: texts[index]! }));
  }

  async function unpublished(postIds: number[]): Promise<number> {
    const rows = await db().selectFrom('posts').select('id').where('id', 'in', postIds).where('state', '<>', 'published').execute();
    return rows.length;
  }

  async function waitUntilPublished(postIds: number[], timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    while ((await unpublished(postIds)) > 0) {
      if (Date.now() > until) throw new Error(`${await unpublished(postIds)} of ${postIds.length} posts still unpublished after ${timeoutMs} ms`);
      await sleep(100);
    }
  }

  /** What the sandbox published, by text: LinkedIn's posts, Instagram's media and the Facebook page's posts. */
  async function publishedByText(): Promise<Map<string, Record<Network, Array<{ id: string; permalink: string }>>>> {
    const overview = await env.sandbox.control('published');
    const byText = new Map<string, Record<Network, Array<{ id: string; permalink: string }>>>();
    const entry = (text: string) => byText.get(text) ?? byText.set(text, { linkedin: [], instagram: [], facebook: [] }).get(text)!;
    for (const post of overview.linkedin) entry(post.commentary).linkedin.push({ id: post.id, permalink: post.permalink });
    for (const media of overview.instagram) entry(media.caption).instagram.push({ id: media.id, permalink: media.permalink });
    for (const post of overview.facebook) entry(post.message).facebook.push({ id: post.id, permalink: post.permalink });
    return byText;
  }

  beforeAll(async () => {
    env = await startCrashTestApp();
    // One account publishes the whole batch, retries included: beyond what the networks allow one account a day or an hour.
    await env.sandbox.control('configure', {
      linkedin: { postsPerDay: 100_000 },
      meta: { quotaTotal: 100_000, containersPerDay: 100_000, callsPerUserPerHour: 100_000 },
    });
    const user = await createTestUser(env.t, { email: 'clara@cliente.es' });
    ownerId = user.id;
    const cookie = await signIn(env.t, user.email, user.password);
    for (const network of NETWORKS) expect((await connect(env.t, cookie, network)).statusCode).toBe(200);
    for (const [network, targetId] of [
      ['instagram', SOLER_INSTAGRAM],
      ['facebook', STUDIO_PAGE],
    ] as const) {
      expect((await env.t.app.inject({ method: 'GET', url: `/api/social/${network}/pages`, headers: { cookie } })).statusCode).toBe(200);
      const chosen = await env.t.app.inject({ method: 'PUT', url: `/api/social/${network}/target`, headers: { cookie }, payload: { targetId } });
      expect(chosen.statusCode, chosen.body).toBe(200);
    }
    const today = createStudioCalendar({ timeZone: 'Europe/Madrid', now: systemClock }).today();
    yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  });
  afterAll(async () => {
    for (const worker of processes) if (worker.signal === undefined) worker.kill('SIGKILL');
    await Promise.all(processes.map((worker) => worker.exited));
    await env?.close();
  });

  it(
    'records an Instagram post as posted with its id once media_publish answers: killed during the link lookup, it stays posted and a later run reads the link',
    { timeout: 60_000 },
    async () => {
      const [post] = await createPosts('enlace', 1, { instagram: true, linkedin: false });
      await env.sandbox.setLatency({ holds: [{ method: 'GET', match: 'fields=permalink', delayMs: 30_000 }] });
      const first = await startNext();
      await env.sandbox.waitForCall((call) => call.method === 'GET' && call.url.includes('fields=permalink'), 30_000);
      await stop(first, 'SIGKILL');
      const [created] = (await env.sandbox.calls()).filter((call) => call.creating);
      expect(created).toMatchObject({ network: 'meta', status: 200, answeredAt: expect.any(Number) });
      expect(await resultOf(post!.id, 'instagram')).toMatchObject({ status: 'posted', remote_id: created!.createdId, permalink: null });

      await env.sandbox.setLatency({});
      const second = await startNext();
      await waitUntilPublished([post!.id], 20_000);
      expect((await stop(second, 'SIGTERM')).code).toBe(0);
      const [media] = (await publishedByText()).get(post!.text)!.instagram;
      expect(await resultOf(post!.id, 'instagram')).toMatchObject({ status: 'posted', remote_id: media!.id, permalink: media!.permalink });
      expect((await env.sandbox.calls()).filter((call) => call.creating)).toHaveLength(1);
    },
  );

  it(
    'a SIGKILL while the Facebook page is making the post: the next process reads the page once the call has surely ended and records it, posted once',
    { timeout: 60_000 },
    async () => {
      const before = (await env.sandbox.calls()).length;
      const [post] = await createPosts('pagina', 1, { instagram: false, linkedin: false, facebook: true });
      // The sandbox reads the published photo's call, then holds it: the process is killed meanwhile, the post is made after.
      await env.sandbox.setLatency({ holds: [{ method: 'POST', match: `${STUDIO_PAGE}/photos`, delayMs: 1_500 }] });
      const first = await startNext();
      const call = await env.sandbox.waitForCall((candidate) => candidate.sequence > before && candidate.creating, 30_000);
      await stop(first, 'SIGKILL');
      expect(await resultOf(post!.id, 'facebook')).toMatchObject({ status: 'publishing' });

      await env.sandbox.setLatency({});
      const second = await startNext();
      await waitUntilPublished([post!.id], 30_000);
      expect((await stop(second, 'SIGTERM')).code).toBe(0);
      const made = (await env.sandbox.calls()).find((candidate) => candidate.sequence === call.sequence)!;
      const [published, ...others] = (await publishedByText()).get(post!.text)!.facebook;
      expect(others).toEqual([]);
      expect(made.createdId).toBe(published!.id);
      expect(await resultOf(post!.id, 'facebook')).toMatchObject({ status: 'posted', remote_id: published!.id, permalink: published!.permalink, attempts: 1 });
      expect((await env.sandbox.calls()).filter((candidate) => candidate.sequence > before && candidate.creating)).toHaveLength(1);
    },
  );

  it('a SIGTERM during a slow creating call waits for its answer and records it: posted, never "needs review"', { timeout: 60_000 }, async () => {
    const before = (await env.sandbox.calls()).length;
    const [post] = await createPosts('espera', 1, { instagram: false, linkedin: true });
    // Longer than the stop's 300 ms for handlers, shorter than the request time limit.
    await env.sandbox.setLatency({ holds: [{ method: 'POST', match: '/rest/posts', delayMs: 1_500 }] });
    const worker = await startNext();
    const call = await env.sandbox.waitForCall((candidate) => candidate.sequence > before && candidate.creating, 30_000);
    const { code, at } = await stop(worker, 'SIGTERM');
    expect(code).toBe(0);
    const answered = (await env.sandbox.calls()).find((candidate) => candidate.sequence === call.sequence)!;
    expect(answered.answeredAt).toBeLessThanOrEqual(at);
    expect(await resultOf(post!.id, 'linkedin')).toMatchObject({ status: 'posted', remote_id: answered.createdId });
    // Nothing left for another process: the post went out whole, its job is done.
    expect(await postRow(post!.id)).toMatchObject({ state: 'published', publishing_since: null });
    expect(await db().selectFrom('jobs').select('state').where('subject', '=', `post:${post!.id}`).execute()).toEqual([{ state: 'done' }]);
    await env.sandbox.setLatency({});
  });

  it(
    'publishes a batch through seeded SIGKILLs and SIGTERMs: no duplicate, nothing lost, "needs review" only for calls under way at a crash',
    { timeout: 170_000 },
    async () => {
      const seed = Number(process.env.CRASH_SEED ?? 20_261_113);
      const random = seededRandom(seed);
      const POSTS = 36;
      const INTERRUPTIONS = 24;
      const callsBefore = (await env.sandbox.calls()).length;
      const posts = await createPosts('lote', POSTS, { instagram: true, linkedin: true, facebook: true });
      const postIds = posts.map((post) => post.id);
      await env.sandbox.setLatency({ minMs: 100, maxMs: 600, seed });
      // Two crashes for each stop, in a seeded order; each after a seeded while.
      const signals = Array.from({ length: INTERRUPTIONS }, (_, index) => (index % 3 === 2 ? 'SIGTERM' : 'SIGKILL') as 'SIGKILL' | 'SIGTERM');
      for (let index = signals.length - 1; index > 0; index -= 1) {
        const other = Math.floor(random() * (index + 1));
        [signals[index], signals[other]] = [signals[other]!, signals[index]!];
      }
      const started = Date.now();
      const interrupted: WorkerProcess[] = [];
      let next = spawnNext();
      for (const signal of signals) {
        const current = next;
        await current.ready;
        current.go();
        next = spawnNext();
        await sleep(300 + Math.round(random() * 1_200));
        const { code } = await stop(current, signal);
        interrupted.push(current);
        if (signal === 'SIGTERM') expect(code, `${current.workerId} stopped by SIGTERM`).toBe(0);
        if ((await unpublished(postIds)) === 0) break;
      }
      await next.ready;
      next.go();
      await waitUntilPublished(postIds, 60_000);
      expect((await stop(next, 'SIGTERM')).code).toBe(0);
      const elapsed = Date.now() - started;

      // What the sandbox received and published, by post.
      const byText = await publishedByText();
      const creating = (await env.sandbox.calls()).filter((call) => call.sequence > callsBefore && call.creating);
      const textOfCreated = new Map<string, string>();
      for (const [text, published] of byText)
        for (const entry of [...published.linkedin, ...published.instagram, ...published.facebook]) textOfCreated.set(entry.id, text);
      const callsOf = (text: string, network: Network) =>
        creating.filter((call) => networkOfCall(call) === network && call.createdId !== undefined && textOfCreated.get(call.createdId) === text);
      // A creating call creates its post, unless the crash cut it before the sandbox had read it whole.
      const cutShort = creating.filter((call) => call.createdId === undefined);
      expect(cutShort.filter((call) => call.answeredAt !== undefined)).toEqual([]);

      const results = await db().selectFrom('post_results').selectAll().where('post_id', 'in', postIds).execute();
      const processOf = (instant: Date) => interrupted.find((worker) => worker.goAt! <= instant.getTime() && instant.getTime() <= worker.signalAt!);
      const problems: string[] = [];
      const unknowns = { callUnderWay: 0, answeredJustBefore: 0, callNeverReceived: 0 };
      for (const post of posts) {
        expect(await postRow(post.id)).toMatchObject({ state: 'published', publishing_since: null });
        for (const network of NETWORKS) {
          const result = results.find((row) => row.post_id === post.id && row.network === network)!;
          const published = byText.get(post.text)?.[network] ?? [];
          const calls = callsOf(post.text, network);
          const where = `${post.text} on ${network}`;
          if (published.length > 1 || calls.length > 1) problems.push(`${where}: published ${published.length} times, called ${calls.length} times`);
          if (result.status === 'posted') {
            if (published.length !== 1 || result.remote_id !== published[0]!.id || result.permalink !== published[0]!.permalink)
              problems.push(`${where}: posted as ${result.remote_id} ${result.permalink}, the sandbox has ${JSON.stringify(published)}`);
            continue;
          }
          if (result.status !== 'unknown') {
            problems.push(`${where}: ${result.status} (${result.error})`);
            continue;
          }
          // "Needs review": the process that called died by SIGKILL before it had the answer.
          const caller = processOf(readInstant(result.started_at!));
          const call = calls[0];
          if (caller?.signal !== 'SIGKILL') problems.push(`${where}: unknown after ${caller ? `${caller.signal} of ${caller.workerId}` : 'no interruption'}`);
          else if (call?.answeredAt !== undefined && call.answeredAt < caller.signalAt! - ANSWER_MARGIN_MS) {
            problems.push(`${where}: unknown although the sandbox answered ${caller.signalAt! - call.answeredAt} ms before ${caller.workerId}'s SIGKILL`);
          } else if (published.length !== (call ? 1 : 0)) problems.push(`${where}: unknown, called ${calls.length} times, published ${published.length} times`);
          else if (!call) unknowns.callNeverReceived += 1;
          else if (call.answeredAt === undefined || call.answeredAt > caller.signalAt!) unknowns.callUnderWay += 1;
          else unknowns.answeredJustBefore += 1;
        }
      }
      expect(problems).toEqual([]);
      const leftJobs = await db()
        .selectFrom('jobs')
        .select(['id', 'state'])
        .where('kind', '=', 'publish-post')
        .where('state', 'in', ['queued', 'running'])
        .execute();
      expect(leftJobs).toEqual([]);

      // The schedule reached the moments that matter: calls under way at a crash and at a stop.
      const underWayAt = (worker: WorkerProcess) =>
        creating.filter((call) => call.receivedAt <= worker.signalAt! && (call.answeredAt ?? call.closedAt ?? Infinity) > worker.signalAt!).length;
      const kills = interrupted.filter((worker) => worker.signal === 'SIGKILL');
      const stops = interrupted.filter((worker) => worker.signal === 'SIGTERM');
      const callsUnderWayAtKills = kills.reduce((sum, worker) => sum + underWayAt(worker), 0);
      const callsUnderWayAtStops = stops.reduce((sum, worker) => sum + underWayAt(worker), 0);
      expect(callsUnderWayAtStops).toBeGreaterThan(0);
      expect(callsUnderWayAtKills).toBeGreaterThan(0);
      const count = (network: Network, status: string) => results.filter((row) => row.network === network && row.status === status).length;
      console.log(
        `publishing through crashes (${env.t.database.dialect}, seed ${seed}): ${POSTS} posts × 3 networks in ${elapsed} ms; ` +
          `${kills.length} SIGKILLs (${callsUnderWayAtKills} creating calls under way) and ${stops.length} SIGTERMs (${callsUnderWayAtStops} under way, all recorded); ` +
          `${creating.length} creating calls; LinkedIn posted ${count('linkedin', 'posted')}, unknown ${count('linkedin', 'unknown')}; ` +
          `Instagram posted ${count('instagram', 'posted')}, unknown ${count('instagram', 'unknown')}; ` +
          `Facebook posted ${count('facebook', 'posted')}, unknown ${count('facebook', 'unknown')} (a crash's call resolved by the page's posts); ` +
          `"needs review": ${unknowns.callUnderWay} with the call under way at a crash, ${unknowns.answeredJustBefore} answered less than ${ANSWER_MARGIN_MS} ms before it, ` +
          `${unknowns.callNeverReceived} killed before the sandbox had the call (${cutShort.length} cut short); duplicates 0, lost 0`,
      );
    },
  );
});

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
