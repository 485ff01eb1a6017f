import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post, PostTextVersion } from '../../../domain/post.ts';
import { createOpenAiWriter } from '../../adapters/ai/openai-writer.ts';
import { type OpenAiStub, type OpenAiStubHandler, createOpenAiStub, postsAnswer, writePostsAsAsked } from '../../test-support/openai-stub.ts';
import { createTestPost } from '../../test-support/posts.ts';
import { projectRowValues } from '../../test-support/projects.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * One post written again, alone, and every earlier text kept (issue 24 item 5): through the API, with the
 * OpenAI-compatible writer over a real local server, which is told the post's place, its texts and the note.
 */
describe('posts: written again, and earlier texts brought back', () => {
  let stub: OpenAiStub;
  let answer: OpenAiStubHandler | undefined;
  let t: TestApp;
  let cookie: string;
  let ownerId: string;
  let projectId: number;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const versionsOf = async (id: number) => (await call('GET', `/api/posts/${id}/versions`)).json<{ items: PostTextVersion[] }>().items;
  const newPost = (sequence: number, text = 'Casa del Patio, en piedra.') => createTestPost(t.database.db, { projectId, ownerId, sequence, text });

  beforeAll(async () => {
    stub = await createOpenAiStub({ apiKey: 'sk-test', handler: (request) => (answer ?? writePostsAsAsked)(request) });
    t = await createTestApp({ writer: createOpenAiWriter({ baseUrl: stub.url, apiKey: 'sk-test', model: 'm', timeoutMs: 2_000, sendImages: false }) });
    const user = await createTestUser(t, { email: 'reescribe@cliente.es', role: 'customer', language: 'es' });
    ownerId = user.id;
    cookie = await signIn(t, user.email, user.password);
    ({ id: projectId } = await t.database.db
      .insertInto('projects')
      .values(
        projectRowValues({ title: 'Casa del Patio', description: 'Una casa en piedra.', created_by: ownerId, state: 'preview', prompt_text: 'Tono cercano.' }),
      )
      .returning('id')
      .executeTakeFirstOrThrow());
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('writes one post again with the note, its place and its texts, keeps the texts it had, and leaves the others alone', async () => {
    const first = await newPost(1);
    const second = await newPost(2, 'La segunda publicación.');
    const rewritten = await call('POST', `/api/posts/${second.id}/rewrite`, { note: 'más corto' });
    expect(rewritten.statusCode, rewritten.body).toBe(200);
    const post = rewritten.json<Post>();
    expect(post.text).toBe('Publicación 1 de 1 sobre Casa del Patio: una obra pensada para quienes la habitan. #arquitectura');
    expect(post.linkedin_text).toContain('con más calma');

    const system = stub.requests.at(-1)!.body.messages[0].content as string;
    expect(system).toContain('This is post 2 of a series of 2');
    expect(system).toContain('as the studio asks: «más corto»');
    expect(system).toContain('Its current Instagram text: «La segunda publicación.»');
    expect(system.startsWith('Tono cercano.')).toBe(true);

    expect(await versionsOf(second.id)).toEqual([
      { id: expect.any(Number), text: 'La segunda publicación.', linkedin_text: null, replaced_by: 'rewrite', created_at: expect.any(String) },
    ]);
    expect((await call('GET', `/api/posts/${first.id}`)).json<Post>().text).toBe('Casa del Patio, en piedra.');
    expect(await versionsOf(first.id)).toEqual([]);
  });

  it('keeps the text an edit replaces, and brings any earlier text back, keeping the one it replaces', async () => {
    const { id } = await newPost(1, 'Primera versión.');
    expect((await call('PATCH', `/api/posts/${id}`, { text: 'Segunda versión.' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/posts/${id}`, { linkedin_text: 'Solo LinkedIn.' })).statusCode).toBe(200);
    const [linkedinEdit, firstEdit] = await versionsOf(id);
    expect(firstEdit).toMatchObject({ text: 'Primera versión.', linkedin_text: null, replaced_by: 'edit' });
    expect(linkedinEdit).toMatchObject({ text: 'Segunda versión.', linkedin_text: null, replaced_by: 'edit' });

    const restored = await call('POST', `/api/posts/${id}/versions/${firstEdit!.id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<Post>()).toMatchObject({ text: 'Primera versión.', linkedin_text: null });
    expect((await versionsOf(id))[0]).toMatchObject({ text: 'Segunda versión.', linkedin_text: 'Solo LinkedIn.', replaced_by: 'restore' });
    // Saving the same texts again keeps nothing new.
    expect((await call('PATCH', `/api/posts/${id}`, { text: 'Primera versión.' })).statusCode).toBe(200);
    expect(await versionsOf(id)).toHaveLength(3);
  });

  it('refuses a note too long (400), a scheduled post (409) and a version of another post (404), changing nothing', async () => {
    const { id } = await newPost(1, 'Intacta.');
    const long = await call('POST', `/api/posts/${id}/rewrite`, { note: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details).toEqual({ note: 'rewriteNoteTooLong' });
    const other = await newPost(2, 'Otra.');
    await call('PATCH', `/api/posts/${other.id}`, { text: 'Otra, editada.' });
    const [otherVersion] = await versionsOf(other.id);
    expect((await call('POST', `/api/posts/${id}/versions/${otherVersion!.id}/restore`, {})).statusCode).toBe(404);
    const onItsDay = await createTestPost(t.database.db, {
      projectId,
      ownerId,
      text: 'Programada.',
      state: 'scheduled',
      publishOn: '2099-06-01',
      networks: { linkedin: true },
    });
    const scheduled = await call('POST', `/api/posts/${onItsDay.id}/rewrite`, {});
    expect(scheduled.statusCode).toBe(409);
    expect(scheduled.json().error.details).toEqual({ post: 'rewriteOnlyPreview' });
    expect((await call('GET', `/api/posts/${id}`)).json<Post>().text).toBe('Intacta.');
    expect((await call('GET', `/api/posts/${onItsDay.id}`)).json<Post>().text).toBe('Programada.');
    expect(await versionsOf(id)).toEqual([]);
  });

  it("answers the writer's failure with its code (502) and changes nothing", async () => {
    const { id } = await newPost(1, 'Sin cambios.');
    answer = () => ({ status: 500, json: { error: { message: 'The server had an error', type: 'server_error' } } });
    try {
      const failed = await call('POST', `/api/posts/${id}/rewrite`, {});
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error.code).toBe('GENERATION_AI_FAILED');
      answer = () =>
        postsAnswer([{ instagram: 'A house of stone by the forest, for a family.', linkedin: 'A house of stone by the forest, for a family.', alt_texts: [] }]);
      const wrongLanguage = await call('POST', `/api/posts/${id}/rewrite`, {});
      expect(wrongLanguage.statusCode).toBe(502);
      expect(wrongLanguage.json().error.message).toContain('written in English, not in Spanish');
    } finally {
      answer = undefined;
    }
    expect((await call('GET', `/api/posts/${id}`)).json<Post>().text).toBe('Sin cambios.');
    expect(await versionsOf(id)).toEqual([]);
  });
});
