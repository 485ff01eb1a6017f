import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/** The project's links over the API (issue 13, item 11): web pages only, never javascript: and the like. */
describe("a project's web link and other links", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await createTestUser(t, { email: 'ana@studio.es', role: 'customer' });
    cookie = await signIn(t, user.email, user.password);
  });
  afterAll(() => t.close());

  const create = (fields: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'Casa', description: 'Una casa.', ...fields } });

  it.each([
    ['weblink', 'javascript://estudio.es/%0aalert(document.cookie)'],
    ['weblink', 'javascript:alert(1)'],
    ['weblink', 'data:text/html,<script>alert(1)</script>'],
    ['maps_url', 'javascript:alert(1)'],
    ['photo_credit_link', 'vbscript:msgbox(1)'],
  ])('refuses %s %j with 400 urlSchemeNotAllowed, on creation and on an update, and saves nothing', async (field, value) => {
    const before = await t.database.db.selectFrom('projects').select('id').execute();
    const refused = await create({ [field]: value });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String), details: { [field]: 'urlSchemeNotAllowed' } } });
    expect(await t.database.db.selectFrom('projects').select('id').execute()).toEqual(before);

    const project = (await create({})).json<{ id: number }>();
    const update = await t.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: { cookie }, payload: { [field]: value } });
    expect(update.statusCode).toBe(400);
    expect(update.json().error.details).toEqual({ [field]: 'urlSchemeNotAllowed' });
    const stored = await t.database.db.selectFrom('projects').selectAll().where('id', '=', project.id).executeTakeFirstOrThrow();
    expect(stored[field as 'weblink']).toBe('');
  });

  it('keeps web links, normalised', async () => {
    const created = await create({ weblink: 'Estudio.es/Obra/', maps_url: 'https://maps.example.com/?q=casa', photo_credit_link: 'http://fotografo.es' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      weblink: 'https://estudio.es/obra',
      maps_url: 'https://maps.example.com/?q=casa',
      photo_credit_link: 'http://fotografo.es',
    });
  });
});
