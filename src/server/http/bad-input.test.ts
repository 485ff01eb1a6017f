import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, plainImage } from '../test-support/images.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../test-support/test-app.ts';

const ERROR_SHAPE = { error: { code: expect.any(String), message: expect.any(String) } };

/**
 * Input no feature expects, on either database: a client gets a 400 with the error shape, never a 500
 * (PostgreSQL refuses NUL characters in text and integers beyond 32 bits).
 */
describe('bad input anywhere', () => {
  let t: TestApp;
  let cookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createTestUser(t, { email: 'estudio@bad-input.test', role: 'customer' });
    cookie = await signIn(t, user.email, user.password);
    const admin = await createTestUser(t, { email: 'admin@bad-input.test', role: 'admin' });
    adminCookie = await signIn(t, admin.email, admin.password);
  });
  afterAll(async () => t.close());

  it('refuses a NUL character in any text of a JSON body, and stores nothing', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'Casa\u0000', description: 'x' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.code).toBe('VALIDATION_FAILED');
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: { cookie },
      payload: { title: 'ok', description: 'ok', extra: { deep: ['a\u0000b'] } },
    });
    expect(nested.statusCode).toBe(400);
    expect(await t.database.db.selectFrom('projects').select('id').execute()).toEqual([]);
    const signInWithNul = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'a\u0000@b.test', password: 'secret-123' } });
    expect(signInWithNul.statusCode).toBe(400);
  });

  it('answers 400 for an id no row can have, in a path or in a body', async () => {
    for (const url of [
      '/api/projects/99999999999',
      '/api/projects/2147483648/generation',
      '/api/prompts/99999999999',
      '/api/posts/99999999999',
      '/api/projects/1/images/99999999999',
    ]) {
      const method = url.endsWith('/images/99999999999') ? 'DELETE' : 'GET';
      const answer = await t.app.inject({ method, url, headers: { cookie } });
      expect(answer.statusCode, url).toBe(400);
    }
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie },
      payload: { title: 'Casa', description: 'x', prompt_id: 99_999_999_999 },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.details).toHaveProperty('prompt_id');
  });

  it('refuses a NUL character in a path parameter or a query string', async () => {
    for (const url of [
      '/api/users/%00',
      '/api/users/abc%00def',
      '/api/users?search=a%00b',
      '/api/projects?search=%00',
      '/api/posts?search=x%00',
      '/api/prompts?search=%00',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
  });

  it('refuses an uploaded file whose name has a NUL character, and stores nothing', async () => {
    const project = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'Casa', description: 'x' } })).json<{
      id: number;
    }>();
    const upload = multipartBody([{ name: 'files', value: await plainImage('png', 1080, 1080), filename: 'fachada\u0000.png', contentType: 'image/png' }]);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/images`,
      headers: { cookie, ...upload.headers },
      payload: upload.payload,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(await t.database.db.selectFrom('project_images').select('id').where('project_id', '=', project.id).execute()).toEqual([]);
  });

  it("answers a JSON body nested thousands deep with 400, on our routes and on Better Auth's", async () => {
    const deepArray = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const targets = [
      ['POST', '/api/projects'],
      ['PATCH', '/api/me'],
      ['POST', '/api/auth/get-session'],
      ['POST', '/api/auth/change-password'],
      ['POST', '/api/auth/sign-in/email'],
    ] as const;
    for (const [method, url] of targets) {
      for (const payload of [deepArray, deepObject, `{"title":${deepArray},"description":"x"}`]) {
        const answer = await t.app.inject({ method, url, headers: { cookie, 'content-type': 'application/json', origin: 'http://localhost:3000' }, payload });
        expect(answer.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode, `${method} ${url}`).toBeLessThan(500);
        expect(answer.json()).toMatchObject(ERROR_SHAPE);
      }
    }
    // Deep under a key no schema knows is still refused, not silently dropped.
    const hidden = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie, 'content-type': 'application/json' },
      payload: `{"title":"Casa","description":"x","extra":${deepObject}}`,
    });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('answers a malformed multipart body with 400 on both upload routes', async () => {
    const project = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'Casa', description: 'x' } })).json<{
      id: number;
    }>();
    const filePart = (field: string) => `--xyz\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc`;
    for (const [method, url, field] of [
      ['PUT', '/api/me/avatar', 'file'],
      ['POST', `/api/projects/${project.id}/images`, 'files'],
    ] as const) {
      const cases: Array<[string, string]> = [
        ['multipart/form-data', 'garbage'],
        ['multipart/form-data', filePart(field)],
        ['multipart/form-data; boundary=', 'garbage'],
        [`multipart/form-data; boundary=${'x'.repeat(300)}`, 'garbage'],
        ['multipart/form-data; boundary=xyz', 'garbage'],
        ['multipart/form-data; boundary=xyz', '--xyz\r\n'],
        // A file part the body ends in the middle of.
        ['multipart/form-data; boundary=xyz', filePart(field)],
      ];
      for (const [contentType, payload] of cases) {
        const answer = await t.app.inject({ method, url, headers: { cookie, 'content-type': contentType }, payload });
        expect(answer.statusCode, `${url} ${contentType} ${JSON.stringify(payload)}`).toBe(400);
        expect(answer.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
      }
    }
  });

  it('answers an upload whose part has no Content-Disposition with 400, over real HTTP, instead of never answering', async () => {
    const project = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'Casa', description: 'x' } })).json<{
      id: number;
    }>();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // A part the parser skips, larger than its 16 KB buffer and sent in one piece with the rest.
    const payload = `--b\r\nX-Garbage: 1\r\n\r\n${'x'.repeat(20_000)}\r\n--b--\r\n`;
    for (const [method, url] of [
      ['PUT', '/api/me/avatar'],
      ['POST', `/api/projects/${project.id}/images`],
    ] as const) {
      const started = Date.now();
      const answer = await fetch(`${address}${url}`, {
        method,
        headers: { cookie, origin: 'http://localhost:3000', 'content-type': 'multipart/form-data; boundary=b' },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      expect(answer.status, url).toBe(400);
      expect(await answer.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
      expect(Date.now() - started).toBeLessThan(8_000);
      const injected = await t.app.inject({ method, url, headers: { cookie, 'content-type': 'multipart/form-data; boundary=b' }, payload });
      expect(injected.statusCode, url).toBe(400);
    }
  });
});
