import { createHash } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../domain/roles.ts';
import { USER_SORT_FIELDS, type User } from '../../../domain/user.ts';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import { readInstant } from '../../db/values.ts';
import cat from '../../i18n/locales/cat/email.json' with { type: 'json' };
import en from '../../i18n/locales/en/email.json' with { type: 'json' };
import es from '../../i18n/locales/es/email.json' with { type: 'json' };
import { storedInstant } from '../../test-support/stored-values.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How the verifications table holds a reset link's token: the SHA-256 of its identifier, base64url. */
function storedIdentifierOf(token: string): string {
  return createHash('sha256').update(`reset-password:${token}`).digest('base64url');
}
const ADMIN_NOT_AUTHENTICATED = 'Admin user is not authenticated';
const RESET_LINK = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/;

// Failed sign-ins are limited per address, so each attempt that may fail comes from its own address.
let nextAddress = 1;
function freshAddress(): string {
  return `10.1.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
}

function attemptSignIn(t: TestApp, email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: freshAddress() });
}

function getMe(t: TestApp, cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
}

function newUser(overrides: Record<string, unknown> = {}) {
  return { first_name: 'Nora', last_name: 'Vidal', email: 'nora@studio.es', phone: '+34 600 000 000', password: 'secret-123', ...overrides };
}

/** Everything a refused request must leave as it was: users, accounts (password hashes), one-time tokens. */
async function snapshot(t: TestApp) {
  const db = t.database.db;
  return {
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    accounts: await db.selectFrom('accounts').selectAll().orderBy('id').execute(),
    verifications: await db.selectFrom('verifications').selectAll().orderBy('id').execute(),
    sentMail: t.sentMail.length,
  };
}

async function passwordHashOf(t: TestApp, userId: string): Promise<string> {
  const account = await t.database.db.selectFrom('accounts').select('password').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return account.password!;
}

function sessionsOf(t: TestApp, userId: string) {
  return t.database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
}

interface Context {
  target: { id: string; email: string };
  /** A fresh address each call, so a POST /api/users that goes through never collides with an earlier one. */
  newEmail: () => string;
}

interface Endpoint {
  name: string;
  /** A request an administrator would make. */
  valid: (context: Context) => InjectOptions;
  /** The same endpoint with input it refuses, to check that a refused caller never learns about the input. */
  invalid: (context: Context) => InjectOptions;
  adminStatus: number;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /api/users',
    valid: () => ({ method: 'GET', url: '/api/users' }),
    invalid: () => ({ method: 'GET', url: '/api/users?page=0&pageSize=1000&sort=password' }),
    adminStatus: 200,
  },
  {
    name: 'POST /api/users',
    valid: (context) => ({ method: 'POST', url: '/api/users', payload: newUser({ email: context.newEmail(), role: 'admin' }) }),
    invalid: () => ({ method: 'POST', url: '/api/users', payload: { email: 'not-an-address' } }),
    adminStatus: 201,
  },
  {
    name: 'GET /api/users/:id',
    valid: (context) => ({ method: 'GET', url: `/api/users/${context.target.id}` }),
    invalid: () => ({ method: 'GET', url: '/api/users/no-such-user' }),
    adminStatus: 200,
  },
  {
    name: 'PATCH /api/users/:id',
    valid: (context) => ({ method: 'PATCH', url: `/api/users/${context.target.id}`, payload: { first_name: 'Renamed', phone: '+34 699 999 999' } }),
    invalid: (context) => ({ method: 'PATCH', url: `/api/users/${context.target.id}`, payload: { email: 'other@studio.es', password: '1' } }),
    adminStatus: 200,
  },
  {
    name: 'POST /api/create-user-template',
    valid: (context) => ({
      method: 'POST',
      url: '/api/create-user-template',
      payload: { email: context.target.email, password: 'secret-123', firstName: 'Tina', lastName: 'Target' },
    }),
    invalid: () => ({ method: 'POST', url: '/api/create-user-template', payload: { email: 'nobody' } }),
    adminStatus: 200,
  },
];

const NON_ADMIN_ROLES: Role[] = ['customer', 'publisher', 'basic'];

describe('users API: only administrators', () => {
  let t: TestApp;
  let context: Context;
  const cookies: Partial<Record<Role, string>> = {};
  const ids: Partial<Record<Role, string>> = {};
  let created = 0;
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['admin', ...NON_ADMIN_ROLES] as Role[]) {
      const user = await createTestUser(t, { email: `${role}@studio.es`, role });
      ids[role] = user.id;
      cookies[role] = await signIn(t, user.email, user.password);
    }
    const target = await createTestUser(t, { email: 'target@studio.es', firstName: 'Tina' });
    context = { target, newEmail: () => `new-${++created}@studio.es` };
  });
  afterAll(() => t.close());

  const inject = (options: InjectOptions, cookie?: string) =>
    t.app.inject({ ...options, headers: { ...(options.headers as Record<string, string> | undefined), ...(cookie ? { cookie } : {}) } });

  describe.each(ENDPOINTS)('$name', (endpoint) => {
    it('answers 401 "Admin user is not authenticated" without a session, and changes nothing', async () => {
      for (const request of [endpoint.valid(context), endpoint.invalid(context)]) {
        const before = await snapshot(t);
        const response = await inject(request);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: { code: 'NOT_AUTHENTICATED', message: ADMIN_NOT_AUTHENTICATED } });
        expect(await snapshot(t)).toEqual(before);
      }
    });

    it('answers 401 for a cookie that names no session', async () => {
      const response = await inject(endpoint.valid(context), 'alzado.session_token=forged.value');
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({ code: 'NOT_AUTHENTICATED', message: ADMIN_NOT_AUTHENTICATED });
    });

    it.each(NON_ADMIN_ROLES)('answers 403 FORBIDDEN to a %s, whatever they send, and changes and sends nothing', async (role) => {
      for (const request of [endpoint.valid(context), endpoint.invalid(context)]) {
        const before = await snapshot(t);
        const response = await inject(request, cookies[role]);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
        expect(await snapshot(t)).toEqual(before);
      }
    });

    it(`lets an administrator through (${endpoint.adminStatus})`, async () => {
      const response = await inject(endpoint.valid(context), cookies.admin);
      expect(response.statusCode).toBe(endpoint.adminStatus);
    });
  });

  it.each(NON_ADMIN_ROLES)('a %s cannot make themself an administrator through PATCH /api/users/:id', async (role) => {
    const response = await inject({ method: 'PATCH', url: `/api/users/${ids[role]}`, payload: { role: 'admin' } }, cookies[role]);
    expect(response.statusCode).toBe(403);
    expect((await getMe(t, cookies[role]!)).json()).toMatchObject({ role });
    expect((await inject({ method: 'GET', url: '/api/users' }, cookies[role])).statusCode).toBe(403);
  });
});

describe('GET /api/users: paged and sorted by the server', () => {
  let t: TestApp;
  let adminCookie: string;
  let admin: { id: string };
  // first name, last name, role, active; created one day apart, in this order, after the admin.
  const PEOPLE: Array<[string, string, Role, boolean]> = [
    ['ana', 'Zubiri', 'customer', true],
    ['Bruno', 'alonso', 'publisher', true],
    ['carla', 'Ybarra', 'customer', false],
    ['Diego', 'borja', 'basic', true],
    ['elena', 'Xirau', 'customer', true],
    ['Fernando', 'castro', 'admin', true],
    ['Marta', 'Vidal', 'customer', true],
    ['marta', 'vives', 'publisher', false],
    ['gema', 'Duran', 'customer', true],
    ['Hugo', 'ugarte', 'basic', true],
    ['ivan', 'Esteve', 'customer', true],
  ];
  const base = new Date('2026-01-01T10:00:00.000Z');
  let all: User[];

  beforeAll(async () => {
    t = await createTestApp();
    const created = await createTestUser(t, { email: 'admin@studio.es', role: 'admin', firstName: 'Admin' });
    admin = created;
    adminCookie = await signIn(t, created.email, created.password);
    await t.database.db
      .updateTable('users')
      .set({ created_at: storedInstant(base), last_name: 'Mas' })
      .where('id', '=', created.id)
      .execute();
    for (const [index, [first, last, role, active]] of PEOPLE.entries()) {
      const user = await createTestUser(t, { email: `${first.toLowerCase()}.${last.toLowerCase()}@studio.es`, role, firstName: first, active });
      await t.database.db
        .updateTable('users')
        .set({ last_name: last, created_at: storedInstant(new Date(base.getTime() + (index + 1) * DAY_MS)) })
        .where('id', '=', user.id)
        .execute();
    }
    const everything = await list('?pageSize=100');
    all = everything.json().items;
  });
  afterAll(() => t.close());

  function list(query = '') {
    return t.app.inject({ method: 'GET', url: `/api/users${query}`, headers: { cookie: adminCookie } });
  }

  async function walk(sort: string, order: string): Promise<User[]> {
    const items: User[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const response = await list(`?sort=${sort}&order=${order}&page=${page}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.total).toBe(12);
      expect(body.pageSize).toBe(5);
      expect(body.page).toBe(page);
      items.push(...body.items);
    }
    return items;
  }

  it('answers 5 users a page by default, newest created first, with the total', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 12, page: 1, pageSize: 5 });
    expect(body.items.map((user: User) => user.first_name)).toEqual(['ivan', 'Hugo', 'gema', 'marta', 'Marta']);
  });

  it('answers the next users on page 2 and the oldest, the admin included, on the last page', async () => {
    const second = (await list('?page=2')).json();
    expect(second.items.map((user: User) => user.first_name)).toEqual(['Fernando', 'elena', 'Diego', 'carla', 'Bruno']);
    const third = (await list('?page=3')).json();
    expect(third.items.map((user: User) => user.first_name)).toEqual(['ana', 'Admin']);
    expect(third.total).toBe(12);
  });

  it('answers an empty page past the end, with the total still right', async () => {
    const body = (await list('?page=9')).json();
    expect(body).toEqual({ items: [], total: 12, page: 9, pageSize: 5 });
  });

  it('honours another page size', async () => {
    const body = (await list('?pageSize=10&page=2')).json();
    expect(body.items).toHaveLength(2);
    expect(body.pageSize).toBe(10);
  });

  it('shows every profile field an admin edits, and no secret', async () => {
    const body = (await list('?pageSize=100')).json();
    const ana = body.items.find((user: User) => user.first_name === 'ana');
    expect(Object.keys(ana).sort()).toEqual([
      'active',
      'approval',
      'avatar_url',
      'company',
      'created_at',
      'description',
      'email',
      'first_name',
      'id',
      'language',
      'last_name',
      'phone',
      'role',
      'updated_at',
      'vat',
    ]);
    expect(ana).toMatchObject({
      email: 'ana.zubiri@studio.es',
      role: 'customer',
      active: true,
      language: 'es',
      created_at: new Date(base.getTime() + DAY_MS).toISOString(),
    });
    const hash = await passwordHashOf(t, admin.id);
    expect(JSON.stringify(body)).not.toContain(hash);
    expect(JSON.stringify(body)).not.toMatch(/password|argon|token/i);
  });

  const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const compare: Record<(typeof USER_SORT_FIELDS)[number], (a: User, b: User) => number> = {
    created_at: (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at),
    // Names sort as a person reads them: "ana" before "Bruno", whatever the capitals.
    first_name: (a, b) => byText(a.first_name.toLowerCase(), b.first_name.toLowerCase()),
    last_name: (a, b) => byText(a.last_name.toLowerCase(), b.last_name.toLowerCase()),
    email: (a, b) => byText(a.email, b.email),
    role: (a, b) => byText(a.role, b.role),
    active: (a, b) => Number(a.active) - Number(b.active),
  };

  describe.each(
    USER_SORT_FIELDS.flatMap((sort) => [
      { sort, order: 'asc' },
      { sort, order: 'desc' },
    ]),
  )('sorted by $sort $order', ({ sort, order }) => {
    it('orders every user once, across pages that never overlap, the same way each time', async () => {
      const walked = await walk(sort, order);
      const ids = walked.map((user) => user.id);
      expect(new Set(ids).size).toBe(12);
      expect(new Set(ids)).toEqual(new Set(all.map((user) => user.id)));

      const sign = order === 'asc' ? 1 : -1;
      for (let index = 1; index < walked.length; index += 1) {
        expect(sign * compare[sort](walked[index - 1]!, walked[index]!), `${sort} ${order} at ${index}`).toBeLessThanOrEqual(0);
      }
      // Ties (same role, same flag, "Marta" and "marta") fall the same way on every request.
      const again = (await list(`?sort=${sort}&order=${order}&pageSize=100`)).json().items.map((user: User) => user.id);
      expect(again).toEqual(ids);
    });
  });

  it('sorts names alphabetically whatever their capitals', async () => {
    const ascending = (await list('?sort=first_name&order=asc&pageSize=6')).json().items.map((user: User) => user.first_name);
    expect(ascending).toEqual(['Admin', 'ana', 'Bruno', 'carla', 'Diego', 'elena']);
    const byLastName = (await list('?sort=last_name&order=desc&pageSize=3')).json().items.map((user: User) => user.last_name);
    expect(byLastName).toEqual(['Zubiri', 'Ybarra', 'Xirau']);
  });

  it.each([
    ['page 0', '?page=0', 'page'],
    ['a negative page', '?page=-1', 'page'],
    ['a page that is no number', '?page=two', 'page'],
    ['a fractional page', '?page=1.5', 'page'],
    ['page size 0', '?pageSize=0', 'pageSize'],
    ['a page size over 100', '?pageSize=101', 'pageSize'],
    ['a sort field that is not offered', '?sort=password', 'sort'],
    ['sorting by the avatar key', '?sort=avatar_key', 'sort'],
    ['an order that is neither asc nor desc', '?order=up', 'order'],
  ])('refuses %s with 400 and the field in the details', async (_case, query, field) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(response.json().error.details)).toContain(field);
  });
});

