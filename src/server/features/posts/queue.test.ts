import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestSandbox, connect, sandboxAdapters, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { type TestApp, createTestApp, createSignedInUsers } from '../../test-support/test-app.ts';

/**
 * Add to queue (issue 16, decision 026): the post gets its owner's next free weekly slot after now plus
 * the lock margin, in the studio's zone (Madrid); slots taken by the owner's scheduled posts are skipped;
 * the schedule's own rules (networks, connections, a post that can still change) hold; no slots is 409.
 */
// Monday 23 November 2026, 12:00 in Madrid (UTC+1).
const MONDAY_NOON = new Date('2026-11-23T11:00:00Z');
const TUESDAY_0930 = { weekday: 2, time: '09:30' };
const THURSDAY_1800 = { weekday: 4, time: '18:00' };

describe('posts: add to queue', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  let clock = MONDAY_NOON;
  let ids: Record<'admin' | 'clara' | 'bruno', string>;
  let cookies: typeof ids;
  let project: number;

  const call = (cookie: string, method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const queue = (cookie: string, id: number, networks: { instagram?: boolean; linkedin?: boolean } = { linkedin: true }) =>
    call(cookie, 'POST', `/api/posts/${id}/queue`, { networks: { instagram: networks.instagram ?? false, linkedin: networks.linkedin ?? false } });
  const claraPost = async (values: Partial<Parameters<typeof createTestPost>[1]> = {}) =>
    (await createTestPost(t.database.db, { projectId: project, ownerId: ids.clara, ...values })).id;
  const slotOf = (body: { publish_on: string; publish_time: string; publish_at: string }) => `${body.publish_on} ${body.publish_time} ${body.publish_at}`;
  const setSlots = (cookie: string, slots: Array<{ weekday: number; time: string }>, ownerId?: string) =>
    call(cookie, 'PUT', '/api/queue-slots', { slots, ...(ownerId ? { owner_id: ownerId } : {}) });

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ social: sandboxAdapters(sandbox), now: () => clock });
    ({ ids, cookies } = await createSignedInUsers(t, { admin: 'admin', clara: 'customer', bruno: 'customer' }, 'queue.test'));
    expect((await connect(t, cookies.clara, 'linkedin')).statusCode).toBe(200);
    expect((await connect(t, cookies.bruno, 'linkedin')).statusCode).toBe(200);
    project = await createTestProject(t.database.db, { createdBy: ids.admin, assignedTo: ids.clara });
    expect((await setSlots(cookies.clara, [THURSDAY_1800, TUESDAY_0930])).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('gives each post the next free slot, in the studio’s zone, skipping the taken ones, and leaves its publication to the sweep', async () => {
    clock = MONDAY_NOON;
    const first = await queue(cookies.clara, await claraPost());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      state: 'scheduled',
      networks: { instagram: false, linkedin: true },
      editable: true,
      locked_from: '2026-11-24T08:15:00.000Z',
    });
    expect(slotOf(first.json())).toBe('2026-11-24 09:30 2026-11-24T08:30:00.000Z');
    expect(slotOf((await queue(cookies.clara, await claraPost())).json())).toBe('2026-11-26 18:00 2026-11-26T17:00:00.000Z');
    // Another post already at next Thursday's 18:00, scheduled by hand: that slot is taken too.
    const byHand = await claraPost();
    expect(
      (
        await call(cookies.clara, 'PUT', `/api/posts/${byHand}/schedule`, {
          publish_on: '2026-12-03',
          publish_time: '18:00',
          networks: { instagram: false, linkedin: true },
        })
      ).statusCode,
    ).toBe(200);
    expect(slotOf((await queue(cookies.clara, await claraPost())).json())).toBe('2026-12-01 09:30 2026-12-01T08:30:00.000Z');
    expect(slotOf((await queue(cookies.clara, await claraPost())).json())).toBe('2026-12-08 09:30 2026-12-08T08:30:00.000Z');
    // Queued again, a post does not take its own slot from itself.
    const requeued = await queue(cookies.clara, first.json().id);
    expect(slotOf(requeued.json())).toBe('2026-11-24 09:30 2026-11-24T08:30:00.000Z');
    const jobs = await t.database.db.selectFrom('jobs').select('id').where('kind', '=', 'publish-post').execute();
    expect(jobs).toEqual([]);
  });

  it('skips a slot not beyond the lock margin (Tuesday 09:20: not 09:30), and counts only scheduled posts as taking a slot', async () => {
    await t.database.db.deleteFrom('posts').where('project_id', '=', project).execute();
    clock = new Date('2026-11-24T08:15:00Z'); // Tuesday 09:15 in Madrid: 09:30 is exactly the margin away.
    expect(slotOf((await queue(cookies.clara, await claraPost())).json())).toBe('2026-11-26 18:00 2026-11-26T17:00:00.000Z');
    clock = new Date('2026-11-24T08:14:00Z');
    await claraPost({ state: 'published', publishOn: '2026-12-01', publishTime: '09:30' });
    expect(slotOf((await queue(cookies.clara, await claraPost())).json())).toBe('2026-11-24 09:30 2026-11-24T08:30:00.000Z');
  });

  it('queues a customer’s post with her slots when an administrator adds it', async () => {
    await t.database.db.deleteFrom('posts').where('project_id', '=', project).execute();
    clock = MONDAY_NOON;
    const response = await queue(cookies.admin, await claraPost());
    expect(response.json()).toMatchObject({ publish_on: '2026-11-24', publish_time: '09:30', owner: { id: ids.clara } });
  });

  it('gives posts queued at the same moment different slots', async () => {
    await t.database.db.deleteFrom('posts').where('project_id', '=', project).execute();
    clock = MONDAY_NOON;
    const posts = [await claraPost(), await claraPost(), await claraPost(), await claraPost()];
    const answers = await Promise.all(posts.map((id) => queue(cookies.clara, id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => `${answer.json().publish_on} ${answer.json().publish_time}`).sort()).toEqual([
      '2026-11-24 09:30',
      '2026-11-26 18:00',
      '2026-12-01 09:30',
      '2026-12-03 18:00',
    ]);
  });

  it('answers 409 QUEUE_HAS_NO_SLOTS for an owner without slots and for a post without owner, changing nothing', async () => {
    const brunoProject = await createTestProject(t.database.db, { createdBy: ids.bruno });
    const brunos = (await createTestPost(t.database.db, { projectId: brunoProject, ownerId: ids.bruno })).id;
    const none = await queue(cookies.bruno, brunos);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('QUEUE_HAS_NO_SLOTS');
    const ownerless = (await createTestPost(t.database.db, { projectId: project, ownerId: null })).id;
    expect((await queue(cookies.admin, ownerless)).json().error.code).toBe('QUEUE_HAS_NO_SLOTS');
    const rows = await t.database.db.selectFrom('posts').select('state').where('id', 'in', [brunos, ownerless]).execute();
    expect(rows.map((row) => row.state)).toEqual(['preview', 'preview']);
    // With a slot of his own, Bruno's post is queued.
    expect((await setSlots(cookies.admin, [{ weekday: 1, time: '20:00' }], ids.bruno)).statusCode).toBe(200);
    expect((await queue(cookies.bruno, brunos)).json()).toMatchObject({ publish_on: '2026-11-23', publish_time: '20:00' });
  });

  it('keeps the schedule’s rules: a network, the owner’s connections, a post of hers, one that can still change', async () => {
    clock = MONDAY_NOON;
    const id = await claraPost();
    const noNetwork = await queue(cookies.clara, id, {});
    expect(noNetwork.statusCode).toBe(400);
    expect(noNetwork.json().error.details).toEqual({ networks: 'networkRequired' });
    const instagram = await queue(cookies.clara, id, { instagram: true });
    expect(instagram.statusCode).toBe(409);
    expect(instagram.json().error).toMatchObject({ code: 'SOCIAL_NOT_CONNECTED', details: { instagram: 'noInstagramConnection' } });
    expect((await queue(cookies.bruno, id)).statusCode).toBe(404);
    const published = await claraPost({ state: 'published', publishOn: '2026-11-20' });
    expect((await queue(cookies.clara, published)).json().error.code).toBe('CONFLICT');
    const soon = await claraPost({ state: 'scheduled', publishOn: '2026-11-23', publishTime: '12:10', networks: { linkedin: true } });
    expect((await queue(cookies.clara, soon)).json().error.code).toBe('CONFLICT');
    expect((await t.database.db.selectFrom('posts').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state).toBe('preview');
  });
});
