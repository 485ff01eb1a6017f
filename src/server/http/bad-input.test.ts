import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createTestUser, signIn } from '../test-support/test-app.ts';

/**
 * Input no feature expects, on either database: a client gets a 400 with the error shape, never a 500
 * (PostgreSQL refuses NUL characters in text and integers beyond 32 bits).
 */
describe('bad input anywhere', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createTestUser(t, { email: 'estudio@bad-input.test', role: 'customer' });
    cookie = await signIn(t, user.email, user.password);
  });
  afterAll(async () => t.close());

  it('refuses a NUL character in any text of a JSON body, and stores nothing', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'Casa\u0000', description: 'x' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.code).toBe('VALIDATION_FAILED');
    const nested = await t.app.inject({ method: 'POST', url: '/api/prompts', headers: { cookie }, payload: { title: 'ok', description: 'ok', extra: { deep: ['a\u0000b'] } } });
    expect(nested.statusCode).toBe(400);
    expect(await t.database.db.selectFrom('projects').select('id').execute()).toEqual([]);
    const signInWithNul = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'a\u0000@b.test', password: 'secret-123' } });
    expect(signInWithNul.statusCode).toBe(400);
  });

  it('answers 400 for an id no row can have, in a path or in a body', async () => {
    for (const url of ['/api/projects/99999999999', '/api/projects/2147483648/generation', '/api/prompts/99999999999', '/api/posts/99999999999', '/api/projects/1/images/99999999999']) {
      const method = url.endsWith('/images/99999999999') ? 'DELETE' : 'GET';
      const answer = await t.app.inject({ method, url, headers: { cookie } });
      expect(answer.statusCode, url).toBe(400);
    }
    const created = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'Casa', description: 'x', prompt_id: 99_999_999_999 } });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.details).toHaveProperty('prompt_id');
  });
});
