import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostEvent } from '../../../domain/history.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestSandbox, connect, sandboxAdapters, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * The history through the app's own routes (decision 041): the studio schedules a customer's post, she asks
 * for changes, the studio edits it (the difference against what she saw) and asks again, she approves.
 */
const START = new Date('2025-06-10T08:00:00Z');
const DAY = '2025-06-12';

describe('a post’s history through the approval', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  let clock = START;
  let admin: string;
  let adminId: string;
  let clara: string;
  let claraId: string;
  let project: number;

  const inject = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const schedule = (id: number) =>
    inject(admin, 'PUT', `/api/posts/${id}/schedule`, { publish_on: DAY, publish_time: '12:00', networks: { instagram: false, linkedin: true } });
  const later = (minutes: number) => (clock = new Date(START.getTime() + minutes * 60_000));

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ social: sandboxAdapters(sandbox), now: () => clock });
    const a = await createTestUser(t, { email: 'admin@studio.es', role: 'admin', firstName: 'Ana' });
    const c = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer', firstName: 'Clara' });
    [adminId, claraId] = [a.id, c.id];
    [admin, clara] = await Promise.all([signIn(t, a.email, a.password), signIn(t, c.email, c.password)]);
    project = await createTestProject(t.database.db, { createdBy: adminId, assignedTo: claraId });
    expect((await inject(admin, 'PATCH', `/api/users/${claraId}`, { approval: 'studio' })).statusCode).toBe(200);
    expect((await connect(t, clara, 'linkedin')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('tells each step, who took it and when, and the edit against the version she saw', async () => {
    const { id } = await createTestPost(t.database.db, { projectId: project, ownerId: claraId, text: 'Una casa junto al mar #arquitectura' });
    const asked = await schedule(id);
    expect(asked.json(), asked.body).toMatchObject({ state: 'awaiting_approval' });

    later(5);
    const changes = await inject(clara, 'POST', `/api/posts/${id}/request-changes`, { updated_at: asked.json().updated_at, comment: 'Di que es de madera' });
    expect(changes.statusCode, changes.body).toBe(200);

    later(10);
    const edited = await inject(admin, 'PATCH', `/api/posts/${id}`, { text: 'Una casa de madera junto al mar #arquitectura' });
    expect(edited.statusCode, edited.body).toBe(200);
    later(11);
    const again = await schedule(id);
    expect(again.json(), again.body).toMatchObject({ state: 'awaiting_approval' });

    later(20);
    const approved = await inject(clara, 'POST', `/api/posts/${id}/approve`, { updated_at: again.json().updated_at });
    expect(approved.statusCode, approved.body).toBe(200);

    const history = await inject(clara, 'GET', `/api/posts/${id}/history`);
    expect(history.statusCode).toBe(200);
    const events = history.json().events as PostEvent[];
    expect(events.map(({ kind, via, actor, at }) => [kind, via, actor?.first_name ?? null, at])).toEqual([
      ['approval_asked', 'app', 'Ana', START.toISOString()],
      ['changes_asked', 'app', 'Clara', later(5).toISOString()],
      ['edited', 'app', 'Ana', later(10).toISOString()],
      ['approval_asked', 'app', 'Ana', later(11).toISOString()],
      ['approved', 'app', 'Clara', later(20).toISOString()],
    ]);
    expect(events[0]).toMatchObject({ publish_on: DAY, publish_time: '12:00' });
    expect(events[1]).toMatchObject({ comment: 'Di que es de madera' });
    expect(events[2]!.diff).toEqual({
      against: 'approval',
      instagram: [
        { op: 'same', text: 'Una casa ' },
        { op: 'ins', text: 'de madera ' },
        { op: 'same', text: 'junto al mar #arquitectura' },
      ],
      linkedin: null,
    });
  });
});
