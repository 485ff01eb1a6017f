import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostEvent } from '../../../domain/history.ts';
import { createOpenAiWriter } from '../../adapters/ai/openai-writer.ts';
import { type OpenAiStub, createOpenAiStub, writePostsAsAsked } from '../../test-support/openai-stub.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestSandbox, connect, sandboxAdapters, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * The history tells everything that happened to a post (issue 25 item 5, decision 041), the studio's
 * other actions too: "publish again" (reset), a retry, a project reassigned to another customer, a text
 * written again by the writer and an earlier text brought back; each recorded with its change, or not at
 * all. And a reassigned post awaiting approval keeps awaiting it, the new owner's (decision 040). Real
 * HTTP to the networks' sandbox and to a local OpenAI-compatible writer.
 */

const START = new Date('2025-06-10T08:00:00Z'); // 10:00 in Madrid
const DAY = '2025-06-12';

describe('post history: reset, retry, reassignment, rewrite and restore', () => {
  let sandbox: TestSandbox;
  let stub: OpenAiStub;
  let t: TestApp;
  let clock = START;
  const ids = { admin: '', clara: '', bruno: '' };
  const cookies = { admin: '', clara: '', bruno: '' };

  type Who = keyof typeof cookies;
  const inject = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });
  const eventsOf = async (id: number, who: Who = 'admin') => {
    const response = await inject(who, 'GET', `/api/posts/${id}/history`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ events: PostEvent[] }>().events;
  };
  const kindsOf = async (id: number) => (await eventsOf(id)).map((event) => event.kind);
  const postRow = (id: number) =>
    t.database.db.selectFrom('posts').select(['state', 'owner_id', 'approval_asked_at', 'approval_asked_by']).where('id', '=', id).executeTakeFirstOrThrow();
  const jobsOf = (id: number) => t.database.db.selectFrom('jobs').select('state').where('subject', '=', `post:${id}`).execute();

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    stub = await createOpenAiStub({ apiKey: 'sk-test', handler: writePostsAsAsked });
    t = await createTestApp({
      social: sandboxAdapters(sandbox),
      now: () => clock,
      writer: createOpenAiWriter({ baseUrl: stub.url, apiKey: 'sk-test', model: 'm', timeoutMs: 5_000, sendImages: false }),
    });
    const admin = await createTestUser(t, { email: 'admin@studio.es', role: 'admin', firstName: 'Ana' });
    const clara = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer', firstName: 'Clara' });
    const bruno = await createTestUser(t, { email: 'bruno@cliente.es', role: 'customer', firstName: 'Bruno' });
    await t.database.db.updateTable('users').set({ last_name: 'Soler' }).where('id', '=', clara.id).execute();
    await t.database.db.updateTable('users').set({ last_name: 'Vidal' }).where('id', '=', bruno.id).execute();
    for (const [name, user] of Object.entries({ admin, clara, bruno })) {
      ids[name as Who] = user.id;
      cookies[name as Who] = await signIn(t, user.email, user.password);
    }
    // Clara approves what the studio does; Bruno has no approval (the default).
    expect((await inject('admin', 'PATCH', `/api/users/${ids.clara}`, { approval: 'studio' })).statusCode).toBe(200);
    expect((await connect(t, cookies.clara, 'linkedin')).statusCode).toBe(200);
    expect((await connect(t, cookies.bruno, 'linkedin')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
    await sandbox.close();
  });

  it('records "publish again" (reset) with who did it, and nothing when it is refused', async () => {
    clock = START;
    const project = await createTestProject(t.database.db, { createdBy: ids.admin, assignedTo: ids.bruno });
    const { id } = await createTestPost(t.database.db, {
      projectId: project,
      ownerId: ids.bruno,
      state: 'published',
      publishOn: '2025-06-01',
      networks: { linkedin: true },
      publishedAt: new Date('2025-06-01T07:00:00Z'),
      results: [{ network: 'linkedin', status: 'failed', error: 'rejected' }],
    });
    const reset = await inject('admin', 'POST', `/api/posts/${id}/reset`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ state: 'preview' });
    const events = await eventsOf(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'reset', via: 'app', actor: { id: ids.admin, first_name: 'Ana' }, at: START.toISOString() });
    // The customer reads it too.
    expect((await eventsOf(id, 'bruno')).map((event) => event.kind)).toEqual(['reset']);

    // A preview cannot be reset: refused, and its history is unchanged.
    expect((await inject('admin', 'POST', `/api/posts/${id}/reset`)).statusCode).toBe(409);
    expect(await kindsOf(id)).toEqual(['reset']);
  });

  it('records a retry with the networks it tries again, and nothing when there is nothing to retry', async () => {
    clock = START;
    const project = await createTestProject(t.database.db, { createdBy: ids.admin, assignedTo: ids.bruno });
    const { id } = await createTestPost(t.database.db, {
      projectId: project,
      ownerId: ids.bruno,
      state: 'published',
      publishOn: '2025-06-09',
      networks: { instagram: true, linkedin: true },
      publishedAt: new Date('2025-06-09T07:00:00Z'),
      results: [
        { network: 'instagram', status: 'posted', permalink: 'https://instagram.test/p/1' },
        { network: 'linkedin', status: 'failed', error: 'server error' },
      ],
    });
    await t.database.db.updateTable('post_results').set({ error_code: 'gaveUp' }).where('post_id', '=', id).where('network', '=', 'linkedin').execute();
    const retried = await inject('bruno', 'POST', `/api/posts/${id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ state: 'scheduled' });
    const events = await eventsOf(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'retried', via: 'app', actor: { id: ids.bruno }, networks: ['linkedin'], at: START.toISOString() });
    expect(await jobsOf(id)).toEqual([{ state: 'queued' }]);

    // Scheduled now, nothing failed to retry: refused, nothing recorded.
    expect((await inject('bruno', 'POST', `/api/posts/${id}/retry`)).statusCode).toBe(409);
    expect(await kindsOf(id)).toEqual(['retried']);
  });

  it('records a text written again and an earlier text brought back as edits, with their difference and what made them', async () => {
    clock = START;
    const project = await createTestProject(t.database.db, { title: 'Casa del Patio', createdBy: ids.admin, assignedTo: ids.bruno });
    const { id } = await createTestPost(t.database.db, { projectId: project, ownerId: ids.bruno, text: 'Una casa junto al mar' });

    const rewritten = await inject('admin', 'POST', `/api/posts/${id}/rewrite`, { note: 'más corto' });
    expect(rewritten.statusCode, rewritten.body).toBe(200);
    const newText = rewritten.json<{ text: string }>().text;
    expect(newText).not.toBe('Una casa junto al mar');

    const versions = (await inject('admin', 'GET', `/api/posts/${id}/versions`)).json<{ items: Array<{ id: number; text: string }> }>().items;
    const original = versions.find((version) => version.text === 'Una casa junto al mar')!;
    const restored = await inject('admin', 'POST', `/api/posts/${id}/versions/${original.id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ text: 'Una casa junto al mar' });

    const events = await eventsOf(id);
    expect(events.map((event) => [event.kind, event.replaced_by])).toEqual([
      ['edited', 'rewrite'],
      ['edited', 'restore'],
    ]);
    const words = (event: PostEvent, op: 'ins' | 'del') =>
      event
        .diff!.instagram.filter((segment) => segment.op === op)
        .map((segment) => segment.text.trim())
        .join(' ');
    expect(events[0]!.diff).toMatchObject({ against: 'previous' });
    expect(words(events[0]!, 'del')).toContain('mar');
    expect(words(events[1]!, 'ins')).toContain('mar');
    // A typed edit says nothing of the kind.
    expect((await inject('admin', 'PATCH', `/api/posts/${id}`, { text: 'Una casa blanca junto al mar' })).statusCode).toBe(200);
    expect((await eventsOf(id)).at(-1)).toMatchObject({ kind: 'edited', replaced_by: null });
  });

  it('records a reassignment on each post that goes to the new customer, with both customers by name, and not on those that stay', async () => {
    clock = START;
    const db = t.database.db;
    const project = await createTestProject(db, { createdBy: ids.admin, assignedTo: ids.clara });
    const preview = (await createTestPost(db, { projectId: project, ownerId: ids.clara })).id;
    const scheduled = (await createTestPost(db, { projectId: project, ownerId: ids.clara, state: 'scheduled', publishOn: DAY, networks: { linkedin: true } }))
      .id;
    const published = (await createTestPost(db, { projectId: project, ownerId: ids.clara, state: 'published', publishOn: '2025-06-01' })).id;

    clock = new Date(START.getTime() + 60_000);
    const assigned = await inject('admin', 'POST', `/api/projects/${project}/assign`, { userId: ids.bruno });
    expect(assigned.statusCode, assigned.body).toBe(200);

    for (const id of [preview, scheduled]) {
      const events = await eventsOf(id, 'bruno');
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        kind: 'reassigned',
        via: 'app',
        actor: { id: ids.admin },
        at: clock.toISOString(),
        from_customer: { id: ids.clara, name: 'Clara Soler' },
        to_customer: { id: ids.bruno, name: 'Bruno Vidal' },
      });
    }
    expect(await kindsOf(published)).toEqual([]);
    // A scheduled post stays scheduled for a customer who approves nothing: the move is no schedule.
    expect(await postRow(scheduled)).toMatchObject({ state: 'scheduled', owner_id: ids.bruno });

    // A project with no customer yet: assigned, from nobody.
    const unassigned = await createTestProject(db, { createdBy: ids.admin });
    const ownerless = (await createTestPost(db, { projectId: unassigned, ownerId: null })).id;
    expect((await inject('admin', 'POST', `/api/projects/${unassigned}/assign`, { userId: ids.clara })).statusCode).toBe(200);
    expect((await eventsOf(ownerless))[0]).toMatchObject({ kind: 'reassigned', from_customer: null, to_customer: { id: ids.clara, name: 'Clara Soler' } });

    // A refused assignment moves nothing and records nothing.
    expect((await inject('admin', 'POST', `/api/projects/${project}/assign`, { userId: ids.admin })).statusCode).toBe(400);
    expect(await kindsOf(preview)).toEqual(['reassigned']);
  });

  it('a scheduled post moved to a customer who approves the studio’s work goes to her for approval, keeping its day and time', async () => {
    clock = START;
    const db = t.database.db;
    const project = await createTestProject(db, { createdBy: ids.admin, assignedTo: ids.bruno });
    const { id } = await createTestPost(db, { projectId: project, ownerId: ids.bruno });
    // Bruno approves nothing: the studio's schedule is final for him.
    const scheduled = await inject('admin', 'PUT', `/api/posts/${id}/schedule`, {
      publish_on: DAY,
      publish_time: '12:00',
      networks: { instagram: false, linkedin: true },
    });
    expect(scheduled.json()).toMatchObject({ state: 'scheduled' });

    // Reassigned to Clara, who approves what the studio does: her accounts publish it only after her yes.
    clock = new Date(START.getTime() + 60_000);
    expect((await inject('admin', 'POST', `/api/projects/${project}/assign`, { userId: ids.clara })).statusCode).toBe(200);
    const row = await postRow(id);
    expect(row).toMatchObject({ state: 'awaiting_approval', owner_id: ids.clara, approval_asked_by: ids.admin });
    expect(new Date(String(row.approval_asked_at)).toISOString()).toBe(clock.toISOString());
    expect(await kindsOf(id)).toEqual(['scheduled', 'reassigned', 'approval_asked']);
    const asClara = (await inject('clara', 'GET', `/api/posts/${id}`)).json();
    expect(asClara).toMatchObject({ state: 'awaiting_approval', can_approve: true, publish_on: DAY, publish_time: '12:00' });
    const approved = await inject('clara', 'POST', `/api/posts/${id}/approve`, { updated_at: asClara.updated_at });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'scheduled', publish_on: DAY, publish_time: '12:00' });
  });

  it('a post awaiting approval keeps awaiting it after the move, the new owner’s even when their mode is none, and is never published by it', async () => {
    clock = START;
    const db = t.database.db;
    const project = await createTestProject(db, { createdBy: ids.admin, assignedTo: ids.clara });
    const { id } = await createTestPost(db, { projectId: project, ownerId: ids.clara });
    // The studio schedules it: it awaits Clara's approval.
    const scheduled = await inject('admin', 'PUT', `/api/posts/${id}/schedule`, {
      publish_on: DAY,
      publish_time: '12:00',
      networks: { instagram: false, linkedin: true },
    });
    expect(scheduled.json()).toMatchObject({ state: 'awaiting_approval' });
    const read = scheduled.json<{ updated_at: string }>();

    // Reassigned to Bruno, whose mode is none, once its time has passed.
    clock = new Date('2025-06-12T11:00:00Z');
    expect((await inject('admin', 'POST', `/api/projects/${project}/assign`, { userId: ids.bruno })).statusCode).toBe(200);
    const row = await postRow(id);
    expect(row).toMatchObject({ state: 'awaiting_approval', owner_id: ids.bruno, approval_asked_by: ids.admin });
    // A new awaiting episode, the new owner's (the approval e-mails go to him).
    expect(new Date(String(row.approval_asked_at)).toISOString()).toBe(clock.toISOString());
    expect(await jobsOf(id)).toEqual([]);
    expect(await kindsOf(id)).toEqual(['approval_asked', 'reassigned']);

    const asBruno = (await inject('bruno', 'GET', `/api/posts/${id}`)).json();
    expect(asBruno).toMatchObject({ state: 'awaiting_approval', can_approve: true, approval: { asked_by: { id: ids.admin } } });
    // Clara no longer decides on it, nor does the studio.
    expect((await inject('clara', 'POST', `/api/posts/${id}/approve`, { updated_at: read.updated_at })).statusCode).toBe(404);
    expect((await inject('admin', 'POST', `/api/posts/${id}/approve`, { updated_at: asBruno.updated_at })).statusCode).toBe(403);
    expect((await postRow(id)).state).toBe('awaiting_approval');

    // Bruno approves it, at a new time since its own has passed.
    const approved = await inject('bruno', 'POST', `/api/posts/${id}/approve`, {
      updated_at: asBruno.updated_at,
      publish_on: '2025-06-13',
      publish_time: '10:00',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'scheduled', publish_on: '2025-06-13' });
    expect((await eventsOf(id)).at(-1)).toMatchObject({ kind: 'approved', actor: { id: ids.bruno } });
  });
});
