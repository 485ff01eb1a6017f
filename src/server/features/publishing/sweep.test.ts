import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type PublishingTestApp, publishingDependencies, startPublishingTestApp } from '../../test-support/publishing.ts';
import { createTestUser } from '../../test-support/test-app.ts';
import { createPublishSweep } from './sweep.ts';

/**
 * The sweep (DESIGN §6, decision 026): a post scheduled for a day and time is queued at that minute in
 * the studio's time zone (or at once when it has passed), once; a post whose publish job was lost is
 * queued again. 9:00 in Madrid on 10 June 2025 is 07:00 UTC.
 */
const BEFORE_THE_HOUR = new Date('2025-06-10T06:59:59.999Z');
const AT_THE_HOUR = new Date('2025-06-10T07:00:00Z');

describe('publishing: the sweep', () => {
  let env: PublishingTestApp;
  let clock = BEFORE_THE_HOUR;
  let wakes = 0;
  let sweep: ReturnType<typeof createPublishSweep>;
  let owner: string;
  let project: number;

  const db = () => env.t.database.db;
  const post = (values: Partial<Parameters<typeof createTestPost>[1]>) =>
    createTestPost(db(), { projectId: project, ownerId: owner, state: 'scheduled', networks: { linkedin: true }, ...values }).then((created) => created.id);
  const jobsOf = (id: number) => db().selectFrom('jobs').selectAll().where('subject', '=', `post:${id}`).orderBy('id').execute();

  beforeAll(async () => {
    env = await startPublishingTestApp();
    const now = () => clock;
    sweep = createPublishSweep(publishingDependencies(env, { now, wakeJobs: () => void (wakes += 1) }));
    owner = (await createTestUser(env.t, { email: 'clara@cliente.es' })).id;
    project = await createTestProject(db(), { createdBy: owner });
  });
  afterAll(() => env.close());

  it('queues a time already past at once, a post at 09:00 from 09:00:00 and not a millisecond before, a later one never; each once', async () => {
    const yesterday = await post({ publishOn: '2025-06-09', publishTime: '18:30' });
    const today = await post({ publishOn: '2025-06-10', publishTime: '09:00' });
    const later = await post({ publishOn: '2025-06-10', publishTime: '09:01' });
    const tomorrow = await post({ publishOn: '2025-06-11', publishTime: '00:00' });
    const preview = await post({ state: 'preview', publishOn: null, networks: {} });
    const published = await post({ state: 'published', publishOn: '2025-06-09' });

    clock = BEFORE_THE_HOUR;
    wakes = 0;
    expect(await sweep.run()).toEqual([yesterday]);
    expect(wakes).toBe(1);
    const [job] = await jobsOf(yesterday);
    expect(job).toMatchObject({ kind: 'publish-post', state: 'queued', attempts: 0, max_attempts: 6 });
    expect(JSON.parse(job!.payload)).toEqual({ postId: yesterday });
    // Due at once by the clock the sweep read, which the job worker reads too (docs/decisions/035).
    expect(new Date(job!.run_at).getTime()).toBe(BEFORE_THE_HOUR.getTime());

    clock = AT_THE_HOUR;
    // Two processes sweeping at the same moment still queue each post once.
    const [first, second] = await Promise.all([sweep.run(), sweep.run()]);
    expect([...first, ...second]).toEqual([today]);
    expect(await sweep.run()).toEqual([]);
    clock = new Date('2025-06-10T07:01:00Z');
    expect(await sweep.run()).toEqual([later]);
    for (const id of [yesterday, today, later]) expect(await jobsOf(id)).toHaveLength(1);
    for (const id of [tomorrow, preview, published]) expect(await jobsOf(id)).toEqual([]);
  });

  it('queues again a post held by a job that is gone, once the job lease has passed; not one whose job is alive', async () => {
    clock = AT_THE_HOUR;
    const lost = await post({ publishOn: '2025-06-09', publishingSince: new Date(AT_THE_HOUR.getTime() - 5 * 60_000) });
    const fresh = await post({ publishOn: '2025-06-09', publishingSince: new Date(AT_THE_HOUR.getTime() - 30_000) });
    const alive = await post({ publishOn: '2025-06-09', publishingSince: new Date(AT_THE_HOUR.getTime() - 5 * 60_000) });
    const at = AT_THE_HOUR.toISOString();
    const job = (id: number, state: 'failed' | 'running') => ({
      kind: 'publish-post',
      subject: `post:${id}`,
      payload: JSON.stringify({ postId: id }),
      state,
      run_at: at,
      attempts: 5,
      max_attempts: 5,
      created_at: at,
      updated_at: at,
    });
    await db()
      .insertInto('jobs')
      .values([job(lost, 'failed'), job(alive, 'running')])
      .execute();

    expect(await sweep.run()).toEqual([lost]);
    expect((await jobsOf(lost)).map((row) => row.state)).toEqual(['failed', 'queued']);
    expect(await jobsOf(fresh)).toEqual([]);
    expect(await jobsOf(alive)).toHaveLength(1);
  });

  it('queues the posts taking turns among their owners, the order the worker claims them in', async () => {
    clock = AT_THE_HOUR;
    const other = (await createTestUser(env.t, { email: 'pau@cliente.es' })).id;
    const otherProject = await createTestProject(db(), { createdBy: other });
    const first = [await post({ publishOn: '2025-06-07' }), await post({ publishOn: '2025-06-07' }), await post({ publishOn: '2025-06-07' })];
    const second = [];
    for (let index = 0; index < 2; index += 1) {
      second.push(
        (await createTestPost(db(), { projectId: otherProject, ownerId: other, state: 'scheduled', publishOn: '2025-06-07', networks: { linkedin: true } })).id,
      );
    }
    await sweep.run();
    const jobs = await db()
      .selectFrom('jobs')
      .select(['id', 'subject'])
      .where(
        'subject',
        'in',
        [...first, ...second].map((id) => `post:${id}`),
      )
      .orderBy('id')
      .execute();
    expect(jobs.map((job) => Number(job.subject!.slice('post:'.length)))).toEqual([first[0], second[0], first[1], second[1], first[2]]);
  });

  it('queues a post as its minute strikes, not up to a minute later: its timer turns with the minute', async () => {
    // This sweep's clock reads 10:14:57 in Madrid on 12 June as it starts: its first sweep is before 10:15.
    const offset = Date.parse('2025-06-12T08:14:57.000Z') - Date.now();
    const now = () => new Date(Date.now() + offset);
    const onTheMinute = createPublishSweep(publishingDependencies(env, { now }));
    const due = await post({ publishOn: '2025-06-12', publishTime: '10:15' });
    onTheMinute.start();
    try {
      expect(await jobsOf(due)).toEqual([]);
      await vi.waitFor(async () => expect(await jobsOf(due)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    } finally {
      await onTheMinute.stop();
    }
  });

  it('sweeps at once when started, then on its timer, until stopped', async () => {
    clock = AT_THE_HOUR;
    const due = await post({ publishOn: '2025-06-08' });
    sweep.start();
    sweep.start();
    await sweep.stop();
    expect(await jobsOf(due)).toHaveLength(1);
  });

  it('sweeps at once when nudged (the clock was moved), only while started', async () => {
    clock = new Date('2025-06-20T08:00:00Z');
    const due = await post({ publishOn: '2025-06-20', publishTime: '12:00' });
    sweep.start();
    try {
      clock = new Date('2025-06-20T10:00:00Z');
      sweep.nudge();
      await vi.waitFor(async () => expect(await jobsOf(due)).toHaveLength(1), { timeout: 5_000, interval: 20 });
    } finally {
      await sweep.stop();
    }
    const stopped = await post({ publishOn: '2025-06-20', publishTime: '12:00' });
    sweep.nudge();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await jobsOf(stopped)).toEqual([]);
  });
});
