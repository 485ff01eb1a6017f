import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../domain/roles.ts';
import type { User } from '../../../domain/user.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/**
 * The assign dialog's search (SPEC §5 "Assign dialog"): GET /api/users?role=customer&search=..., from
 * 3 characters, matching first name, last name or e-mail without regard to capitals, customers only.
 */

// e-mail, first name, last name, role
const PEOPLE: Array<[string, string, string, Role]> = [
  ['marta.vidal@studio.es', 'Marta', 'Vidal', 'customer'],
  ['joan@correo.es', 'Joan', 'Martínez', 'customer'],
  ['psoler@martes.com', 'Pilar', 'Soler', 'customer'],
  ['nuria@correo.es', 'Nuria', 'Puig', 'customer'],
  ['ines@correo.es', 'INÉS', 'GARÇON MUNOZ', 'customer'],
  ['martin.ruiz@studio.es', 'Martín', 'Ruiz', 'publisher'],
  ['marta.admin@studio.es', 'Marta', 'Admin', 'admin'],
  ['marti@studio.es', 'Martí', 'Bas', 'basic'],
  // For the literal % and _ and \: each has a near-twin that a wildcard would also match.
  ['a_b@lit.es', 'Under', 'Score', 'customer'],
  ['axb@lit.es', 'Plain', 'Letters', 'customer'],
  ['ca%sa@lit.es', 'Per', 'Cent', 'customer'],
  ['casa@lit.es', 'Sin', 'Porcentaje', 'customer'],
  ['back@lit.es', 'Barra', 'Inv\\ersa', 'customer'],
  ['backer@lit.es', 'Otra', 'Inversa', 'customer'],
];

describe('GET /api/users?role=customer&search=...', () => {
  let t: TestApp;
  let adminCookie: string;
  const cookies: Partial<Record<Role, string>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createTestUser(t, { email: 'jefa@studio.es', role: 'admin', firstName: 'Jefa' });
    adminCookie = await signIn(t, admin.email, admin.password);
    for (const [email, first, last, role] of PEOPLE) {
      const user = await createTestUser(t, { email, role, firstName: first });
      await t.database.db.updateTable('users').set({ last_name: last }).where('id', '=', user.id).execute();
      if (!cookies[role]) cookies[role] = await signIn(t, email, user.password);
    }
  });
  afterAll(() => t.close());

  function search(query: string, cookie = adminCookie) {
    return t.app.inject({ method: 'GET', url: `/api/users?${query}`, headers: { cookie } });
  }
  async function emailsFound(term: string, extra = '&role=customer&pageSize=100'): Promise<string[]> {
    const response = await search(`search=${encodeURIComponent(term)}${extra}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.total).toBe(body.items.length);
    return (body.items as User[]).map((user) => user.email).sort();
  }

  it('matches first name, last name or e-mail, customers only', async () => {
    // "mart": Marta by first name, Martínez by last name, psoler@martes.com by e-mail;
    // not Martín (publisher), Marta Admin (admin) or Martí (basic).
    expect(await emailsFound('mart')).toEqual(['joan@correo.es', 'marta.vidal@studio.es', 'psoler@martes.com']);
  });

  it.each([
    ['a first name', 'nuri', ['nuria@correo.es']],
    ['a last name', 'puig', ['nuria@correo.es']],
    ['an e-mail', 'martes.com', ['psoler@martes.com']],
    ['part of a word', 'idal', ['marta.vidal@studio.es']],
  ])('matches %s', async (_case, term, expected) => {
    expect(await emailsFound(term)).toEqual(expected);
  });

  it.each(['MART', 'Mart', 'mArT'])('ignores capitals: %s', async (term) => {
    expect(await emailsFound(term)).toEqual(['joan@correo.es', 'marta.vidal@studio.es', 'psoler@martes.com']);
  });

  it.each([
    ['without its accent', 'martinez', ['joan@correo.es']],
    ['in capitals without accent', 'MARTINEZ', ['joan@correo.es']],
    ['with its accent', 'Martínez', ['joan@correo.es']],
    ['with an accent the name lacks', 'núria', ['nuria@correo.es']],
    ['with an accent in capitals', 'MARTÍNEZ', ['joan@correo.es']],
    ['a ç and a ñ either way', 'garcon', ['ines@correo.es']],
    ['a plain letter for a ç and a ñ', 'muñoz', ['ines@correo.es']],
  ])('ignores accents: a name %s (issue 29)', async (_case, term, expected) => {
    expect(await emailsFound(term)).toEqual(expected);
  });

  it('trims the search', async () => {
    expect(await emailsFound('  puig  ')).toEqual(['nuria@correo.es']);
  });

  it('finds nobody when nothing matches', async () => {
    expect((await search('role=customer&search=zzzz')).json()).toEqual({ items: [], total: 0, page: 1, pageSize: 5 });
  });

  it('lists only customers when the role is given without a search', async () => {
    const body = (await search('role=customer&pageSize=100')).json();
    expect(body.items.every((user: User) => user.role === 'customer')).toBe(true);
    expect(body.total).toBe(PEOPLE.filter(([, , , role]) => role === 'customer').length);
  });

  it('pages the matches', async () => {
    const first = (await search('role=customer&search=lit.es&pageSize=4')).json();
    expect(first).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    const second = (await search('role=customer&search=lit.es&pageSize=4&page=2')).json();
    expect(second.items).toHaveLength(2);
    const ids = [...first.items, ...second.items].map((user: User) => user.id);
    expect(new Set(ids).size).toBe(6);
  });

  describe('takes % _ and \\ literally', () => {
    it('"a_b" finds a_b, not axb', async () => {
      expect(await emailsFound('a_b')).toEqual(['a_b@lit.es']);
    });

    it('"a%s" finds ca%sa, not casa', async () => {
      expect(await emailsFound('a%s')).toEqual(['ca%sa@lit.es']);
    });

    it('"%%%" and "___" find nobody', async () => {
      expect(await emailsFound('%%%')).toEqual([]);
      expect(await emailsFound('___')).toEqual([]);
    });

    it('"v\\e" finds the name with a backslash, not the one without', async () => {
      expect(await emailsFound('v\\e')).toEqual(['back@lit.es']);
    });
  });

  it.each([
    ['2 characters', 'ma'],
    ['1 character', 'm'],
    ['2 characters between spaces', '  ma  '],
    ['spaces only', '     '],
  ])('refuses a search of %s with 400 searchTooShort', async (_case, term) => {
    const response = await search(`role=customer&search=${encodeURIComponent(term)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { search: 'searchTooShort' } });
  });

  it('accepts exactly 3 characters', async () => {
    expect(await emailsFound('vid')).toEqual(['marta.vidal@studio.es']);
  });

  it('refuses a search over 100 characters, and a role that does not exist', async () => {
    expect((await search(`search=${'a'.repeat(101)}`)).json().error.details).toEqual({ search: 'tooLong' });
    expect(Object.keys((await search('role=owner&search=mart')).json().error.details)).toEqual(['role']);
  });

  it.each(['customer', 'publisher', 'basic'] as const)('answers a %s 403, whatever the search', async (role) => {
    for (const query of ['role=customer&search=mart', 'role=customer&search=m']) {
      const response = await search(query, cookies[role]);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users?role=customer&search=mart' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('NOT_AUTHENTICATED');
  });
});
