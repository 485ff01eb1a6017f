import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Post, displayedStateOf } from '../../../domain/post.ts';
import type { Role } from '../../../domain/roles.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';
import { accountPageOf } from './account-pages.ts';

/**
 * A "needs review" result resolved in the app (decision 025): whoever may act on the post marks it
 * published or not published, as found on the network; who and when are kept and shown; the post's
 * displayed state follows; any result that is not "needs review" is refused with a code the page words.
 */

interface Person {
  id: string;
  cookie: string;
}

const UNKNOWN = 'The outcome of the call is unknown: check the network before publishing again (socket hang up)';

describe('posts: resolving a "needs review" result', () => {
  let t: TestApp;
  let admin: Person;
  let clara: Person;
  let bruno: Person;
  let pau: Person;
  let project: number;

  const review = (who: Person, id: number, network: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/posts/${id}/results/${network}/review`,
      headers: { cookie: who.cookie },
      payload: payload as Record<string, unknown>,
    });
  const resultRow = (id: number, network: string) =>
    t.database.db.selectFrom('post_results').selectAll().where('post_id', '=', id).where('network', '=', network).executeTakeFirstOrThrow();
  const projectState = async () => (await t.database.db.selectFrom('projects').select('state').where('id', '=', project).executeTakeFirstOrThrow()).state;

  async function person(email: string, role: Role, firstName: string): Promise<Person> {
    const user = await createTestUser(t, { email, role, firstName });
    return { id: user.id, cookie: await signIn(t, user.email, user.password) };
  }

  /** A published post of Clara's: LinkedIn's outcome unknown (as the publish job leaves it), Instagram as given. */
  async function publishedPost(instagram: 'posted' | 'not_selected' | 'unknown' = 'not_selected'): Promise<number> {
    const finishedAt = new Date('2025-06-10T09:00:00Z');
    const { id } = await createTestPost(t.database.db, {
      projectId: project,
      ownerId: clara.id,
      state: 'published',
      publishOn: '2025-06-10',
      publishedAt: finishedAt,
      networks: { linkedin: true, instagram: instagram !== 'not_selected' },
      results: [
        { network: 'linkedin', status: 'unknown', targetName: 'Clara Roca', error: UNKNOWN, finishedAt },
        { network: 'instagram', status: instagram, targetName: instagram === 'not_selected' ? undefined : 'roca.arquitectura', finishedAt },
      ],
    });
    await t.database.db
      .updateTable('post_results')
      .set({ error_code: 'outcomeUnknown', target_id: 'urn:li:person:clara' })
      .where('post_id', '=', id)
      .where('network', '=', 'linkedin')
      .execute();
    await t.database.db
      .updateTable('post_results')
      .set({ target_id: '17841400000000001' })
      .where('post_id', '=', id)
      .where('network', '=', 'instagram')
      .where('status', '<>', 'not_selected')
      .execute();
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2025-06-10T10:00:00Z') });
    admin = await person('admin@studio.es', 'admin', 'Ana');
    clara = await person('clara@cliente.es', 'customer', 'Clara');
    bruno = await person('bruno@cliente.es', 'customer', 'Bruno');
    pau = await person('pau@studio.es', 'publisher', 'Pau');
  });
  beforeEach(async () => {
    // Launched: all its posts went out (the publish job's rule); marking a result does not change it.
    project = await createTestProject(t.database.db, { createdBy: clara.id, state: 'launched' });
  });
  afterAll(() => t.close());

  it('marks it published: the result is posted, with who and when, and the post shows as published', async () => {
    const id = await publishedPost();
    // The review is stamped by the app's clock (fixed here).
    const before = t.now().getTime();
    const response = await review(clara, id, 'linkedin', { published: true });
    expect(response.statusCode, response.body).toBe(200);
    const post = response.json<Post>();
    expect(post.results.linkedin).toMatchObject({
      status: 'posted',
      error: null,
      error_code: null,
      reviewed_by: { id: clara.id, first_name: 'Clara', email: 'clara@cliente.es' },
    });
    expect(Date.parse(post.results.linkedin!.reviewed_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(post.state).toBe('published');
    expect(displayedStateOf(post)).toBe('published');
    // Read again, the list says the same, and the database keeps whose word it is.
    const listed = (await t.app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: { cookie: clara.cookie } })).json<Post>();
    expect(listed.results.linkedin).toEqual(post.results.linkedin);
    expect(await resultRow(id, 'linkedin')).toMatchObject({ status: 'posted', reviewed_by: clara.id, error_code: null });
    expect(await projectState()).toBe('launched');
    // The history keeps the mark, whose and when (decision 041).
    const history = await t.app.inject({ method: 'GET', url: `/api/posts/${id}/history`, headers: { cookie: clara.cookie } });
    expect(history.json().events).toMatchObject([
      { kind: 'marked_published', via: 'app', network: 'linkedin', actor: { id: clara.id }, at: t.now().toISOString() },
    ]);
  });

  it('marks it not published: a failure whose reason says so, offered "publish again", which brings post and project back to preview', async () => {
    const id = await publishedPost('posted');
    const response = await review(admin, id, 'linkedin', { published: false });
    expect(response.statusCode, response.body).toBe(200);
    const post = response.json<Post>();
    expect(post.results.linkedin).toMatchObject({ status: 'failed', error_code: 'markedNotPublished', reviewed_by: { id: admin.id, first_name: 'Ana' } });
    expect(displayedStateOf(post)).toBe('publishedWithErrors');
    expect(await projectState()).toBe('launched');
    const history = await t.app.inject({ method: 'GET', url: `/api/posts/${id}/history`, headers: { cookie: admin.cookie } });
    expect(history.json().events).toMatchObject([{ kind: 'marked_not_published', via: 'app', network: 'linkedin', actor: { id: admin.id } }]);

    const again = await t.app.inject({ method: 'POST', url: `/api/posts/${id}/reset`, headers: { cookie: clara.cookie } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Post>()).toMatchObject({ state: 'preview', results: { instagram: null, linkedin: null } });
    expect(await projectState()).toBe('preview');
  });

  it('takes the review off the home dashboard once marked published, and keeps a marked failure there with its reason', async () => {
    const published = await publishedPost();
    const notPublished = await publishedPost();
    const failures = async () => {
      const home = (await t.app.inject({ method: 'GET', url: '/api/home', headers: { cookie: clara.cookie } })).json<{
        failedPublications: { items: Array<{ post_id: number; result: { status: string; error_code: string | null } }> };
      }>();
      return home.failedPublications.items
        .filter((item) => [published, notPublished].includes(item.post_id))
        .map((item) => [item.post_id, item.result.status, item.result.error_code]);
    };
    expect(await failures()).toEqual(
      expect.arrayContaining([
        [published, 'unknown', 'outcomeUnknown'],
        [notPublished, 'unknown', 'outcomeUnknown'],
      ]),
    );
    expect((await review(clara, published, 'linkedin', { published: true })).statusCode).toBe(200);
    expect((await review(clara, notPublished, 'linkedin', { published: false })).statusCode).toBe(200);
    expect(await failures()).toEqual([[notPublished, 'failed', 'markedNotPublished']]);
  });

  it('refuses a result that does not need review, with a code the page words, and changes nothing', async () => {
    const id = await publishedPost('posted');
    const posted = await review(clara, id, 'instagram', { published: false });
    expect(posted.statusCode).toBe(409);
    expect(posted.json()).toMatchObject({ error: { code: 'CONFLICT', details: { result: 'notNeedsReview' } } });
    expect(posted.json().error.message).toMatch(/Instagram result of post \d+ is posted/);
    expect(await resultRow(id, 'instagram')).toMatchObject({ status: 'posted', reviewed_by: null, reviewed_at: null });

    // Marked once, it is no longer "needs review": a second word (another tab, another person) is refused.
    expect((await review(clara, id, 'linkedin', { published: true })).statusCode).toBe(200);
    const second = await review(admin, id, 'linkedin', { published: false });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.details).toEqual({ result: 'notNeedsReview' });
    expect(await resultRow(id, 'linkedin')).toMatchObject({ status: 'posted', reviewed_by: clara.id });

    // A post in preview has no result at all.
    const { id: preview } = await createTestPost(t.database.db, { projectId: project, ownerId: clara.id });
    const none = await review(clara, preview, 'linkedin', { published: true });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toMatch(/is none$/);
  });

  it('takes one word when two arrive at once', async () => {
    const id = await publishedPost();
    const answers = await Promise.all([review(clara, id, 'linkedin', { published: true }), review(admin, id, 'linkedin', { published: false })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json<Post>().results.linkedin!;
    expect(await resultRow(id, 'linkedin')).toMatchObject({ status: winner.status, reviewed_by: winner.reviewed_by!.id });
  });

  it('answers 400 for an unknown network or a body without the answer, and changes nothing', async () => {
    const id = await publishedPost();
    for (const [network, payload] of [
      ['tiktok', { published: true }],
      ['linkedin', {}],
      ['linkedin', { published: 'yes' }],
    ] as const) {
      const response = await review(clara, id, network, payload);
      expect(response.statusCode, `${network} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await resultRow(id, 'linkedin')).status).toBe('unknown');
  });

  it('lets the same people as every other post action: the owner and administrators; another customer finds nothing, a publisher is refused', async () => {
    const id = await publishedPost();
    expect((await review(bruno, id, 'linkedin', { published: true })).statusCode).toBe(404);
    expect((await review(pau, id, 'linkedin', { published: true })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/posts/${id}/results/linkedin/review`, payload: { published: true } })).statusCode).toBe(401);
    expect((await resultRow(id, 'linkedin')).status).toBe('unknown');
    expect((await review(admin, id, 'linkedin', { published: true })).statusCode).toBe(200);
  });

  it("gives each result the account to check it on: the Instagram account's page, a LinkedIn member's own activity", async () => {
    const id = await publishedPost('unknown');
    const post = (await t.app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: { cookie: clara.cookie } })).json<Post>();
    expect(post.results.instagram!.account_url).toBe('https://www.instagram.com/roca.arquitectura/');
    expect(post.results.linkedin!.account_url).toBe('https://www.linkedin.com/in/me/recent-activity/all/');
  });
});

describe('accountPageOf', () => {
  it('names the account on each network, the sandbox its list, and nothing without a target', () => {
    expect(accountPageOf('linkedin', { target_id: 'urn:li:organization:2414183', target_name: 'Soler Ibáñez' }, false)).toBe(
      'https://www.linkedin.com/company/2414183/posts/',
    );
    expect(accountPageOf('linkedin', { target_id: 'urn:li:person:abc', target_name: 'Marta' }, false)).toBe(
      'https://www.linkedin.com/in/me/recent-activity/all/',
    );
    expect(accountPageOf('instagram', { target_id: '1784', target_name: 'soler.arquitectos' }, false)).toBe('https://www.instagram.com/soler.arquitectos/');
    expect(accountPageOf('instagram', { target_id: '1784', target_name: null }, false)).toBeNull();
    expect(accountPageOf('instagram', { target_id: '1784', target_name: 'soler.arquitectos' }, true)).toBe('/sandbox');
    expect(accountPageOf('linkedin', { target_id: null, target_name: null }, true)).toBeNull();
  });
});
