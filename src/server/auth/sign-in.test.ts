import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createTestUser, signIn } from '../test-support/test-app.ts';

describe('sign in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createTestUser(t, { email: 'ana@studio.es', password: 'secret-123' });
  });
  afterAll(() => t.close());

  it('sets a 30-day SameSite=Strict HttpOnly session cookie and /api/me answers the user', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'ana@studio.es', password: 'secret-123' } });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/alzado\.session_token=/);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    expect(response.json()).toEqual({ user: { id: expect.any(String), email: 'ana@studio.es' } });

    const cookie = await signIn(t, 'ana@studio.es', 'secret-123');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'ana@studio.es', role: 'customer', language: 'es', active: true });
  });
});
