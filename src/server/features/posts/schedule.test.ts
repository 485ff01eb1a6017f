import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestSandbox, connect, sandboxAdapters, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * The publish configuration (SPEC §4, §5; DESIGN §6): a day and networks, checked against the studio's
 * today and the OWNER's connections (through the networks' sandbox over real HTTP); today queues the
 * publication at once, once. And the accounts the dialog shows.
 */

const NOW = new Date('2025-06-10T21:30:00Z'); // already the 10th at 23:30 in Madrid
const TODAY = '2025-06-10';

describe('posts: schedule and accounts', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  let admin: string;
  let clara: string;
  let claraId: string;
  let bruno: string;
  let brunoId: string;
  let project: number;

  const schedule = (
    cookie: string,
    id: number,
    publishOn: string | null,
    networks: { instagram?: boolean; linkedin?: boolean; facebook?: boolean },
    publishTime?: string,
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/posts/${id}/schedule`,
      headers: { cookie },
      payload: {
        publish_on: publishOn,
        ...(publishTime === undefined ? {} : { publish_time: publishTime }),
        networks: { instagram: networks.instagram ?? false, linkedin: networks.linkedin ?? false, facebook: networks.facebook ?? false },
      },
    });
  const accounts = async (cookie: string, id: number) => (await t.app.inject({ method: 'GET', url: `/api/posts/${id}/accounts`, headers: { cookie } })).json();
  const claraPost = (values: Partial<Parameters<typeof createTestPost>[1]> = {}) =>
    createTestPost(t.database.db, { projectId: project, ownerId: claraId, ...values });
  const row = (id: number) => t.database.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const jobsOf = (id: number) => t.database.db.selectFrom('jobs').selectAll().where('subject', '=', `post:${id}`).execute();
  const social = (cookie: string, method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api/social/${path}`, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ social: sandboxAdapters(sandbox), now: () => NOW });
    const a = await createTestUser(t, { email: 'admin@studio.es', role: 'admin' });
    const c = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer' });
    const b = await createTestUser(t, { email: 'bruno@cliente.es', role: 'customer' });
    [claraId, brunoId] = [c.id, b.id];
    [admin, clara, bruno] = await Promise.all([signIn(t, a.email, a.password), signIn(t, c.email, c.password), signIn(t, b.email, b.password)]);
    project = await createTestProject(t.database.db, { createdBy: a.id, assignedTo: c.id });
    // Clara connects LinkedIn only; the admin connects both, which must not count for Clara's posts.
    expect((await connect(t, clara, 'linkedin')).statusCode).toBe(200);
    expect((await connect(t, admin, 'linkedin')).statusCode).toBe(200);
    expect((await connect(t, admin, 'instagram')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('schedules a day and networks: scheduled at PUBLISH_HOUR, not publishing yet, editable until 15 minutes before', async () => {
    const { id } = await claraPost();
    const response = await schedule(clara, id, '2025-06-12', { linkedin: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      state: 'scheduled',
      publish_on: '2025-06-12',
      publish_time: '09:00',
      publish_at: '2025-06-12T07:00:00.000Z',
      locked_from: '2025-06-12T06:45:00.000Z',
      networks: { instagram: false, linkedin: true },
      editable: true,
    });
    expect(await jobsOf(id)).toEqual([]);
    expect(await row(id)).toMatchObject({ publish_time: '09:00' });
  });

  it('schedules a day at a time of day, which it keeps; in winter too (UTC+1)', async () => {
    const { id } = await claraPost();
    expect((await schedule(clara, id, '2025-06-12', { linkedin: true }, '18:45')).json()).toMatchObject({
      publish_on: '2025-06-12',
      publish_time: '18:45',
      publish_at: '2025-06-12T16:45:00.000Z',
    });
    expect((await schedule(clara, id, '2025-12-01', { linkedin: true }, '00:05')).json()).toMatchObject({
      publish_on: '2025-12-01',
      publish_time: '00:05',
      publish_at: '2025-11-30T23:05:00.000Z',
    });
    expect(await jobsOf(id)).toEqual([]);
  });

  it('refuses a time of today less than the lock margin away (23:30 now: 23:45 no, 23:46 yes), changing nothing', async () => {
    const { id } = await claraPost();
    const before = await row(id);
    for (const time of ['23:31', '23:45']) {
      const refused = await schedule(clara, id, TODAY, { linkedin: true }, time);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { publish_time: 'publishTimeTooSoon' } });
    }
    expect(await row(id)).toEqual(before);
    const accepted = await schedule(clara, id, TODAY, { linkedin: true }, '23:46');
    expect(accepted.json()).toMatchObject({ publish_on: TODAY, publish_time: '23:46', editable: true, locked_from: '2025-06-10T21:31:00.000Z' });
    expect(await jobsOf(id)).toEqual([]);
  });

  it('publishes at once a time of today already past: its time becomes now', async () => {
    const { id } = await claraPost();
    const response = await schedule(clara, id, TODAY, { linkedin: true }, '09:00');
    expect(response.json()).toMatchObject({ state: 'scheduled', publish_on: TODAY, publish_time: '23:30', publish_at: NOW.toISOString(), editable: false });
    expect(await jobsOf(id)).toHaveLength(1);
  });

  it.each([['24:00'], ['9:30'], ['09:30:00'], ['mediodía']])('refuses the time %s (400 timeInvalid)', async (time) => {
    const { id } = await claraPost();
    const response = await schedule(clara, id, '2025-06-12', { linkedin: true }, time);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { publish_time: 'timeInvalid' } });
  });

  it('moves a time that does not exist forward by the gap (29 March 2026, Madrid: 02:30 is 03:30), and takes the first of one that exists twice (25 October 2026)', async () => {
    const { id } = await claraPost();
    expect((await schedule(clara, id, '2026-03-29', { linkedin: true }, '02:30')).json()).toMatchObject({
      publish_on: '2026-03-29',
      publish_time: '03:30',
      publish_at: '2026-03-29T01:30:00.000Z',
    });
    expect((await schedule(clara, id, '2026-03-29', { linkedin: true }, '03:30')).json()).toMatchObject({
      publish_time: '03:30',
      publish_at: '2026-03-29T01:30:00.000Z',
    });
    expect((await schedule(clara, id, '2026-10-25', { linkedin: true }, '02:30')).json()).toMatchObject({
      publish_on: '2026-10-25',
      publish_time: '02:30',
      publish_at: '2026-10-25T00:30:00.000Z',
    });
    expect((await schedule(clara, id, '2026-10-25', { linkedin: true }, '03:30')).json()).toMatchObject({
      publish_time: '03:30',
      publish_at: '2026-10-25T02:30:00.000Z',
    });
  });

  it('without a day, leaves the post in preview and clears its networks', async () => {
    const { id } = await claraPost({ state: 'scheduled', publishOn: '2025-06-15', networks: { instagram: true, linkedin: true } });
    const response = await schedule(clara, id, null, { instagram: true, linkedin: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      state: 'preview',
      publish_on: null,
      publish_time: null,
      publish_at: null,
      locked_from: null,
      networks: { instagram: false, linkedin: false },
    });
  });

  it.each([
    ['a day before today', '2025-06-09', { linkedin: true }, { publish_on: 'publishDateInPast' }],
    ['a day and no network', '2025-06-12', {}, { networks: 'networkRequired' }],
    ['a day that does not exist', '2025-02-30', { linkedin: true }, { publish_on: 'dateInvalid' }],
    ['a day in another format', '12-06-2025', { linkedin: true }, { publish_on: 'dateInvalid' }],
  ])('refuses %s (400), changing nothing', async (_, day, networks, details) => {
    const { id } = await claraPost();
    const before = await row(id);
    const response = await schedule(clara, id, day, networks);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details });
    expect(await row(id)).toEqual(before);
  });

  it("refuses a network the post's owner has not connected, even when the admin has (409 SOCIAL_NOT_CONNECTED)", async () => {
    const { id } = await claraPost();
    const refused = await schedule(admin, id, '2025-06-12', { instagram: true, linkedin: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'SOCIAL_NOT_CONNECTED', details: { instagram: 'noInstagramConnection' } });
    expect((await row(id)).state).toBe('preview');
    // The admin schedules Clara's post to Clara's LinkedIn.
    expect((await schedule(admin, id, '2025-06-12', { linkedin: true })).json()).toMatchObject({ state: 'scheduled', networks: { linkedin: true } });
  });

  it('names every network missing, and treats a post without owner as connected nowhere', async () => {
    const brunoPost = await createTestPost(t.database.db, { projectId: await createTestProject(t.database.db, { createdBy: brunoId }), ownerId: brunoId });
    const both = await schedule(bruno, brunoPost.id, '2025-06-12', { instagram: true, linkedin: true });
    expect(both.json().error.details).toEqual({ instagram: 'noInstagramConnection', linkedin: 'noLinkedInConnection' });
    const ownerless = await createTestPost(t.database.db, { projectId: project, ownerId: null });
    expect((await schedule(admin, ownerless.id, '2025-06-12', { linkedin: true })).json().error.details).toEqual({ linkedin: 'noLinkedInConnection' });
  });

  it("refuses Instagram for a text over Instagram's limits (400 on text), while LinkedIn takes it", async () => {
    // Six hashtags: one more than Instagram takes (decision 014).
    const hashtags = `Una escuela de madera. ${['a', 'b', 'c', 'd', 'e', 'f'].map((letter) => `#obra${letter}`).join(' ')}`;
    const { id } = await claraPost({ text: hashtags });
    expect((await connect(t, clara, 'instagram')).statusCode).toBe(200);
    const refused = await schedule(clara, id, '2025-06-12', { instagram: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual({ text: 'instagramTooManyHashtags' });
    expect((await schedule(clara, id, '2025-06-12', { linkedin: true })).statusCode).toBe(200);
  });

  it('publishes today at once: one publish-post job for the post, never a second', async () => {
    const { id } = await claraPost();
    const response = await schedule(clara, id, TODAY, { linkedin: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ state: 'scheduled', publish_on: TODAY, editable: false });
    const jobs = await jobsOf(id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: 'publish-post', state: 'queued', subject: `post:${id}` });
    expect(JSON.parse(jobs[0]!.payload)).toEqual({ postId: id });
    // Its day has come: it cannot be scheduled again, so no second job either.
    const again = await schedule(clara, id, TODAY, { linkedin: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');
    expect(await jobsOf(id)).toHaveLength(1);
  });

  it('does not queue a second job when one is already waiting or running for the post', async () => {
    for (const state of ['queued', 'running'] as const) {
      const { id } = await claraPost({ state: 'scheduled', publishOn: '2025-06-20', networks: { linkedin: true } });
      const at = NOW.toISOString();
      await t.database.db
        .insertInto('jobs')
        .values({
          kind: 'publish-post',
          subject: `post:${id}`,
          payload: JSON.stringify({ postId: id }),
          state,
          run_at: at,
          attempts: 0,
          max_attempts: 5,
          created_at: at,
          updated_at: at,
        })
        .execute();
      expect((await schedule(clara, id, TODAY, { linkedin: true })).statusCode).toBe(200);
      expect(await jobsOf(id)).toHaveLength(1);
    }
  });

  it('refuses a published post, one being published, one whose time has come and one less than the lock margin away', async () => {
    const published = await claraPost({ state: 'published', publishOn: '2025-06-01' });
    const locked = await claraPost({ state: 'scheduled', publishOn: '2025-06-20', networks: { linkedin: true }, publishingSince: NOW });
    const due = await claraPost({ state: 'scheduled', publishOn: '2025-06-09', networks: { linkedin: true } });
    const soon = await claraPost({ state: 'scheduled', publishOn: TODAY, publishTime: '23:44', networks: { linkedin: true } });
    const cases = [
      [published.id, 'CONFLICT'],
      [locked.id, 'POST_LOCKED'],
      [due.id, 'CONFLICT'],
      [soon.id, 'CONFLICT'],
    ] as const;
    for (const [id, code] of cases) {
      const before = await row(id);
      const response = await schedule(clara, id, '2025-06-25', { linkedin: true });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe(code);
      expect(await row(id)).toEqual(before);
    }
  });

  it("shows the owner's accounts: connected or not, and the chosen page's name and picture", async () => {
    const { id } = await claraPost();
    const brunoPost = await createTestPost(t.database.db, { projectId: project, ownerId: brunoId });
    const none = { connected: false, name: null, picture: null };
    expect(await accounts(admin, brunoPost.id)).toEqual({ instagram: none, linkedin: none, facebook: none });

    // Before the pages are fetched: the member, by the name the connection knows.
    expect((await accounts(admin, id)).linkedin).toEqual({ connected: true, name: 'Marta Soler Ibáñez', picture: null });
    expect((await social(clara, 'GET', 'linkedin/pages')).statusCode).toBe(200);
    expect((await social(clara, 'PUT', 'linkedin/target', { targetId: 'urn:li:organization:90210001' })).statusCode).toBe(200);
    const linkedin = (await accounts(clara, id)).linkedin;
    expect(linkedin).toMatchObject({ connected: true, name: 'Soler Ibáñez Arquitectos' });
    expect(linkedin.picture).toMatch(/^http/);

    // Two business accounts: none is chosen until Clara picks one.
    expect((await social(clara, 'GET', 'instagram/pages')).statusCode).toBe(200);
    expect((await accounts(clara, id)).instagram).toEqual({ connected: true, name: null, picture: null });
    expect((await social(clara, 'PUT', 'instagram/target', { targetId: '17841400000000002' })).statusCode).toBe(200);
    const instagram = (await accounts(admin, id)).instagram;
    expect(instagram).toMatchObject({ connected: true, name: 'tallernorte.estudio' });
    expect(instagram.picture).toMatch(/^http/);

    expect((await social(clara, 'DELETE', 'instagram')).statusCode).toBe(200);
    expect((await accounts(clara, id)).instagram).toEqual(none);
    // Disconnected: Instagram can no longer be chosen.
    expect((await schedule(clara, id, '2025-06-12', { instagram: true })).json().error.details).toEqual({ instagram: 'noInstagramConnection' });
    // Facebook Pages never connected: the server refuses it as any network not connected.
    expect((await schedule(clara, id, '2025-06-12', { linkedin: true, facebook: true })).json().error.details).toEqual({ facebook: 'noFacebookConnection' });
    expect((await accounts(clara, id)).facebook).toEqual(none);
  });
});
