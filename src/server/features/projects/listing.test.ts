import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_SORT_FIELDS, PROJECT_STATES, type ProjectState, type ProjectSummary } from '../../../domain/project.ts';
import type { Role } from '../../../domain/roles.ts';
import { projectRowValues } from '../../test-support/projects.ts';
import { storedFlag } from '../../test-support/stored-values.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * GET /api/projects (SPEC §2 "Projects", §9): 10 a page, newest first, sorted and filtered by the
 * server, with the states present among the projects the user sees for the filter.
 */

const MINUTE = 60_000;
const BASE = Date.parse('2026-02-01T09:00:00.000Z');

type Creator = 'ana' | 'bruno' | 'carla' | 'diego' | 'eva' | null;
// first name, last name, role: names in mixed capitals, two people sharing a last name.
const PEOPLE: Record<Exclude<Creator, null>, [string, string, Role]> = {
  ana: ['ana', 'zubiri', 'customer'],
  bruno: ['Bruno', 'alonso', 'publisher'],
  carla: ['carla', 'Alonso', 'customer'],
  diego: ['Diego', 'borja', 'customer'],
  eva: ['Eva', 'Mas', 'admin'],
};

interface Seed {
  title: string;
  creator: Creator;
  state: ProjectState;
  assignedTo?: Creator;
  /** Minutes after BASE: two projects share minute 10, so only the id can order them. */
  minute: number;
  mapsUrl?: string;
  showMap?: boolean;
}

// Ana (a customer) sees only drafts and previews: her own and the one assigned to her.
const SEEDS: Seed[] = [
  { title: 'alba', creator: 'ana', state: 'draft', minute: 0 },
  { title: 'Bosque', creator: 'bruno', state: 'preview', minute: 1 },
  { title: 'cantera', creator: 'carla', state: 'inProgress', minute: 2 },
  { title: 'Dunas', creator: 'diego', state: 'launched', minute: 3, mapsUrl: 'https://maps.app.goo.gl/dunas', showMap: true },
  { title: 'eras', creator: 'eva', state: 'draft', minute: 4 },
  { title: 'Faro', creator: null, state: 'preview', minute: 5 },
  { title: 'granja', creator: 'ana', state: 'preview', minute: 6 },
  { title: 'Huerto', creator: 'bruno', state: 'draft', minute: 7, assignedTo: 'ana', mapsUrl: 'https://maps.app.goo.gl/huerto' },
  { title: 'isla', creator: 'carla', state: 'launched', minute: 8 },
  { title: 'Jara', creator: 'diego', state: 'inProgress', minute: 9 },
  { title: 'kiosco', creator: 'eva', state: 'preview', minute: 10, assignedTo: 'ana' },
  { title: 'Lonja', creator: 'ana', state: 'draft', minute: 10 },
  { title: 'molino', creator: null, state: 'launched', minute: 12 },
  { title: 'Nave', creator: 'bruno', state: 'inProgress', minute: 13 },
  { title: 'olivar', creator: 'carla', state: 'draft', minute: 14 },
  { title: 'Patio', creator: 'diego', state: 'preview', minute: 15 },
  { title: 'patio', creator: 'eva', state: 'launched', minute: 16 },
  { title: 'quinta', creator: 'ana', state: 'draft', minute: 17 },
  { title: 'Rambla', creator: 'bruno', state: 'launched', minute: 18, assignedTo: 'carla' },
  { title: 'silo', creator: 'carla', state: 'preview', minute: 19 },
  { title: 'Torre', creator: 'diego', state: 'draft', minute: 20 },
  { title: 'umbral', creator: 'eva', state: 'inProgress', minute: 21 },
  { title: 'Valle', creator: 'ana', state: 'preview', minute: 22 },
  { title: 'Xalet', creator: 'bruno', state: 'draft', minute: 23 },
  { title: 'yeso', creator: 'carla', state: 'preview', minute: 24 },
];

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
/** "last, first" as the list shows it, compared without capitals; no creator sorts as empty. */
const creatorKey = (project: ProjectSummary) =>
  project.created_by ? `${project.created_by.last_name.toLowerCase()}\u0000${project.created_by.first_name.toLowerCase()}` : '';
const COMPARE: Record<(typeof PROJECT_SORT_FIELDS)[number], (a: ProjectSummary, b: ProjectSummary) => number> = {
  id: (a, b) => a.id - b.id,
  title: (a, b) => byText(a.title.toLowerCase(), b.title.toLowerCase()),
  state: (a, b) => byText(a.state, b.state),
  created_at: (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at),
  created_by: (a, b) => byText(creatorKey(a), creatorKey(b)),
};

