import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestSandbox, connect, sandboxAdapters, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * Approval (issue 25 item 2, decision 040): what sends a post to its owner for approval (schedule, queue,
 * a move, an edit of its content by someone the owner's mode names), and the owner's decisions, per post
 * and per project, with every refusal. Real HTTP to the networks' sandbox for the owner's connections.
 */

const START = new Date('2025-06-10T08:00:00Z'); // 10:00 in Madrid
const DAY = '2025-06-12';

describe('posts: approval', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  let clock = START;
  let admin: string;
  let adminId: string;
  let clara: string;
  let claraId: string;
  let bruno: string;
  let brunoId: string;
  let claraProject: number;
  let brunoProject: number;

  const inject = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const schedule = (cookie: string, id: number, publishOn: string | null = DAY, publishTime = '12:00') =>
    inject(cookie, 'PUT', `/api/posts/${id}/schedule`, { publish_on: publishOn, publish_time: publishTime, networks: { instagram: false, linkedin: true } });
  const get = async (cookie: string, id: number) => (await inject(cookie, 'GET', `/api/posts/${id}`)).json();
  const approve = (cookie: string, id: number, payload: Record<string, unknown>) => inject(cookie, 'POST', `/api/posts/${id}/approve`, payload);
  const requestChanges = (cookie: string, id: number, payload: Record<string, unknown>) => inject(cookie, 'POST', `/api/posts/${id}/request-changes`, payload);
  const claraPost = () => createTestPost(t.database.db, { projectId: claraProject, ownerId: claraId });
  /** A post of Clara's the administrator scheduled: awaiting her approval. */
  const awaitingPost = async (publishTime = '12:00') => {
    const { id } = await claraPost();
    const response = await schedule(admin, id, DAY, publishTime);
    expect(response.json()).toMatchObject({ state: 'awaiting_approval' });
    return response.json<{ id: number; updated_at: string }>();
  };
  const jobsOf = (id: number) => t.database.db.selectFrom('jobs').select('state').where('subject', '=', `post:${id}`).execute();

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ social: sandboxAdapters(sandbox), now: () => clock });
    const a = await createTestUser(t, { email: 'admin@studio.es', role: 'admin' });
    const c = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer' });
    const b = await createTestUser(t, { email: 'bruno@cliente.es', role: 'customer' });
    [adminId, claraId, brunoId] = [a.id, c.id, b.id];
    [admin, clara, bruno] = await Promise.all([signIn(t, a.email, a.password), signIn(t, c.email, c.password), signIn(t, b.email, b.password)]);
    claraProject = await createTestProject(t.database.db, { createdBy: adminId, assignedTo: claraId });
    brunoProject = await createTestProject(t.database.db, { createdBy: adminId, assignedTo: brunoId });
    // Clara approves what the studio does; Bruno has no approval (the default).
    expect((await inject(admin, 'PATCH', `/api/users/${claraId}`, { approval: 'studio' })).statusCode).toBe(200);
    expect((await connect(t, clara, 'linkedin')).statusCode).toBe(200);
    expect((await connect(t, bruno, 'linkedin')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it("an administrator's schedule of a customer's post awaits her approval at that day and time, and is not queued", async () => {
    clock = START;
    const { id } = await claraPost();
    const response = await schedule(admin, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      state: 'awaiting_approval',
      publish_on: DAY,
      publish_time: '12:00',
      publish_at: '2025-06-12T10:00:00.000Z',
      networks: { instagram: false, linkedin: true },
      approval: { asked_at: START.toISOString(), asked_by: { id: adminId, email: 'admin@studio.es' } },
      changes_comment: null,
      can_approve: false,
      editable: true,
    });
    expect(await get(clara, id)).toMatchObject({ state: 'awaiting_approval', can_approve: true });
    // Today at a time already past would publish at once: awaiting approval, it is not queued.
    const { id: today } = await claraPost();
    expect((await schedule(admin, today, '2025-06-10', '09:00')).json()).toMatchObject({ state: 'awaiting_approval', publish_on: '2025-06-10' });
    expect(await jobsOf(today)).toEqual([]);
  });

  it("the customer's own schedule needs no approval; nor an administrator's for a customer without it", async () => {
    const { id } = await claraPost();
    expect((await schedule(clara, id)).json()).toMatchObject({ state: 'scheduled', approval: null, can_approve: false });
    const { id: brunos } = await createTestPost(t.database.db, { projectId: brunoProject, ownerId: brunoId });
    expect((await schedule(admin, brunos)).json()).toMatchObject({ state: 'scheduled', approval: null });
  });

  it('a move in the calendar, the queue and an edit of an approved post by an administrator ask again; an edit that changes nothing does not', async () => {
    const { id } = await claraPost();
    expect((await schedule(clara, id)).json()).toMatchObject({ state: 'scheduled' });
    // The administrator edits the alt text of the post Clara scheduled herself.
    const images = (await get(admin, id)).images.map((image: { id: number; status: string }) => ({ id: image.id, status: image.status }));
    expect((await inject(admin, 'PATCH', `/api/posts/${id}`, { images })).json()).toMatchObject({ state: 'scheduled' });
    const described = images.map((image: object, index: number) => (index === 0 ? { ...image, alt_text: 'Fachada al atardecer' } : image));
    expect((await inject(admin, 'PATCH', `/api/posts/${id}`, { images: described })).json()).toMatchObject({
      state: 'awaiting_approval',
      approval: { asked_by: { id: adminId } },
    });

    const { id: texted } = await claraPost();
    await schedule(clara, texted);
    expect((await inject(admin, 'PATCH', `/api/posts/${texted}`, { text: 'Otra casa junto al mar' })).json()).toMatchObject({ state: 'awaiting_approval' });
    // Clara's own edit of an approved post is hers: still scheduled.
    const { id: hers } = await claraPost();
    await schedule(clara, hers);
    expect((await inject(clara, 'PATCH', `/api/posts/${hers}`, { text: 'Mi texto' })).json()).toMatchObject({ state: 'scheduled' });

    // Moved in the calendar (a schedule at another time) by the administrator.
    const { id: moved } = await claraPost();
    await schedule(clara, moved);
    expect((await schedule(admin, moved, DAY, '17:30')).json()).toMatchObject({ state: 'awaiting_approval', publish_time: '17:30' });

    // Queued by the administrator at Clara's next free slot.
    expect((await inject(admin, 'PUT', '/api/queue-slots', { owner_id: claraId, slots: [{ weekday: 4, time: '10:30' }] })).statusCode).toBe(200);
    const { id: queued } = await claraPost();
    expect((await inject(admin, 'POST', `/api/posts/${queued}/queue`, { networks: { instagram: false, linkedin: true } })).json()).toMatchObject({
      state: 'awaiting_approval',
      publish_on: DAY,
      publish_time: '10:30',
    });
  });

  it('an edit of a post awaiting approval confirms its new facts as an edit of a scheduled post does', async () => {
    const post = await awaitingPost();
    const text = 'Una casa de 450 m² terminada en 2019';
    const refused = await inject(admin, 'PATCH', `/api/posts/${post.id}`, { text });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('FACTS_NOT_IN_PROJECT');
    expect((await inject(admin, 'PATCH', `/api/posts/${post.id}`, { text, confirm_facts: true })).json()).toMatchObject({ state: 'awaiting_approval', text });
  });

  it('the owner approves: scheduled at its time; the list counts and filters the posts awaiting approval', async () => {
    clock = START;
    const before = (await inject(clara, 'GET', '/api/posts?state=awaiting_approval&pageSize=60')).json();
    expect(before.items.every((post: { state: string }) => post.state === 'awaiting_approval')).toBe(true);
    expect(before.total).toBe(before.counts.awaiting_approval);
    const post = await awaitingPost();
    const after = (await inject(clara, 'GET', '/api/posts?state=awaiting_approval&pageSize=60')).json();
    expect(after.counts.awaiting_approval).toBe(before.counts.awaiting_approval + 1);
    expect(after.counts.all).toBe(after.counts.preview + after.counts.awaiting_approval + after.counts.scheduled + after.counts.published);

    const response = await approve(clara, post.id, { updated_at: post.updated_at });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ state: 'scheduled', publish_on: DAY, publish_time: '12:00', approval: null, can_approve: false });
    expect(await jobsOf(post.id)).toEqual([]);
    // Decided once: a second approval is refused, with the post as it is now.
    const again = await approve(clara, post.id, { updated_at: response.json().updated_at });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'NOT_AWAITING_APPROVAL', post: { id: post.id, state: 'scheduled' } });
  });

  it('a time that has passed (or is inside the lock margin) needs a new one: 409 APPROVAL_TIME_PASSED, then scheduled at the new time', async () => {
    clock = START;
    const post = await awaitingPost('12:00');
    clock = new Date('2025-06-12T09:50:00Z'); // 11:50 in Madrid: inside the 15 minutes before 12:00
    const refused = await approve(clara, post.id, { updated_at: post.updated_at });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('APPROVAL_TIME_PASSED');
    const tooSoon = await approve(clara, post.id, { updated_at: post.updated_at, publish_on: DAY, publish_time: '12:00' });
    expect(tooSoon.json().error.code).toBe('APPROVAL_TIME_PASSED');
    const pastDay = await approve(clara, post.id, { updated_at: post.updated_at, publish_on: '2025-06-11', publish_time: '18:00' });
    expect(pastDay.json().error.code).toBe('APPROVAL_TIME_PASSED');
    const approved = await approve(clara, post.id, { updated_at: post.updated_at, publish_on: DAY, publish_time: '18:00' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'scheduled', publish_on: DAY, publish_time: '18:00', publish_at: '2025-06-12T16:00:00.000Z' });
    clock = START;
  });

  it('asking for changes sends it back to preview with the comment, who wrote it and when; scheduling it again clears it', async () => {
    clock = START;
    const post = await awaitingPost();
    expect((await requestChanges(clara, post.id, { updated_at: post.updated_at, comment: '   ' })).statusCode).toBe(400);
    const response = await requestChanges(clara, post.id, { updated_at: post.updated_at, comment: '  Quitad la segunda foto, por favor.  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      state: 'preview',
      publish_on: null,
      publish_time: null,
      publish_at: null,
      networks: { instagram: false, linkedin: false },
      approval: null,
      changes_comment: { text: 'Quitad la segunda foto, por favor.', by: { id: claraId }, at: START.toISOString() },
    });
    expect((await get(admin, post.id)).changes_comment).toMatchObject({ text: 'Quitad la segunda foto, por favor.' });
    expect((await schedule(admin, post.id)).json()).toMatchObject({ state: 'awaiting_approval', changes_comment: null });
  });

  it('a decision on a post that changed since it was read is refused with its new version (POST_CHANGED), and changes nothing', async () => {
    const post = await awaitingPost();
    clock = new Date(START.getTime() + 60_000);
    const edited = (await inject(admin, 'PATCH', `/api/posts/${post.id}`, { text: 'Texto corregido' })).json();
    clock = START;
    for (const response of [
      await approve(clara, post.id, { updated_at: post.updated_at }),
      await requestChanges(clara, post.id, { updated_at: post.updated_at, comment: 'No' }),
      await approve(clara, post.id, { updated_at: 'not a date' }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'POST_CHANGED', post: { id: post.id, text: 'Texto corregido', updated_at: edited.updated_at } });
    }
    expect(await get(clara, post.id)).toMatchObject({ state: 'awaiting_approval' });
    expect((await approve(clara, post.id, { updated_at: edited.updated_at })).json()).toMatchObject({ state: 'scheduled' });
  });

  it('only the owning customer decides: 403 for an administrator, 404 for another customer and for a post that does not exist', async () => {
    const post = await awaitingPost();
    for (const [cookie, id, status, code] of [
      [admin, post.id, 403, 'FORBIDDEN'],
      [bruno, post.id, 404, 'NOT_FOUND'],
      [clara, 2_000_000_000, 404, 'NOT_FOUND'],
    ] as const) {
      const approved = await approve(cookie, id, { updated_at: post.updated_at });
      expect({ status: approved.statusCode, code: approved.json().error.code }).toEqual({ status, code });
      const asked = await requestChanges(cookie, id, { updated_at: post.updated_at, comment: 'Cambiad esto' });
      expect({ status: asked.statusCode, code: asked.json().error.code }).toEqual({ status, code });
    }
    expect(await get(clara, post.id)).toMatchObject({ state: 'awaiting_approval' });
    // A post that does not await approval.
    const { id } = await claraPost();
    const preview = await get(clara, id);
    expect((await approve(clara, id, { updated_at: preview.updated_at })).json().error.code).toBe('NOT_AWAITING_APPROVAL');
  });

  it("a project's posts are decided together, all or none; the refusal names the post", async () => {
    clock = START;
    const first = await awaitingPost();
    const second = await awaitingPost('13:00');
    const url = `/api/projects/${claraProject}`;
    // One of them changed since it was read: neither is approved.
    const stale = await inject(clara, 'POST', `${url}/approve`, {
      posts: [
        { id: first.id, updated_at: first.updated_at },
        { id: second.id, updated_at: '2020-01-01T00:00:00.000Z' },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'POST_CHANGED', details: { post_id: String(second.id) }, post: { id: second.id } });
    expect((await get(clara, first.id)).state).toBe('awaiting_approval');
    // A post of another project.
    const { id: brunos } = await createTestPost(t.database.db, { projectId: brunoProject, ownerId: brunoId });
    const elsewhere = await inject(clara, 'POST', `${url}/approve`, { posts: [{ id: brunos, updated_at: first.updated_at }] });
    expect(elsewhere.json().error).toMatchObject({ code: 'NOT_AWAITING_APPROVAL', details: { post_id: String(brunos) } });
    // Others: an administrator 403, another customer 404 (the project is not theirs), an unknown project 404.
    const both = { posts: [first, second].map(({ id, updated_at }) => ({ id, updated_at })) };
    expect((await inject(admin, 'POST', `${url}/approve`, both)).statusCode).toBe(403);
    expect((await inject(bruno, 'POST', `${url}/approve`, both)).statusCode).toBe(404);
    expect((await inject(clara, 'POST', '/api/projects/2000000000/approve', both)).statusCode).toBe(404);
    expect((await inject(admin, 'POST', `${url}/request-changes`, { ...both, comment: 'No' })).statusCode).toBe(403);

    const approved = await inject(clara, 'POST', `${url}/approve`, both);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().posts.map((post: { id: number; state: string }) => [post.id, post.state])).toEqual([
      [first.id, 'scheduled'],
      [second.id, 'scheduled'],
    ]);

    const third = await awaitingPost();
    const fourth = await awaitingPost();
    const asked = await inject(clara, 'POST', `${url}/request-changes`, {
      posts: [third, fourth].map(({ id, updated_at }) => ({ id, updated_at })),
      comment: 'Más luz en las fotos',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().posts).toMatchObject([
      { id: third.id, state: 'preview', changes_comment: { text: 'Más luz en las fotos' } },
      { id: fourth.id, state: 'preview', changes_comment: { text: 'Más luz en las fotos' } },
    ]);
  });

  it('the history tells each step, in the transaction of each: scheduled, moved, edited, approval asked, changes asked, approved, unscheduled', async () => {
    clock = START;
    const events = async (id: number) =>
      (await inject(admin, 'GET', `/api/posts/${id}/history`))
        .json()
        .events.map((event: { kind: string; actor: { id: string } | null; comment: string | null; publish_time: string | null }) => [
          event.kind,
          event.actor?.id ?? null,
          event.comment ?? event.publish_time,
        ]);
    const { id } = await claraPost();
    await schedule(clara, id, DAY, '12:00');
    await schedule(clara, id, DAY, '12:30');
    const edited = (await inject(admin, 'PATCH', `/api/posts/${id}`, { text: 'La casa, otra vez' })).json();
    await requestChanges(clara, id, { updated_at: edited.updated_at, comment: 'Mejor sin «otra vez»' });
    const asked = (await schedule(admin, id, DAY, '13:00')).json();
    await approve(clara, id, { updated_at: asked.updated_at });
    await schedule(clara, id, null);
    expect(await events(id)).toEqual([
      ['scheduled', claraId, '12:00'],
      ['moved', claraId, '12:30'],
      ['edited', adminId, null],
      ['approval_asked', adminId, '12:30'],
      ['changes_asked', claraId, 'Mejor sin «otra vez»'],
      ['approval_asked', adminId, '13:00'],
      ['approved', claraId, '13:00'],
      ['unscheduled', claraId, null],
    ]);
  });

  it("approving a post whose network's account is no longer connected says which one (APPROVAL_ACCOUNT_MISSING)", async () => {
    clock = START;
    const post = await awaitingPost();
    expect((await inject(clara, 'DELETE', '/api/social/linkedin')).statusCode).toBeLessThan(300);
    const refused = await approve(clara, post.id, { updated_at: post.updated_at });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'APPROVAL_ACCOUNT_MISSING', details: { network: 'linkedin', network_name: 'LinkedIn' } });
    expect((await connect(t, clara, 'linkedin')).statusCode).toBe(200);
    expect((await approve(clara, post.id, { updated_at: post.updated_at })).json()).toMatchObject({ state: 'scheduled' });
  });
});
