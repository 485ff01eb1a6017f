import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';
import { REVIEW_LINK_MISSES_PER_ADDRESS } from './service.ts';

/** Opening a review link (decision 043): no sign-in, only its project's posts awaiting approval, and every way a link stops working. */
describe('review links: what a link opens', () => {
  let t: TestApp;
  let clock = new Date('2026-12-01T10:00:00Z');
  let adminCookie: string;
  let projectId: number;
  let awaiting: number[];
  let preview: number;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    const admin = await createTestUser(t, { email: 'admin@studio.es', role: 'admin' });
    const clara = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer' });
    adminCookie = await signIn(t, admin.email, admin.password);
    projectId = await createTestProject(t.database.db, { title: 'Casa del Mar', createdBy: admin.id, assignedTo: clara.id });
    const other = await createTestProject(t.database.db, { title: 'Otra', assignedTo: clara.id });
    const post = (project: number, sequence: number, text: string) =>
      createTestPost(t.database.db, {
        projectId: project,
        ownerId: clara.id,
        sequence,
        text,
        publishOn: '2026-12-10',
        networks: { instagram: true, linkedin: true },
      });
    awaiting = [(await post(projectId, 1, 'Primera')).id, (await post(projectId, 2, 'Segunda')).id];
    preview = (await post(projectId, 3, 'Borrador')).id;
    const elsewhere = (await post(other, 1, 'De otro proyecto')).id;
    await t.database.db
      .updateTable('posts')
      .set({ state: 'awaiting_approval', approval_asked_at: clock.toISOString(), approval_asked_by: admin.id })
      .where('id', 'in', [...awaiting, elsewhere])
      .execute();
    await t.database.db
      .updateTable('posts')
      .set({ state: 'preview', publish_on: null, publish_at: null, publish_time: null })
      .where('id', '=', preview)
      .execute();
  });
  afterAll(() => t.close());

  const makeLink = async (payload: Record<string, unknown> = { language: 'en' }) => {
    const created = await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/review-links`, headers: { cookie: adminCookie }, payload });
    const body = created.json<{ url: string; link: { id: number } }>();
    return { token: body.url.split('/').pop()!, id: body.link.id };
  };
  const open = (token: string, remoteAddress = '198.51.100.7') => t.app.inject({ method: 'GET', url: `/api/review/${token}`, remoteAddress });

  it("shows its project's posts awaiting approval, both texts and pictures, and nothing else of the studio", async () => {
    const { token } = await makeLink();
    const statesBefore = await t.database.db.selectFrom('posts').select(['id', 'state', 'updated_at']).orderBy('id').execute();
    const response = await open(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const review = response.json();
    expect(review).toMatchObject({ project_title: 'Casa del Mar', language: 'en' });
    expect(review.posts.map((post: { id: number }) => post.id)).toEqual(awaiting);
    expect(review.posts[0]).toMatchObject({
      state: 'awaiting_approval',
      text: 'Primera',
      publish_on: '2026-12-10',
      networks: { instagram: true, linkedin: true },
    });
    expect(review.posts[0].images.length).toBeGreaterThan(0);
    expect(review.posts[0].accounts).toEqual({
      instagram: { connected: false, name: null, picture: null },
      linkedin: { connected: false, name: null, picture: null },
      facebook: { connected: false, name: null, picture: null },
    });
    expect(Object.keys(review.posts[0]).sort()).toEqual(
      [
        'accounts',
        'id',
        'images',
        'linkedin_text',
        'locked_from',
        'networks',
        'publish_at',
        'publish_on',
        'publish_time',
        'sequence',
        'state',
        'text',
        'unreachable',
        'updated_at',
      ].sort(),
    );
    expect(response.body).not.toContain('clara@cliente.es');
    // Opening it changed no post.
    expect(await t.database.db.selectFrom('posts').select(['id', 'state', 'updated_at']).orderBy('id').execute()).toEqual(statesBefore);
  });

  it('says a revoked link was revoked, and an expired one expired', async () => {
    const revoked = await makeLink();
    await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}/review-links/${revoked.id}`, headers: { cookie: adminCookie } });
    expect((await open(revoked.token)).json().error.code).toBe('REVIEW_LINK_REVOKED');
    expect((await open(revoked.token)).statusCode).toBe(410);

    const shortLived = await makeLink({ language: 'es', expires_in_days: 1 });
    expect((await open(shortLived.token)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000);
    const expired = await open(shortLived.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('REVIEW_LINK_EXPIRED');
  });

  it('says a link is used once it decided something and nothing is left to decide', async () => {
    const link = await makeLink();
    await t.database.db.updateTable('review_links').set({ decided_at: clock.toISOString() }).where('id', '=', link.id).execute();
    expect((await open(link.token)).statusCode).toBe(200);
    await t.database.db.updateTable('posts').set({ state: 'scheduled' }).where('id', 'in', awaiting).execute();
    const used = await open(link.token);
    expect(used.statusCode).toBe(410);
    expect(used.json().error.code).toBe('REVIEW_LINK_USED');
    const listed = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/review-links`, headers: { cookie: adminCookie } });
    expect(listed.json().links.find((each: { id: number }) => each.id === link.id).status).toBe('used');
    await t.database.db.updateTable('posts').set({ state: 'awaiting_approval' }).where('id', 'in', awaiting).execute();
  });

  it(`answers an unknown address 404, and after ${REVIEW_LINK_MISSES_PER_ADDRESS} from one client address 429, even for a real link`, async () => {
    const { token } = await makeLink();
    const guesser = '203.0.113.9';
    for (const made of ['x', 'A'.repeat(43), `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, '%00', 'a'.repeat(90)]) {
      const response = await open(encodeURIComponent(made), guesser);
      expect(response.statusCode, made).toBe(404);
      expect(response.json().error.code).toBe('REVIEW_LINK_NOT_FOUND');
    }
    const guesses = await Promise.all(Array.from({ length: REVIEW_LINK_MISSES_PER_ADDRESS + 5 }, (_, i) => open(`guess-${i}`, guesser)));
    expect(guesses.filter((answer) => answer.statusCode === 404)).toHaveLength(REVIEW_LINK_MISSES_PER_ADDRESS - 5);
    expect(guesses.filter((answer) => answer.statusCode === 429)).toHaveLength(10);
    const blocked = await open(token, guesser);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Someone else, with the link, is not held back; and opening a real link never counts.
    for (let i = 0; i < REVIEW_LINK_MISSES_PER_ADDRESS + 2; i += 1) expect((await open(token, '198.51.100.20')).statusCode).toBe(200);
  });
});
