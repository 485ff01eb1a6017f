import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstagramLoginClient } from '../../adapters/instagram-login/instagram-login-client.ts';
import { type TestSandbox, TEST_APP_URL, sandboxClients, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { instagramLoginItem } from './instagram-login-check.ts';

/**
 * Instagram Login's line in the network check (decision 054), against the sandbox over real HTTP: not
 * offered, served by the sandbox, offered for real (the same sandbox presented as Instagram), and each
 * failure: the Instagram app's credentials refused, its redirect URL not registered, Instagram not answering.
 */
let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

function client(options: { appId?: string; appSecret?: string; base?: string } = {}) {
  const base = options.base ?? sandbox.base;
  const credentials = sandbox.sandbox.credentials.instagram;
  return createInstagramLoginClient({
    appId: options.appId ?? credentials.appId,
    appSecret: options.appSecret ?? credentials.appSecret,
    authorizeBaseUrl: `${base}/meta/instagram/www`,
    apiBaseUrl: `${base}/meta/instagram/api`,
    graphBaseUrl: `${base}/meta/instagram/graph`,
    graphVersion: 'v26.0',
    timeoutMs: 2_000,
  });
}

const check = (instagramLogin: Parameters<typeof instagramLoginItem>[0]['instagramLogin'], publicUrl = TEST_APP_URL) =>
  instagramLoginItem({ publicUrl, instagramLogin, timeoutMs: 2_000 });

describe('the network check’s Instagram Login line', () => {
  it('says it is not offered, and how to offer it, without INSTAGRAM_APP_ID', async () => {
    const line = await check(undefined);
    expect(line).toMatchObject({ check: 'instagramLogin', status: 'ok', finding: 'instagramLoginOff', action: null });
    expect(line.message).toContain('INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET');
  });

  it('served by the sandbox: its credentials and redirect URL accepted, said to be the sandbox', async () => {
    const line = await check({ client: sandboxClients(sandbox).instagramLogin, sandbox: true });
    expect(line).toMatchObject({ status: 'ok', finding: 'instagramLoginSandbox', action: null });
    expect(line.params).toMatchObject({
      redirectUri: `${TEST_APP_URL}/auth/instagram-login/callback`,
      scopes: 'instagram_business_basic instagram_business_content_publish instagram_business_manage_insights',
    });
  });

  it('offered for real: ready, with the redirect URL and the permissions asked', async () => {
    const line = await check({ client: client(), sandbox: false });
    expect(line).toMatchObject({ status: 'ok', finding: 'instagramLoginReady' });
    expect(line.message).toContain(`${TEST_APP_URL}/auth/instagram-login/callback`);
  });

  it('a wrong app secret or app ID: the credentials are refused, and where to copy them from', async () => {
    for (const wrong of [{ appSecret: 'not-the-secret' }, { appId: '990000000000000' }]) {
      const line = await check({ client: client(wrong), sandbox: false });
      expect(line).toMatchObject({ status: 'failure', finding: 'instagramLoginCredentialsRefused' });
      expect(line.action).toContain('Instagram > API setup with Instagram business login');
    }
  });

  it('a redirect URL the Instagram app does not know: refused, and what to register', async () => {
    const line = await check({ client: client(), sandbox: false }, 'https://alzado.example');
    expect(line).toMatchObject({ status: 'failure', finding: 'instagramLoginRedirectRefused' });
    expect(line.action).toContain('https://alzado.example/auth/instagram-login/callback');
  });

  it('Instagram not answering: a warning to check again, not a failure', async () => {
    const line = await check({ client: client({ base: 'http://127.0.0.1:9/sandbox' }), sandbox: false });
    expect(line).toMatchObject({ status: 'warning', finding: 'instagramLoginUnchecked' });
  });
});
