import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../domain/post.ts';
import { projectRowValues } from '../../test-support/projects.ts';
import { createTestPost } from '../../test-support/posts.ts';
import { type TestSandbox, connect, sandboxAdapters, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * The facts rule through the API (issue 24 item 3): a post shows what each network's text states that
 * its project does not hold; scheduling, adding to the queue and editing a scheduled post ask for a
 * confirmation while any such fact is new, and never again for one confirmed (a move in the calendar).
 */
const NOW = new Date('2025-06-10T08:00:00Z');

describe('posts: facts not in the project', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  let cookie: string;
  let ownerId: string;
  let projectId: number;

  const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const schedule = (id: number, extra: Record<string, unknown> = {}, publishOn = '2025-06-12') =>
    call('PUT', `/api/posts/${id}/schedule`, { publish_on: publishOn, networks: { instagram: false, linkedin: true }, ...extra });
  const post = async (id: number) => (await call('GET', `/api/posts/${id}`)).json<Post>();
  const textOf = (facts: Post['unsupported_facts']['instagram']) => facts.map((fact) => fact.text);

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ social: sandboxAdapters(sandbox), now: () => NOW });
    const user = await createTestUser(t, { email: 'datos@cliente.es', role: 'customer' });
    ownerId = user.id;
    cookie = await signIn(t, user.email, user.password);
    expect((await connect(t, cookie, 'linkedin')).statusCode).toBe(200);
    ({ id: projectId } = await t.database.db
      .insertInto('projects')
      .values(
        projectRowValues({
          title: 'Casa del Patio',
          description: 'Una vivienda de 180 m² alrededor de un patio, en piedra y madera.',
          location: 'Sant Cugat del Vallès',
          year: 2023,
          authors: 'Ana Pérez',
          weblink: 'https://www.estudio.es/casa-patio',
          created_by: ownerId,
          state: 'preview',
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow());
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it("lists each network's facts the project does not hold, and none for a text that keeps to the project", async () => {
    const grounded = await createTestPost(t.database.db, {
      projectId,
      ownerId,
      text: 'Presentamos Casa del Patio, de Ana Pérez: 180 m2 en Sant Cugat del Vallès (2023). Más en https://estudio.es/casa-patio',
    });
    expect((await post(grounded.id)).unsupported_facts).toEqual({ instagram: [], linkedin: [], facebook: [] });

    const invented = await createTestPost(t.database.db, { projectId, ownerId, text: 'Casa del Patio: 240 m² y el Premio FAD 2024.' });
    await call('PATCH', `/api/posts/${invented.id}`, { linkedin_text: 'Casa del Patio, de Ana Pérez y Pedro Gómez: 180 m² en www.otro-estudio.com' });
    const shown = await post(invented.id);
    expect(textOf(shown.unsupported_facts.instagram)).toEqual(['240 m²', 'Premio FAD', '2024']);
    expect(shown.unsupported_facts.instagram.map((fact) => fact.kind)).toEqual(['number', 'award', 'number']);
    expect(textOf(shown.unsupported_facts.linkedin)).toEqual(['Pedro Gómez', 'www.otro-estudio.com']);
    expect(shown.facts_confirmed).toEqual([]);
  });

  it('refuses to schedule or queue with facts not confirmed (409, nothing changes); with the yes, schedules and does not ask again', async () => {
    const { id } = await createTestPost(t.database.db, { projectId, ownerId, text: 'Casa del Patio, 240 m² de piedra.' });
    const refused = await schedule(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'FACTS_NOT_IN_PROJECT', details: { facts: 'factsNotInProject' } });
    expect(refused.json().error.message).toContain('240 m²');
    const queued = await call('POST', `/api/posts/${id}/queue`, { networks: { instagram: false, linkedin: true } });
    expect(queued.json().error.code).toBe('FACTS_NOT_IN_PROJECT');
    expect((await post(id)).state).toBe('preview');

    const confirmed = await schedule(id, { confirm_facts: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<Post>()).toMatchObject({ state: 'scheduled', facts_confirmed: ['240 m²'] });
    // A move in the calendar: the same facts, no question.
    expect((await schedule(id, {}, '2025-06-13')).statusCode).toBe(200);
  });

  it('asks again for a fact an edit of a scheduled post adds, and stores it once confirmed', async () => {
    const { id } = await createTestPost(t.database.db, { projectId, ownerId, text: 'Casa del Patio, en piedra.' });
    expect((await schedule(id)).statusCode).toBe(200);
    const edit = { text: 'Casa del Patio, en piedra: 12 plantas.' };
    const refused = await call('PATCH', `/api/posts/${id}`, edit);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('FACTS_NOT_IN_PROJECT');
    expect((await post(id)).text).toBe('Casa del Patio, en piedra.');
    const saved = await call('PATCH', `/api/posts/${id}`, { ...edit, confirm_facts: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Post>()).toMatchObject({ text: edit.text, facts_confirmed: ['12 plantas'] });
  });

  it("asks only about the chosen networks' texts", async () => {
    const { id } = await createTestPost(t.database.db, { projectId, ownerId, text: 'Casa del Patio, 999 m² en Instagram.' });
    await call('PATCH', `/api/posts/${id}`, { linkedin_text: 'Casa del Patio, en Sant Cugat del Vallès.' });
    // LinkedIn alone: its text keeps to the project.
    expect((await schedule(id)).statusCode).toBe(200);
  });

  it('takes a preview edit with facts (the question is for scheduling), and refuses confirm_facts of another type', async () => {
    const { id } = await createTestPost(t.database.db, { projectId, ownerId, text: 'Casa del Patio.' });
    expect((await call('PATCH', `/api/posts/${id}`, { text: 'Casa del Patio: 300 m².' })).statusCode).toBe(200);
    expect((await schedule(id, { confirm_facts: 'yes' })).statusCode).toBe(400);
  });
});
