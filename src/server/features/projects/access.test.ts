import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../domain/roles.ts';
import { filesUnder, multipartBody, plainImage } from '../../test-support/images.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * Who sees and changes which project (SPEC §6, issue 4): admins all; customers and publishers those
 * they created or that are assigned to them; basic users none; someone else's project is "not found".
 */

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const NOT_FOUND = (id: number) => ({ error: { code: 'NOT_FOUND', message: `Project with id ${id} not found` } });

interface Person {
  id: string;
  cookie: string;
}

async function person(t: TestApp, email: string, role: Role, firstName: string, lastName: string): Promise<Person> {
  const user = await createTestUser(t, { email, role, firstName });
  await t.database.db.updateTable('users').set({ last_name: lastName }).where('id', '=', user.id).execute();
  return { id: user.id, cookie: await signIn(t, user.email, user.password) };
}

function imageForm(body: Buffer, filename = 'fachada.jpg') {
  return multipartBody([{ name: 'files', value: body, filename, contentType: 'image/jpeg' }]);
}

/** Everything a refused request must leave as it was: the rows and the files. */
async function snapshot(t: TestApp) {
  return {
    projects: await t.database.db.selectFrom('projects').selectAll().orderBy('id').execute(),
    images: await t.database.db.selectFrom('project_images').selectAll().orderBy('id').execute(),
    files: filesUnder(t.mediaDir),
  };
}

