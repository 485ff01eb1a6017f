import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMPT_SORT_FIELDS, type Prompt } from '../../../domain/prompt.ts';
import type { Role } from '../../../domain/roles.ts';
import { storedFlag, storedInstant } from '../../test-support/stored-values.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * "My GPTs" (SPEC §2, §3 Prompt, §5 Prompt form, §6): admins' prompts are public, everybody else's
 * private; an admin sees all; others see their own plus the public ones; only the author or an admin
 * edits or deletes.
 */

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Person {
  id: string;
  cookie: string;
}

async function person(t: TestApp, email: string, role: Role, firstName: string, lastName: string): Promise<Person> {
  const user = await createTestUser(t, { email, role, firstName });
  await t.database.db.updateTable('users').set({ last_name: lastName }).where('id', '=', user.id).execute();
  return { id: user.id, cookie: await signIn(t, user.email, user.password) };
}

describe('prompts: public, private, and who changes them', () => {
  let t: TestApp;
  let ana: Person; // admin
  let eva: Person; // another admin
  let clara: Person; // customer
  let bruno: Person; // customer
  let pau: Person; // publisher
  let bea: Person; // basic
  let anaPrompt: Prompt;
  let claraPrompt: Prompt;
  let brunoPrompt: Prompt;
  let pauPrompt: Prompt;

  const call = (who: Person | null, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who ? { cookie: who.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  async function create(who: Person, title: string, description: string): Promise<Prompt> {
    const response = await call(who, 'POST', '/api/prompts', { title, description });
    expect(response.statusCode).toBe(201);
    return response.json();
  }
  const visibleIds = async (who: Person) => {
    const response = await call(who, 'GET', '/api/prompts?pageSize=100');
    expect(response.statusCode).toBe(200);
    return (response.json().items as Prompt[]).map((prompt) => prompt.id).sort((a, b) => a - b);
  };
  const promptRows = () => t.database.db.selectFrom('prompts').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp();
    ana = await person(t, 'ana@studio.es', 'admin', 'Ana', 'Mas');
    eva = await person(t, 'eva@studio.es', 'admin', 'Eva', 'Roca');
    clara = await person(t, 'clara@cliente.es', 'customer', 'Clara', 'Soler');
    bruno = await person(t, 'bruno@cliente.es', 'customer', 'Bruno', 'Pons');
    pau = await person(t, 'pau@studio.es', 'publisher', 'Pau', 'Riera');
    bea = await person(t, 'bea@studio.es', 'basic', 'Bea', 'Roig');
    anaPrompt = await create(ana, 'Tono del estudio', 'Escribe con tono institucional.');
    claraPrompt = await create(clara, 'Mi tono', 'Cercano y breve.');
    brunoPrompt = await create(bruno, 'Secreto', 'Instrucciones privadas de Bruno.');
    pauPrompt = await create(pau, 'Publicador', 'Para LinkedIn.');
  });
  afterAll(() => t.close());

  describe('creating', () => {
    it('makes an admin’s prompt public, with its author, editable by its author', () => {
      expect(anaPrompt).toEqual({
        id: expect.any(Number),
        title: 'Tono del estudio',
        description: 'Escribe con tono institucional.',
        is_private: false,
        author: { id: ana.id, first_name: 'Ana', last_name: 'Mas' },
        editable: true,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(Date.now() - Date.parse(anaPrompt.created_at)).toBeLessThan(60_000);
    });

    it('makes everybody else’s prompt private: customer, publisher and basic user', async () => {
      expect(claraPrompt).toMatchObject({ is_private: true, author: { id: clara.id }, editable: true });
      expect(pauPrompt).toMatchObject({ is_private: true, author: { id: pau.id } });
      const basic = await create(bea, 'Básico', 'También tengo GPTs.');
      expect(basic).toMatchObject({ is_private: true, author: { id: bea.id } });
    });

    it('does not let the body choose privacy or author', async () => {
      const response = await call(clara, 'POST', '/api/prompts', {
        title: 'Público?',
        description: 'x',
        is_private: false,
        user_id: ana.id,
        author: { id: ana.id },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ is_private: true, author: { id: clara.id } });
      expect(await visibleIds(bruno)).not.toContain(response.json().id);
    });

    it('trims title and description', async () => {
      expect(await create(pau, '  Con espacios  ', ' Texto ')).toMatchObject({ title: 'Con espacios', description: 'Texto' });
    });

    it.each([
      ['no title', { description: 'd' }, { title: 'titleRequired' }],
      ['a title of spaces', { title: '   ', description: 'd' }, { title: 'titleRequired' }],
      ['no description', { title: 't' }, { description: 'descriptionRequired' }],
      ['an empty description', { title: 't', description: '' }, { description: 'descriptionRequired' }],
      ['nothing', {}, { title: 'titleRequired', description: 'descriptionRequired' }],
      ['a title over 200 characters', { title: 'x'.repeat(201), description: 'd' }, { title: 'tooLong' }],
      ['a description over 20000 characters', { title: 't', description: 'x'.repeat(20_001) }, { description: 'tooLong' }],
    ])('refuses %s with 400 and the key, creating nothing', async (_case, payload, details) => {
      const before = await promptRows();
      const response = await call(clara, 'POST', '/api/prompts', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String), details } });
      expect(await promptRows()).toEqual(before);
    });
  });

  describe('seeing', () => {
    it('shows an admin every prompt, private ones included, each editable', async () => {
      const ids = await visibleIds(ana);
      for (const prompt of [anaPrompt, claraPrompt, brunoPrompt, pauPrompt]) expect(ids).toContain(prompt.id);
      expect(ids).toHaveLength((await promptRows()).length);
      const items = (await call(ana, 'GET', '/api/prompts?pageSize=100')).json().items as Prompt[];
      expect(items.every((prompt) => prompt.editable)).toBe(true);
      expect((await call(eva, 'GET', `/api/prompts/${brunoPrompt.id}`)).json()).toMatchObject({ id: brunoPrompt.id, is_private: true, editable: true });
    });

    it('shows a customer her own prompts and the public ones, never another user’s private one', async () => {
      const ids = await visibleIds(clara);
      expect(ids).toContain(claraPrompt.id);
      expect(ids).toContain(anaPrompt.id);
      expect(ids).not.toContain(brunoPrompt.id);
      expect(ids).not.toContain(pauPrompt.id);
      const rows = await promptRows();
      const expected = rows.filter((row) => row.user_id === clara.id || !row.is_private).map((row) => row.id);
      expect(ids).toEqual(expected);
      const listed = (await call(clara, 'GET', '/api/prompts?pageSize=100')).json();
      expect(listed.total).toBe(expected.length);
      // Public prompts are for use, not for editing.
      expect(listed.items.find((prompt: Prompt) => prompt.id === anaPrompt.id)).toMatchObject({ editable: false, is_private: false });
      expect(listed.items.find((prompt: Prompt) => prompt.id === claraPrompt.id)).toMatchObject({ editable: true });
      expect(JSON.stringify(listed)).not.toContain('Instrucciones privadas');
    });

    it('shows a publisher and a basic user their own plus the public ones', async () => {
      const pauIds = await visibleIds(pau);
      expect(pauIds).toContain(pauPrompt.id);
      expect(pauIds).toContain(anaPrompt.id);
      expect(pauIds).not.toContain(claraPrompt.id);
      const beaIds = await visibleIds(bea);
      expect(beaIds).toContain(anaPrompt.id);
      expect(beaIds).not.toContain(brunoPrompt.id);
    });

    it('answers another user’s private prompt 404, as one that does not exist', async () => {
      for (const [who, prompt] of [
        [clara, brunoPrompt],
        [bruno, claraPrompt],
        [pau, claraPrompt],
      ] as const) {
        const response = await call(who, 'GET', `/api/prompts/${prompt.id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: `Prompt with id ${prompt.id} not found` } });
      }
      expect((await call(clara, 'GET', '/api/prompts/999999')).json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Prompt with id 999999 not found' } });
      expect((await call(clara, 'GET', `/api/prompts/${anaPrompt.id}`)).statusCode).toBe(200);
    });

    it('a prompt stays public when a later admin edits it, and private when an admin edits a customer’s', async () => {
      expect((await call(eva, 'PATCH', `/api/prompts/${claraPrompt.id}`, { title: 'Mi tono' })).json()).toMatchObject({
        is_private: true,
        author: { id: clara.id },
      });
      expect(await visibleIds(bruno)).not.toContain(claraPrompt.id);
    });
  });

  describe('changing and deleting: the author or an admin', () => {
    it('lets the author change only the fields sent', async () => {
      const prompt = await create(clara, 'Original', 'Texto original');
      const response = await call(clara, 'PATCH', `/api/prompts/${prompt.id}`, { description: 'Texto nuevo' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...prompt, description: 'Texto nuevo', updated_at: expect.any(String) });
      expect(Date.parse(response.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(prompt.updated_at));
    });

    it('refuses a public prompt to someone who is not its author with 403, changing nothing', async () => {
      for (const who of [clara, pau, bea]) {
        const before = await promptRows();
        const edit = await call(who, 'PATCH', `/api/prompts/${anaPrompt.id}`, { title: 'Mío' });
        expect(edit.statusCode).toBe(403);
        expect(edit.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Only the author of a prompt or an administrator can change it' } });
        expect((await call(who, 'DELETE', `/api/prompts/${anaPrompt.id}`)).statusCode).toBe(403);
        expect(await promptRows()).toEqual(before);
      }
    });

    it('answers 404 to someone who cannot even see the prompt, changing nothing', async () => {
      const before = await promptRows();
      expect((await call(clara, 'PATCH', `/api/prompts/${brunoPrompt.id}`, { title: 'Robado' })).statusCode).toBe(404);
      expect((await call(clara, 'DELETE', `/api/prompts/${brunoPrompt.id}`)).statusCode).toBe(404);
      expect(await promptRows()).toEqual(before);
    });

    it('lets an admin change and delete anyone’s prompt, another admin’s included', async () => {
      const mine = await create(bruno, 'De Bruno', 'x');
      expect((await call(ana, 'PATCH', `/api/prompts/${mine.id}`, { title: 'Revisado' })).json()).toMatchObject({
        title: 'Revisado',
        author: { id: bruno.id },
      });
      expect((await call(eva, 'PATCH', `/api/prompts/${anaPrompt.id}`, { description: 'Escribe con tono institucional y cercano.' })).statusCode).toBe(200);
      expect((await call(eva, 'DELETE', `/api/prompts/${mine.id}`)).statusCode).toBe(204);
      expect((await call(bruno, 'GET', `/api/prompts/${mine.id}`)).statusCode).toBe(404);
    });

    it('lets the author delete, after which nobody finds it', async () => {
      const prompt = await create(pau, 'Temporal', 'x');
      const response = await call(pau, 'DELETE', `/api/prompts/${prompt.id}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await call(pau, 'GET', `/api/prompts/${prompt.id}`)).statusCode).toBe(404);
      expect((await call(ana, 'GET', `/api/prompts/${prompt.id}`)).statusCode).toBe(404);
      expect((await call(pau, 'DELETE', `/api/prompts/${prompt.id}`)).statusCode).toBe(404);
    });

    it.each([
      ['an empty title', { title: '' }, { title: 'titleRequired' }],
      ['a description of spaces', { description: '   ' }, { description: 'descriptionRequired' }],
    ])('refuses %s on editing with 400 and the key, changing nothing', async (_case, payload, details) => {
      const before = await promptRows();
      const response = await call(clara, 'PATCH', `/api/prompts/${claraPrompt.id}`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual(details);
      expect(await promptRows()).toEqual(before);
    });
  });

  describe('without a session', () => {
    it.each([
      ['GET', '/api/prompts', undefined],
      ['POST', '/api/prompts', { title: 't', description: 'd' }],
      ['POST', '/api/prompts', {}],
      ['GET', '/api/prompts/1', undefined],
      ['PATCH', '/api/prompts/1', { title: 'x' }],
      ['DELETE', '/api/prompts/1', undefined],
    ] as const)('%s %s answers 401 and changes nothing', async (method, url, payload) => {
      const before = await promptRows();
      const response = await call(null, method, url, payload);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('NOT_AUTHENTICATED');
      expect(await promptRows()).toEqual(before);
    });
  });
});

