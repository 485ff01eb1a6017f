import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** The networks' part of the configuration (issue 5). */
describe('social configuration', () => {
  it('by default: no credentials, the sandbox automatic, LinkedIn and Graph at their real addresses and versions', () => {
    const { social, tokenEncryptionKeys } = loadConfig({});
    expect(tokenEncryptionKeys).toBeUndefined();
    expect(social).toEqual({
      sandbox: 'auto',
      requestTimeoutMs: 15_000,
      sandboxLatencyMs: 0,
      linkedin: {
        credentials: undefined,
        apiVersion: '202610',
        oauthUrl: 'https://www.linkedin.com',
        apiUrl: 'https://api.linkedin.com',
        webUrl: 'https://www.linkedin.com',
        organizationPages: true,
        memberPostAnalytics: true,
      },
      meta: { credentials: undefined, graphVersion: 'v26.0', dialogUrl: 'https://www.facebook.com', graphUrl: 'https://graph.facebook.com', adsRead: false },
      instagramLogin: {
        credentials: undefined,
        authorizeUrl: 'https://www.instagram.com',
        apiUrl: 'https://api.instagram.com',
        graphUrl: 'https://graph.instagram.com',
      },
    });
  });

  it('Instagram Login: the Instagram app’s own ID and secret, set together, and its three hosts', () => {
    const config = loadConfig({
      INSTAGRAM_APP_ID: '990011',
      INSTAGRAM_APP_SECRET: 'ig-secret',
      INSTAGRAM_GRAPH_URL: 'https://ig-graph.proxy.example/',
    });
    expect(config.social.instagramLogin).toEqual({
      credentials: { appId: '990011', appSecret: 'ig-secret' },
      authorizeUrl: 'https://www.instagram.com',
      apiUrl: 'https://api.instagram.com',
      graphUrl: 'https://ig-graph.proxy.example',
    });
    expect(config.social.meta.credentials).toBeUndefined();
    expect(() => loadConfig({ INSTAGRAM_APP_ID: '990011' })).toThrow('INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET must be set together');
    expect(() => loadConfig({ INSTAGRAM_APP_SECRET: 'ig-secret' })).toThrow('INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET must be set together');
    expect(() => loadConfig({ INSTAGRAM_API_URL: 'api.instagram.com' })).toThrow('INSTAGRAM_API_URL: must be an absolute URL');
  });

  it('reads credentials, versions, base URLs and the keys', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    const config = loadConfig({
      LINKEDIN_CLIENT_ID: 'li-id',
      LINKEDIN_CLIENT_SECRET: 'li-secret',
      LINKEDIN_API_VERSION: '202601',
      LINKEDIN_API_URL: 'https://li.proxy.example/',
      LINKEDIN_WEB_URL: 'https://li-web.proxy.example/',
      META_APP_ID: '123',
      META_APP_SECRET: 'meta-secret',
      META_GRAPH_VERSION: 'v24.0',
      SOCIAL_SANDBOX: 'false',
      TOKEN_ENCRYPTION_KEY: `2:${key}`,
    });
    expect(config.social.linkedin).toMatchObject({
      credentials: { clientId: 'li-id', clientSecret: 'li-secret' },
      apiVersion: '202601',
      apiUrl: 'https://li.proxy.example',
      webUrl: 'https://li-web.proxy.example',
    });
    expect(config.social.meta).toMatchObject({ credentials: { appId: '123', appSecret: 'meta-secret' }, graphVersion: 'v24.0' });
    expect(config.social.sandbox).toBe('disabled');
    expect(config.tokenEncryptionKeys).toEqual([{ version: 2, key: Buffer.alloc(32, 1) }]);
  });

  it('SOCIAL_SANDBOX: auto (the default), true or false, the words a boolean accepts too', () => {
    const sandboxOf = (value: string) => loadConfig({ SOCIAL_SANDBOX: value }).social.sandbox;
    expect(sandboxOf('auto')).toBe('auto');
    expect(sandboxOf('AUTO')).toBe('auto');
    for (const value of ['true', 'TRUE', '1', 'yes', 'on']) expect(sandboxOf(value)).toBe('enabled');
    for (const value of ['false', '0', 'no', 'off']) expect(sandboxOf(value)).toBe('disabled');
    expect(() => sandboxOf('maybe')).toThrow('SOCIAL_SANDBOX: must be auto, true or false');
  });

  it('offers LinkedIn company pages only where the app is said to have the Community Management API', () => {
    const real = { LINKEDIN_CLIENT_ID: 'li-id', LINKEDIN_CLIENT_SECRET: 'li-secret' };
    expect(loadConfig(real).social.linkedin.organizationPages).toBe(false);
    expect(loadConfig({ ...real, LINKEDIN_ORGANIZATION_PAGES: 'true' }).social.linkedin.organizationPages).toBe(true);
    expect(loadConfig({}).social.linkedin.organizationPages).toBe(true);
    expect(loadConfig({ LINKEDIN_ORGANIZATION_PAGES: 'false' }).social.linkedin.organizationPages).toBe(false);
    // r_member_postAnalytics (issue 26): as the organization pages, on by default only for the sandbox's app.
    expect(loadConfig(real).social.linkedin.memberPostAnalytics).toBe(false);
    expect(loadConfig({ ...real, LINKEDIN_MEMBER_POST_ANALYTICS: 'true' }).social.linkedin.memberPostAnalytics).toBe(true);
    expect(loadConfig({}).social.linkedin.memberPostAnalytics).toBe(true);
    expect(loadConfig({ LINKEDIN_ORGANIZATION_PAGES: 'false' }).social.linkedin.memberPostAnalytics).toBe(false);
    expect(loadConfig({ ...real, LINKEDIN_ORGANIZATION_PAGES: 'true' }).social.linkedin.memberPostAnalytics).toBe(true);
    expect(loadConfig({ META_ADS_READ: 'true' }).social.meta.adsRead).toBe(true);
    expect(loadConfig({ META_LOGIN_CONFIG_ID: '1234567890' }).social.meta.loginConfigId).toBe('1234567890');
    expect(() => loadConfig({ META_LOGIN_CONFIG_ID: 'my-config' })).toThrow(/META_LOGIN_CONFIG_ID/);
  });

  it.each([
    [{ LINKEDIN_CLIENT_ID: 'only-the-id' }, 'LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET must be set together'],
    [{ META_APP_SECRET: 'only-the-secret' }, 'META_APP_ID and META_APP_SECRET must be set together'],
    [{ LINKEDIN_API_VERSION: '2026-10' }, 'LINKEDIN_API_VERSION'],
    [{ META_GRAPH_VERSION: '19' }, 'META_GRAPH_VERSION'],
    [{ TOKEN_ENCRYPTION_KEY: 'short-secret-value' }, 'TOKEN_ENCRYPTION_KEY: each key must be'],
  ])('refuses %o with a sentence naming the variable', (environment, message) => {
    let error: unknown;
    try {
      loadConfig(environment);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
    // A refused key is never repeated back.
    expect((error as Error).message).not.toContain('short-secret-value');
  });
});
