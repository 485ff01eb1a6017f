import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkCheckItem, NetworksCheckReport } from '../../../domain/networks-check.ts';
import { createGraphClient } from '../../adapters/instagram/graph-client.ts';
import { createLinkedInClient } from '../../adapters/linkedin/linkedin-client.ts';
import { createLocalStorage } from '../../adapters/storage/local-storage.ts';
import { createS3Storage } from '../../adapters/storage/s3-storage.ts';
import { type TestSandbox, TEST_APP_URL, sandboxAdapters, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';
import { type NetworksCheckDependencies, checkNetworks } from './check-networks.ts';

/**
 * The administrator's network check (issue 12, "Beyond"): green against the sandbox, and each failure
 * shown, against a sandbox this test starts: refused credentials, an ended API version, a redirect URL
 * the network does not know, scopes the app may not ask for, image addresses Meta cannot reach.
 */
let sandbox: TestSandbox;
let scratch: string;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-networks-check-'));
});
afterAll(async () => {
  await sandbox.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});
afterEach(() => sandbox.sandbox.control.reset());

const NOW = new Date('2026-11-24T10:00:00Z');
const localStorageAt = (publicUrl: string) => createLocalStorage({ root: path.join(scratch, 'media'), publicUrl });

/** The sandbox, as the app uses it when no credentials are set. */
function sandboxed(overrides: Partial<NetworksCheckDependencies> = {}): NetworksCheckDependencies {
  const adapters = sandboxAdapters(sandbox, { organizationPages: true });
  return {
    publicUrl: TEST_APP_URL,
    linkedin: adapters.linkedin,
    instagram: adapters.instagram,
    storage: localStorageAt(TEST_APP_URL),
    now: () => NOW,
    ...overrides,
  };
}

/** The same clients presented as the real networks (credentials, versions of our choosing). */
function asReal(
  options: { linkedinSecret?: string; metaSecret?: string; linkedinVersion?: string; graphVersion?: string; organizationPages?: boolean } = {},
): Pick<NetworksCheckDependencies, 'linkedin' | 'instagram'> {
  const { base, sandbox: instance } = sandbox;
  return {
    linkedin: {
      sandbox: false,
      organizationPages: options.organizationPages ?? false,
      client: createLinkedInClient({
        clientId: instance.credentials.linkedin.clientId,
        clientSecret: options.linkedinSecret ?? instance.credentials.linkedin.clientSecret,
        authorizationBaseUrl: `${base}/linkedin`,
        oauthBaseUrl: `${base}/linkedin`,
        apiBaseUrl: `${base}/linkedin`,
        apiVersion: options.linkedinVersion ?? '202610',
        timeoutMs: 5_000,
      }),
    },
    instagram: {
      sandbox: false,
      adsRead: false,
      client: createGraphClient({
        appId: instance.credentials.meta.appId,
        appSecret: options.metaSecret ?? instance.credentials.meta.appSecret,
        dialogBaseUrl: `${base}/meta/www`,
        graphBaseUrl: `${base}/meta/graph`,
        graphVersion: options.graphVersion ?? 'v26.0',
        timeoutMs: 5_000,
      }),
    },
  };
}

const itemOf = (report: NetworksCheckReport, network: 'linkedin' | 'instagram' | 'facebook', check: NetworkCheckItem['check']) =>
  report.networks.find((entry) => entry.network === network)!.items.find((entry) => entry.check === check)!;

