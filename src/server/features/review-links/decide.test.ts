import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestSandbox, connect, sandboxAdapters, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * Deciding through a review link (decision 043): the app's approval rules (decision 040), on the link's
 * own project only, the reviewer's name in the history, and the link used once nothing is left.
 */
const START = new Date('2025-06-10T08:00:00Z'); // 10:00 in Madrid
const DAY = '2025-06-12';

describe('review links: deciding without an account', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  let clock = START;
  let admin: string;
  let clara: string;
  let claraId: string;
  let project: number;
  let otherProject: number;

  const inject = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  /** A post of Clara's in the project the administrator scheduled: awaiting her approval. */
  const awaitingPost = async (projectId = project) => {
    const { id } = await createTestPost(t.database.db, { projectId, ownerId: claraId });
    const scheduled = await inject(admin, 'PUT', `/api/posts/${id}/schedule`, {
      publish_on: DAY,
      publish_time: '12:00',
      networks: { instagram: false, linkedin: true },
    });
    expect(scheduled.json()).toMatchObject({ state: 'awaiting_approval' });
    return scheduled.json<{ id: number; updated_at: string }>();
  };
  const makeLink = async () => {
    const created = await inject(admin, 'POST', `/api/projects/${project}/review-links`, { language: 'es' });
    return created.json<{ url: string }>().url.split('/').pop()!;
  };
  const decide = (token: string, postId: number, action: 'approve' | 'request-changes', payload: Record<string, unknown>) =>
    inject(undefined, 'POST', `/api/review/${token}/posts/${postId}/${action}`, payload);

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ social: sandboxAdapters(sandbox), now: () => clock });
    const a = await createTestUser(t, { email: 'admin@studio.es', role: 'admin' });
    const c = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer' });
    claraId = c.id;
    [admin, clara] = await Promise.all([signIn(t, a.email, a.password), signIn(t, c.email, c.password)]);
    project = await createTestProject(t.database.db, { title: 'Casa del Mar', createdBy: a.id, assignedTo: claraId });
    otherProject = await createTestProject(t.database.db, { title: 'Otra', createdBy: a.id, assignedTo: claraId });
    expect((await inject(admin, 'PATCH', `/api/users/${claraId}`, { approval: 'studio' })).statusCode).toBe(200);
    expect((await connect(t, clara, 'linkedin')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it("approves with the reviewer's name, asks for changes with a comment, and the history says who, through a link", async () => {
    const first = await awaitingPost();
    const second = await awaitingPost();
    const token = await makeLink();

    const approved = await decide(token, first.id, 'approve', { name: 'Jordi Puig', updated_at: first.updated_at });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id: first.id, state: 'scheduled', publish_on: DAY, publish_time: '12:00' });
    expect(approved.json().accounts.linkedin.connected).toBe(true);
    expect(approved.json()).not.toHaveProperty('owner');

    const asked = await decide(token, second.id, 'request-changes', { name: 'Jordi Puig', updated_at: second.updated_at, comment: 'Sin el año, por favor.' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ id: second.id, state: 'preview' });

    const history = (await inject(clara, 'GET', `/api/posts/${second.id}/history`)).json();
    expect(JSON.stringify(history)).toContain('Jordi Puig');
    expect(JSON.stringify(history)).toContain('Sin el año, por favor.');
    expect(JSON.stringify(history)).toContain('"via":"link"');

    // Nothing of the project is left to decide: the link is used.
    expect((await inject(undefined, 'GET', `/api/review/${token}`)).json().error.code).toBe('REVIEW_LINK_USED');
  });

  it('refuses a post of another project as one that does not exist, and a stale version with the post as it is now', async () => {
    const elsewhere = await awaitingPost(otherProject);
    const here = await awaitingPost();
    const token = await makeLink();
    const foreign = await decide(token, elsewhere.id, 'approve', { name: 'Jordi', updated_at: elsewhere.updated_at });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    expect((await decide(token, 999_999, 'approve', { name: 'Jordi', updated_at: here.updated_at })).json().error.code).toBe('NOT_FOUND');

    const stale = await decide(token, here.id, 'approve', { name: 'Jordi', updated_at: '2020-01-01T00:00:00.000Z' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('POST_CHANGED');
    const state = await t.database.db.selectFrom('posts').select('state').where('id', '=', here.id).executeTakeFirstOrThrow();
    expect(state.state).toBe('awaiting_approval');
  });

  it('asks for a name and a comment in words, and a new time once its own has passed', async () => {
    const post = await awaitingPost();
    const token = await makeLink();
    const nameless = await decide(token, post.id, 'approve', { name: '  ', updated_at: post.updated_at });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().error.details.name).toBe('reviewerNameRequired');
    const silent = await decide(token, post.id, 'request-changes', { name: 'Jordi', updated_at: post.updated_at, comment: '' });
    expect(silent.json().error.details.comment).toBe('approvalCommentRequired');

    clock = new Date('2025-06-12T09:50:00Z'); // 11:50 in Madrid: inside the lock margin of 12:00
    const late = await decide(token, post.id, 'approve', { name: 'Jordi', updated_at: post.updated_at });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('APPROVAL_TIME_PASSED');
    const moved = await decide(token, post.id, 'approve', { name: 'Jordi', updated_at: post.updated_at, publish_on: '2025-06-13', publish_time: '10:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ state: 'scheduled', publish_on: '2025-06-13', publish_time: '10:00' });
    clock = START;
  });

  it('decides nothing through a revoked link', async () => {
    const post = await awaitingPost();
    const created = (await inject(admin, 'POST', `/api/projects/${project}/review-links`, { language: 'en' })).json();
    await t.app.inject({ method: 'DELETE', url: `/api/projects/${project}/review-links/${created.link.id}`, headers: { cookie: admin } });
    const refused = await decide(created.url.split('/').pop(), post.id, 'approve', { name: 'Jordi', updated_at: post.updated_at });
    expect(refused.statusCode).toBe(410);
    expect(refused.json().error.code).toBe('REVIEW_LINK_REVOKED');
    expect((await t.database.db.selectFrom('posts').select('state').where('id', '=', post.id).executeTakeFirstOrThrow()).state).toBe('awaiting_approval');
  });
});
