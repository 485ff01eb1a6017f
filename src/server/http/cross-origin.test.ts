import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathVariants } from '../test-support/api-routes.ts';
import { avatarUpload, multipartBody, plainImage } from '../test-support/images.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../test-support/test-app.ts';

const APP = 'http://localhost:3000';
const EVIL = 'https://evil.example';
const CONTACT = { nombre: 'Luis', email: 'luis@studio.test', mensaje: 'Hola', politicaPrivacidad: true };

/**
 * Writes under /api from another origin (issue 13 item 9): with the victim's valid cookie, a page on
 * another site (or a sibling subdomain, which SameSite does not stop) must change nothing.
 */
describe('cross-origin writes', () => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let projectId: number;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: APP });
    const user = await createTestUser(t, { email: 'admin@origin.test', role: 'admin', firstName: 'Ana' });
    admin = { id: user.id, cookie: await signIn(t, user.email, user.password) };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie: admin.cookie, origin: APP },
      payload: { title: 'Casa', description: 'x' },
    });
    expect(created.statusCode).toBe(201);
    projectId = created.json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  const writes = async () => {
    const image = multipartBody([{ name: 'files', value: await plainImage('png', 1080, 1080), filename: 'a.png', contentType: 'image/png' }]);
    const avatar = avatarUpload(await plainImage('jpeg', 200, 200));
    return [
      { name: 'PATCH /api/me', method: 'PATCH', url: '/api/me', payload: { first_name: 'Hacked' } },
      { name: 'project creation', method: 'POST', url: '/api/projects', payload: { title: 'Hacked', description: 'x' } },
      { name: 'project images upload', method: 'POST', url: `/api/projects/${projectId}/images`, payload: image.payload, headers: image.headers },
      { name: 'avatar upload', method: 'PUT', url: '/api/me/avatar', payload: avatar.payload, headers: avatar.headers },
      {
        name: 'user creation',
        method: 'POST',
        url: '/api/users',
        payload: { first_name: 'Eve', last_name: 'X', email: 'eve@origin.test', phone: '600', role: 'admin', password: 'secret-123' },
      },
      { name: 'project deletion', method: 'DELETE', url: `/api/projects/${projectId}` },
      { name: 'sign-out', method: 'POST', url: '/api/auth/sign-out', payload: {} },
    ] as const;
  };

  async function nothingChanged() {
    const me = await t.database.db.selectFrom('users').select(['first_name', 'avatar_key']).where('id', '=', admin.id).executeTakeFirstOrThrow();
    expect(me.first_name).toBe('Ana');
    expect(me.avatar_key ?? null).toBeNull();
    expect(await t.database.db.selectFrom('projects').select('title').execute()).toEqual([{ title: 'Casa' }]);
    expect(await t.database.db.selectFrom('project_images').select('id').execute()).toEqual([]);
    expect(await t.database.db.selectFrom('users').select('email').where('email', '=', 'eve@origin.test').execute()).toEqual([]);
    const stillSignedIn = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: admin.cookie } });
    expect(stillSignedIn.statusCode).toBe(200);
  }

  it.each([
    ['another site', { origin: EVIL }],
    ['a sibling subdomain', { origin: 'http://evil.localhost:3000' }],
    ['another port', { origin: 'http://localhost:3001' }],
    ['https instead of http', { origin: 'https://localhost:3000' }],
    ['a Referer from another site and no Origin', { referer: `${EVIL}/attack.html` }],
    ['Origin: null from a sandboxed frame', { origin: 'null' }],
    ['Origin: null claiming same-site only', { origin: 'null', 'sec-fetch-site': 'same-site' }],
    // (the test client sends its Origin unless told there is none)
    ['no Origin and no Referer, with the cookie', { origin: undefined }],
    ['an Origin that is not a URL', { origin: 'evil' }],
  ])('refuses every write from %s with 403 ORIGIN_NOT_ALLOWED, changing nothing', async (_from, headers: Record<string, string | undefined>) => {
    for (const write of await writes()) {
      const answer = await t.app.inject({
        method: write.method,
        url: write.url,
        headers: { ...('headers' in write ? write.headers : {}), cookie: admin.cookie, ...headers },
        ...('payload' in write ? { payload: write.payload } : {}),
      });
      expect(answer.statusCode, write.name).toBe(403);
      expect(answer.json(), write.name).toEqual({ error: { code: 'ORIGIN_NOT_ALLOWED', message: expect.any(String) } });
    }
    await nothingChanged();
  });

  it('refuses them under every other spelling of their path too (percent-encoded, double slashes, dot segments, another case): 403, or 404 where no route answers', async () => {
    const spellings: string[] = [];
    for (const write of await writes()) {
      for (const variant of pathVariants(write.url)) {
        const answer = await t.app.inject({
          method: write.method,
          url: variant.url,
          headers: { ...('headers' in write ? write.headers : {}), cookie: admin.cookie, origin: EVIL },
          ...('payload' in write ? { payload: write.payload } : {}),
        });
        const code = (answer.json() as { error?: { code?: string } }).error?.code;
        const label = `${write.name} as ${variant.url} (${variant.label}): ${answer.statusCode} ${code}`;
        spellings.push(label);
        expect([403, 404], label).toContain(answer.statusCode);
        expect(code, label).toBe(answer.statusCode === 403 ? 'ORIGIN_NOT_ALLOWED' : 'NOT_FOUND');
      }
    }
    // The percent-encoded spellings reach the routes (the router decodes them): they are the ones refused.
    expect(spellings.filter((label) => label.includes('/%61pi/') && label.endsWith('403 ORIGIN_NOT_ALLOWED')).length).toBe((await writes()).length);
    await nothingChanged();
  });

  it('lets reads through from any origin (they change nothing; CORS keeps the answer from the other site)', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: admin.cookie, origin: EVIL } });
    expect(answer.statusCode).toBe(200);
  });

  it.each([
    ['its own Origin', { origin: APP }],
    ['the loopback twin of localhost', { origin: 'http://127.0.0.1:3000' }],
    ['a Referer on its own pages', { referer: `${APP}/profile` }],
    ['Origin: null from its own page (Referrer-Policy: no-referrer)', { origin: 'null', 'sec-fetch-site': 'same-origin', host: 'localhost:3000' }],
  ])('accepts a write from %s', async (_from, headers: Record<string, string>) => {
    const answer = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: admin.cookie, ...headers }, payload: { description: 'Estudio' } });
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it('refuses Origin: null with Sec-Fetch-Site same-origin when the page was reached at an address that is not trusted', async () => {
    const answer = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: admin.cookie, origin: 'null', 'sec-fetch-site': 'same-origin', host: 'evil.example' },
      payload: { description: 'x' },
    });
    expect(answer.statusCode).toBe(403);
  });

  it('follows Better Auth without Origin or Referer: without a cookie it is a server or curl, and goes through', async () => {
    const contact = await t.app.inject({ method: 'POST', url: '/api/contact-form', headers: { origin: undefined }, payload: CONTACT });
    expect(contact.statusCode, contact.body).toBeLessThan(300);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: undefined },
      payload: { email: 'admin@origin.test', password: 'secret-123' },
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('refuses a sign-in or a contact message posted from another site, cookie or not', async () => {
    const signInFromEvil = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: EVIL },
      payload: { email: 'admin@origin.test', password: 'secret-123' },
    });
    expect(signInFromEvil.statusCode).toBe(403);
    const contactFromEvil = await t.app.inject({ method: 'POST', url: '/api/contact-form', headers: { origin: EVIL }, payload: CONTACT });
    expect(contactFromEvil.statusCode).toBe(403);
  });

  it("leaves paths outside /api to their own rules (the sandbox's consent forms come from the networks' pages)", async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/not-api', headers: { origin: EVIL } });
    expect(answer.statusCode).toBe(404);
  });
});
