import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, plainImage } from '../../test-support/images.ts';
import { TEST_PUBLIC_URL, type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

describe('projects and their images', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let customer: string;
  let customerId: string;
  let publisher: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const a = await createTestUser(t, { email: 'admin@studio.es', role: 'admin' });
    const c = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer' });
    const p = await createTestUser(t, { email: 'pau@studio.es', role: 'publisher' });
    customerId = c.id;
    [admin, customer, publisher] = await Promise.all([signIn(t, a.email, a.password), signIn(t, c.email, c.password), signIn(t, p.email, p.password)]);
  });
  afterAll(() => t.close());

  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  async function upload(cookie: string, projectId: number, files: { name: string; body: Buffer; type: string }[]) {
    const form = new FormData();
    for (const file of files) form.append('files', new Blob([new Uint8Array(file.body)], { type: file.type }), file.name);
    const response = await fetch(`${base}/api/projects/${projectId}/images`, { method: 'POST', headers: { cookie, origin: TEST_PUBLIC_URL }, body: form });
    return { status: response.status, body: await response.json() };
  }

  it('creates a draft with normalised keywords and web link, visible to its creator and admins only', async () => {
    const created = await call(publisher, 'POST', '/api/projects', {
      title: 'Casa del Mar',
      description: 'Vivienda junto al mar',
      keywords: ' mar, Casa ,mar,,piedra ',
      weblink: ' Estudio.COM/Proyectos/ ',
      publications: 2,
    });
    expect(created.statusCode).toBe(201);
    const project = created.json();
    expect(project).toMatchObject({
      state: 'draft',
      keywords: 'mar,Casa,piedra',
      weblink: 'https://estudio.com/proyectos',
      publications: 2,
      created_by: { email: 'pau@studio.es' },
      assigned_to: null,
    });
    expect((await call(admin, 'GET', `/api/projects/${project.id}`)).statusCode).toBe(200);
    const hidden = await call(customer, 'GET', `/api/projects/${project.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.message).toBe(`Project with id ${project.id} not found`);
  });

  it('refuses a project without title or description, with their keys', async () => {
    const response = await call(publisher, 'POST', '/api/projects', { title: ' ', description: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toMatchObject({ title: 'titleRequired', description: 'descriptionRequired' });
  });

  it('keeps good images, reports bad ones by name, and orders and selects them', async () => {
    const { id } = (await call(publisher, 'POST', '/api/projects', { title: 'Fotos', description: 'Con imágenes' })).json();
    const result = await upload(publisher, id, [
      { name: 'fachada.jpg', body: await plainImage('jpeg', 1200, 900), type: 'image/jpeg' },
      { name: 'tira.png', body: await plainImage('png', 1000, 200), type: 'image/png' },
      { name: 'nota.jpg', body: Buffer.from('not an image'), type: 'image/jpeg' },
      { name: 'planta.webp', body: await plainImage('webp', 800, 1000), type: 'image/webp' },
    ]);
    expect(result.status).toBe(200);
    expect(result.body.rejected).toEqual([
      { name: 'tira.png', reason: 'aspectRatio' },
      { name: 'nota.jpg', reason: 'invalidFormat' },
    ]);
    expect(result.body.images.map((image: { original_name: string }) => image.original_name)).toEqual(['fachada.jpg', 'planta.webp']);
    const [first, second] = result.body.images;
    const thumbnail = await fetch(second.thumbnail_url.replace('http://localhost:3000', base));
    expect(thumbnail.status).toBe(200);

    const arranged = await call(publisher, 'PATCH', `/api/projects/${id}/images`, {
      images: [
        { id: second.id, status: 'pending' },
        { id: first.id, status: 'not_selected' },
      ],
    });
    expect(arranged.statusCode).toBe(200);
    expect(arranged.json().images.map((image: { id: number; status: string }) => [image.id, image.status])).toEqual([
      [second.id, 'pending'],
      [first.id, 'not_selected'],
    ]);
  });

  it('lists ten a page, newest first, with the states present, filtered by state', async () => {
    const page = (await call(admin, 'GET', '/api/projects')).json();
    expect(page.pageSize).toBe(10);
    expect(page.states).toEqual(['draft']);
    expect(page.items[0].title).toBe('Fotos');
    expect((await call(admin, 'GET', '/api/projects?state=preview')).json().total).toBe(0);
  });

  it('lets an admin assign a project to a customer, who then sees it', async () => {
    const { id } = (await call(publisher, 'POST', '/api/projects', { title: 'Para Clara', description: 'Asignado' })).json();
    expect((await call(publisher, 'POST', `/api/projects/${id}/assign`, { userId: customerId })).statusCode).toBe(403);
    const assigned = await call(admin, 'POST', `/api/projects/${id}/assign`, { userId: customerId });
    expect(assigned.json().assigned_to.email).toBe('clara@cliente.es');
    expect((await call(customer, 'GET', '/api/projects')).json().items.map((item: { id: number }) => item.id)).toEqual([id]);
  });

  it('deletes a project with its files', async () => {
    const { id } = (await call(publisher, 'POST', '/api/projects', { title: 'Borrar', description: 'Se va' })).json();
    const { body } = await upload(publisher, id, [{ name: 'a.jpg', body: await plainImage('jpeg', 1000, 1000), type: 'image/jpeg' }]);
    const url = body.images[0].url.replace('http://localhost:3000', base);
    expect((await fetch(url)).status).toBe(200);
    expect((await call(publisher, 'DELETE', `/api/projects/${id}`)).statusCode).toBe(204);
    expect((await fetch(url)).status).toBe(404);
    expect((await call(publisher, 'GET', `/api/projects/${id}`)).statusCode).toBe(404);
  });
});

/** A project as the form sends it with every field filled in (SPEC §3, §5). */
const FULL_PROJECT = {
  title: 'Casa del Mar',
  description: 'Vivienda unifamiliar junto al mar',
  keywords: ' mar, Piedra ,MAR, cal ',
  weblink: ' Estudio.COM/Casa-Mar/ ',
  maps_url: 'https://maps.app.goo.gl/CasaMar1',
  location: 'Cadaqués, Girona',
  promoter: 'Promoción privada',
  collaborators: 'Joan Puig, ingeniero',
  authors: 'Marta Soler, Pau Riera',
  category: 'residencial',
  year: 2023,
  photo_credit: 'Foto Ruiz',
  photo_credit_link: 'https://ruiz.photo/casa-mar',
  publications: 3,
  required_ai: false,
};

/** What the server keeps of FULL_PROJECT: keywords de-duplicated, the web link normalised. */
const FULL_PROJECT_STORED = { ...FULL_PROJECT, keywords: 'mar,Piedra,cal', weblink: 'https://estudio.com/casa-mar' };

/** Every rule of the form, with the key the browser translates (SPEC §5). */
const REFUSALS: Array<[string, Record<string, unknown>, Record<string, string>]> = [
  ['no title', { title: undefined }, { title: 'titleRequired' }],
  ['a title of spaces', { title: '   ' }, { title: 'titleRequired' }],
  ['a title over 200 characters', { title: 't'.repeat(201) }, { title: 'tooLong' }],
  ['no description', { description: undefined }, { description: 'descriptionRequired' }],
  ['an empty description', { description: '' }, { description: 'descriptionRequired' }],
  ['a maps link that is an address', { maps_url: 'calle Mayor 3, Cadaqués' }, { maps_url: 'urlInvalid' }],
  ['a maps link without a scheme', { maps_url: 'maps.app.goo.gl/x' }, { maps_url: 'urlInvalid' }],
  ['a photo credit link with javascript:', { photo_credit_link: 'javascript:alert(1)' }, { photo_credit_link: 'urlSchemeNotAllowed' }],
  ['a year as text', { year: '2023' }, { year: 'yearInvalid' }],
  ['a fractional year', { year: 2023.5 }, { year: 'yearInvalid' }],
  ['a year out of range', { year: 30000 }, { year: 'yearInvalid' }],
  ['5 publications', { publications: 5 }, { publications: 'publicationsInvalid' }],
  ['0 publications', { publications: 0 }, { publications: 'publicationsInvalid' }],
  ['publications as text', { publications: '2' }, { publications: 'publicationsInvalid' }],
  ['a category not among the nine', { category: 'museo' }, { category: 'categoryInvalid' }],
  ['keywords over 2000 characters', { keywords: 'k'.repeat(2001) }, { keywords: 'tooLong' }],
];

describe('creating and editing a project', () => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let clara: { id: string; cookie: string };
  let bruno: { id: string; cookie: string };
  let pau: { id: string; cookie: string };
  let bea: { id: string; cookie: string };
  let mediaBase: string;

  async function person(email: string, role: 'admin' | 'customer' | 'publisher' | 'basic', firstName: string, lastName: string) {
    const user = await createTestUser(t, { email, role, firstName });
    await t.database.db.updateTable('users').set({ last_name: lastName }).where('id', '=', user.id).execute();
    return { id: user.id, cookie: await signIn(t, user.email, user.password) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    mediaBase = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = await person('admin@studio.es', 'admin', 'Ana', 'Mas');
    clara = await person('clara@cliente.es', 'customer', 'Clara', 'Soler');
    bruno = await person('bruno@cliente.es', 'customer', 'Bruno', 'Pons');
    pau = await person('pau@studio.es', 'publisher', 'Pau', 'Riera');
    bea = await person('bea@studio.es', 'basic', 'Bea', 'Roig');
  });
  afterAll(() => t.close());

  const call = (who: { cookie: string }, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const projectRows = () => t.database.db.selectFrom('projects').selectAll().orderBy('id').execute();
  const projectRow = (id: number) => t.database.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  async function createFull(who: { cookie: string }, extra: Record<string, unknown> = {}) {
    const response = await call(who, 'POST', '/api/projects', { ...FULL_PROJECT, ...extra });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  describe('creating', () => {
    it('keeps every field of the form, starts as a draft by the creator, unassigned, without images', async () => {
      const project = await createFull(pau);
      expect(project).toEqual({
        ...FULL_PROJECT_STORED,
        id: expect.any(Number),
        show_map: false,
        prompt_id: null,
        prompt_text: '',
        state: 'draft',
        created_by: { id: pau.id, first_name: 'Pau', last_name: 'Riera', email: 'pau@studio.es' },
        assigned_to: null,
        images: [],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(Date.now() - Date.parse(project.created_at)).toBeLessThan(60_000);
      // What GET answers afterwards is what POST answered.
      expect((await call(pau, 'GET', `/api/projects/${project.id}`)).json()).toEqual(project);
    });

    it('starts a project given only a title and a description with publications 1, AI on, everything else empty', async () => {
      const response = await call(clara, 'POST', '/api/projects', { title: 'Mínimo', description: 'Solo lo obligatorio' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        keywords: '',
        weblink: '',
        maps_url: '',
        location: '',
        show_map: false,
        promoter: '',
        collaborators: '',
        authors: '',
        category: '',
        year: null,
        photo_credit: '',
        photo_credit_link: '',
        publications: 1,
        required_ai: true,
        prompt_id: null,
        prompt_text: '',
        state: 'draft',
      });
    });

    it('ignores what the form does not offer: state, creator, assignee, id', async () => {
      const response = await call(clara, 'POST', '/api/projects', {
        title: 'Lista',
        description: 'x',
        state: 'launched',
        created_by: bruno.id,
        assigned_to: bruno.id,
        id: 1,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ state: 'draft', created_by: { id: clara.id }, assigned_to: null });
      expect((await call(bruno, 'GET', `/api/projects/${response.json().id}`)).statusCode).toBe(404);
    });

    it.each(REFUSALS)('refuses %s with 400 and the field’s key, creating nothing', async (_case, change, details) => {
      const before = await projectRows();
      const response = await call(pau, 'POST', '/api/projects', { ...FULL_PROJECT, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String), details } });
      expect(await projectRows()).toEqual(before);
    });

    it('names every wrong field at once', async () => {
      const response = await call(pau, 'POST', '/api/projects', { title: '', description: '', year: 'x', publications: 9, maps_url: 'no' });
      expect(response.json().error.details).toEqual({
        title: 'titleRequired',
        description: 'descriptionRequired',
        year: 'yearInvalid',
        publications: 'publicationsInvalid',
        maps_url: 'urlInvalid',
      });
    });

    it('refuses a body that is not JSON with 400 in the error shape', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: { cookie: pau.cookie, 'content-type': 'application/json' },
        payload: '{"title":',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
    });
  });

  describe('editing', () => {
    it('changes only the fields sent, leaving every other one as it was', async () => {
      const project = await createFull(pau);
      const response = await call(pau, 'PATCH', `/api/projects/${project.id}`, { title: 'Casa del Mar II' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...project, title: 'Casa del Mar II', updated_at: expect.any(String) });
      expect((await projectRow(project.id)).keywords).toBe('mar,Piedra,cal');

      const another = await call(pau, 'PATCH', `/api/projects/${project.id}`, {
        year: null,
        keywords: 'hormigón, Hormigón , luz',
        weblink: 'http://Estudio.com/',
      });
      expect(another.json()).toEqual({
        ...project,
        title: 'Casa del Mar II',
        year: null,
        keywords: 'hormigón,luz',
        weblink: 'http://estudio.com',
        updated_at: expect.any(String),
      });
    });

    it('an empty change changes nothing', async () => {
      const project = await createFull(pau);
      const response = await call(pau, 'PATCH', `/api/projects/${project.id}`, {});
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...project, updated_at: expect.any(String) });
    });

    it('never lets the body change the state, the creator or the assignee', async () => {
      const project = await createFull(pau);
      const response = await call(pau, 'PATCH', `/api/projects/${project.id}`, {
        state: 'launched',
        created_by: bruno.id,
        assigned_to: bruno.id,
        prompt_text: 'inyectado',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ state: 'draft', created_by: { id: pau.id }, assigned_to: null, prompt_text: '' });
    });

    it.each(REFUSALS.filter(([, change]) => !Object.values(change).includes(undefined)))(
      'refuses %s with 400 and the field’s key, changing nothing',
      async (_case, change, details) => {
        const project = await createFull(pau);
        const before = await projectRow(project.id);
        const response = await call(pau, 'PATCH', `/api/projects/${project.id}`, { location: 'Otro sitio', ...change });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String), details });
        expect(await projectRow(project.id)).toEqual(before);
      },
    );
  });

  describe('show_map: administrators only', () => {
    it('refuses a customer who creates a project with the map shown, creating nothing', async () => {
      const before = await projectRows();
      const response = await call(clara, 'POST', '/api/projects', { ...FULL_PROJECT, show_map: true });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
      expect(await projectRows()).toEqual(before);
    });

    it('lets an admin create a project with the map shown', async () => {
      expect((await createFull(admin, { show_map: true })).show_map).toBe(true);
    });

    it('refuses a customer and a publisher who turn it on, changing nothing (not even the other fields sent)', async () => {
      for (const who of [clara, pau]) {
        const project = await createFull(who);
        const before = await projectRow(project.id);
        const response = await call(who, 'PATCH', `/api/projects/${project.id}`, { show_map: true, title: 'Con mapa' });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Only an administrator can publish the map link' } });
        expect(await projectRow(project.id)).toEqual(before);
      }
    });

    it('lets an admin turn it on and off; the customer then edits other fields and cannot turn it off', async () => {
      const project = await createFull(clara);
      const shown = await call(admin, 'PATCH', `/api/projects/${project.id}`, { show_map: true });
      expect(shown.statusCode).toBe(200);
      expect(shown.json().show_map).toBe(true);

      // The customer's own edits leave the admin's choice alone, also when the form sends it back unchanged.
      const edited = await call(clara, 'PATCH', `/api/projects/${project.id}`, { description: 'Nueva descripción' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ show_map: true, description: 'Nueva descripción', title: FULL_PROJECT.title });
      expect((await call(clara, 'PATCH', `/api/projects/${project.id}`, { show_map: true, location: 'Roses' })).statusCode).toBe(200);

      const before = await projectRow(project.id);
      const hidden = await call(clara, 'PATCH', `/api/projects/${project.id}`, { show_map: false });
      expect(hidden.statusCode).toBe(403);
      expect(await projectRow(project.id)).toEqual(before);

      const adminHides = await call(admin, 'PATCH', `/api/projects/${project.id}`, { show_map: false });
      expect(adminHides.json().show_map).toBe(false);
    });
  });

  describe('the chosen prompt: its text is copied into the project', () => {
    let publicPrompt: { id: number; description: string };
    let claraPrompt: { id: number; description: string };
    let brunoPrompt: { id: number; description: string };

    beforeAll(async () => {
      const make = async (who: { cookie: string }, title: string, description: string) => {
        const response = await call(who, 'POST', '/api/prompts', { title, description });
        expect(response.statusCode).toBe(201);
        return response.json();
      };
      publicPrompt = await make(admin, 'Estudio', 'Escribe en tono institucional.');
      claraPrompt = await make(clara, 'Clara', 'Escribe como Clara: cercano y breve.');
      brunoPrompt = await make(bruno, 'Bruno', 'Secreto de Bruno.');
    });

    it('copies the text of the user’s own prompt, and of a public (admin’s) one', async () => {
      const own = await createFull(clara, { prompt_id: claraPrompt.id });
      expect(own).toMatchObject({ prompt_id: claraPrompt.id, prompt_text: claraPrompt.description });
      const shared = await createFull(pau, { prompt_id: publicPrompt.id });
      expect(shared).toMatchObject({ prompt_id: publicPrompt.id, prompt_text: publicPrompt.description });
    });

    it.each([
      ['another user’s private prompt', () => brunoPrompt.id],
      ['a prompt that does not exist', () => 987654],
    ])('refuses %s with 400 promptNotFound, creating nothing and revealing nothing', async (_case, promptId) => {
      const before = await projectRows();
      const response = await call(clara, 'POST', '/api/projects', { ...FULL_PROJECT, prompt_id: promptId() });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { prompt_id: 'promptNotFound' } });
      expect(response.body).not.toContain('Secreto');
      expect(await projectRows()).toEqual(before);
    });

    it('refuses the same on editing, changing nothing', async () => {
      const project = await createFull(clara, { prompt_id: claraPrompt.id });
      const before = await projectRow(project.id);
      const response = await call(clara, 'PATCH', `/api/projects/${project.id}`, { prompt_id: brunoPrompt.id, title: 'Otro' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual({ prompt_id: 'promptNotFound' });
      expect(await projectRow(project.id)).toEqual(before);
    });

    it('keeps its copy when the prompt is later edited, and when it is deleted', async () => {
      const prompt = (await call(clara, 'POST', '/api/prompts', { title: 'Temporal', description: 'Texto original.' })).json();
      const project = await createFull(clara, { prompt_id: prompt.id });
      expect(project.prompt_text).toBe('Texto original.');

      expect((await call(clara, 'PATCH', `/api/prompts/${prompt.id}`, { description: 'Texto cambiado.' })).statusCode).toBe(200);
      expect((await call(clara, 'GET', `/api/projects/${project.id}`)).json()).toMatchObject({ prompt_id: prompt.id, prompt_text: 'Texto original.' });

      expect((await call(clara, 'DELETE', `/api/prompts/${prompt.id}`)).statusCode).toBe(204);
      const after = (await call(clara, 'GET', `/api/projects/${project.id}`)).json();
      expect(after).toMatchObject({ prompt_id: null, prompt_text: 'Texto original.' });
    });

    it('copies the new prompt’s text when another is chosen, and keeps the copy across other edits', async () => {
      const project = await createFull(clara, { prompt_id: claraPrompt.id });
      const changed = await call(clara, 'PATCH', `/api/projects/${project.id}`, { prompt_id: publicPrompt.id });
      expect(changed.json()).toMatchObject({ prompt_id: publicPrompt.id, prompt_text: publicPrompt.description });
      const other = await call(clara, 'PATCH', `/api/projects/${project.id}`, { title: 'Sin tocar el prompt' });
      expect(other.json()).toMatchObject({ prompt_id: publicPrompt.id, prompt_text: publicPrompt.description });
    });
  });

  describe('assigning to a customer (administrators only)', () => {
    it('assigns, reassigns replacing the customer, and the creator stays the creator', async () => {
      const project = await createFull(pau);
      const assigned = await call(admin, 'POST', `/api/projects/${project.id}/assign`, { userId: clara.id });
      expect(assigned.statusCode).toBe(200);
      expect(assigned.json()).toMatchObject({
        created_by: { id: pau.id, first_name: 'Pau', last_name: 'Riera' },
        assigned_to: { id: clara.id, first_name: 'Clara', last_name: 'Soler', email: 'clara@cliente.es' },
      });
      expect((await call(clara, 'GET', `/api/projects/${project.id}`)).statusCode).toBe(200);
      expect((await call(clara, 'GET', '/api/projects?pageSize=100')).json().items.map((item: { id: number }) => item.id)).toContain(project.id);
      expect((await call(bruno, 'GET', `/api/projects/${project.id}`)).statusCode).toBe(404);

      const reassigned = await call(admin, 'POST', `/api/projects/${project.id}/assign`, { userId: bruno.id });
      expect(reassigned.statusCode).toBe(200);
      expect(reassigned.json()).toMatchObject({ created_by: { id: pau.id }, assigned_to: { id: bruno.id } });
      expect((await call(bruno, 'GET', `/api/projects/${project.id}`)).statusCode).toBe(200);
      expect((await call(bruno, 'GET', '/api/projects?pageSize=100')).json().items.map((item: { id: number }) => item.id)).toContain(project.id);
      // The former customer no longer sees it; its creator still does.
      expect((await call(clara, 'GET', `/api/projects/${project.id}`)).statusCode).toBe(404);
      expect((await call(clara, 'GET', '/api/projects?pageSize=100')).json().items.map((item: { id: number }) => item.id)).not.toContain(project.id);
      expect((await call(pau, 'GET', `/api/projects/${project.id}`)).statusCode).toBe(200);
      expect((await projectRow(project.id)).created_by).toBe(pau.id);
    });

    it('assigns a project the customer created to another customer, the creator keeping it', async () => {
      const project = await createFull(clara);
      const assigned = await call(admin, 'POST', `/api/projects/${project.id}/assign`, { userId: bruno.id });
      expect(assigned.json()).toMatchObject({ created_by: { id: clara.id }, assigned_to: { id: bruno.id } });
      expect((await call(clara, 'GET', `/api/projects/${project.id}`)).statusCode).toBe(200);
    });

    it.each([
      ['an admin', () => admin.id],
      ['a publisher', () => pau.id],
      ['a basic user', () => bea.id],
      ['an id that names nobody', () => 'no-such-user'],
    ])('refuses %s as the assignee with 400 userNotCustomer, changing nothing', async (_case, userId) => {
      const project = await createFull(pau);
      await call(admin, 'POST', `/api/projects/${project.id}/assign`, { userId: clara.id });
      const before = await projectRow(project.id);
      const response = await call(admin, 'POST', `/api/projects/${project.id}/assign`, { userId: userId() });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { userId: 'userNotCustomer' } });
      expect(await projectRow(project.id)).toEqual(before);
    });

    it.each([[{ userId: '' }], [{}], [{ userId: 42 }]])('refuses %j with 400 and details.userId', async (payload) => {
      const project = await createFull(pau);
      const response = await call(admin, 'POST', `/api/projects/${project.id}/assign`, payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.details)).toEqual(['userId']);
      expect((await projectRow(project.id)).assigned_to).toBeNull();
    });

    it('refuses customers and publishers with 403, changing nothing', async () => {
      const project = await createFull(clara);
      for (const who of [clara, pau, bruno]) {
        const response = await call(who, 'POST', `/api/projects/${project.id}/assign`, { userId: clara.id });
        expect(response.statusCode).toBe(403);
      }
      expect((await projectRow(project.id)).assigned_to).toBeNull();
    });
  });

  describe('deleting', () => {
    async function uploadImages(who: { cookie: string }, projectId: number, colours: string[]) {
      const form = new FormData();
      for (const [index, colour] of colours.entries()) {
        form.append('files', new Blob([new Uint8Array(await plainImage('jpeg', 1200, 900, colour))], { type: 'image/jpeg' }), `foto-${index}.jpg`);
      }
      const response = await fetch(`${mediaBase}/api/projects/${projectId}/images`, {
        method: 'POST',
        headers: { cookie: who.cookie, origin: TEST_PUBLIC_URL },
        body: form,
      });
      expect(response.status).toBe(200);
      return (await response.json()).images as Array<{ url: string; thumbnail_url: string }>;
    }
    const imageRows = (projectId: number) => t.database.db.selectFrom('project_images').selectAll().where('project_id', '=', projectId).execute();

    it('removes the project, its image rows and every file, originals and thumbnails, and nothing of other projects', async () => {
      const doomed = await createFull(clara);
      const kept = await createFull(clara);
      const doomedImages = await uploadImages(clara, doomed.id, ['#aa0000', '#00aa00', '#0000aa']);
      const keptImages = await uploadImages(clara, kept.id, ['#777777']);
      const keptFiles = filesUnder(t.mediaDir).filter((file) => file.startsWith(`projects/${kept.id}/`));
      expect(keptFiles).toHaveLength(2);
      expect(filesUnder(t.mediaDir).filter((file) => file.startsWith(`projects/${doomed.id}/`))).toHaveLength(6);
      expect(await imageRows(doomed.id)).toHaveLength(3);

      const response = await call(clara, 'DELETE', `/api/projects/${doomed.id}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      expect(filesUnder(t.mediaDir).filter((file) => file.startsWith(`projects/${doomed.id}/`))).toEqual([]);
      expect(await imageRows(doomed.id)).toEqual([]);
      expect(await t.database.db.selectFrom('projects').select('id').where('id', '=', doomed.id).execute()).toEqual([]);
      for (const image of doomedImages) {
        expect((await fetch(image.url.replace('http://localhost:3000', mediaBase))).status).toBe(404);
        expect((await fetch(image.thumbnail_url.replace('http://localhost:3000', mediaBase))).status).toBe(404);
      }
      // The other project is untouched.
      expect(filesUnder(t.mediaDir).filter((file) => file.startsWith(`projects/${kept.id}/`))).toEqual(keptFiles);
      expect(await imageRows(kept.id)).toHaveLength(1);
      expect((await fetch(keptImages[0]!.url.replace('http://localhost:3000', mediaBase))).status).toBe(200);

      expect((await call(clara, 'GET', `/api/projects/${doomed.id}`)).statusCode).toBe(404);
      expect((await call(admin, 'GET', '/api/projects?pageSize=100')).json().items.map((item: { id: number }) => item.id)).not.toContain(doomed.id);
      const again = await call(clara, 'DELETE', `/api/projects/${doomed.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe(`Project with id ${doomed.id} not found`);
    });

    it('lets an admin delete anyone’s project', async () => {
      const project = await createFull(pau);
      expect((await call(admin, 'DELETE', `/api/projects/${project.id}`)).statusCode).toBe(204);
      expect((await call(pau, 'GET', `/api/projects/${project.id}`)).statusCode).toBe(404);
    });
  });
});
