import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFlag } from '../../db/values.ts';
import { type TestSandbox, answerConsent, authorize, sandboxAdapters, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { type TestApp, createTestApp, createTestTokenCipher, createTestUser, signIn } from '../../test-support/test-app.ts';
import { secretContext } from './connection.ts';

/** DESIGN principle 5: no token, code or state in a log line, whatever happens. */
describe('what the server logs about social connections', () => {
  const lines: string[] = [];
  let sandbox: TestSandbox;
  let t: TestApp;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ social: sandboxAdapters(sandbox), logger: { level: 'trace', stream: { write: (line) => void lines.push(line) } } });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('holds no token, code or state, through connections, callbacks, failures and forged states', async () => {
    const user = await createTestUser(t, { email: 'logs@social.test' });
    const cookie = await signIn(t, user.email, user.password);
    const secrets: string[] = [];
    for (const network of ['linkedin', 'instagram'] as const) {
      const back = await answerConsent(await authorize(t, cookie, network));
      const code = back.searchParams.get('code')!;
      const state = back.searchParams.get('state')!;
      secrets.push(code, state);
      // The browser's arrival on the callback page (served by the app), then the page's POST.
      await t.app.inject({
        method: 'GET',
        url: `/auth/${network}/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
        headers: { cookie },
      });
      expect((await t.app.inject({ method: 'POST', url: `/api/social/${network}/callback`, headers: { cookie }, payload: { code, state } })).statusCode).toBe(
        200,
      );
      expect((await t.app.inject({ method: 'POST', url: `/api/social/${network}/callback`, headers: { cookie }, payload: { code, state } })).statusCode).toBe(
        400,
      );
      await t.app.inject({ method: 'GET', url: `/api/social/${network}/pages`, headers: { cookie } });
      sandbox.sandbox.control.fail({ network: network === 'linkedin' ? 'linkedin' : 'meta', kind: 'server-error', times: 2 });
      await t.app.inject({ method: 'GET', url: `/api/social/${network}`, headers: { cookie } });
      await t.app.inject({ method: 'GET', url: `/api/social/${network}/pages`, headers: { cookie } });
      sandbox.sandbox.control.revokeTokens(network === 'linkedin' ? 'linkedin' : 'meta');
      await t.app.inject({ method: 'GET', url: `/api/social/${network}`, headers: { cookie } });
    }
    const cipher = createTestTokenCipher();
    const rows = await t.database.db.selectFrom('social_connections').selectAll().where('user_id', '=', user.id).execute();
    expect(rows.map((row) => readFlag(row.is_connected))).toEqual([false, false]);
    for (const row of rows) {
      for (const column of ['access_token', 'id_token', 'page_tokens'] as const) {
        const value = row[column];
        if (!value) continue;
        const plain = cipher.decrypt(value, secretContext(user.id, row.network as 'linkedin' | 'instagram', column));
        secrets.push(...(column === 'page_tokens' ? Object.values(JSON.parse(plain) as Record<string, string>) : [plain]), value);
      }
    }
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(30);
    expect(log).toContain('code=[redacted]&state=[redacted]');
    expect(log).toContain('Social connection could not be verified');
    expect(log).toContain('Social connection is no longer valid');
    expect(secrets.length).toBeGreaterThan(8);
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