describe('POST /api/users', () => {
  let t: TestApp;
  let admin: { id: string; email: string; password: string };
  let adminCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t, { email: 'admin@studio.es', role: 'admin', firstName: 'Admin' });
    adminCookie = await signIn(t, admin.email, admin.password);
  });
  afterAll(() => t.close());

  const create = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/users', headers: { cookie: adminCookie }, payload });
  const userCount = async () => (await t.database.db.selectFrom('users').select('id').execute()).length;

  it('creates a customer, active, in Spanish, with the fields given and the others empty', async () => {
    const response = await create(newUser({ email: 'nora@studio.es' }));
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toEqual({
      id: expect.any(String),
      email: 'nora@studio.es',
      role: 'customer',
      language: 'es',
      first_name: 'Nora',
      last_name: 'Vidal',
      phone: '+34 600 000 000',
      company: '',
      vat: '',
      description: '',
      active: true,
      approval: 'none',
      avatar_url: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(Math.abs(Date.parse(user.created_at) - Date.now())).toBeLessThan(60_000);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: { cookie: adminCookie } })).json()).toEqual(user);
  });

  it('keeps every field given: role, language, company, VAT, description, inactive', async () => {
    const response = await create(
      newUser({
        email: 'pau@studio.es',
        first_name: 'Pau',
        role: 'publisher',
        language: 'cat',
        company: 'Estudi Pau',
        vat: 'B12345678',
        description: 'Fotògraf',
        active: false,
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      role: 'publisher',
      language: 'cat',
      company: 'Estudi Pau',
      vat: 'B12345678',
      description: 'Fotògraf',
      active: false,
    });
    // An inactive account exists but cannot sign in; it answers as a wrong password would (decision 017).
    const signInAttempt = await attemptSignIn(t, 'pau@studio.es', 'secret-123');
    expect(signInAttempt.statusCode).toBe(401);
    expect(signInAttempt.json().error.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('lets the new user sign in with the password the admin typed, and keeps the admin signed in as themself', async () => {
    const sessionsBefore = await sessionsOf(t, admin.id);
    const response = await create(newUser({ email: 'Lucia@Studio.ES ', first_name: 'Lucía', password: 'lucia-pass' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().email).toBe('lucia@studio.es');
    expect(response.headers['set-cookie']).toBeUndefined();

    const me = await getMe(t, adminCookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: admin.id, email: 'admin@studio.es', role: 'admin' });
    expect(await sessionsOf(t, admin.id)).toEqual(sessionsBefore);
    expect(await sessionsOf(t, response.json().id)).toEqual([]);

    const cookie = await signIn(t, 'lucia@studio.es', 'lucia-pass');
    expect((await getMe(t, cookie)).json()).toMatchObject({ email: 'lucia@studio.es', first_name: 'Lucía', role: 'customer' });
    expect((await attemptSignIn(t, 'lucia@studio.es', 'wrong-pass')).statusCode).toBe(401);
  });

  it('never answers the password or its hash', async () => {
    const response = await create(newUser({ email: 'hash@studio.es', password: 'Visible-Pa55word' }));
    expect(response.statusCode).toBe(201);
    const hash = await passwordHashOf(t, response.json().id);
    expect(hash.length).toBeGreaterThan(20);
    const answers = [
      response.body,
      (await t.app.inject({ method: 'GET', url: `/api/users/${response.json().id}`, headers: { cookie: adminCookie } })).body,
      (await t.app.inject({ method: 'GET', url: '/api/users?pageSize=100', headers: { cookie: adminCookie } })).body,
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/users/${response.json().id}`,
          headers: { cookie: adminCookie },
          payload: { password: 'Other-Pa55word' },
        })
      ).body,
    ];
    const newHash = await passwordHashOf(t, response.json().id);
    for (const body of answers) {
      expect(body).not.toContain(hash);
      expect(body).not.toContain(newHash);
      expect(body).not.toContain('Pa55word');
      expect(body).not.toMatch(/argon|"password"/i);
    }
  });

  it.each([
    ['no first name', { first_name: undefined }, 'first_name', 'firstNameRequired'],
    ['a first name of spaces', { first_name: '   ' }, 'first_name', 'firstNameRequired'],
    ['no last name', { last_name: undefined }, 'last_name', 'lastNameRequired'],
    ['an empty last name', { last_name: '' }, 'last_name', 'lastNameRequired'],
    ['no e-mail', { email: undefined }, 'email', 'emailRequired'],
    ['an empty e-mail', { email: '' }, 'email', 'emailRequired'],
    ['an e-mail without the x@y.z shape', { email: 'nora@studio' }, 'email', 'emailInvalid'],
    ['no phone', { phone: undefined }, 'phone', 'phoneRequired'],
    ['a phone of spaces', { phone: '  ' }, 'phone', 'phoneRequired'],
    ['no password', { password: undefined }, 'password', 'passwordTooShortUser'],
    ['a 5-character password', { password: '12345' }, 'password', 'passwordTooShortUser'],
    ['a password of spaces only', { password: '        ' }, 'password', 'passwordTooShortUser'],
    ['a role that does not exist', { role: 'superuser' }, 'role', 'roleRequired'],
    ['a language not offered', { language: 'fr' }, 'language', 'languageInvalid'],
  ])('refuses %s with 400, the message key of the field, and creates nobody', async (_case, overrides, field, key) => {
    const before = await userCount();
    const payload = newUser({ email: 'refused@studio.es', ...overrides });
    const response = await create(JSON.parse(JSON.stringify(payload)));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.details[field]).toBe(key);
    expect(await userCount()).toBe(before);
    expect(t.sentMail).toEqual([]);
  });

  it('accepts a password of exactly 6 characters', async () => {
    const response = await create(newUser({ email: 'six@studio.es', password: 'k7#p2q' }));
    expect(response.statusCode).toBe(201);
    expect((await attemptSignIn(t, 'six@studio.es', 'k7#p2q')).statusCode).toBe(200);
  });

  it.each(['dup@studio.es', 'DUP@studio.es', 'Dup@Studio.Es'])(
    'refuses an e-mail already taken (%s) with AUTH_USER_NOT_CREATED and details.email emailTaken',
    async (email) => {
      if (!(await t.database.db.selectFrom('users').select('id').where('email', '=', 'dup@studio.es').executeTakeFirst())) {
        expect((await create(newUser({ email: 'dup@studio.es', first_name: 'First' }))).statusCode).toBe(201);
      }
      const before = await snapshot(t);
      const response = await create(newUser({ email, first_name: 'Second', password: 'second-pass' }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'AUTH_USER_NOT_CREATED', message: 'Could not create user in the authentication system', details: { email: 'emailTaken' } },
      });
      expect(await snapshot(t)).toEqual(before);
      expect((await attemptSignIn(t, 'dup@studio.es', 'second-pass')).statusCode).toBe(401);
    },
  );
});

describe('PATCH /api/users/:id', () => {
  let t: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createTestUser(t, { email: 'admin@studio.es', role: 'admin', firstName: 'Admin' });
    adminCookie = await signIn(t, admin.email, admin.password);
  });
  afterAll(() => t.close());

  const patch = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: { cookie: adminCookie }, payload });
  const getUser = (id: string) => t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: { cookie: adminCookie } });
  async function customer(email: string, password = 'secret-123'): Promise<User> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: adminCookie },
      payload: newUser({ email, password, company: 'Estudio', vat: 'B1', description: 'Old description' }),
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  it('changes only the fields provided', async () => {
    const user = await customer('only@studio.es');
    const response = await patch(user.id, { phone: '+34 611 111 111', language: 'en' });
    expect(response.statusCode).toBe(200);
    const { updated_at: _updated, ...rest } = response.json();
    const { updated_at: _before, ...expected } = user;
    expect(rest).toEqual({ ...expected, phone: '+34 611 111 111', language: 'en' });
    expect((await getUser(user.id)).json()).toEqual(response.json());
    expect(Date.parse(response.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(user.updated_at));
  });

  it("changes the role, effective on the user's next request", async () => {
    const user = await customer('promoted@studio.es');
    const cookie = await signIn(t, user.email, 'secret-123');
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).statusCode).toBe(403);
    expect((await patch(user.id, { role: 'admin' })).json().role).toBe('admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).statusCode).toBe(200);
  });

  it.each([
    ['the same e-mail', (user: User) => ({ email: user.email })],
    ['another e-mail', () => ({ email: 'changed@studio.es' })],
    ['an e-mail with other fields', () => ({ email: 'changed@studio.es', first_name: 'Changed', active: false })],
  ])('refuses %s: 400 details.email emailLocked, and nothing changes', async (_case, payloadOf) => {
    const user = await customer(`locked-${Math.random().toString(36).slice(2)}@studio.es`);
    const before = await snapshot(t);
    const response = await patch(user.id, payloadOf(user));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { email: 'emailLocked' } });
    expect(await snapshot(t)).toEqual(before);
    expect((await getUser(user.id)).json()).toEqual(user);
  });

  it.each([
    ['a first name of spaces', { first_name: '  ' }, 'first_name', 'firstNameRequired'],
    ['an empty last name', { last_name: '' }, 'last_name', 'lastNameRequired'],
    ['an empty phone', { phone: ' ' }, 'phone', 'phoneRequired'],
    ['a role that does not exist', { role: 'root' }, 'role', 'roleRequired'],
    ['a 5-character password', { password: '12345' }, 'password', 'passwordTooShortUser'],
    ['an empty password', { password: '' }, 'password', 'passwordTooShortUser'],
    ['a password of spaces only', { password: '        ' }, 'password', 'passwordTooShortUser'],
  ])('refuses %s with 400 and its key, and nothing changes', async (_case, payload, field, key) => {
    const user = await customer(`refuse-${field}-${Math.random().toString(36).slice(2)}@studio.es`);
    const before = await snapshot(t);
    const response = await patch(user.id, { ...payload, description: 'Should not be saved' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[field]).toBe(key);
    expect(await snapshot(t)).toEqual(before);
    expect((await attemptSignIn(t, user.email, 'secret-123')).statusCode).toBe(200);
  });

  it("sets a new password: it signs in, the old one does not, and the user's sessions end", async () => {
    const user = await customer('newpass@studio.es', 'old-password');
    const phone = await signIn(t, user.email, 'old-password');
    const laptop = await signIn(t, user.email, 'old-password');

    const response = await patch(user.id, { password: 'new-password' });
    expect(response.statusCode).toBe(200);
    expect((await getMe(t, phone)).statusCode).toBe(401);
    expect((await getMe(t, laptop)).statusCode).toBe(401);
    expect((await attemptSignIn(t, user.email, 'old-password')).statusCode).toBe(401);
    expect((await attemptSignIn(t, user.email, 'new-password')).statusCode).toBe(200);
    expect((await getMe(t, adminCookie)).statusCode).toBe(200);
  });

  it('deactivates a user: their sessions end at once, they cannot sign in; reactivated, they can again', async () => {
    const user = await customer('leaving@studio.es');
    const cookie = await signIn(t, user.email, 'secret-123');
    expect((await getMe(t, cookie)).statusCode).toBe(200);

    const response = await patch(user.id, { active: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().active).toBe(false);
    expect(await sessionsOf(t, user.id)).toEqual([]);
    const me = await getMe(t, cookie);
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('NOT_AUTHENTICATED');

    const refused = await attemptSignIn(t, user.email, 'secret-123');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/users?pageSize=100', headers: { cookie: adminCookie } })).json();
    expect(listed.items.find((item: User) => item.id === user.id).active).toBe(false);

    expect((await patch(user.id, { active: true })).json().active).toBe(true);
    const again = await signIn(t, user.email, 'secret-123');
    expect((await getMe(t, again)).json()).toMatchObject({ id: user.id, active: true });
  });

  it('answers 404 "Do not match any users" for a user who does not exist, on GET and PATCH', async () => {
    for (const response of [await getUser('no-such-user'), await patch('no-such-user', { first_name: 'Ghost' })]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Do not match any users' } });
    }
    expect(await t.database.db.selectFrom('users').select('id').where('first_name', '=', 'Ghost').execute()).toEqual([]);
  });
});

describe('the last active administrator', () => {
  let t: TestApp;
  let boss: { id: string; email: string; password: string };
  let bossCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    boss = await createTestUser(t, { email: 'boss@studio.es', role: 'admin', firstName: 'Boss' });
    bossCookie = await signIn(t, boss.email, boss.password);
  });
  afterAll(() => t.close());

  const patch = (cookie: string, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: { cookie }, payload });

  it.each([
    ['deactivate', { active: false }],
    ['demote', { role: 'customer' }],
    ['demote and deactivate', { role: 'basic', active: false }],
  ])('cannot %s themself: 409 LAST_ADMIN, and stays a signed-in active admin', async (_case, payload) => {
    const before = await snapshot(t);
    const response = await patch(bossCookie, boss.id, payload);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('LAST_ADMIN');
    expect(await snapshot(t)).toEqual(before);
    expect((await getMe(t, bossCookie)).json()).toMatchObject({ role: 'admin', active: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: bossCookie } })).statusCode).toBe(200);
  });

  it('still cannot while the only other administrator is inactive', async () => {
    await createTestUser(t, { email: 'sleeping-admin@studio.es', role: 'admin', active: false });
    const response = await patch(bossCookie, boss.id, { role: 'publisher' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('LAST_ADMIN');
  });

  it('even with another active administrator, cannot change their own role or active flag; the other can, and then is the last one', async () => {
    const deputy = await createTestUser(t, { email: 'deputy@studio.es', role: 'admin' });
    const deputyCookie = await signIn(t, deputy.email, deputy.password);

    const own = await patch(bossCookie, boss.id, { role: 'customer' });
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toMatchObject({ code: 'OWN_ACCOUNT', details: { role: 'ownAccount' } });
    expect((await getMe(t, bossCookie)).json()).toMatchObject({ role: 'admin', active: true });

    const response = await patch(deputyCookie, boss.id, { role: 'customer' });
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe('customer');
    // The demotion applies to the boss's very next request.
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: bossCookie } })).statusCode).toBe(403);

    const deputyAlone = await patch(deputyCookie, deputy.id, { active: false });
    expect(deputyAlone.statusCode).toBe(409);
    expect(deputyAlone.json().error.code).toBe('LAST_ADMIN');

    // With the boss an admin again, the deputy still cannot deactivate themself; the boss can, and the deputy is signed out at once.
    expect((await patch(deputyCookie, boss.id, { role: 'admin' })).statusCode).toBe(200);
    const deputyOwn = await patch(deputyCookie, deputy.id, { active: false });
    expect(deputyOwn.statusCode).toBe(409);
    expect(deputyOwn.json().error).toMatchObject({ code: 'OWN_ACCOUNT', details: { active: 'ownAccount' } });
    expect((await getMe(t, deputyCookie)).json()).toMatchObject({ role: 'admin', active: true });
    expect((await patch(bossCookie, deputy.id, { active: false })).statusCode).toBe(200);
    expect((await getMe(t, deputyCookie)).statusCode).toBe(401);
    expect((await getMe(t, bossCookie)).json()).toMatchObject({ role: 'admin' });
  });
});

describe("an administrator's own account (issue 29)", () => {
  let t: TestApp;
  let admin: { id: string; email: string; password: string };
  let adminCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t, { email: 'admin@studio.es', role: 'admin', firstName: 'Admin' });
    adminCookie = await signIn(t, admin.email, admin.password);
    // Another active administrator, so that the last-administrator rule is not what refuses.
    await createTestUser(t, { email: 'other-admin@studio.es', role: 'admin' });
  });
  afterAll(() => t.close());

  const patchOwn = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/${admin.id}`, headers: { cookie: adminCookie }, payload });

  it.each([
    ['deactivate themself', { active: false }, { active: 'ownAccount' }],
    ['demote themself to customer', { role: 'customer' }, { role: 'ownAccount' }],
    ['demote themself to publisher', { role: 'publisher' }, { role: 'ownAccount' }],
    ['demote and deactivate themself', { role: 'basic', active: false }, { role: 'ownAccount', active: 'ownAccount' }],
    ['deactivate themself while renaming', { active: false, first_name: 'Renamed' }, { active: 'ownAccount' }],
  ])('cannot %s: 409 OWN_ACCOUNT naming the field, nothing changes, and they stay signed in', async (_case, payload, details) => {
    const before = await snapshot(t);
    const response = await patchOwn(payload);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: 'OWN_ACCOUNT', message: expect.any(String), details } });
    expect(await snapshot(t)).toEqual(before);
    expect((await getMe(t, adminCookie)).json()).toMatchObject({ id: admin.id, role: 'admin', active: true, first_name: 'Admin' });
    expect((await attemptSignIn(t, admin.email, admin.password)).statusCode).toBe(200);
  });

  it('may send the role and active flag it already has, with other changes (the form sends them unchanged)', async () => {
    const response = await patchOwn({ role: 'admin', active: true, first_name: 'Adela', phone: '+34 622 222 222' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'admin', active: true, first_name: 'Adela', phone: '+34 622 222 222' });
    expect((await getMe(t, adminCookie)).statusCode).toBe(200);
  });
});

describe('POST /api/create-user-template: the welcome e-mail', () => {
  let t: TestApp;
  let adminCookie: string;
  const PASSWORD = 'Recognisable-Pa55word-7731';
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createTestUser(t, { email: 'admin@studio.es', role: 'admin', firstName: 'Admin' });
    adminCookie = await signIn(t, admin.email, admin.password);
  });
  afterAll(() => t.close());

  async function createAndWelcome(payload: Record<string, unknown>, welcome: Record<string, unknown> = {}) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: adminCookie },
      payload: newUser({ password: PASSWORD, ...payload }),
    });
    expect(created.statusCode).toBe(201);
    const user: User = created.json();
    t.sentMail.length = 0;
    const response = await sendWelcome({ email: user.email, password: PASSWORD, firstName: user.first_name, lastName: user.last_name, ...welcome });
    // The request only queues it: the e-mail goes when the job runs.
    expect(t.sentMail).toEqual([]);
    await t.worker.runDueJobs();
    return { user, response };
  }

  const sendWelcome = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/create-user-template', headers: { cookie: adminCookie }, payload });

  function tokenOf(text: string): string {
    const token = text.match(RESET_LINK)?.[1];
    if (!token) throw new Error('the welcome e-mail carries no set-your-password link');
    return token;
  }

  it('sends exactly one e-mail, to that user only, with links to sign in and to choose a password, and never the password', async () => {
    const { user, response } = await createAndWelcome({ email: 'nora@studio.es', first_name: 'Nora' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ queued: true });
    expect(t.sentMail).toHaveLength(1);
    const mail = t.sentMail[0]!;
    expect(mail.to).toBe('nora@studio.es');
    expect(mail.replyTo).toBeUndefined();
    expect(mail.subject).toBe(es.welcome.subject);
    expect(mail.text).toContain('Hola Nora');
    expect(mail.text).toContain('http://localhost:3000/login');
    expect(mail.html).toContain('href="http://localhost:3000/login"');
    const token = tokenOf(mail.text);
    expect(mail.html).toContain(`href="http://localhost:3000/reset-password?token=${token}"`);

    const hash = await passwordHashOf(t, user.id);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain(PASSWORD);
      expect(part).not.toContain('Pa55word');
      expect(part).not.toContain(hash);
    }
  });

  it.each([
    ['en', en.welcome.subject, 'Hello Lena'],
    ['cat', cat.welcome.subject, 'Hola Jordi'],
    ['es', es.welcome.subject, 'Hola Lucía'],
  ])("is written in the user's language (%s)", async (language, subject, greeting) => {
    const firstName = greeting.split(' ')[1]!;
    const { response } = await createAndWelcome({
      email: `${firstName
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z]/g, '')}@studio.es`,
      first_name: firstName,
      language,
    });
    expect(response.statusCode).toBe(200);
    expect(t.sentMail).toHaveLength(1);
    expect(t.sentMail[0]!.subject).toBe(subject);
    expect(t.sentMail[0]!.text).toContain(greeting);
    expect(new Set([en.welcome.subject, cat.welcome.subject, es.welcome.subject]).size).toBe(3);
  });

  it('takes every word from the server: names, subjects or addresses in the payload go nowhere', async () => {
    const { user, response } = await createAndWelcome(
      { email: 'quim@studio.es', first_name: 'Quim' },
      {
        email: 'QUIM@Studio.es',
        firstName: 'Click http://evil.example now',
        lastName: '<b>Mallory</b>',
        to: 'victim@elsewhere.example',
        subject: 'Invoice',
        html: '<a href="http://evil.example">pay</a>',
      },
    );
    expect(response.statusCode).toBe(200);
    expect(t.sentMail.map((mail) => mail.to)).toEqual([user.email]);
    const all = JSON.stringify(t.sentMail);
    for (const planted of ['evil.example', 'Mallory', 'victim@', 'Invoice']) expect(all).not.toContain(planted);
    expect(t.sentMail[0]!.text).toContain('Hola Quim');
  });

  it('gives a link that sets the password once and lasts 7 days, well past the hour of a recovery link', async () => {
    const { user, response } = await createAndWelcome({ email: 'maria@studio.es', first_name: 'María' });
    expect(response.statusCode).toBe(200);
    const token = tokenOf(t.sentMail[0]!.text);
    const row = await t.database.db.selectFrom('verifications').selectAll().where('identifier', '=', storedIdentifierOf(token)).executeTakeFirstOrThrow();
    expect(row.value).toBe(user.id);
    const expiresAt = readInstant(row.expires_at).getTime();
    expect(expiresAt).toBeGreaterThan(Date.now() + 7 * DAY_MS - 5 * 60_000);
    expect(expiresAt).toBeLessThan(Date.now() + 7 * DAY_MS + 5 * 60_000);

    // Six days and 23 hours later (the row's expiry moved back by as much), the link still works.
    await t.database.db
      .updateTable('verifications')
      .set({ expires_at: storedInstant(new Date(expiresAt - (6 * DAY_MS + 23 * 60 * 60 * 1000))) })
      .where('id', '=', row.id)
      .execute();
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'my-own-password' } });
    expect(reset.statusCode).toBe(200);
    expect((await attemptSignIn(t, user.email, 'my-own-password')).statusCode).toBe(200);
    expect((await attemptSignIn(t, user.email, PASSWORD)).statusCode).toBe(401);

    const again = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'another-password' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_TOKEN');
    expect((await attemptSignIn(t, user.email, 'another-password')).statusCode).toBe(401);
  });

  it("gives a link that a newer one voids: sent again, only the newest e-mail's link works (issue 29)", async () => {
    const { user } = await createAndWelcome({ email: 'twice@studio.es', first_name: 'Twice' });
    const first = tokenOf(t.sentMail[0]!.text);
    t.sentMail.length = 0;
    expect((await sendWelcome({ email: user.email })).statusCode).toBe(200);
    await t.worker.runDueJobs();
    const second = tokenOf(t.sentMail[0]!.text);
    const stale = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: first, newPassword: 'from-the-first' } });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('INVALID_TOKEN');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: second, newPassword: 'from-the-second' } })).statusCode,
    ).toBe(200);
    expect((await attemptSignIn(t, user.email, 'from-the-second')).statusCode).toBe(200);
  });

  it('gives a link that no longer works after its 7 days', async () => {
    const { user } = await createAndWelcome({ email: 'late@studio.es', first_name: 'Late' });
    const token = tokenOf(t.sentMail[0]!.text);
    await t.database.db
      .updateTable('verifications')
      .set({ expires_at: storedInstant(new Date(Date.now() - 60_000)) })
      .where('identifier', '=', storedIdentifierOf(token))
      .execute();
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'too-late-password' } });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.code).toBe('INVALID_TOKEN');
    expect((await attemptSignIn(t, user.email, PASSWORD)).statusCode).toBe(200);
  });

  it("is sent by a send-welcome job, never inside the request, and no job row holds the link's token", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: adminCookie },
      payload: newUser({ email: 'queued@studio.es', first_name: 'Queued' }),
    });
    t.sentMail.length = 0;
    const response = await sendWelcome({ email: 'queued@studio.es' });
    expect(response.json()).toEqual({ queued: true });
    expect(t.sentMail).toEqual([]);
    const [job] = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'send-welcome')
      .where('subject', '=', `user:${created.json().id}`)
      .execute();
    expect(job).toMatchObject({ state: 'queued', payload: JSON.stringify({ userId: created.json().id }) });

    expect(await t.worker.runDueJobs()).toBe(1);
    expect(t.sentMail.map((mail) => mail.to)).toEqual(['queued@studio.es']);
    const token = tokenOf(t.sentMail[0]!.text);
    const done = await t.database.db.selectFrom('jobs').selectAll().where('id', '=', job!.id).executeTakeFirstOrThrow();
    expect(done.state).toBe('done');
    expect(JSON.stringify(done)).not.toContain(token);
  });

  it('answers 404 for an address that is no user, and sends nothing (it is no open relay)', async () => {
    t.sentMail.length = 0;
    const before = await snapshot(t);
    const response = await sendWelcome({ email: 'stranger@elsewhere.example', password: PASSWORD, firstName: 'Stranger', lastName: 'X' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Do not match any users' } });
    expect(t.sentMail).toEqual([]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a payload without a usable e-mail with 400 and sends nothing', async () => {
    t.sentMail.length = 0;
    for (const payload of [{}, { email: '' }, { email: 'nora@studio' }]) {
      const response = await sendWelcome(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.details).toHaveProperty('email');
    }
    expect(t.sentMail).toEqual([]);
  });
});

describe('POST /api/create-user-template when the mail server fails', () => {
  let t: TestApp;
  let adminCookie: string;
  const failingMailer: Mailer = {
    send: async () => {
      throw new Error('connect ECONNREFUSED smtp://mailer:hunter2@mail.internal.example:587');
    },
  };
  beforeAll(async () => {
    t = await createTestApp({ mailer: failingMailer });
    const admin = await createTestUser(t, { email: 'admin@studio.es', role: 'admin' });
    adminCookie = await signIn(t, admin.email, admin.password);
  });
  afterAll(() => t.close());

  it('still answers that it is queued; the job records no internals, withdraws the link and tries again later', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/users', headers: { cookie: adminCookie }, payload: newUser({ email: 'nora@studio.es' }) });
    expect(created.statusCode).toBe(201);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-user-template',
      headers: { cookie: adminCookie },
      payload: { email: 'nora@studio.es', password: 'secret-123', firstName: 'Nora', lastName: 'Vidal' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ queued: true });

    expect(await t.worker.runDueJobs()).toBe(1);
    const job = await t.database.db.selectFrom('jobs').selectAll().where('kind', '=', 'send-welcome').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'queued', attempts: 1, last_error: 'The welcome e-mail could not be sent' });
    expect(readInstant(job.run_at).getTime()).toBeGreaterThan(Date.now());
    expect(JSON.stringify(job)).not.toMatch(/hunter2|mail\.internal|ECONNREFUSED|smtp:/i);
    // The link of the e-mail that never left is withdrawn.
    expect(await t.database.db.selectFrom('verifications').select('id').execute()).toEqual([]);

    const user = await t.app.inject({ method: 'GET', url: `/api/users/${created.json().id}`, headers: { cookie: adminCookie } });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ email: 'nora@studio.es', active: true });
    expect((await attemptSignIn(t, 'nora@studio.es', 'secret-123')).statusCode).toBe(200);
  });
});