describe('projects: who sees and changes what', () => {
  let t: TestApp;
  let admin: Person;
  let clara: Person; // customer
  let bruno: Person; // another customer
  let pau: Person; // publisher
  let bea: Person; // basic
  let claraOwn: number;
  let pauOwn: number;
  let adminOwn: number;
  let assignedToClara: number;
  let claraImage: number;
  let jpeg: Buffer;

  const call = (who: Person | null, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who ? { cookie: who.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const upload = (who: Person | null, id: number, body: Buffer) => {
    const form = imageForm(body);
    return t.app.inject({
      method: 'POST',
      url: `/api/projects/${id}/images`,
      payload: form.payload,
      headers: { ...form.headers, ...(who ? { cookie: who.cookie } : {}) },
    });
  };
  const create = async (who: Person, title: string) => {
    const response = await call(who, 'POST', '/api/projects', { title, description: `Descripción de ${title}` });
    expect(response.statusCode).toBe(201);
    return response.json().id as number;
  };
  const listedIds = async (who: Person) => {
    const response = await call(who, 'GET', '/api/projects?pageSize=100');
    expect(response.statusCode).toBe(200);
    return response
      .json()
      .items.map((item: { id: number }) => item.id)
      .sort((a: number, b: number) => a - b);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await person(t, 'admin@studio.es', 'admin', 'Ana', 'Mas');
    clara = await person(t, 'clara@cliente.es', 'customer', 'Clara', 'Soler');
    bruno = await person(t, 'bruno@cliente.es', 'customer', 'Bruno', 'Pons');
    pau = await person(t, 'pau@studio.es', 'publisher', 'Pau', 'Riera');
    bea = await person(t, 'bea@studio.es', 'basic', 'Bea', 'Roig');
    jpeg = await plainImage('jpeg', 1200, 1000);
    claraOwn = await create(clara, 'Casa de Clara');
    pauOwn = await create(pau, 'Obra de Pau');
    adminOwn = await create(admin, 'Obra del estudio');
    assignedToClara = await create(admin, 'Encargo para Clara');
    expect((await call(admin, 'POST', `/api/projects/${assignedToClara}/assign`, { userId: clara.id })).statusCode).toBe(200);
    const uploaded = await upload(clara, claraOwn, jpeg);
    expect(uploaded.statusCode).toBe(200);
    claraImage = uploaded.json().images[0].id;
  });
  afterAll(() => t.close());

  describe('listing and opening', () => {
    it('shows an admin every project', async () => {
      expect(await listedIds(admin)).toEqual([claraOwn, pauOwn, adminOwn, assignedToClara]);
      for (const id of [claraOwn, pauOwn, adminOwn, assignedToClara]) expect((await call(admin, 'GET', `/api/projects/${id}`)).statusCode).toBe(200);
    });

    it('shows a customer the projects she created and those assigned to her, and nothing else', async () => {
      expect(await listedIds(clara)).toEqual([claraOwn, assignedToClara]);
      expect((await call(clara, 'GET', `/api/projects/${assignedToClara}`)).json()).toMatchObject({
        id: assignedToClara,
        created_by: { id: admin.id, first_name: 'Ana', last_name: 'Mas', email: 'admin@studio.es' },
        assigned_to: { id: clara.id, first_name: 'Clara', last_name: 'Soler', email: 'clara@cliente.es' },
      });
      expect((await call(admin, 'GET', '/api/projects?pageSize=100')).json().total).toBe(4);
      expect((await call(clara, 'GET', '/api/projects')).json().total).toBe(2);
    });

    it('shows a publisher only his own projects', async () => {
      expect(await listedIds(pau)).toEqual([pauOwn]);
    });

    it('shows a customer with no projects an empty list', async () => {
      expect((await call(bruno, 'GET', '/api/projects')).json()).toEqual({ items: [], total: 0, page: 1, pageSize: 10, states: [] });
    });

    it.each([
      ['a customer', () => bruno, () => claraOwn],
      ['a customer, a project assigned to someone else', () => bruno, () => assignedToClara],
      ['a publisher', () => pau, () => claraOwn],
      ['a customer, the admin’s project', () => clara, () => adminOwn],
      ['a customer, a publisher’s project', () => clara, () => pauOwn],
    ])('answers %s 404 "Project with id {id} not found" for someone else’s project', async (_case, who, project) => {
      const response = await call(who(), 'GET', `/api/projects/${project()}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND(project()));
    });

    it('answers a project that does not exist exactly as one that is someone else’s', async () => {
      const missing = await call(clara, 'GET', '/api/projects/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(NOT_FOUND(999999));
      expect((await call(admin, 'GET', '/api/projects/999999')).json()).toEqual(NOT_FOUND(999999));
    });

    it('refuses an id that is not a positive whole number with 400', async () => {
      for (const id of ['abc', '0', '-1', '1.5']) expect((await call(admin, 'GET', `/api/projects/${id}`)).statusCode).toBe(400);
    });
  });

  describe('someone else’s project cannot be changed: 404 on every endpoint, nothing changes', () => {
    const requests: Array<[string, Method, (id: number) => string, unknown]> = [
      ['PATCH', 'PATCH', (id) => `/api/projects/${id}`, { title: 'Robado' }],
      ['DELETE', 'DELETE', (id) => `/api/projects/${id}`, undefined],
      ['PATCH images', 'PATCH', (id) => `/api/projects/${id}/images`, { images: [] }],
      ['DELETE an image', 'DELETE', (id) => `/api/projects/${id}/images/1`, undefined],
    ];

    it.each(requests)('%s', async (_name, method, url, payload) => {
      for (const [who, id] of [
        [bruno, claraOwn],
        [pau, assignedToClara],
        [clara, pauOwn],
      ] as const) {
        const before = await snapshot(t);
        const response = await call(who, method, url(id), payload);
        expect(response.statusCode, `${who === bruno ? 'bruno' : who === pau ? 'pau' : 'clara'} on ${id}`).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND(id));
        expect(await snapshot(t)).toEqual(before);
      }
    });

    it('DELETE of an image that exists, in someone else’s project', async () => {
      const before = await snapshot(t);
      const response = await call(bruno, 'DELETE', `/api/projects/${claraOwn}/images/${claraImage}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND(claraOwn));
      expect(await snapshot(t)).toEqual(before);
    });

    it('POST images (a real image), storing no file', async () => {
      const before = await snapshot(t);
      const response = await upload(bruno, claraOwn, await plainImage('jpeg', 1000, 1000, '#aa2200'));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND(claraOwn));
      expect(await snapshot(t)).toEqual(before);
    });

    it('assign: only administrators assign, so anyone else gets the same 403 for every project, theirs, others’ or none', async () => {
      for (const [who, id] of [
        [clara, claraOwn],
        [clara, pauOwn],
        [pau, pauOwn],
        [pau, 999999],
        [bruno, assignedToClara],
      ] as const) {
        const before = await snapshot(t);
        const response = await call(who, 'POST', `/api/projects/${id}/assign`, { userId: bruno.id });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Only an administrator can assign projects' } });
        expect(await snapshot(t)).toEqual(before);
      }
    });

    it('an admin gets 404 with the message for a project that does not exist, on every endpoint', async () => {
      for (const [method, url, payload] of [
        ['PATCH', '/api/projects/424242', { title: 'x' }],
        ['DELETE', '/api/projects/424242', undefined],
        ['POST', '/api/projects/424242/assign', { userId: clara.id }],
        ['PATCH', '/api/projects/424242/images', { images: [] }],
        ['DELETE', '/api/projects/424242/images/1', undefined],
      ] as const) {
        const response = await call(admin, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND(424242));
      }
      const uploaded = await upload(admin, 424242, jpeg);
      expect(uploaded.statusCode).toBe(404);
      expect(uploaded.json()).toEqual(NOT_FOUND(424242));
    });
  });

  describe('a basic user has no projects: 403 on every endpoint, nothing changes', () => {
    const requests: Array<[string, Method, () => string, () => unknown]> = [
      ['GET the list', 'GET', () => '/api/projects', () => undefined],
      ['POST a project', 'POST', () => '/api/projects', () => ({ title: 'Mío', description: 'Intento' })],
      ['GET a project', 'GET', () => `/api/projects/${claraOwn}`, () => undefined],
      ['PATCH a project', 'PATCH', () => `/api/projects/${claraOwn}`, () => ({ title: 'Cambiado' })],
      ['DELETE a project', 'DELETE', () => `/api/projects/${claraOwn}`, () => undefined],
      ['assign a project', 'POST', () => `/api/projects/${claraOwn}/assign`, () => ({ userId: clara.id })],
      ['PATCH the images', 'PATCH', () => `/api/projects/${claraOwn}/images`, () => ({ images: [{ id: claraImage, status: 'not_selected' }] })],
      ['DELETE an image', 'DELETE', () => `/api/projects/${claraOwn}/images/${claraImage}`, () => undefined],
    ];

    it.each(requests)('%s', async (_name, method, url, payload) => {
      const before = await snapshot(t);
      const response = await call(bea, method, url(), payload());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
      expect(await snapshot(t)).toEqual(before);
    });

    it('POST images', async () => {
      const before = await snapshot(t);
      const response = await upload(bea, claraOwn, jpeg);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
      expect(await snapshot(t)).toEqual(before);
    });

    it('even for a project a basic user created before becoming basic', async () => {
      const former = await person(t, 'former@studio.es', 'customer', 'Fede', 'Gil');
      const id = await create(former, 'De cuando era cliente');
      await t.database.db.updateTable('users').set({ role: 'basic' }).where('id', '=', former.id).execute();
      expect((await call(former, 'GET', `/api/projects/${id}`)).statusCode).toBe(403);
      expect((await call(former, 'GET', '/api/projects')).statusCode).toBe(403);
    });
  });

  describe('without a session', () => {
    it('answers 401 on every endpoint and changes nothing', async () => {
      const before = await snapshot(t);
      for (const [method, url, payload] of [
        ['GET', '/api/projects', undefined],
        ['POST', '/api/projects', { title: 'a', description: 'b' }],
        ['GET', `/api/projects/${claraOwn}`, undefined],
        ['PATCH', `/api/projects/${claraOwn}`, { title: 'x' }],
        ['DELETE', `/api/projects/${claraOwn}`, undefined],
        ['POST', `/api/projects/${claraOwn}/assign`, { userId: bruno.id }],
        ['PATCH', `/api/projects/${claraOwn}/images`, { images: [] }],
        ['DELETE', `/api/projects/${claraOwn}/images/${claraImage}`, undefined],
        // Refused before the body is even read: an invalid body still gets 401.
        ['POST', '/api/projects', { title: '' }],
      ] as const) {
        const response = await call(null, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json().error.code).toBe('NOT_AUTHENTICATED');
      }
      const uploaded = await upload(null, claraOwn, jpeg);
      expect(uploaded.statusCode).toBe(401);
      expect(await snapshot(t)).toEqual(before);
    });
  });

  describe('the owner and the assigned customer work on the project', () => {
    it('the assigned customer opens, edits and arranges the images of a project the admin created', async () => {
      const edited = await call(clara, 'PATCH', `/api/projects/${assignedToClara}`, { location: 'Girona' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ location: 'Girona', created_by: { id: admin.id }, assigned_to: { id: clara.id } });
    });

    it('an admin edits anyone’s project', async () => {
      const edited = await call(admin, 'PATCH', `/api/projects/${pauOwn}`, { promoter: 'Ayuntamiento' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ promoter: 'Ayuntamiento', created_by: { id: pau.id } });
    });
  });
});
