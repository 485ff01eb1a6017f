import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { createFacebookPageClient } from '../adapters/facebook/page-client.ts';
import { createGraphClient } from '../adapters/instagram/graph-client.ts';
import { createInstagramLoginClient } from '../adapters/instagram-login/instagram-login-client.ts';
import { createLinkedInClient } from '../adapters/linkedin/linkedin-client.ts';
import type { SocialAdapters } from '../features/social/adapters.ts';
import { nonPublicUrlReason } from '../lib/public-address.ts';
import { type Sandbox, createSandbox } from '../../sandbox/sandbox.ts';
import { SIGNED_IN_COOKIE } from '../../sandbox/studios.ts';
import { type TestApp, createTestTokenCipher } from './test-app.ts';

/**
 * The sandbox of both networks on a port of its own (real HTTP), and the production clients pointed at
 * it, for API tests. The app under test is http://localhost:3000, so the redirect URIs registered in
 * the sandbox are its callback pages.
 */
export const TEST_APP_URL = 'http://localhost:3000';
export const LINKEDIN_VERSION = '202610';

export interface TestSandbox {
  /** http://127.0.0.1:{port}/sandbox */
  base: string;
  sandbox: Sandbox;
  server: FastifyInstance;
  close: () => Promise<void>;
}

/**
 * `appUrl`: the app whose callback pages are registered as redirect URIs (the test app's by default), and
 * whose images (/media on a loopback address) the sandbox fetches although Meta could not; a test that
 * serves images elsewhere allows its origin with `sandbox.control.allowImageOrigins`.
 */
export async function startTestSandbox(appUrl: string = TEST_APP_URL): Promise<TestSandbox> {
  const sandbox = createSandbox({
    publicUrl: 'http://127.0.0.1',
    redirectUris: {
      linkedin: [`${appUrl}/auth/linkedin/callback`],
      meta: [`${appUrl}/auth/instagram/callback`, `${appUrl}/auth/facebook/callback`],
      instagram: [`${appUrl}/auth/instagram-login/callback`],
    },
    imageOrigins: [appUrl],
    unreachableReason: nonPublicUrlReason,
  });
  const server = Fastify({ logger: false });
  await server.register(sandbox.plugin, { prefix: sandbox.prefix });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  sandbox.setPublicUrl(origin);
  return { base: `${origin}${sandbox.prefix}`, sandbox, server, close: () => server.close() };
}

/** Where a sandbox answers and its credentials: one of this process, or of its own (sandbox-process.ts). */
export interface SandboxAddress {
  base: string;
  sandbox: Pick<Sandbox, 'credentials'>;
}

/** The production clients, configured with the sandbox's base URLs and credentials. */
export function sandboxClients(testSandbox: TestSandbox | SandboxAddress, options: { timeoutMs?: number; linkedinVersion?: string } = {}) {
  const { base, sandbox } = testSandbox;
  const timeoutMs = options.timeoutMs ?? 5_000;
  return {
    linkedin: createLinkedInClient({
      ...sandbox.credentials.linkedin,
      authorizationBaseUrl: `${base}/linkedin`,
      oauthBaseUrl: `${base}/linkedin`,
      apiBaseUrl: `${base}/linkedin`,
      apiVersion: options.linkedinVersion ?? LINKEDIN_VERSION,
      timeoutMs,
      webBaseUrl: `${base}/linkedin/web`,
    }),
    instagram: createGraphClient({
      ...sandbox.credentials.meta,
      dialogBaseUrl: `${base}/meta/www`,
      graphBaseUrl: `${base}/meta/graph`,
      graphVersion: 'v26.0',
      timeoutMs,
      // Meta's pace is a check a minute (graph-client.ts); these tests wait 50 ms between checks instead.
      containerPolling: { intervalMs: 50, timeoutMs: 2_000 },
    }),
    facebook: createFacebookPageClient({ graphBaseUrl: `${base}/meta/graph`, graphVersion: 'v26.0', timeoutMs }),
    // Instagram Login: www.instagram.com, api.instagram.com and graph.instagram.com as the sandbox serves them.
    instagramLogin: createInstagramLoginClient({
      ...sandbox.credentials.instagram,
      authorizeBaseUrl: `${base}/meta/instagram/www`,
      apiBaseUrl: `${base}/meta/instagram/api`,
      graphBaseUrl: `${base}/meta/instagram/graph`,
      graphVersion: 'v26.0',
      timeoutMs,
      containerPolling: { intervalMs: 50, timeoutMs: 2_000 },
    }),
  };
}