/** The order the server must answer: by the field, ties by id, all in the same direction. */
function expectedOrder(items: ProjectSummary[], sort: keyof typeof COMPARE, order: 'asc' | 'desc'): number[] {
  const ascending = [...items].sort((a, b) => COMPARE[sort](a, b) || a.id - b.id);
  return (order === 'asc' ? ascending : ascending.reverse()).map((item) => item.id);
}

describe('GET /api/projects: paged, sorted and filtered by the server', () => {
  let t: TestApp;
  const users: Record<string, { id: string; cookie: string }> = {};
  const idOf = new Map<string, number>();
  let all: ProjectSummary[];

  beforeAll(async () => {
    t = await createTestApp();
    for (const [key, [first, last, role]] of Object.entries(PEOPLE)) {
      const user = await createTestUser(t, { email: `${key}@studio.es`, role, firstName: first });
      await t.database.db.updateTable('users').set({ last_name: last }).where('id', '=', user.id).execute();
      users[key] = { id: user.id, cookie: await signIn(t, user.email, user.password) };
    }
    for (const seed of SEEDS) {
      const { id } = await t.database.db
        .insertInto('projects')
        .values(
          projectRowValues({
            title: seed.title,
            state: seed.state,
            created_by: seed.creator ? users[seed.creator]!.id : null,
            assigned_to: seed.assignedTo ? users[seed.assignedTo]!.id : null,
            maps_url: seed.mapsUrl ?? '',
            show_map: storedFlag(seed.showMap ?? false),
            created_at: new Date(BASE + seed.minute * MINUTE),
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      idOf.set(seed.title, id);
    }
    all = (await list('eva', '?pageSize=100')).json().items;
    expect(all).toHaveLength(SEEDS.length);
  });
  afterAll(() => t.close());

  function list(who: string, query = '') {
    return t.app.inject({ method: 'GET', url: `/api/projects${query}`, headers: { cookie: users[who]!.cookie } });
  }
  const titles = (items: ProjectSummary[]) => items.map((item) => item.title);

  async function walk(who: string, query: string, expectedTotal: number): Promise<ProjectSummary[]> {
    const items: ProjectSummary[] = [];
    const pages = Math.ceil(expectedTotal / 10);
    for (let page = 1; page <= pages; page += 1) {
      const response = await list(who, `${query}&page=${page}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ total: expectedTotal, page, pageSize: 10 });
      expect(body.items).toHaveLength(page < pages ? 10 : expectedTotal - 10 * (pages - 1));
      items.push(...body.items);
    }
    return items;
  }

  it('answers 10 a page by default, newest first, with the total and every state present', async () => {
    const response = await list('eva');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 25, page: 1, pageSize: 10, states: ['draft', 'inProgress', 'preview', 'launched'] });
    // "kiosco" and "Lonja" were created in the same minute: the later id comes first.
    expect(titles(body.items)).toEqual(['yeso', 'Xalet', 'Valle', 'umbral', 'Torre', 'silo', 'Rambla', 'quinta', 'patio', 'Patio']);
    expect(titles((await list('eva', '?page=2')).json().items)).toEqual([
      'olivar',
      'Nave',
      'molino',
      'Lonja',
      'kiosco',
      'Jara',
      'isla',
      'Huerto',
      'granja',
      'Faro',
    ]);
    expect(titles((await list('eva', '?page=3')).json().items)).toEqual(['eras', 'Dunas', 'cantera', 'Bosque', 'alba']);
  });

  it('answers each row with what the table shows: id, title, state, creator, assignee, maps link and whether it is shown', async () => {
    const dunas = all.find((item) => item.title === 'Dunas')!;
    expect(dunas).toEqual({
      id: idOf.get('Dunas'),
      title: 'Dunas',
      state: 'launched',
      weblink: '',
      maps_url: 'https://maps.app.goo.gl/dunas',
      show_map: true,
      created_by: { id: users.diego!.id, first_name: 'Diego', last_name: 'borja', email: 'diego@studio.es' },
      assigned_to: null,
      created_at: new Date(BASE + 3 * MINUTE).toISOString(),
      posts: { total: 0, published: 0 },
      figures: [],
    });
    expect(all.find((item) => item.title === 'Huerto')).toMatchObject({
      maps_url: 'https://maps.app.goo.gl/huerto',
      show_map: false,
      assigned_to: { id: users.ana!.id },
    });
    // A project whose creator is gone shows no creator (the screen writes "-").
    expect(all.find((item) => item.title === 'Faro')!.created_by).toBeNull();
  });

  it('answers an empty page past the end, with the total still right', async () => {
    expect((await list('eva', '?page=4')).json()).toEqual({
      items: [],
      total: 25,
      page: 4,
      pageSize: 10,
      states: ['draft', 'inProgress', 'preview', 'launched'],
    });
  });

  it('honours another page size', async () => {
    const body = (await list('eva', '?pageSize=7&page=4')).json();
    expect(body).toMatchObject({ total: 25, page: 4, pageSize: 7 });
    expect(titles(body.items)).toEqual(['Dunas', 'cantera', 'Bosque', 'alba']);
  });

  describe.each(PROJECT_SORT_FIELDS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ sort, order }))))(
    'sorted by $sort $order',
    ({ sort, order }) => {
      it('orders every project once, across pages that never overlap, ties broken the same way each time', async () => {
        const walked = await walk('eva', `?sort=${sort}&order=${order}`, 25);
        const ids = walked.map((item) => item.id);
        expect(new Set(ids).size).toBe(25);
        expect(ids).toEqual(expectedOrder(all, sort, order));
        const again = (await list('eva', `?sort=${sort}&order=${order}&pageSize=100`)).json().items.map((item: ProjectSummary) => item.id);
        expect(again).toEqual(ids);
      });
    },
  );

  it('sorts titles alphabetically whatever their capitals', async () => {
    expect(titles((await list('eva', '?sort=title&order=asc&pageSize=4')).json().items)).toEqual(['alba', 'Bosque', 'cantera', 'Dunas']);
    expect(titles((await list('eva', '?sort=title&order=desc&pageSize=3')).json().items)).toEqual(['yeso', 'Xalet', 'Valle']);
  });

  it('sorts by creator as the list shows it, "last, first", whatever the capitals; no creator first', async () => {
    const walked = (await list('eva', '?sort=created_by&order=asc&pageSize=100')).json().items as ProjectSummary[];
    const shown = walked.map((item) => (item.created_by ? `${item.created_by.last_name}, ${item.created_by.first_name}` : '-'));
    const distinct = shown.filter((name, index) => name !== shown[index - 1]);
    expect(distinct).toEqual(['-', 'alonso, Bruno', 'Alonso, carla', 'borja, Diego', 'Mas, Eva', 'zubiri, ana']);
    const descending = (await list('eva', '?sort=created_by&order=desc&pageSize=1')).json().items[0];
    expect(descending.created_by.last_name).toBe('zubiri');
  });

  describe('the state filter', () => {
    it.each(PROJECT_STATES)('answers only %s projects, newest first, paged, with every state still offered', async (state) => {
      const expected = SEEDS.filter((seed) => seed.state === state)
        .map((seed) => idOf.get(seed.title)!)
        .sort((a, b) => b - a);
      const response = await list('eva', `?state=${state}&pageSize=3`);
      const body = response.json();
      expect(body).toMatchObject({ total: expected.length, pageSize: 3, states: ['draft', 'inProgress', 'preview', 'launched'] });
      expect(body.items.map((item: ProjectSummary) => item.id)).toEqual(expected.slice(0, 3));
      const everything = await walk('eva', `?state=${state}`, expected.length);
      expect(everything.every((item) => item.state === state)).toBe(true);
      expect(everything.map((item) => item.id)).toEqual(expected);
    });

    it('combines with sorting', async () => {
      const body = (await list('eva', '?state=preview&sort=title&order=asc')).json();
      expect(titles(body.items)).toEqual(['Bosque', 'Faro', 'granja', 'kiosco', 'Patio', 'silo', 'Valle', 'yeso']);
    });
  });

  describe('the states present, among the projects this user sees', () => {
    it('shows a customer her own and assigned projects only, and only their states', async () => {
      const body = (await list('ana', '?pageSize=100')).json();
      expect(titles(body.items)).toEqual(['Valle', 'quinta', 'Lonja', 'kiosco', 'Huerto', 'granja', 'alba']);
      expect(body.total).toBe(7);
      expect(body.states).toEqual(['draft', 'preview']);
    });

    it('keeps offering the states present when the filter finds nothing', async () => {
      expect((await list('ana', '?state=launched')).json()).toEqual({ items: [], total: 0, page: 1, pageSize: 10, states: ['draft', 'preview'] });
    });

    it('shows a publisher the states of his own projects', async () => {
      const body = (await list('bruno', '?pageSize=100')).json();
      expect(titles(body.items)).toEqual(['Xalet', 'Rambla', 'Nave', 'Huerto', 'Bosque']);
      expect(body.states).toEqual(['draft', 'inProgress', 'preview', 'launched']);
      // Carla sees the one assigned to her as well as her own.
      const carla = (await list('carla', '?pageSize=100')).json();
      expect(titles(carla.items)).toEqual(['yeso', 'silo', 'Rambla', 'olivar', 'isla', 'cantera']);
      expect(carla.states).toEqual(['draft', 'inProgress', 'preview', 'launched']);
    });

    it('follows the projects’ states as they change', async () => {
      const previews = SEEDS.filter((seed) => seed.state === 'preview' && (seed.creator === 'ana' || seed.assignedTo === 'ana')).map((seed) =>
        idOf.get(seed.title)!,
      );
      await t.database.db.updateTable('projects').set({ state: 'launched' }).where('id', 'in', previews).execute();
      try {
        expect((await list('ana')).json().states).toEqual(['draft', 'launched']);
        expect((await list('ana', '?state=launched')).json().total).toBe(previews.length);
      } finally {
        await t.database.db.updateTable('projects').set({ state: 'preview' }).where('id', 'in', previews).execute();
      }
      expect((await list('ana')).json().states).toEqual(['draft', 'preview']);
    });
  });

  it.each([
    ['page 0', '?page=0', 'page'],
    ['a page that is no number', '?page=dos', 'page'],
    ['a fractional page', '?page=1.5', 'page'],
    ['page size 0', '?pageSize=0', 'pageSize'],
    ['a page size over 100', '?pageSize=101', 'pageSize'],
    ['a state that does not exist', '?state=published', 'state'],
    ['a state in other capitals', '?state=Draft', 'state'],
    ['a sort field not offered', '?sort=description', 'sort'],
    ['sorting by a column of another table', '?sort=creator.email', 'sort'],
    ['an order that is neither asc nor desc', '?order=up', 'order'],
  ])('refuses %s with 400 and the field in the details', async (_case, query, field) => {
    const response = await list('eva', query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(response.json().error.details)).toContain(field);
  });
});

describe('GET /api/projects walked page by page: by creator (namesakes, nameless creators, projects without one) and by creation', () => {
  let t: TestApp;
  const people: Record<string, { id: string; cookie: string; first: string; last: string }> = {};
  const projects: Array<{ id: number; creator: string | null; state: ProjectState; assignedTo: string | null }> = [];
  // key: first name, last name, role. "ana Ruiz" twice: the same name for the list, so their projects mix by id.
  const PEOPLE_WITH_NAMES: Record<string, [string, string, Role]> = {
    anaCustomer: ['Ana', 'Ruiz', 'customer'],
    anaPublisher: ['ana', 'RUIZ', 'publisher'],
    nameless: ['', '', 'customer'],
    zoe: ['Zoe', 'Abad', 'customer'],
    luis: ['Luis', 'Abad', 'publisher'],
    idle: ['Nadie', 'Sinproyectos', 'customer'],
    eva: ['Eva', 'Mas', 'admin'],
  };
  const CREATORS = ['anaCustomer', 'zoe', null, 'anaPublisher', 'nameless', 'luis', 'eva', 'anaPublisher', null, 'anaCustomer', 'nameless'];
  const ROTATING_STATES: ProjectState[] = ['draft', 'preview', 'launched'];

  beforeAll(async () => {
    t = await createTestApp();
    for (const [key, [first, last, role]] of Object.entries(PEOPLE_WITH_NAMES)) {
      const user = await createTestUser(t, { email: `${key.toLowerCase()}@studio.es`, role, firstName: first });
      await t.database.db.updateTable('users').set({ first_name: first, last_name: last }).where('id', '=', user.id).execute();
      people[key] = { id: user.id, cookie: await signIn(t, user.email, user.password), first, last };
    }
    for (let index = 0; index < 61; index += 1) {
      const creator = CREATORS[index % CREATORS.length]!;
      const state = ROTATING_STATES[index % 3]!;
      const assignedTo = index % 4 === 0 ? people.anaCustomer!.id : null;
      const { id } = await t.database.db
        .insertInto('projects')
        .values(
          projectRowValues({
            title: `P${index}`,
            state,
            created_by: creator ? people[creator]!.id : null,
            assigned_to: assignedTo,
            created_at: new Date(BASE + index * MINUTE),
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      projects.push({ id, creator, state, assignedTo });
    }
  });
  afterAll(() => t.close());

  /** What one sort over every project would answer: "last, first" without capitals, then id. */
  function reference(order: 'asc' | 'desc', keep: (project: (typeof projects)[number]) => boolean): number[] {
    const key = (creator: string | null) => (creator ? `${people[creator]!.last.toLowerCase()}\u0000${people[creator]!.first.toLowerCase()}` : '\u0000');
    const ascending = projects
      .filter(keep)
      .sort((a, b) => byText(key(a.creator), key(b.creator)) || a.id - b.id)
      .map((project) => project.id);
    return order === 'asc' ? ascending : ascending.reverse();
  }

  async function walkAll(cookie: string, query: string, pageSize: number): Promise<{ ids: number[]; total: number }> {
    const ids: number[] = [];
    for (let page = 1; ; page += 1) {
      const response = await t.app.inject({ method: 'GET', url: `/api/projects?${query}&pageSize=${pageSize}&page=${page}`, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      if (body.items.length === 0) return { ids, total: body.total };
      expect(body.items.length).toBe(Math.min(pageSize, body.total - (page - 1) * pageSize));
      ids.push(...body.items.map((item: ProjectSummary) => item.id));
    }
  }

  describe.each([
    { who: 'an admin', viewer: 'eva', keep: () => true },
    {
      who: 'a customer (own and assigned)',
      viewer: 'anaCustomer',
      keep: (project: (typeof projects)[number]) => project.creator === 'anaCustomer' || project.assignedTo !== null,
    },
  ])('as $who', ({ viewer, keep }) => {
    it.each([
      ['asc', 7],
      ['desc', 7],
      ['asc', 10],
      ['desc', 3],
      ['asc', 100],
    ] as const)('%s, %i a page: the same order as one sort, no project twice or missing', async (order, pageSize) => {
      const { ids, total } = await walkAll(people[viewer]!.cookie, `sort=created_by&order=${order}`, pageSize);
      const expected = reference(order, keep);
      expect(total).toBe(expected.length);
      expect(ids).toEqual(expected);
    });

    it.each(['asc', 'desc'] as const)('%s with the state filter', async (order) => {
      const { ids } = await walkAll(people[viewer]!.cookie, `sort=created_by&order=${order}&state=preview`, 4);
      expect(ids).toEqual(reference(order, (project) => keep(project) && project.state === 'preview'));
    });

    it.each([
      ['desc', 7],
      ['asc', 6],
      ['desc', 100],
    ] as const)('by creation, %s, %i a page: every project once, a project both created and assigned once', async (order, pageSize) => {
      // Created a minute apart in id order, so creation order is id order.
      const ascending = projects.filter(keep).map((project) => project.id);
      const { ids, total } = await walkAll(people[viewer]!.cookie, `sort=created_at&order=${order}`, pageSize);
      expect(total).toBe(ascending.length);
      expect(ids).toEqual(order === 'asc' ? ascending : [...ascending].reverse());
      const launched = await walkAll(people[viewer]!.cookie, `sort=created_at&order=${order}&state=launched`, 3);
      const launchedAscending = projects.filter((project) => keep(project) && project.state === 'launched').map((project) => project.id);
      expect(launched.ids).toEqual(order === 'asc' ? launchedAscending : [...launchedAscending].reverse());
    });
  });

  it('mixes the projects of two people with the same name by id, and puts nameless creators with the projects without one', async () => {
    const body = (
      await t.app.inject({ method: 'GET', url: '/api/projects?sort=created_by&order=asc&pageSize=100', headers: { cookie: people.eva!.cookie } })
    ).json();
    const shown = (body.items as ProjectSummary[]).map((item) => (item.created_by ? `${item.created_by.last_name}, ${item.created_by.first_name}` : '-'));
    const distinct = shown.filter((name, index) => name !== shown[index - 1]);
    // "-" and ", " (the nameless creator) alternate by id, as do "Ruiz, Ana" and "RUIZ, ana".
    expect(new Set(distinct.slice(0, distinct.indexOf('Abad, Luis')))).toEqual(new Set(['-', ', ']));
    expect(distinct.slice(distinct.indexOf('Abad, Luis'), distinct.indexOf('Abad, Luis') + 3)).toEqual(['Abad, Luis', 'Abad, Zoe', 'Mas, Eva']);
    expect(distinct.filter((name) => name.toLowerCase() === 'ruiz, ana').length).toBeGreaterThan(2);
  });

  it('answers an empty page past the end', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/projects?sort=created_by&page=50', headers: { cookie: people.eva!.cookie } })).json();
    expect(body).toMatchObject({ items: [], total: 61 });
  });
});
