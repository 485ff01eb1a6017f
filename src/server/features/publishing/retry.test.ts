import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Post, displayedStateOf } from '../../../domain/post.ts';
import { systemClock } from '../../lib/clock.ts';
import { createStudioCalendar } from '../../lib/studio-calendar.ts';
import { type PublishingTestApp, createDuePost, createTestPublishing, startPublishingTestApp } from '../../test-support/publishing.ts';
import { connect } from '../../test-support/social-sandbox.ts';
import { createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * Exactly once per network, through the studio's own actions too (issue 29): a post that went out to
 * Instagram and failed on LinkedIn retries LinkedIn alone, and Instagram is never called again; "publish
 * again" keeps where the post is out, and going back to such a network needs an explicit yes
 * (decision 028). Over real HTTP to the networks' sandbox, whose list of what it published is the proof.
 */
const SOLER_INSTAGRAM = '17841400000000001';

describe('retrying a failed network, and publishing again', () => {
  let env: PublishingTestApp;
  let today: string;
  let tomorrow: string;
  const users: Record<'clara' | 'bruno' | 'pau', { id: string; cookie: string }> = {} as never;

  const db = () => env.t.database.db;
  const control = () => env.sandbox.sandbox.control;
  const call = (cookie: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    env.t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const getPost = async (id: number) => (await call(users.clara.cookie, 'GET', `/api/posts/${id}`)).json<Post>();
  const textOf = async (id: number) => (await db().selectFrom('posts').select('text').where('id', '=', id).executeTakeFirstOrThrow()).text;
  const onInstagram = async (id: number) => {
    const text = await textOf(id);
    return control()
      .published()
      .instagram.filter((media) => media.caption === text);
  };
  const onLinkedin = async (id: number) => {
    const text = await textOf(id);
    return control()
      .published()
      .linkedin.filter((post) => post.commentary.replace(/\\(.)/g, '$1') === text);
  };
  const activeJobs = (id: number) =>
    db().selectFrom('jobs').select('id').where('subject', '=', `post:${id}`).where('state', 'in', ['queued', 'running']).execute();

  /** A post of Clara's sent to both networks with LinkedIn failing (one try allowed): out on Instagram only. */
  async function partlyPublished(): Promise<number> {
    const once = createTestPublishing(env, { maxAttempts: 1 });
    const { id } = await createDuePost(env, { ownerId: users.clara.id, publishOn: today, networks: { instagram: true, linkedin: true } });
    await db()
      .insertInto('jobs')
      .values({
        kind: 'publish-post',
        subject: `post:${id}`,
        payload: JSON.stringify({ postId: id }),
        state: 'queued',
        run_at: new Date().toISOString(),
        attempts: 0,
        max_attempts: 1,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    control().fail({ network: 'linkedin', kind: 'server-error', path: '/rest/posts', times: 0 });
    try {
      await once.worker.runDueJobs();
    } finally {
      control().clearFaults();
    }
    const post = await getPost(id);
    expect(post.results).toMatchObject({ instagram: { status: 'posted' }, linkedin: { status: 'failed', error_code: 'gaveUp' } });
    expect(displayedStateOf(post)).toBe('publishedWithErrors');
    return id;
  }

  beforeAll(async () => {
    env = await startPublishingTestApp();
    const calendar = createStudioCalendar({ timeZone: 'Europe/Madrid', now: systemClock });
    today = calendar.today();
    tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const [name, role] of [
      ['clara', 'customer'],
      ['bruno', 'customer'],
      ['pau', 'publisher'],
    ] as const) {
      const user = await createTestUser(env.t, { email: `${name}@cliente.es`, role, firstName: name });
      users[name] = { id: user.id, cookie: await signIn(env.t, user.email, user.password) };
    }
    for (const network of ['linkedin', 'instagram'] as const) expect((await connect(env.t, users.clara.cookie, network)).statusCode).toBe(200);
    expect((await call(users.clara.cookie, 'GET', '/api/social/instagram/pages')).statusCode).toBe(200);
    expect((await call(users.clara.cookie, 'PUT', '/api/social/instagram/target', { targetId: SOLER_INSTAGRAM })).statusCode).toBe(200);
  });
  afterAll(() => env.close());

  it('retries the failed network alone: LinkedIn gets the post, Instagram keeps its one copy and its result', async () => {
    const id = await partlyPublished();
    const instagramBefore = await db()
      .selectFrom('post_results')
      .selectAll()
      .where('post_id', '=', id)
      .where('network', '=', 'instagram')
      .executeTakeFirstOrThrow();
    expect(await onInstagram(id)).toHaveLength(1);

    const retried = await call(users.clara.cookie, 'POST', `/api/posts/${id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<Post>()).toMatchObject({
      state: 'scheduled',
      results: { instagram: { status: 'posted' }, linkedin: { status: 'pending', attempts: 0, error_code: null } },
    });
    expect(await env.t.worker.runDueJobs()).toBe(1);

    const post = await getPost(id);
    expect(post).toMatchObject({
      state: 'published',
      in_process: false,
      results: { instagram: { status: 'posted' }, linkedin: { status: 'posted', attempts: 1 } },
    });
    expect(displayedStateOf(post)).toBe('published');
    expect(await onInstagram(id)).toHaveLength(1);
    expect(await onLinkedin(id)).toHaveLength(1);
    const instagramAfter = await db()
      .selectFrom('post_results')
      .selectAll()
      .where('post_id', '=', id)
      .where('network', '=', 'instagram')
      .executeTakeFirstOrThrow();
    expect(instagramAfter).toMatchObject({ remote_id: instagramBefore.remote_id, attempts: instagramBefore.attempts, status: 'posted' });

    // Nothing failed any more: nothing to retry, and nothing changes.
    const again = await call(users.clara.cookie, 'POST', `/api/posts/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'NOTHING_TO_RETRY' } });
    expect((await getPost(id)).state).toBe('published');
  });

  it('retried twice at once, it queues one publication and LinkedIn gets the post once', async () => {
    const id = await partlyPublished();
    const answers = await Promise.all([1, 2, 3].map(() => call(users.clara.cookie, 'POST', `/api/posts/${id}/retry`)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(2);
    expect(await activeJobs(id)).toHaveLength(1);
    await env.t.worker.runDueJobs();
    expect(await onLinkedin(id)).toHaveLength(1);
    expect(await onInstagram(id)).toHaveLength(1);
  });

  it('refuses a retry to a network whose account is not connected, changing nothing', async () => {
    const id = await partlyPublished();
    expect((await call(users.clara.cookie, 'DELETE', '/api/social/linkedin')).statusCode).toBe(200);
    try {
      const refused = await call(users.clara.cookie, 'POST', `/api/posts/${id}/retry`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: { code: 'SOCIAL_NOT_CONNECTED', details: { linkedin: 'noLinkedInConnection' } } });
      expect((await getPost(id)).results.linkedin).toMatchObject({ status: 'failed', error_code: 'gaveUp' });
      expect(await activeJobs(id)).toHaveLength(0);
    } finally {
      expect((await connect(env.t, users.clara.cookie, 'linkedin')).statusCode).toBe(200);
    }
  });

  it('lets only whoever may act on the post retry it', async () => {
    const id = await partlyPublished();
    expect((await call(users.bruno.cookie, 'POST', `/api/posts/${id}/retry`)).statusCode).toBe(404);
    expect((await call(users.pau.cookie, 'POST', `/api/posts/${id}/retry`)).statusCode).toBe(403);
    expect((await env.t.app.inject({ method: 'POST', url: `/api/posts/${id}/retry` })).statusCode).toBe(401);
    expect((await call(users.clara.cookie, 'POST', '/api/posts/999999/retry')).statusCode).toBe(404);
    expect((await getPost(id)).results.linkedin).toMatchObject({ status: 'failed' });
  });

  it('publishes again only with an explicit yes for a network that has the post, and keeps where it is out', async () => {
    const id = await partlyPublished();
    const reset = await call(users.clara.cookie, 'POST', `/api/posts/${id}/reset`);
    expect(reset.statusCode, reset.body).toBe(200);
    const preview = reset.json<Post>();
    expect(preview).toMatchObject({ state: 'preview', results: { instagram: null, linkedin: null } });
    expect(preview.published_before).toEqual([
      expect.objectContaining({ network: 'instagram', target_name: expect.any(String), published_at: expect.any(String) }),
    ]);

    // Instagram has it: without the yes, refused, and the post stays in preview.
    const refused = await call(users.clara.cookie, 'PUT', `/api/posts/${id}/schedule`, { publish_on: today, networks: { instagram: true, linkedin: true } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'ALREADY_PUBLISHED', details: { instagram: 'alreadyPublished' } } });
    const queued = await call(users.clara.cookie, 'POST', `/api/posts/${id}/queue`, { networks: { instagram: true, linkedin: false } });
    expect(queued.json()).toMatchObject({ error: { code: 'ALREADY_PUBLISHED' } });
    expect((await getPost(id)).state).toBe('preview');
    expect(await activeJobs(id)).toHaveLength(0);

    // LinkedIn alone needs no yes; a later day keeps the post waiting.
    const linkedinOnly = await call(users.clara.cookie, 'PUT', `/api/posts/${id}/schedule`, {
      publish_on: tomorrow,
      networks: { instagram: false, linkedin: true },
      // Its text names figures the test project does not hold (issue 24): read and confirmed once.
      confirm_facts: true,
    });
    expect(linkedinOnly.statusCode, linkedinOnly.body).toBe(200);
    // Adding Instagram to it asks again; with the yes, it is taken, and a move of the day keeps it.
    const adding = await call(users.clara.cookie, 'PUT', `/api/posts/${id}/schedule`, { publish_on: tomorrow, networks: { instagram: true, linkedin: true } });
    expect(adding.json()).toMatchObject({ error: { code: 'ALREADY_PUBLISHED' } });
    const confirmed = await call(users.clara.cookie, 'PUT', `/api/posts/${id}/schedule`, {
      publish_on: tomorrow,
      networks: { instagram: true, linkedin: true },
      republish: { instagram: true },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const moved = await call(users.clara.cookie, 'PUT', `/api/posts/${id}/schedule`, {
      publish_on: tomorrow,
      publish_time: '18:30',
      networks: { instagram: true, linkedin: true },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Post>()).toMatchObject({ state: 'scheduled', publish_time: '18:30', networks: { instagram: true, linkedin: true } });
    expect(moved.json<Post>().published_before).toHaveLength(1);

    // Today, confirmed: out on both, Instagram a second time because the studio said so.
    const now = await call(users.clara.cookie, 'PUT', `/api/posts/${id}/schedule`, { publish_on: today, networks: { instagram: true, linkedin: true } });
    expect(now.statusCode, now.body).toBe(200);
    await env.t.worker.runDueJobs();
    expect((await getPost(id)).state).toBe('published');
    expect(await onInstagram(id)).toHaveLength(2);
  });

  it('warns on a scheduled post whose account was disconnected: it would fail at its time', async () => {
    const { id } = await createDuePost(env, {
      ownerId: users.clara.id,
      publishOn: tomorrow,
      publishTime: '10:00',
      networks: { instagram: true, linkedin: true },
    });
    expect((await getPost(id)).unreachable).toEqual([]);
    expect((await call(users.clara.cookie, 'DELETE', '/api/social/instagram')).statusCode).toBe(200);
    try {
      expect((await getPost(id)).unreachable).toEqual(['instagram']);
      const listed = (await call(users.clara.cookie, 'GET', '/api/posts?state=scheduled')).json<{ items: Post[] }>();
      expect(listed.items.find((item) => item.id === id)?.unreachable).toEqual(['instagram']);
    } finally {
      expect((await connect(env.t, users.clara.cookie, 'instagram')).statusCode).toBe(200);
      expect((await call(users.clara.cookie, 'GET', '/api/social/instagram/pages')).statusCode).toBe(200);
      expect((await call(users.clara.cookie, 'PUT', '/api/social/instagram/target', { targetId: SOLER_INSTAGRAM })).statusCode).toBe(200);
    }
    expect((await getPost(id)).unreachable).toEqual([]);
  });
});
