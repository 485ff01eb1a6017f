import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../domain/events.ts';
import type { GenerationStatus } from '../../../domain/generation.ts';
import { instagramTextProblem } from '../../../domain/post.ts';
import type { Project } from '../../../domain/project.ts';
import type { PostWriter, WriteRequest } from '../../adapters/ai/post-writer.ts';
import { createTemplateWriter } from '../../adapters/ai/template-writer.ts';
import { filesUnder } from '../../test-support/images.ts';
import { createLaunchableProject } from '../../test-support/launchable-project.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * Launch and generation through the API with the default template writer (issue 6, SPEC §4): who may
 * launch, the refusals, the job's stages, the posts it writes and the images it shares out.
 */
describe('launching a project', () => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let customer: { id: string; cookie: string };
  let publisher: { id: string; cookie: string };
  let basic: { cookie: string };
  const events: AppEvent[] = [];
  const writerCalls: WriteRequest[] = [];

  beforeAll(async () => {
    // The template writer, counted: a project that does not require AI must not reach it.
    const template = createTemplateWriter();
    const countingWriter: PostWriter = {
      kind: 'template',
      wantsImagePreviews: false,
      write: (request) => (writerCalls.push(request), template.write(request)),
    };
    t = await createTestApp({ writer: countingWriter });
    t.events.subscribe((event) => events.push(event));
    const make = async (email: string, role: 'admin' | 'customer' | 'publisher' | 'basic', language: 'es' | 'en' | 'cat' = 'es') => {
      const user = await createTestUser(t, { email, role, language });
      return { id: user.id, cookie: await signIn(t, email, user.password) };
    };
    admin = await make('admin@launch.test', 'admin');
    customer = await make('clienta@launch.test', 'customer', 'en');
    publisher = await make('publica@launch.test', 'publisher');
    basic = await make('basico@launch.test', 'basic');
  });
  afterAll(async () => t.close());

  const launch = (projectId: number, cookie: string) => t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/launch`, headers: { cookie } });
  const status = async (projectId: number, cookie: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/generation`, headers: { cookie } })).json<GenerationStatus>();
  const project = async (projectId: number, cookie: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: { cookie } })).json<Project>();
  const postsOf = (projectId: number) => t.database.db.selectFrom('posts').selectAll().where('project_id', '=', projectId).orderBy('sequence').execute();
  const imagesOf = (postId: number) => t.database.db.selectFrom('post_images').selectAll().where('post_id', '=', postId).orderBy('position').execute();

  it('makes the posts with the template writer: one per publication, the selected images shared out in order, each image once', async () => {
    const made = await createLaunchableProject(t, customer.cookie, {
      fields: { publications: 2, keywords: 'madera,bosque,casa pasiva', category: 'residencial', location: 'Montseny', year: 2024, authors: 'Estudio Roca' },
      imageCount: 6,
      unselected: [2],
    });
    const answer = await launch(made.id, customer.cookie);
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json()).toEqual({ projectId: made.id, status: 'queued', stage: null, error: null });
    expect((await project(made.id, customer.cookie)).state).toBe('inProgress');

    expect(await t.worker.runDueJobs()).toBe(1);
    expect((await project(made.id, customer.cookie)).state).toBe('preview');
    expect(await status(made.id, customer.cookie)).toEqual({ projectId: made.id, status: 'succeeded', stage: 'finalizing', error: null });

    const posts = await postsOf(made.id);
    expect(posts.map((post) => [post.sequence, post.state, post.owner_id])).toEqual([
      [1, 'preview', customer.id],
      [2, 'preview', customer.id],
    ]);
    const selected = made.images.filter((image) => image.status === 'pending').map((image) => image.id);
    const shared = await Promise.all(posts.map(async (post) => (await imagesOf(post.id)).map((image) => image.project_image_id)));
    expect(shared).toEqual([selected.slice(0, 3), selected.slice(3)]);
    expect(shared.flat()).not.toContain(made.images[2]!.id);

    // Written in the studio's language (the customer's: English), from the project's own fields, each post its own way.
    const [first, second] = posts.map((post) => post.text);
    expect(first).not.toBe(second);
    for (const text of [first!, second!]) {
      expect(text).toMatch(/#Madera|#madera/);
      expect(instagramTextProblem(text)).toBeUndefined();
    }
    // The variants are in storage, where the posts point.
    const files = filesUnder(t.mediaDir);
    for (const image of await imagesOf(posts[0]!.id)) {
      expect(files).toContain(image.instagram_key);
      expect(files).toContain(image.linkedin_key);
      expect(image.instagram_key).toMatch(/-ig\.jpg$/);
    }
  });

  it("reports the five stages in order, then success, to the project's people", async () => {
    const made = await createLaunchableProject(t, customer.cookie, { imageCount: 1 });
    events.length = 0;
    await launch(made.id, customer.cookie);
    await t.worker.runDueJobs();
    const generation = events.flatMap((event) => (event.type === 'generation' && event.status.projectId === made.id ? [event.status] : []));
    expect(generation.map((entry) => `${entry.status}:${entry.stage ?? '-'}`)).toEqual([
      'queued:-',
      'running:preparing',
      'running:generating',
      'running:optimizing',
      'running:applying',
      'running:finalizing',
      'succeeded:finalizing',
    ]);
    const projectStates = events.flatMap((event) => (event.type === 'project' && event.projectId === made.id ? [event.state] : []));
    expect(projectStates).toEqual(['inProgress', 'preview']);
  });

  it('writes each post from the description and the keywords as hashtags, calling no writer, when the project does not require AI', async () => {
    const made = await createLaunchableProject(t, customer.cookie, {
      fields: { required_ai: false, publications: 2, keywords: 'madera, casa pasiva' },
      imageCount: 2,
    });
    const calls = writerCalls.length;
    await launch(made.id, customer.cookie);
    await t.worker.runDueJobs();
    expect(writerCalls.length).toBe(calls);
    const texts = (await postsOf(made.id)).map((post) => post.text);
    expect(texts).toEqual(['Una casa de madera en el bosque.\n\n#madera #CasaPasiva', 'Una casa de madera en el bosque.\n\n#madera #CasaPasiva']);
  });

  it("without AI, tags only as many keywords as Instagram's 5 hashtags leave room for after the description's own (decision 014)", async () => {
    const fields = {
      required_ai: false,
      publications: 1,
      description: 'Una casa en el #Montseny, de #madera.',
      keywords: 'bosque, casa pasiva, piedra, cal, vidrio, luz',
    };
    const made = await createLaunchableProject(t, customer.cookie, { fields, imageCount: 1 });
    await launch(made.id, customer.cookie);
    await t.worker.runDueJobs();
    expect((await postsOf(made.id)).map((post) => post.text)).toEqual(['Una casa en el #Montseny, de #madera.\n\n#bosque #CasaPasiva #piedra']);
  });

  it('gives the posts to the assigned customer, not to the admin who created and launched the project', async () => {
    const made = await createLaunchableProject(t, admin.cookie, { imageCount: 1 });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/projects/${made.id}/assign`, headers: { cookie: admin.cookie }, payload: { userId: customer.id } }))
        .statusCode,
    ).toBe(200);
    await launch(made.id, admin.cookie);
    await t.worker.runDueJobs();
    expect((await postsOf(made.id)).map((post) => post.owner_id)).toEqual([customer.id]);
  });

  it('refuses a project with fewer selected images than posts, and changes nothing', async () => {
    const made = await createLaunchableProject(t, customer.cookie, { fields: { publications: 3 }, imageCount: 3, unselected: [0] });
    const answer = await launch(made.id, customer.cookie);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.code).toBe('NOT_ENOUGH_IMAGES');
    expect((await project(made.id, customer.cookie)).state).toBe('draft');
    expect(await t.worker.runDueJobs()).toBe(0);
    const none = await createLaunchableProject(t, customer.cookie, { imageCount: 0 });
    expect((await launch(none.id, customer.cookie)).json().error.code).toBe('NOT_ENOUGH_IMAGES');
  });

  it('launches drafts only (409), once even when asked twice', async () => {
    const made = await createLaunchableProject(t, customer.cookie, { imageCount: 1 });
    const [one, two] = await Promise.all([launch(made.id, customer.cookie), launch(made.id, customer.cookie)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([202, 409]);
    expect(await t.worker.runDueJobs()).toBe(1);
    const again = await launch(made.id, customer.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');
    expect(await postsOf(made.id)).toHaveLength(1);
  });

  it('answers 401 without a session, 403 to a basic user, 404 for a project the user does not see', async () => {
    const made = await createLaunchableProject(t, customer.cookie, { imageCount: 1 });
    expect((await t.app.inject({ method: 'POST', url: `/api/projects/${made.id}/launch` })).statusCode).toBe(401);
    expect((await launch(made.id, basic.cookie)).statusCode).toBe(403);
    const notTheirs = await launch(made.id, publisher.cookie);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().error.message).toBe(`Project with id ${made.id} not found`);
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${made.id}/generation`, headers: { cookie: publisher.cookie } })).statusCode).toBe(404);
    expect((await launch(999_999, customer.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/projects/abc/launch', headers: { cookie: customer.cookie } })).statusCode).toBe(400);
    expect((await project(made.id, customer.cookie)).state).toBe('draft');
  });

  it('says idle for a draft never launched', async () => {
    const made = await createLaunchableProject(t, customer.cookie, { imageCount: 1 });
    expect(await status(made.id, customer.cookie)).toEqual({ projectId: made.id, status: 'idle', stage: null, error: null });
  });

  it('replaces, not doubles, the posts when a run is repeated after a crash', async () => {
    const made = await createLaunchableProject(t, customer.cookie, { fields: { publications: 2 }, imageCount: 2 });
    await launch(made.id, customer.cookie);
    await t.worker.runDueJobs();
    const before = await postsOf(made.id);
    // As if the first run had died after writing: the project still in progress, its job due again.
    await t.database.db.updateTable('projects').set({ state: 'inProgress' }).where('id', '=', made.id).execute();
    await t.database.db.updateTable('jobs').set({ state: 'queued', locked_by: null, locked_until: null }).where('subject', '=', `project:${made.id}`).execute();
    await t.worker.runDueJobs();
    const after = await postsOf(made.id);
    expect(after).toHaveLength(2);
    expect(after.map((post) => post.id)).not.toEqual(before.map((post) => post.id));
    expect((await project(made.id, customer.cookie)).state).toBe('preview');
    // Each post's history starts with its generation, by the app itself; the replaced posts' went with them (decision 041).
    for (const post of after) {
      const history = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}/history`, headers: { cookie: customer.cookie } });
      expect(history.json().events).toMatchObject([{ kind: 'generated', via: 'system', actor: null }]);
    }
    const events = await t.database.db.selectFrom('post_events').select('post_id').where('kind', '=', 'generated').execute();
    expect(events.filter((event) => before.some((post) => post.id === event.post_id))).toEqual([]);
  });

  it('reports a job lost without an answer as failed, and the project is a draft again', async () => {
    const made = await createLaunchableProject(t, customer.cookie, { imageCount: 1 });
    await launch(made.id, customer.cookie);
    await t.database.db.updateTable('jobs').set({ state: 'failed', last_error: 'lease expired' }).where('subject', '=', `project:${made.id}`).execute();
    const answer = await status(made.id, customer.cookie);
    expect(answer.status).toBe('failed');
    expect(answer.error?.code).toBe('GENERATION_FAILED');
    expect((await project(made.id, customer.cookie)).state).toBe('draft');
  });

  it('fails with IMAGE_TOO_LARGE, making no post, when a stored image has more pixels than can be processed (issue 13, item 6)', async () => {
    const made = await createLaunchableProject(t, customer.cookie, { imageCount: 1 });
    // As an image stored before the limit: 7746 x 7746 is just over 60 megapixels.
    const huge = await sharp({ create: { width: 7746, height: 7746, channels: 3, background: '#d8d2c4' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const stored = new URL(made.images[0]!.url).pathname.replace(/^\/media\//, '');
    fs.writeFileSync(path.join(t.mediaDir, stored), huge);
    expect((await launch(made.id, customer.cookie)).statusCode).toBe(202);
    await t.worker.runDueJobs();
    const answer = await status(made.id, customer.cookie);
    expect(answer).toMatchObject({ status: 'failed', error: { code: 'IMAGE_TOO_LARGE', message: expect.stringContaining('too large to process') } });
    expect((await project(made.id, customer.cookie)).state).toBe('draft');
    expect(await postsOf(made.id)).toEqual([]);
  });
});