/** What createTestApp needs to connect both networks through the sandbox. */
export function sandboxAdapters(
  testSandbox: TestSandbox | SandboxAddress,
  options: { timeoutMs?: number; organizationPages?: boolean; adsRead?: boolean; memberPostAnalytics?: boolean; instagramLogin?: boolean } = {},
): SocialAdapters {
  const clients = sandboxClients(testSandbox, options);
  return {
    cipher: createTestTokenCipher(),
    linkedin: {
      client: clients.linkedin,
      sandbox: true,
      organizationPages: options.organizationPages ?? true,
      memberPostAnalytics: options.memberPostAnalytics ?? false,
    },
    instagram: { client: clients.instagram, sandbox: true, adsRead: options.adsRead ?? false },
    // Facebook Pages (issue 27): the same Meta app, present exactly when Instagram is, as in the app.
    facebook: { client: clients.facebook, sandbox: true },
    // Instagram's second way (decision 054), for the tests that offer it.
    ...(options.instagramLogin ? { instagramLogin: { client: clients.instagramLogin, sandbox: true } } : {}),
  };
}

export type Network = 'linkedin' | 'instagram' | 'facebook';

/**
 * What a browser does with the consent page: opens the URL the API handed out, submits the form with
 * the chosen button (and, on Meta's page, the ticked permissions and pages: `uncheck` names the
 * permissions and page ids to untick), and reads where the provider sends it back. Returns the callback
 * page's URL. `studio`: the browser is signed in to the networks as that sandbox studio (its cookie).
 */
export async function answerConsent(
  authorizeUrl: string,
  choice: { decision: 'allow' | 'cancel'; uncheck?: string[]; studio?: string; account?: string } = { decision: 'allow' },
): Promise<URL> {
  const headers: Record<string, string> = choice.studio ? { cookie: `${SIGNED_IN_COOKIE}=${encodeURIComponent(choice.studio)}` } : {};
  const pageResponse = await fetch(authorizeUrl, { headers });
  if (pageResponse.status !== 200) throw new Error(`consent page answered ${pageResponse.status}: ${await pageResponse.text()}`);
  const html = await pageResponse.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('the consent page has no form');
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.append(match[1]!, decodeEntities(match[2]!));
  for (const match of html.matchAll(/<input type="checkbox" name="(granted|pages)" value="([^"]+)" checked>/g)) {
    if (!choice.uncheck?.includes(match[2]!)) form.append(match[1]!, match[2]!);
  }
  // Instagram Login's window logs in as one account: the one asked for, or the one ticked first.
  const account = choice.account ?? /<input type="radio" name="account" value="([^"]+)" checked>/.exec(html)?.[1];
  if (account) form.append('account', account);
  form.append('decision', choice.decision);
  const origin = new URL(authorizeUrl).origin;
  const answer = await fetch(`${origin}${decodeEntities(action)}`, { method: 'POST', headers, body: form, redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`the consent form answered ${answer.status}: ${await answer.text()}`);
  return new URL(location);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** POST /api/social/:network/authorize as the signed-in user (Instagram: `login` for Instagram Login); the consent page's URL. */
export async function authorize(t: TestApp, cookie: string, network: Network, login?: 'facebook' | 'instagram'): Promise<string> {
  const query = login ? `?login=${login}` : '';
  const response = await t.app.inject({ method: 'POST', url: `/api/social/${network}/authorize${query}`, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`authorize answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { url: string }).url;
}

/** The whole connection, as the settings page and the callback page do it; the callback's answer. */
export async function connect(
  t: TestApp,
  cookie: string,
  network: Network,
  options: { uncheck?: string[]; studio?: string; login?: 'facebook' | 'instagram'; account?: string } = {},
) {
  const callback = await answerConsent(await authorize(t, cookie, network, options.login), {
    decision: 'allow',
    uncheck: options.uncheck,
    studio: options.studio,
    account: options.account,
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/social/${network}/callback`,
    headers: { cookie },
    payload: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
  });
}
