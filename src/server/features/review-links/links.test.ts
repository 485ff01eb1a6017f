import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProject } from '../../test-support/posts.ts';
import { TEST_PUBLIC_URL, type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';

/** Review links (issue 25 item 4, decision 043): made, listed and revoked by an administrator or the project's customer. */
describe("review links: a project's links", () => {
  let t: TestApp;
  let projectId: number;
  const cookies: Record<'admin' | 'clara' | 'bruno' | 'pablo', string> = { admin: '', clara: '', bruno: '', pablo: '' };
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createTestUser(t, { email: 'admin@studio.es', role: 'admin', firstName: 'Ana' });
    await t.database.db.updateTable('users').set({ last_name: 'Roca' }).where('id', '=', admin.id).execute();
    const clara = await createTestUser(t, { email: 'clara@cliente.es', role: 'customer' });
    const bruno = await createTestUser(t, { email: 'bruno@cliente.es', role: 'customer' });
    const pablo = await createTestUser(t, { email: 'pablo@studio.es', role: 'publisher' });
    for (const [name, user] of Object.entries({ admin, clara, bruno, pablo }))
      cookies[name as keyof typeof cookies] = await signIn(t, user.email, user.password);
    projectId = await createTestProject(t.database.db, { title: 'Casa <del> Mar', createdBy: admin.id, assignedTo: clara.id });
  });
  afterAll(() => t.close());

  const call = (who: keyof typeof cookies, options: InjectOptions) => t.app.inject({ ...options, headers: { cookie: cookies[who] } });
  const create = (who: keyof typeof cookies, payload: Record<string, unknown>) =>
    call(who, { method: 'POST', url: `/api/projects/${projectId}/review-links`, payload });

  it('answers the address once, e-mails it in the recipient language, and keeps only its hash', async () => {
    const sentBefore = t.sentMail.length;
    const response = await create('admin', { email: 'jordi@cliente.cat', language: 'cat' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/review/[A-Za-z0-9_-]{43}$`));
    expect(body.emailed).toBe(true);
    expect(body.link).toMatchObject({ email: 'jordi@cliente.cat', language: 'cat', status: 'active', revoked_at: null, last_used_at: null });
    expect(body.link.created_by).toMatchObject({ first_name: 'Ana', last_name: 'Roca' });
    expect(Date.parse(body.link.expires_at) - Date.parse(body.link.created_at)).toBe(30 * 24 * 60 * 60 * 1000);

    const mail = t.sentMail.slice(sentBefore);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe('jordi@cliente.cat');
    expect(mail[0]!.subject).toBe('Publicacions de «Casa <del> Mar» per revisar');
    expect(mail[0]!.text).toContain(body.url);
    expect(mail[0]!.text).toContain('Ana Roca');
    expect(mail[0]!.html).toContain('Casa &lt;del&gt; Mar');

    const token = (body.url as string).split('/').pop()!;
    const stored = await t.database.db.selectFrom('review_links').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('makes a link to copy, for as many days as asked', async () => {
    const sentBefore = t.sentMail.length;
    const response = await create('clara', { language: 'es', expires_in_days: 7 });
    expect(response.statusCode).toBe(201);
    expect(response.json().emailed).toBe(false);
    expect(t.sentMail.length).toBe(sentBefore);
    const { link } = response.json();
    expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('refuses bad input with field keys and makes nothing', async () => {
    const before = (await call('admin', { method: 'GET', url: `/api/projects/${projectId}/review-links` })).json().links.length;
    for (const [payload, field, key] of [
      [{ language: 'fr' }, 'language', 'languageInvalid'],
      [{ language: 'es', email: 'not-an-address' }, 'email', 'emailInvalid'],
      [{ language: 'es', expires_in_days: 0 }, 'expires_in_days', 'reviewLinkDaysInvalid'],
      [{ language: 'es', expires_in_days: 91 }, 'expires_in_days', 'reviewLinkDaysInvalid'],
      [{ language: 'es', expires_in_days: 1.5 }, 'expires_in_days', 'reviewLinkDaysInvalid'],
    ] as const) {
      const response = await create('admin', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.details[field]).toBe(key);
    }
    expect((await call('admin', { method: 'GET', url: `/api/projects/${projectId}/review-links` })).json().links).toHaveLength(before);
  });

  it('lets only an administrator and the customer who sees the project make or see links', async () => {
    expect((await create('bruno', { language: 'es' })).statusCode).toBe(404);
    expect((await create('pablo', { language: 'es' })).statusCode).toBe(403);
    expect((await call('bruno', { method: 'GET', url: `/api/projects/${projectId}/review-links` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/review-links` })).statusCode).toBe(401);
    expect((await create('admin', { language: 'es' }).then(() => call('admin', { method: 'GET', url: '/api/projects/999999/review-links' }))).statusCode).toBe(
      404,
    );
    const listed = (await call('clara', { method: 'GET', url: `/api/projects/${projectId}/review-links` })).json().links;
    expect(listed.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(listed)).not.toMatch(/review\//);
  });

  it('revokes a link once; its status says so; another project cannot reach it', async () => {
    const { link } = (await create('admin', { language: 'en' })).json();
    const other = await createTestProject(t.database.db, { title: 'Otra', assignedTo: null });
    expect((await call('admin', { method: 'DELETE', url: `/api/projects/${other}/review-links/${link.id}` })).statusCode).toBe(404);
    expect((await call('bruno', { method: 'DELETE', url: `/api/projects/${projectId}/review-links/${link.id}` })).statusCode).toBe(404);
    expect((await call('clara', { method: 'DELETE', url: `/api/projects/${projectId}/review-links/${link.id}` })).statusCode).toBe(204);
    expect((await call('clara', { method: 'DELETE', url: `/api/projects/${projectId}/review-links/${link.id}` })).statusCode).toBe(204);
    const listed = (await call('admin', { method: 'GET', url: `/api/projects/${projectId}/review-links` })).json().links;
    expect(listed.find((each: { id: number }) => each.id === link.id)).toMatchObject({ status: 'revoked' });
    expect((await call('admin', { method: 'DELETE', url: `/api/projects/${projectId}/review-links/424242` })).statusCode).toBe(404);
  });
});

describe('review links: a mail server that fails', () => {
  it('still answers the link, to copy, and says it was not e-mailed', async () => {
    const t = await createTestApp({
      mailer: {
        send: async () => {
          throw new Error('SMTP down');
        },
      },
    });
    try {
      const admin = await createTestUser(t, { email: 'admin@studio.es', role: 'admin' });
      const cookie = await signIn(t, admin.email, admin.password);
      const projectId = await createTestProject(t.database.db, { createdBy: admin.id });
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/review-links`,
        headers: { cookie },
        payload: { email: 'jordi@cliente.cat', language: 'cat' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ emailed: false, link: { status: 'active' } });
      expect(response.json().url).toContain('/review/');
    } finally {
      await t.close();
    }
  });
});
