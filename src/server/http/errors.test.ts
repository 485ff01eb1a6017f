import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createTestUser, signIn } from '../test-support/test-app.ts';

const ERROR_SHAPE = { error: { code: expect.any(String), message: expect.any(String) } };

describe('error answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createTestUser(t, { email: 'ana@studio.es', password: 'secret-123' });
  });
  afterAll(() => t.close());

  it('answers an unknown /api path with a JSON 404 NOT_FOUND', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/nope' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    }
  });

  it('answers a malformed JSON body with 400 in the error shape, never 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "ana@studio.es", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
  });

  it.each([
    ['an empty JSON body', { 'content-type': 'application/json' }, ''],
    ['JSON null', { 'content-type': 'application/json' }, 'null'],
    ['a JSON array', { 'content-type': 'application/json' }, '[]'],
    ['fields of the wrong type', { 'content-type': 'application/json' }, '{"email": 42, "password": ["x"]}'],
    ['a body that is not JSON', { 'content-type': 'text/plain' }, 'email=ana@studio.es'],
  ])('answers %s sent to sign-in with a 4xx in the error shape', async (_case, headers, payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers, payload });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject(ERROR_SHAPE);
  });

  it('answers a body over 1 MB with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'ana@studio.es', password: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it.each([
    ['POST', '/api/auth/sign-up/email', { email: 'intruder@studio.es', password: 'secret-123', name: 'Intruder' }],
    ['POST', '/api/auth/update-user', { name: 'x' }],
    ['GET', '/api/auth/list-sessions', undefined],
    ['POST', '/api/auth/delete-user', {}],
  ])('keeps Better Auth endpoints the app does not use closed: %s %s answers 404', async (method, url, payload) => {
    const cookie = await signIn(t, 'ana@studio.es', 'secret-123');
    const response = await t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: { cookie, origin: 'http://localhost:3000' },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('creates no user through the closed sign-up endpoint', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email: 'intruder@studio.es', password: 'secret-123', name: 'Intruder' } });
    const users = await t.database.db.selectFrom('users').select('email').where('email', '=', 'intruder@studio.es').execute();
    expect(users).toEqual([]);
  });

  it('leaves the session endpoint open: get-session answers the signed-in user without a token', async () => {
    const cookie = await signIn(t, 'ana@studio.es', 'secret-123');
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { email: 'ana@studio.es' } });
    expect(response.body).not.toContain(decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!);
  });
});

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 while the database answers, then 503 once it is gone', async () => {
    const up = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ok', database: 'up' });

    await t.database.db.destroy();

    const down = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'down' });
  });
});

describe('API documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves an OpenAPI 3 document listing the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Alzado API');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/me',
        '/api/health',
        '/api/auth/sign-in/email',
        '/api/auth/sign-out',
        '/api/auth/request-password-reset',
        '/api/auth/reset-password',
      ]),
    );
    expect(document.paths['/api/me']).toHaveProperty('get');
    expect(document.paths['/api/me']).toHaveProperty('patch');
    expect(document.paths['/api/auth/sign-in/email'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    // Internal routes stay out of the document.
    expect(Object.keys(document.paths)).not.toContain('/api/auth/*');
    expect(Object.keys(document.paths)).not.toContain('/api/openapi.json');
  });

  it('serves browsable documentation as HTML at /api/docs', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/docs`, { redirect: 'follow' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toMatch(/swagger/i);
  });
});
