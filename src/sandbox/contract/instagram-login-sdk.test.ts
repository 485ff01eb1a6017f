import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTAGRAM_LOGIN_SCOPES } from '../../server/adapters/instagram-login/instagram-login-client.ts';
import { TEST_APP_URL, type TestSandbox, answerConsent } from '../../server/test-support/social-sandbox.ts';
import { defaultInstagramAccounts } from '../personas.ts';
import { startSdkSandbox } from './contract-setup.ts';
import type { ImageServer } from './image-server.ts';
import { facebookRequestError, metaSdk } from './meta-sdk.ts';

/**
 * Instagram Login's Graph calls driven by Meta's official Node SDK (facebook-nodejs-business-sdk 24.0.1),
 * as far as it goes: it has no Instagram Login of its own (no graph.instagram.com objects, no
 * ig_exchange_token or ig_refresh_token helpers; its IGUser and ShadowIGMediaBuilder always call
 * graph.facebook.com), so its generic `call` with the `urlOverride` it offers sends the profile and
 * publishing calls to https://graph.instagram.com, and reads answers and errors its own way. The
 * authorization window and the token calls are checked by instagram-login-contract.test.ts instead.
 */
const { FacebookAdsApi } = metaSdk;
const HOST = 'https://graph.instagram.com';
const REDIRECT_URI = `${TEST_APP_URL}/auth/instagram-login/callback`;
const CREATOR = defaultInstagramAccounts()[0]!;

let sandbox: TestSandbox;
let images: ImageServer;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ sandbox, images, close } = await startSdkSandbox());
});
afterAll(() => close());

/** Instagram Login in the sandbox's window, the code at api.instagram.com, then the long-lived token. */
async function instagramUserToken(): Promise<string> {
  const { appId, appSecret } = sandbox.sandbox.credentials.instagram;
  const url = `${sandbox.base}/meta/instagram/www/oauth/authorize?${new URLSearchParams({ client_id: appId, redirect_uri: REDIRECT_URI, response_type: 'code', scope: INSTAGRAM_LOGIN_SCOPES.join(','), state: 'sdk' })}`;
  const code = (await answerConsent(url, { decision: 'allow', account: CREATOR.id })).searchParams.get('code')!;
  const exchanged = (await (
    await fetch(`${sandbox.base}/meta/instagram/api/oauth/access_token`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: appId, client_secret: appSecret, grant_type: 'authorization_code', redirect_uri: REDIRECT_URI, code }),
    })
  ).json()) as { data: Array<{ access_token: string }> };
  const long = (await (
    await fetch(
      `${sandbox.base}/meta/instagram/graph/access_token?${new URLSearchParams({ grant_type: 'ig_exchange_token', client_secret: appSecret, access_token: exchanged.data[0]!.access_token })}`,
    )
  ).json()) as { access_token: string };
  return long.access_token;
}

describe('graph.instagram.com through the SDK’s generic call', () => {
  it('the profile, a container, its status, media_publish, the permalink and the limit', async () => {
    const api = new FacebookAdsApi(await instagramUserToken(), 'en_US', false);
    const call = (method: 'GET' | 'POST', path: string[], params: Record<string, unknown> = {}) => api.call(method, path, params, {}, false, HOST);
    expect(await call('GET', ['me'], { fields: 'user_id,username,account_type' })).toMatchObject({
      user_id: CREATOR.id,
      username: CREATOR.username,
      account_type: 'MEDIA_CREATOR',
    });
    const container = await call('POST', [CREATOR.id, 'media'], {
      image_url: `${images.origin}/square.jpg`,
      caption: 'Cuaderno',
    });
    expect(String(container.id)).toMatch(/^\d+$/);
    expect(await call('GET', [String(container.id)], { fields: 'status_code' })).toMatchObject({ status_code: 'FINISHED' });
    const media = await call('POST', [CREATOR.id, 'media_publish'], { creation_id: container.id });
    expect(await call('GET', [String(media.id)], { fields: 'permalink' })).toMatchObject({ permalink: expect.stringMatching(/\/p\/[\w-]+\/$/) });
    expect(await call('GET', [CREATOR.id, 'content_publishing_limit'], { fields: 'quota_usage,config' })).toMatchObject({
      data: [{ quota_usage: 1, config: { quota_total: 50 } }],
    });
  });

  it('refusals as FacebookRequestError: another account (code 100), a Facebook Login token on this host (code 190)', async () => {
    const api = new FacebookAdsApi(await instagramUserToken(), 'en_US', false);
    const other = await facebookRequestError(api.call('POST', ['17841400000000001', 'media'], { image_url: `${images.origin}/square.jpg` }, {}, false, HOST));
    expect(other.response).toMatchObject({ code: 100, type: 'OAuthException' });
    const stranger = new FacebookAdsApi('EAABnot-an-instagram-token', 'en_US', false);
    expect((await facebookRequestError(stranger.call('GET', ['me'], { fields: 'user_id' }, {}, false, HOST))).response).toMatchObject({ code: 190 });
  });
});
