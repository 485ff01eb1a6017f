import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainImage } from '../../test-support/images.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

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
    for (const file of files) form.append('files', new Blob([file.body], { type: file.type }), file.name);
    const response = await fetch(`${base}/api/projects/${projectId}/images`, { method: 'POST', headers: { cookie }, body: form });
    return { status: response.status, body: await response.json() };
  }

  it('creates a draft with normalised keywords and web link, visible to its creator and admins only', async () => {
    const created = await call(publisher, 'POST', '/api/projects', {
      title: 'Casa del Mar', description: 'Vivienda junto al mar', keywords: ' mar, Casa ,mar,,piedra ', weblink: ' Estudio.COM/Proyectos/ ', publications: 2,
    });
    expect(created.statusCode).toBe(201);
    const project = created.json();
    expect(project).toMatchObject({ state: 'draft', keywords: 'mar,Casa,piedra', weblink: 'https://estudio.com/proyectos', publications: 2, created_by: { email: 'pau@studio.es' }, assigned_to: null });
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
    expect(result.body.rejected).toEqual([{ name: 'tira.png', reason: 'aspectRatio' }, { name: 'nota.jpg', reason: 'invalidFormat' }]);
    expect(result.body.images.map((image: { original_name: string }) => image.original_name)).toEqual(['fachada.jpg', 'planta.webp']);
    const [first, second] = result.body.images;
    const thumbnail = await fetch(second.thumbnail_url.replace('http://localhost:3000', base));
    expect(thumbnail.status).toBe(200);

    const arranged = await call(publisher, 'PATCH', `/api/projects/${id}/images`, { images: [{ id: second.id, status: 'pending' }, { id: first.id, status: 'not_selected' }] });
    expect(arranged.statusCode).toBe(200);
    expect(arranged.json().images.map((image: { id: number; status: string }) => [image.id, image.status])).toEqual([[second.id, 'pending'], [first.id, 'not_selected']]);
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
