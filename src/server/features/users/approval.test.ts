import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/** Who must approve a customer's posts (issue 25 item 1, decision 040): set by an administrator, read by the customer. */
describe("users API: a customer's approval mode", () => {
  let t: TestApp;
  let adminCookie: string;
  let customer: { id: string; email: string; password: string };
  let publisher: { id: string };
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createTestUser(t, { email: 'admin@studio.es', role: 'admin' });
    adminCookie = await signIn(t, admin.email, admin.password);
    customer = await createTestUser(t, { email: 'customer@studio.es', role: 'customer' });
    publisher = await createTestUser(t, { email: 'publisher@studio.es', role: 'publisher' });
  });
  afterAll(() => t.close());

  const asAdmin = (options: InjectOptions) => t.app.inject({ ...options, headers: { cookie: adminCookie } });
  const approvalOf = async (id: string) => (await t.database.db.selectFrom('users').select('approval').where('id', '=', id).executeTakeFirstOrThrow()).approval;

  it('is none by default, in the user and in the database', async () => {
    const response = await asAdmin({ method: 'GET', url: `/api/users/${customer.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().approval).toBe('none');
    expect(await approvalOf(customer.id)).toBe('none');
  });

  it('is set by an administrator and read by the customer in their profile', async () => {
    for (const mode of ['studio', 'studio_and_team', 'none', 'studio']) {
      const response = await asAdmin({ method: 'PATCH', url: `/api/users/${customer.id}`, payload: { approval: mode } });
      expect(response.statusCode).toBe(200);
      expect(response.json().approval).toBe(mode);
      expect(await approvalOf(customer.id)).toBe(mode);
    }
    const cookie = await signIn(t, customer.email, customer.password);
    const profile = await t.app.inject({ method: 'GET', url: '/api/me/profile', headers: { cookie } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().approval).toBe('studio');
  });

  it('refuses an unknown mode with its field key, and changes nothing', async () => {
    const response = await asAdmin({ method: 'PATCH', url: `/api/users/${customer.id}`, payload: { approval: 'always' } });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('approvalModeInvalid');
    expect(await approvalOf(customer.id)).toBe('studio');
  });

  it('refuses a mode other than none on a user who is not a customer', async () => {
    const response = await asAdmin({ method: 'PATCH', url: `/api/users/${publisher.id}`, payload: { approval: 'studio' } });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('approvalCustomerOnly');
    expect(await approvalOf(publisher.id)).toBe('none');
    const none = await asAdmin({ method: 'PATCH', url: `/api/users/${publisher.id}`, payload: { approval: 'none' } });
    expect(none.statusCode).toBe(200);
  });

  it('is not changed by the customer themself', async () => {
    const cookie = await signIn(t, customer.email, customer.password);
    const response = await t.app.inject({ method: 'PATCH', url: `/api/users/${customer.id}`, payload: { approval: 'none' }, headers: { cookie } });
    expect(response.statusCode).toBe(403);
    expect(await approvalOf(customer.id)).toBe('studio');
  });

  it('is chosen when an administrator creates a customer, and refused on another role', async () => {
    const created = { first_name: 'Nuria', last_name: 'Vall', phone: '+34 600 111 222', password: 'lluna-blava-9' };
    const customerCreated = await asAdmin({
      method: 'POST',
      url: '/api/users',
      payload: { ...created, email: 'nuria@client.es', role: 'customer', approval: 'studio_and_team' },
    });
    expect(customerCreated.statusCode).toBe(201);
    expect(customerCreated.json().approval).toBe('studio_and_team');
    expect(await approvalOf(customerCreated.json().id)).toBe('studio_and_team');

    const withoutMode = await asAdmin({ method: 'POST', url: '/api/users', payload: { ...created, email: 'pau@client.es', role: 'customer' } });
    expect(withoutMode.json().approval).toBe('none');

    const publisherRefused = await asAdmin({
      method: 'POST',
      url: '/api/users',
      payload: { ...created, email: 'pere@studio.es', role: 'publisher', approval: 'studio' },
    });
    expect(publisherRefused.statusCode).toBe(400);
    expect(JSON.stringify(publisherRefused.json())).toContain('approvalCustomerOnly');
    const none = await t.database.db.selectFrom('users').select('id').where('email', '=', 'pere@studio.es').executeTakeFirst();
    expect(none).toBeUndefined();
  });
});
