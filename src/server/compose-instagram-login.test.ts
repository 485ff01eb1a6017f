import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultInstagramAccounts } from '../sandbox/personas.ts';
import { answerConsent } from './test-support/social-sandbox.ts';
import { type TestDatabase, createTestDatabase } from './test-support/database.ts';
import { startComposedApp } from './test-support/composed-app.ts';

/**
 * Instagram Login as `npm start` composes it (decision 054), over real HTTP: with every network emulated
 * (the default) the sandbox serves it with its own Instagram app and the app's redirect URI registered, so a
 * studio connects a Creator account with no page end to end; with INSTAGRAM_APP_ID set, it is the real
 * Instagram, and (SOCIAL_SANDBOX=auto) nothing is emulated beside it.
 */
const ADMIN = { email: 'admin@instagram-login-compose.test', password: 'admin-secret-1' };
const CREATOR = defaultInstagramAccounts()[0]!;

let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-instagram-login-'));
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(environment: Record<string, string> = {}) {
  const lines: Array<{ level: number; msg: string }> = [];
  const started = await startComposedApp(database, {
    dataDir,
    admin: ADMIN,
    environment,
    logLines: { write: (line) => void lines.push(JSON.parse(line) as { level: number; msg: string }) },
  });
  const cookie = await started.signIn(ADMIN);
  const api = (method: string, url: string, body?: unknown) =>
    fetch(`${started.url}${url}`, {
      method,
      headers: { cookie, origin: started.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    ...started,
    api,
    loginLine: () => lines.find((line) => line.msg.startsWith('Instagram Login:')),
    close: async () => {
      await started.composed.app.close();
      await started.composed.events.close();
    },
  };
}

describe('npm start and Instagram Login', () => {
  it('with every network emulated, the sandbox serves it: a Creator account with no page connects end to end', async () => {
    const app = await start();
    try {
      expect(app.loginLine()?.msg).toMatch(/^Instagram Login: EMULATED, served by the sandbox/);
      expect(await (await app.api('GET', '/api/social/instagram')).json()).toMatchObject({ sandbox: true, logins: ['facebook', 'instagram'] });
      const authorized = await app.api('POST', '/api/social/instagram/authorize?login=instagram');
      expect(authorized.status).toBe(200);
      const { url } = (await authorized.json()) as { url: string };
      expect(url.startsWith(`${app.url}/sandbox/meta/instagram/www/oauth/authorize?`)).toBe(true);
      const back = await answerConsent(url, { decision: 'allow', account: CREATOR.id });
      expect(`${back.origin}${back.pathname}`).toBe(`${app.url}/auth/instagram-login/callback`);
      const connected = await app.api('POST', '/api/social/instagram/callback', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
      expect(connected.status).toBe(200);
      expect(await connected.json()).toMatchObject({ login: 'instagram', isConnected: true, publishTargetId: CREATOR.id, userName: CREATOR.username });
      // The network check's line: served by the sandbox.
      const report = (await (await app.api('GET', '/api/networks-check')).json()) as {
        networks: Array<{ network: string; items: Array<{ finding: string }> }>;
      };
      expect(report.networks.find((entry) => entry.network === 'instagram')!.items.map((entry) => entry.finding)).toContain('instagramLoginSandbox');
    } finally {
      await app.close();
    }
  });

  it('with INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET, the real Instagram: its own window, and nothing emulated beside it', async () => {
    const app = await start({ INSTAGRAM_APP_ID: '990011223344', INSTAGRAM_APP_SECRET: 'ig-secret' });
    try {
      expect(app.loginLine()).toMatchObject({ level: 30 });
      expect(app.loginLine()?.msg).toMatch(/^Instagram Login: REAL, with INSTAGRAM_APP_ID/);
      expect(app.composed.socialClients.instagram).toBeUndefined();
      expect(await (await app.api('GET', '/api/social/instagram')).json()).toMatchObject({ available: true, sandbox: false, logins: ['instagram'] });
      const { url } = (await (await app.api('POST', '/api/social/instagram/authorize?login=instagram')).json()) as { url: string };
      const window = new URL(url);
      expect(`${window.origin}${window.pathname}`).toBe('https://www.instagram.com/oauth/authorize');
      expect(window.searchParams.get('client_id')).toBe('990011223344');
      expect(window.searchParams.get('redirect_uri')).toBe(`${app.url}/auth/instagram-login/callback`);
      // Facebook Login is not configured: asking for it says so.
      expect((await app.api('POST', '/api/social/instagram/authorize')).status).toBe(503);
    } finally {
      await app.close();
    }
  });
});