describe('checkNetworks', () => {
  it('runs green against the sandbox: every item ok, and the sandbox named as such', async () => {
    const report = await checkNetworks(sandboxed());
    expect(report.status).toBe('ok');
    expect(report.checkedAt).toBe(NOW.toISOString());
    expect(report.networks.map((entry) => [entry.network, entry.mode, entry.status])).toEqual([
      ['linkedin', 'sandbox', 'ok'],
      ['instagram', 'sandbox', 'ok'],
      ['facebook', 'sandbox', 'ok'],
    ]);
    expect(report.networks[0]!.items.map((entry) => [entry.check, entry.finding])).toEqual([
      ['credentials', 'sandbox'],
      ['apiVersion', 'versionLive'],
      ['redirectUri', 'redirectAccepted'],
      ['scopes', 'scopesOrganizations'],
    ]);
    expect(report.networks[1]!.items.map((entry) => [entry.check, entry.finding])).toEqual([
      ['credentials', 'sandbox'],
      ['apiVersion', 'versionLiveNoEnd'],
      ['redirectUri', 'redirectAccepted'],
      ['scopes', 'scopesInstagram'],
      ['imageUrls', 'imagesSandbox'],
      // Instagram Login is not offered here (no instagramLogin adapter): said, and fine.
      ['instagramLogin', 'instagramLoginOff'],
    ]);
    // Facebook Pages: the same Meta app, its own redirect URL and permissions.
    expect(report.networks[2]!.items.map((entry) => [entry.check, entry.finding])).toEqual([
      ['credentials', 'sandbox'],
      ['apiVersion', 'versionLiveNoEnd'],
      ['redirectUri', 'redirectAccepted'],
      ['scopes', 'scopesFacebook'],
    ]);
    expect(itemOf(report, 'facebook', 'redirectUri').params.redirectUri).toBe(`${TEST_APP_URL}/auth/facebook/callback`);
    expect(itemOf(report, 'facebook', 'scopes').params.scopes).toBe('pages_show_list pages_manage_posts pages_read_engagement business_management');
    expect(itemOf(report, 'linkedin', 'apiVersion')).toMatchObject({
      params: { variable: 'LINKEDIN_API_VERSION', version: '202610', endsOn: '2027-10-15' },
      action: null,
    });
    expect(itemOf(report, 'linkedin', 'redirectUri').params.redirectUri).toBe(`${TEST_APP_URL}/auth/linkedin/callback`);
    // localhost cannot be reached by Meta: fine for the sandbox, said for the day real credentials come.
    expect(itemOf(report, 'instagram', 'imageUrls')).toMatchObject({
      status: 'ok',
      params: { host: 'localhost:3000', reason: 'localName', setting: 'PUBLIC_URL' },
    });
  });

  it('says when the real networks accept the credentials (LinkedIn introspection, Meta debug_token with the app token)', async () => {
    const report = await checkNetworks(sandboxed(asReal()));
    expect(report.networks.map((entry) => entry.mode)).toEqual(['real', 'real', 'real']);
    expect(itemOf(report, 'linkedin', 'credentials')).toMatchObject({ status: 'ok', finding: 'credentialsAccepted' });
    expect(itemOf(report, 'instagram', 'credentials')).toMatchObject({ status: 'ok', finding: 'credentialsAccepted' });
    expect(itemOf(report, 'linkedin', 'scopes')).toMatchObject({
      status: 'ok',
      finding: 'scopesMember',
      params: { scopes: 'openid profile email w_member_social' },
    });
  });

  it("shows refused credentials, with the network's words and the variables to copy again", async () => {
    const report = await checkNetworks(sandboxed(asReal({ linkedinSecret: 'not-the-secret', metaSecret: 'not-the-secret' })));
    expect(report.status).toBe('failure');
    const linkedin = itemOf(report, 'linkedin', 'credentials');
    expect(linkedin).toMatchObject({ status: 'failure', finding: 'credentialsRefused', params: { variable: 'LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET' } });
    expect(linkedin.params.detail).toMatch(/Client authentication failed/);
    const meta = itemOf(report, 'instagram', 'credentials');
    expect(meta).toMatchObject({ status: 'failure', finding: 'credentialsRefused', params: { variable: 'META_APP_ID and META_APP_SECRET' } });
    expect(meta.action).toMatch(/META_APP_ID and META_APP_SECRET/);
  });

  it('shows an ended API version of either network, with its end and the newest version to set', async () => {
    const report = await checkNetworks(sandboxed(asReal({ linkedinVersion: '202510', graphVersion: 'v19.0' })));
    expect(itemOf(report, 'linkedin', 'apiVersion')).toMatchObject({
      status: 'failure',
      finding: 'versionEnded',
      params: { variable: 'LINKEDIN_API_VERSION', version: '202510', endsOn: '2026-10-15', newest: '202611' },
    });
    expect(itemOf(report, 'instagram', 'apiVersion')).toMatchObject({
      status: 'failure',
      finding: 'versionEnded',
      params: { variable: 'META_GRAPH_VERSION', version: 'v19.0', endsOn: '2026-05-21', newest: 'v26.0' },
      action: 'set META_GRAPH_VERSION to v26.0 (the newest known here) after checking its changes',
    });
    const ending = await checkNetworks(sandboxed(asReal({ graphVersion: 'v21.0' })));
    expect(itemOf(ending, 'instagram', 'apiVersion')).toMatchObject({ status: 'warning', finding: 'versionEnding', params: { endsOn: '2027-01-21' } });
  });

  it('shows a redirect URL the networks refuse (PUBLIC_URL not the registered one), with where to register it', async () => {
    const report = await checkNetworks(sandboxed({ publicUrl: 'https://alzado.studio.example' }));
    const linkedin = itemOf(report, 'linkedin', 'redirectUri');
    expect(linkedin).toMatchObject({
      status: 'failure',
      finding: 'redirectRefused',
      params: { redirectUri: 'https://alzado.studio.example/auth/linkedin/callback' },
    });
    expect(linkedin.params.detail).toMatch(/redirect_uri does not match the registered value/);
    expect(linkedin.action).toMatch(/Authorized redirect URLs/);
    const meta = itemOf(report, 'instagram', 'redirectUri');
    expect(meta).toMatchObject({
      status: 'failure',
      finding: 'redirectRefused',
      params: { redirectUri: 'https://alzado.studio.example/auth/instagram/callback' },
    });
    expect(meta.action).toMatch(/Valid OAuth Redirect URIs/);
    const facebook = itemOf(report, 'facebook', 'redirectUri');
    expect(facebook).toMatchObject({
      status: 'failure',
      finding: 'redirectRefused',
      params: { redirectUri: 'https://alzado.studio.example/auth/facebook/callback' },
    });
    expect(facebook.action).toMatch(/Valid OAuth Redirect URIs/);
  });

  it('shows organization scopes refused to a LinkedIn app without the Community Management API', async () => {
    sandbox.sandbox.control.configure({ linkedin: { organizationProduct: false } });
    const report = await checkNetworks(sandboxed(asReal({ organizationPages: true })));
    const scopes = itemOf(report, 'linkedin', 'scopes');
    expect(scopes).toMatchObject({ status: 'failure', finding: 'scopesRefused', params: { variable: 'LINKEDIN_ORGANIZATION_PAGES' } });
    expect(scopes.params.detail).toMatch(/^unauthorized_scope_error/);
    expect(scopes.action).toMatch(/LINKEDIN_ORGANIZATION_PAGES=false/);
    // The redirect itself was accepted: LinkedIn sent the error back to it.
    expect(itemOf(report, 'linkedin', 'redirectUri').status).toBe('ok');
  });

  it('shows image addresses the real Meta cannot reach: a local PUBLIC_URL, or a bucket on a private endpoint', async () => {
    const local = await checkNetworks(sandboxed({ ...asReal(), storage: localStorageAt('http://127.0.0.1:3000') }));
    expect(itemOf(local, 'instagram', 'imageUrls')).toMatchObject({
      status: 'failure',
      finding: 'imagesNotPublic',
      params: { host: '127.0.0.1:3000', reason: 'loopback', setting: 'PUBLIC_URL' },
    });
    expect(itemOf(local, 'instagram', 'imageUrls').action).toMatch(/^set PUBLIC_URL/);

    const bucket = createS3Storage({
      bucket: 'media',
      region: 'eu-west-1',
      endpoint: 'http://192.168.1.20:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      publicBaseUrl: 'http://192.168.1.20:9000/media',
    });
    const s3 = await checkNetworks(sandboxed({ ...asReal(), storage: bucket }));
    expect(itemOf(s3, 'instagram', 'imageUrls')).toMatchObject({
      status: 'failure',
      params: { host: '192.168.1.20:9000', reason: 'private', setting: 'S3_ENDPOINT' },
    });
    bucket.client.destroy();

    const resolvedPublic = await checkNetworks(
      sandboxed({ ...asReal(), storage: localStorageAt('https://alzado.studio.example'), lookup: async () => ['93.184.215.14'] }),
    );
    expect(itemOf(resolvedPublic, 'instagram', 'imageUrls')).toMatchObject({ status: 'ok', finding: 'imagesPublic' });
  });

  it('says a network without credentials and without the sandbox cannot be connected', async () => {
    const report = await checkNetworks({ ...sandboxed(), linkedin: undefined });
    expect(report.networks[0]).toMatchObject({ network: 'linkedin', mode: 'unavailable', status: 'failure', items: [{ finding: 'notAvailable' }] });
  });
});

describe('GET /api/networks-check', () => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  beforeAll(async () => {
    t = await createTestApp({ social: sandboxAdapters(sandbox) });
    const adminUser = await createTestUser(t, { email: 'admin@alzado.test', role: 'admin' });
    const customerUser = await createTestUser(t, { email: 'clienta@alzado.test', role: 'customer' });
    admin = await signIn(t, adminUser.email, adminUser.password);
    customer = await signIn(t, customerUser.email, customerUser.password);
  });
  afterAll(() => t.close());

  it('answers 401 without a session and 403 to other roles, in the error shape', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/networks-check' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'NOT_AUTHENTICATED' } });
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/networks-check', headers: { cookie: customer } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('gives an administrator the report, not cached, described in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/networks-check', headers: { cookie: admin } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const report = response.json() as NetworksCheckReport;
    expect(report.status).toBe('ok');
    expect(report.networks.map((entry) => entry.mode)).toEqual(['sandbox', 'sandbox', 'sandbox']);
    const openapi = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(openapi.paths['/api/networks-check'].get.responses)).toEqual(['200', '401', '403']);
  });
});
