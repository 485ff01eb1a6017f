import { TEST_APP_URL, type TestSandbox, answerConsent, startTestSandbox } from '../../server/test-support/social-sandbox.ts';
import { type ImageServer, startImageServer } from './image-server.ts';
import { type FacebookAdsApiInstance, metaSdk } from './meta-sdk.ts';
import { officialAxios, routeToSandbox } from './official-clients.ts';
import { type RecordedRequest, type RecordingProxy, startRecordingProxy } from './recording-proxy.ts';

/**
 * The setups the Meta tests share (the contract and SDK tests here, the Facebook Page and Instagram Login
 * clients' tests): started in a file's `beforeAll`, closed in its `afterAll` by `close`.
 */
export interface SandboxWithImages {
  sandbox: TestSandbox;
  /** Where Meta fetches image_url from; the sandbox is told to fetch from it (Meta never could: it is on loopback). */
  images: ImageServer;
  close(): Promise<void>;
}

/** A sandbox and an image server it fetches from. */
export async function startSandboxWithImages(): Promise<SandboxWithImages> {
  const sandbox = await startTestSandbox();
  const images = await startImageServer();
  sandbox.sandbox.control.allowImageOrigins([images.origin]);
  return {
    sandbox,
    images,
    close: async () => {
      await images.close();
      await sandbox.close();
    },
  };
}

/** The same with the recording proxy in front of the sandbox, for the contract tests: every request and answer through it is recorded. */
export async function startRecordedSandbox(): Promise<SandboxWithImages & { proxy: RecordingProxy }> {
  const sandbox = await startTestSandbox();
  const proxy = await startRecordingProxy(new URL(sandbox.base).origin);
  const images = await startImageServer();
  sandbox.sandbox.control.allowImageOrigins([images.origin]);
  return {
    sandbox,
    proxy,
    images,
    close: async () => {
      await images.close();
      await proxy.close();
      await sandbox.close();
    },
  };
}

/** The same with Meta's SDK (its axios, `officialAxios`) sending every request to the sandbox, for the SDK tests. */
export async function startSdkSandbox(): Promise<SandboxWithImages> {
  const started = await startSandboxWithImages();
  const unroute = routeToSandbox(started.sandbox.base, officialAxios);
  return {
    ...started,
    close: async () => {
      unroute();
      await started.close();
    },
  };
}

/** The app's own token ({app-id}|{app-secret}) in Meta's SDK, for the token endpoints and debug_token. */
export function sdkAppApi(sandbox: TestSandbox): FacebookAdsApiInstance {
  const { appId, appSecret } = sandbox.sandbox.credentials.meta;
  return new metaSdk.FacebookAdsApi(`${appId}|${appSecret}`, 'en_US', false);
}

/**
 * Facebook Login in the sandbox's dialog with these permissions, then the code and long-lived exchanges
 * through the SDK's generic call (B.1 to B.3): the long-lived exchange's answer.
 */
export async function sdkLongLivedToken(sandbox: TestSandbox, scopes: readonly string[]): Promise<Record<string, unknown>> {
  const { FacebookAdsApi } = metaSdk;
  const { appId, appSecret } = sandbox.sandbox.credentials.meta;
  const redirectUri = `${TEST_APP_URL}/auth/instagram/callback`;
  const dialog = new URL(`${sandbox.base}/meta/www/${FacebookAdsApi.VERSION}/dialog/oauth`);
  dialog.search = new URLSearchParams({
    client_id: appId,
    redirect_uri: redirectUri,
    state: 'sdk',
    response_type: 'code',
    scope: scopes.join(','),
  }).toString();
  const back = await answerConsent(dialog.toString());
  const short = await sdkAppApi(sandbox).call('GET', ['oauth', 'access_token'], {
    client_id: appId,
    client_secret: appSecret,
    redirect_uri: redirectUri,
    code: back.searchParams.get('code'),
  });
  return sdkAppApi(sandbox).call('GET', ['oauth', 'access_token'], {
    grant_type: 'fb_exchange_token',
    client_id: appId,
    client_secret: appSecret,
    fb_exchange_token: short.access_token,
  });
}

/** A Graph request written from the docs, sent through the recording proxy (the token as a bearer, a form as POST): what the proxy recorded of it and its answer. */
export async function sendRecorded(
  proxy: RecordingProxy,
  url: string,
  init: { method?: string; form?: Record<string, string>; token?: string } = {},
): Promise<RecordedRequest> {
  proxy.clear();
  const response = await fetch(url, {
    method: init.method ?? (init.form ? 'POST' : 'GET'),
    headers: init.token ? { authorization: `Bearer ${init.token}` } : {},
    ...(init.form ? { body: new URLSearchParams(init.form) } : {}),
  });
  await response.arrayBuffer();
  return proxy.requests.at(-1)!;
}