describe('GET /api/prompts: paged and sorted by the server', () => {
  let t: TestApp;
  let admin: Person;
  let clara: Person;
  const BASE = Date.parse('2026-03-01T10:00:00.000Z');
  const HOUR = 3_600_000;
  // title, author, created (hours after BASE), updated (hours after BASE): titles in mixed capitals.
  const SEEDS: Array<[string, 'admin' | 'clara', number, number]> = [
    ['arquitectura', 'admin', 0, 30],
    ['Bosque', 'clara', 1, 1],
    ['cubierta', 'clara', 2, 25],
    ['Detalle', 'admin', 3, 3],
    ['estructura', 'clara', 4, 40],
    ['Fachada', 'clara', 5, 5],
    ['granito', 'admin', 6, 6],
    ['Hormigón', 'clara', 7, 7],
    ['interior', 'clara', 8, 35],
    ['Jardín', 'admin', 9, 9],
    ['luz', 'clara', 10, 10],
    ['Madera', 'clara', 11, 11],
  ];
  let all: Prompt[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await person(t, 'admin@studio.es', 'admin', 'Ana', 'Mas');
    clara = await person(t, 'clara@cliente.es', 'customer', 'Clara', 'Soler');
    for (const [title, author, created, updated] of SEEDS) {
      await t.database.db
        .insertInto('prompts')
        .values({
          title,
          description: `Prompt ${title}`,
          user_id: author === 'admin' ? admin.id : clara.id,
          is_private: storedFlag(author !== 'admin'),
          created_at: storedInstant(new Date(BASE + created * HOUR)),
          updated_at: storedInstant(new Date(BASE + updated * HOUR)),
        })
        .execute();
    }
    all = (await list(admin, '?pageSize=100')).json().items;
    expect(all).toHaveLength(12);
  });
  afterAll(() => t.close());

  function list(who: Person, query = '') {
    return t.app.inject({ method: 'GET', url: `/api/prompts${query}`, headers: { cookie: who.cookie } });
  }
  const titles = (items: Prompt[]) => items.map((prompt) => prompt.title);

  it('answers 5 a page by default, newest first, with the total', async () => {
    const body = (await list(clara)).json();
    expect(body).toMatchObject({ total: 12, page: 1, pageSize: 5 });
    expect(titles(body.items)).toEqual(['Madera', 'luz', 'Jardín', 'interior', 'Hormigón']);
    expect(titles((await list(clara, '?page=3')).json().items)).toEqual(['Bosque', 'arquitectura']);
    expect((await list(clara, '?page=4')).json()).toEqual({ items: [], total: 12, page: 4, pageSize: 5 });
  });

  const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const COMPARE: Record<(typeof PROMPT_SORT_FIELDS)[number], (a: Prompt, b: Prompt) => number> = {
    title: (a, b) => byText(a.title.toLowerCase(), b.title.toLowerCase()),
    created_at: (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at),
    updated_at: (a, b) => Date.parse(a.updated_at) - Date.parse(b.updated_at),
  };

  describe.each(PROMPT_SORT_FIELDS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ sort, order }))))(
    'sorted by $sort $order',
    ({ sort, order }) => {
      it('orders every prompt once, across pages that never overlap', async () => {
        const walked: Prompt[] = [];
        for (let page = 1; page <= 3; page += 1) {
          const body = (await list(clara, `?sort=${sort}&order=${order}&page=${page}`)).json();
          expect(body).toMatchObject({ total: 12, page, pageSize: 5 });
          walked.push(...body.items);
        }
        expect(new Set(walked.map((prompt) => prompt.id)).size).toBe(12);
        const ascending = [...all].sort((a, b) => COMPARE[sort](a, b) || a.id - b.id).map((prompt) => prompt.id);
        expect(walked.map((prompt) => prompt.id)).toEqual(order === 'asc' ? ascending : ascending.reverse());
      });
    },
  );

  it('sorts titles alphabetically whatever their capitals, and by the last change', async () => {
    expect(titles((await list(clara, '?sort=title&order=asc')).json().items)).toEqual(['arquitectura', 'Bosque', 'cubierta', 'Detalle', 'estructura']);
    expect(titles((await list(clara, '?sort=updated_at&order=desc&pageSize=4')).json().items)).toEqual(['estructura', 'interior', 'arquitectura', 'cubierta']);
  });

  it.each([
    ['page 0', '?page=0', 'page'],
    ['page size 0', '?pageSize=0', 'pageSize'],
    ['a page size over 100', '?pageSize=101', 'pageSize'],
    ['a sort field not offered', '?sort=description', 'sort'],
    ['sorting by author', '?sort=user_id', 'sort'],
    ['an order that is neither asc nor desc', '?order=random', 'order'],
  ])('refuses %s with 400 and the field in the details', async (_case, query, field) => {
    const response = await list(clara, query);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.details)).toContain(field);
  });
});
