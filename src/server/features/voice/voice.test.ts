import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiWriter } from '../../adapters/ai/openai-writer.ts';
import { createLaunchableProject } from '../../test-support/launchable-project.ts';
import { type OpenAiStub, createOpenAiStub } from '../../test-support/openai-stub.ts';
import { createTestPost } from '../../test-support/posts.ts';
import { projectRowValues } from '../../test-support/projects.ts';
import { type TestApp, createTestApp, createSignedInUsers } from '../../test-support/test-app.ts';

/**
 * The studio's voice (issue 24 item 4): none by default; a customer sets their own, an administrator
 * anyone's who can own posts; examples are the owner's published posts, kept with the text they were
 * chosen with; bad input is refused whole; the generation gives the voice to the writer.
 */
describe("the studio's voice", () => {
  let t: TestApp;
  let stub: OpenAiStub;
  let ids: Record<'admin' | 'clara' | 'bruno' | 'pablo', string>;
  let cookies: typeof ids;
  const posts = { claraOld: 0, claraNew: 0, claraPreview: 0, claraLinkedinOnly: 0, bruno: 0 };
  const call = (cookie: string, method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    stub = await createOpenAiStub({ apiKey: 'sk-voice' });
    t = await createTestApp({ writer: createOpenAiWriter({ baseUrl: stub.url, apiKey: 'sk-voice', model: 'gpt-test', timeoutMs: 5_000, sendImages: false }) });
    ({ ids, cookies } = await createSignedInUsers(t, { admin: 'admin', clara: 'customer', bruno: 'customer', pablo: 'publisher' }, 'voice.test'));
    const projectOf = async (owner: string, title: string) =>
      (
        await t.database.db
          .insertInto('projects')
          .values(projectRowValues({ title, created_by: owner, state: 'launched' }))
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const claraProject = await projectOf(ids.clara, 'Casa del Patio');
    const published = (ownerId: string, projectId: number, text: string, publishedAt: string) =>
      createTestPost(t.database.db, { projectId, ownerId, state: 'published', text, publishedAt: new Date(publishedAt), networks: { instagram: true } });
    posts.claraOld = (await published(ids.clara, claraProject, 'La luz entra por el patio. #patio', '2026-10-01T10:00:00Z')).id;
    posts.claraNew = (await published(ids.clara, claraProject, 'Madera, cal y sombra. #madera', '2026-11-01T10:00:00Z')).id;
    posts.claraPreview = (await createTestPost(t.database.db, { projectId: claraProject, ownerId: ids.clara, text: 'Sin publicar' })).id;
    // Out on LinkedIn alone: its Instagram text never went out.
    posts.claraLinkedinOnly = (
      await createTestPost(t.database.db, {
        projectId: claraProject,
        ownerId: ids.clara,
        state: 'published',
        text: 'El texto de Instagram, que no salió',
        publishedAt: new Date('2026-09-01T10:00:00Z'),
        networks: { linkedin: true },
      })
    ).id;
    await t.database.db.updateTable('posts').set({ linkedin_text: 'Solo en LinkedIn, más largo.' }).where('id', '=', posts.claraLinkedinOnly).execute();
    posts.bruno = (await published(ids.bruno, await projectOf(ids.bruno, 'Nave'), 'Una nave de Bruno.', '2026-11-02T10:00:00Z')).id;
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('is empty by default; suggests the most recent published posts, newest first; a customer saves hers', async () => {
    expect((await call(cookies.clara, 'GET', '/api/studio-voice')).json()).toEqual({ owner_id: ids.clara, description: '', examples: [], updated_at: null });
    const suggestions = (await call(cookies.clara, 'GET', '/api/studio-voice/suggestions')).json();
    expect(suggestions.owner_id).toBe(ids.clara);
    expect(suggestions.items).toEqual([
      { post_id: posts.claraNew, text: 'Madera, cal y sombra. #madera', project_title: 'Casa del Patio', published_at: '2026-11-01T10:00:00.000Z' },
      { post_id: posts.claraOld, text: 'La luz entra por el patio. #patio', project_title: 'Casa del Patio', published_at: '2026-10-01T10:00:00.000Z' },
      // Published on LinkedIn alone: its LinkedIn text speaks for the studio.
      { post_id: posts.claraLinkedinOnly, text: 'Solo en LinkedIn, más largo.', project_title: 'Casa del Patio', published_at: '2026-09-01T10:00:00.000Z' },
    ]);

    const saved = await call(cookies.clara, 'PUT', '/api/studio-voice', {
      description: '  Frases cortas; nunca «espectacular» ni «único».  ',
      examples: [posts.claraNew, posts.claraOld],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      owner_id: ids.clara,
      description: 'Frases cortas; nunca «espectacular» ni «único».',
      examples: [
        { post_id: posts.claraNew, text: 'Madera, cal y sombra. #madera' },
        { post_id: posts.claraOld, text: 'La luz entra por el patio. #patio' },
      ],
    });
    expect(saved.json().updated_at).toEqual(expect.any(String));
    expect((await call(cookies.clara, 'GET', '/api/studio-voice')).json()).toEqual(saved.json());
  });

  it('keeps the text an example was chosen with when its post is edited or deleted later', async () => {
    await call(cookies.clara, 'PUT', '/api/studio-voice', { description: 'Cercano.', examples: [posts.claraOld, posts.claraNew] });
    await t.database.db.updateTable('posts').set({ text: 'Cambiado después' }).where('id', '=', posts.claraOld).execute();
    await t.database.db.deleteFrom('posts').where('id', '=', posts.claraNew).execute();
    const again = await call(cookies.clara, 'PUT', '/api/studio-voice', { description: 'Cercano.', examples: [posts.claraNew, posts.claraOld] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().examples).toEqual([
      { post_id: posts.claraNew, text: 'Madera, cal y sombra. #madera' },
      { post_id: posts.claraOld, text: 'La luz entra por el patio. #patio' },
    ]);
    // Dropped from the voice, a deleted post cannot come back: it is no longer a published post.
    await call(cookies.clara, 'PUT', '/api/studio-voice', { description: 'Cercano.', examples: [posts.claraOld] });
    const gone = await call(cookies.clara, 'PUT', '/api/studio-voice', { description: 'Cercano.', examples: [posts.claraNew] });
    expect(gone.json().error.details).toEqual({ 'examples.0': 'voiceExampleNotPublished' });
  });

  it.each([
    ['a description over 1,000 characters', () => ({ description: 'a'.repeat(1001), examples: [] }), { description: 'voiceDescriptionTooLong' }],
    ['6 examples', () => ({ description: '', examples: [1, 2, 3, 4, 5, 6] }), { examples: 'voiceExamplesTooMany' }],
    ['the same example twice', () => ({ description: '', examples: [posts.claraOld, posts.claraOld] }), { 'examples.1': 'voiceExampleDuplicate' }],
    ['a post not yet published', () => ({ description: '', examples: [posts.claraPreview] }), { 'examples.0': 'voiceExampleNotPublished' }],
    ["another customer's post", () => ({ description: '', examples: [posts.claraOld, posts.bruno] }), { 'examples.1': 'voiceExampleNotPublished' }],
    ['a post that does not exist', () => ({ description: '', examples: [2_000_000_000] }), { 'examples.0': 'voiceExampleNotPublished' }],
    ['an example that is not a post id', () => ({ description: '', examples: ['uno'] }), { 'examples.0': 'invalid' }],
    ['no description', () => ({ examples: [] }), { description: 'invalid' }],
  ])('refuses %s (400), changing nothing', async (_, body, details) => {
    const before = (await call(cookies.clara, 'GET', '/api/studio-voice')).json();
    const refused = await call(cookies.clara, 'PUT', '/api/studio-voice', body());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details });
    expect((await call(cookies.clara, 'GET', '/api/studio-voice')).json()).toEqual(before);
  });

  it("lets an administrator read and set a customer's voice, and her own; a customer only hers", async () => {
    const set = await call(cookies.admin, 'PUT', '/api/studio-voice', { owner_id: ids.bruno, description: 'Técnico.', examples: [posts.bruno] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ owner_id: ids.bruno, description: 'Técnico.', examples: [{ post_id: posts.bruno, text: 'Una nave de Bruno.' }] });
    expect((await call(cookies.admin, 'GET', `/api/studio-voice?owner=${ids.bruno}`)).json().description).toBe('Técnico.');
    expect((await call(cookies.admin, 'GET', `/api/studio-voice/suggestions?owner=${ids.bruno}`)).json().items).toHaveLength(1);
    expect((await call(cookies.admin, 'GET', '/api/studio-voice')).json()).toMatchObject({ owner_id: ids.admin, description: '' });
    // A customer naming herself is fine; naming another is refused, reading, suggesting or writing.
    expect((await call(cookies.clara, 'GET', `/api/studio-voice?owner=${ids.clara}`)).statusCode).toBe(200);
    expect((await call(cookies.clara, 'GET', `/api/studio-voice?owner=${ids.bruno}`)).statusCode).toBe(403);
    expect((await call(cookies.clara, 'GET', `/api/studio-voice/suggestions?owner=${ids.bruno}`)).statusCode).toBe(403);
    const refused = await call(cookies.clara, 'PUT', '/api/studio-voice', { owner_id: ids.bruno, description: 'Otro', examples: [] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    expect((await call(cookies.bruno, 'GET', '/api/studio-voice')).json().description).toBe('Técnico.');
  });

  it('refuses a user who cannot own posts (400), one who does not exist (404), and publishers altogether (403)', async () => {
    const publisher = await call(cookies.admin, 'PUT', '/api/studio-voice', { owner_id: ids.pablo, description: 'x', examples: [] });
    expect(publisher.statusCode).toBe(400);
    expect(publisher.json().error.details).toEqual({ owner_id: 'voiceOwnerNotCustomer' });
    expect((await call(cookies.admin, 'GET', '/api/studio-voice?owner=nobody')).statusCode).toBe(404);
    expect((await call(cookies.admin, 'GET', '/api/studio-voice/suggestions?owner=nobody')).statusCode).toBe(404);
    expect((await call(cookies.pablo, 'GET', '/api/studio-voice')).statusCode).toBe(403);
    expect((await call(cookies.pablo, 'PUT', '/api/studio-voice', { description: '', examples: [] })).statusCode).toBe(403);
    expect(await t.database.db.selectFrom('studio_voices').select('owner_id').where('owner_id', '=', ids.pablo).execute()).toEqual([]);
  });

  it("gives the customer's voice to the writer with the project's prompt", async () => {
    await call(cookies.clara, 'PUT', '/api/studio-voice', { description: 'Frases cortas, sin superlativos.', examples: [posts.claraOld] });
    const made = await createLaunchableProject(t, cookies.clara, { fields: { publications: 1 }, imageCount: 1 });
    expect((await t.app.inject({ method: 'POST', url: `/api/projects/${made.id}/launch`, headers: { cookie: cookies.clara } })).statusCode).toBe(202);
    await t.worker.runDueJobs();
    const system: string = stub.requests.at(-1)!.body.messages[0].content;
    expect(system).toContain("The studio's voice: Frases cortas, sin superlativos.");
    expect(system).toContain('---\nLa luz entra por el patio. #patio\n---');
  });
});
