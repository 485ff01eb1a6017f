import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedinScopes } from '../domain/social.ts';
import { redirectUriOf } from './features/social/service.ts';
import { type TestDatabase, createTestDatabase } from './test-support/database.ts';
import { pathVariants } from './test-support/api-routes.ts';
import { startComposedApp } from './test-support/composed-app.ts';
import { type TestApp, createTestUser } from './test-support/test-app.ts';

/**
 * Issue 13, item 5 (docs/decisions/016): the sandbox in a deployment that publishes for real. The app as
 * `npm start` composes it, over real HTTP with real sessions: which networks the sandbox serves, who may
 * use its control API and see what it published, and what the start log says.
 */
const ADMIN = { email: 'admin@sandbox-access.test', password: 'admin-secret-1' };
const CUSTOMER = { email: 'clienta@sandbox-access.test', password: 'clienta-secret-1' };
const LINKEDIN_CREDENTIALS = { LINKEDIN_CLIENT_ID: 'li-app', LINKEDIN_CLIENT_SECRET: 'li-secret' };
const META_CREDENTIALS = { META_APP_ID: '1234567890', META_APP_SECRET: 'meta-secret' };

let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alzado-sandbox-access-'));
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface LogLine {
  level: number;
  msg: string;
}
const WARN = 40;

/** The app composed with this environment, listening on a loopback port; the administrator and a customer exist. */
async function startApp(environment: Record<string, string>) {
  const lines: LogLine[] = [];
  const started = await startComposedApp(database, {
    dataDir,
    admin: ADMIN,
    environment,
    logLines: { write: (line) => lines.push(JSON.parse(line) as LogLine) },
  });
  const { composed } = started;
  // createTestUser needs only the app's auth.
  if (started.firstAdminCreated) await createTestUser({ auth: composed.auth } as TestApp, { ...CUSTOMER, role: 'customer' });
  return {
    url: started.url,
    config: started.config,
    socialClients: composed.socialClients,
    /** What the start log said about the networks. */
    networkLines: () => lines.filter((line) => /^(LinkedIn|Instagram): (REAL|EMULATED|UNAVAILABLE)\b/.test(line.msg)),
    signIn: started.signIn,
    close: async () => {
      await composed.app.close();
      await composed.events.close();
    },
  };
}
type StartedApp = Awaited<ReturnType<typeof startApp>>;

/** The sandbox's own pages and its control API: what only an administrator may use outside the all-sandbox default. */
const PRIVATE_REQUESTS: Array<{ method: string; path: string; body?: unknown; page?: boolean }> = [
  { method: 'GET', path: '/sandbox', page: true },
  { method: 'GET', path: '/sandbox/', page: true },
  { method: 'GET', path: '/sandbox/published.json' },
  { method: 'HEAD', path: '/sandbox/published.json' },
  { method: 'GET', path: '/sandbox/linkedin/web/feed/update/urn:li:share:1', page: true },
  { method: 'GET', path: '/sandbox/meta/p/AbCdEf123/', page: true },
  { method: 'GET', path: '/sandbox/control' },
  { method: 'POST', path: '/sandbox/control/faults', body: { network: 'linkedin', kind: 'server-error', path: '/rest/' } },
  { method: 'DELETE', path: '/sandbox/control/faults' },
  { method: 'POST', path: '/sandbox/control/expire-tokens', body: { network: 'linkedin' } },
  { method: 'POST', path: '/sandbox/control/revoke-tokens', body: { network: 'meta' } },
  { method: 'POST', path: '/sandbox/control/remove-meta-permission', body: { permission: 'read_insights' } },
  { method: 'POST', path: '/sandbox/control/advance-time', body: { seconds: 0 } },
  { method: 'PATCH', path: '/sandbox/control/settings', body: { linkedin: {} } },
  { method: 'POST', path: '/sandbox/control/reset' },
];

/** The request as a page of the app sends it: with the app's Origin on a write, unless `origin` says otherwise (null: none). */
function send(app: StartedApp, request: (typeof PRIVATE_REQUESTS)[number], cookie?: string, origin: string | null = app.url) {
  const write = !['GET', 'HEAD'].includes(request.method);
  const headers: Record<string, string> = {
    ...(cookie ? { cookie } : {}),
    ...(write && origin !== null ? { origin } : {}),
    ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
  };
  return fetch(`${app.url}${request.path}`, {
    method: request.method,
    headers,
    redirect: 'manual',
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
}

/** Whether the request got past the administrator check: the sandbox's own answer (a missing post is its 404 page). */
function passedTheCheck(request: (typeof PRIVATE_REQUESTS)[number], status: number): boolean {
  return request.path.includes('/feed/update/') || request.path.includes('/meta/p/') ? status === 404 : status >= 200 && status < 300;
}

/**
 * Whether the sandbox answered: without it a GET is the web app's page (when built) or a 404, and any
 * other method a 404, never the sandbox's JSON or pages.
 */
async function answeredBySandbox(response: Response): Promise<boolean> {
  const body = await response.text();
  return body.includes("Alzado's local emulation of LinkedIn and Meta") || /^\{"(faults|linkedin|ok|clockOffsetSeconds)"/.test(body);
}

/** The networks' own pages stay as the networks have them: a browser opens the consent page without the app's session. */
async function linkedinConsentPage(app: StartedApp) {
  const sandboxClientId = 'alzado-sandbox';
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: sandboxClientId,
    redirect_uri: redirectUriOf(app.url, 'linkedin'),
    state: 'st',
    scope: linkedinScopes({ organizationPages: app.config.social.linkedin.organizationPages }).join(' '),
  });
  return fetch(`${app.url}/sandbox/linkedin/oauth/v2/authorization?${query}`);
}

async function expectRefusedToAnonymousAndCustomer(app: StartedApp) {
  const customer = await app.signIn(CUSTOMER);
  for (const request of PRIVATE_REQUESTS) {
    const label = `${request.method} ${request.path}`;
    const anonymous = await send(app, request);
    expect(anonymous.status, `anonymous ${label}`).toBe(401);
    const byCustomer = await send(app, request, customer);
    expect(byCustomer.status, `customer ${label}`).toBe(403);
    if (request.method === 'HEAD') continue;
    if (request.page) {
      expect(anonymous.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await anonymous.text();
      expect(html).toContain('Sign in as an administrator');
      expect(html).toContain(`href="${app.url}/login"`);
      expect(await byCustomer.text()).toContain('only for administrators');
    } else {
      expect(await anonymous.json()).toEqual({ status: 401, message: expect.stringContaining('administrator') });
      expect(await byCustomer.json()).toEqual({ status: 403, message: expect.stringContaining('administrator') });
    }
  }
}

async function expectAllowedToAdministrator(app: StartedApp) {
  const admin = await app.signIn(ADMIN);
  for (const request of PRIVATE_REQUESTS) {
    const response = await send(app, request, admin);
    expect(passedTheCheck(request, response.status), `admin ${request.method} ${request.path}: ${response.status}`).toBe(true);
  }
  const published = await send(app, { method: 'GET', path: '/sandbox/published.json' }, admin);
  expect(await published.json()).toMatchObject({ linkedin: expect.any(Array), instagram: expect.any(Array) });
}

describe('the all-sandbox default (no credentials, SOCIAL_SANDBOX unset): a developer’s machine', () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startApp({});
  });
  afterAll(() => app?.close());

  it('serves both networks from the sandbox', () => {
    expect(app.socialClients.linkedin?.sandbox).toBe(true);
    expect(app.socialClients.instagram?.sandbox).toBe(true);
  });

  it('leaves the control API and the published pages open, as before', async () => {
    for (const request of PRIVATE_REQUESTS) {
      const response = await send(app, request);
      expect(passedTheCheck(request, response.status), `anonymous ${request.method} ${request.path}: ${response.status}`).toBe(true);
      if (request.method !== 'HEAD') expect(await answeredBySandbox(response), `${request.method} ${request.path}`).toBe(true);
    }
  });

  it('logs one warning per network: emulated, nothing reaches the real network, its pages open', () => {
    const lines = app.networkLines();
    expect(lines.map((line) => line.level)).toEqual([WARN, WARN]);
    expect(lines[0]!.msg).toBe(
      `LinkedIn: EMULATED, served by the sandbox at ${app.url}/sandbox: nothing reaches the real LinkedIn (no LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET). ` +
        'Its control API and published pages are open to anyone: every network is emulated (SOCIAL_SANDBOX=auto, for a developer’s machine)',
    );
    expect(lines[1]!.msg).toMatch(
      /^Instagram: EMULATED, served by the sandbox at .*\/sandbox: nothing reaches the real Instagram \(no META_APP_ID and META_APP_SECRET\)\. Its control API and published pages are open to anyone/,
    );
  });
});

describe('SOCIAL_SANDBOX=true with no credentials: explicitly enabled', () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startApp({ SOCIAL_SANDBOX: 'true' });
  });
  afterAll(() => app?.close());

  it('serves both networks from the sandbox', () => {
    expect(app.socialClients.linkedin?.sandbox).toBe(true);
    expect(app.socialClients.instagram?.sandbox).toBe(true);
  });

  it('refuses the control API and the published pages to anonymous visitors (401) and customers (403)', async () => {
    await expectRefusedToAnonymousAndCustomer(app);
  });

  it('lets a signed-in administrator use them', async () => {
    await expectAllowedToAdministrator(app);
  });

  it('refuses a control API write from another site, or with a cookie and no Origin, even with an administrator’s session (as /api does)', async () => {
    const admin = await app.signIn(ADMIN);
    const fault = PRIVATE_REQUESTS.find((request) => request.path === '/sandbox/control/faults' && request.method === 'POST')!;
    for (const origin of ['https://evil.example', 'http://sibling.localhost:3000', null]) {
      const response = await send(app, fault, admin, origin);
      expect(response.status, `Origin ${origin}`).toBe(403);
      expect(await response.json()).toMatchObject({ status: 403 });
    }
    const pending = await send(app, { method: 'GET', path: '/sandbox/control' }, admin);
    expect(await pending.json()).toMatchObject({ faults: [] });
    expect((await send(app, fault, admin, app.url)).status).toBe(201);
    expect((await send(app, { method: 'DELETE', path: '/sandbox/control/faults' }, admin)).status).toBe(200);
  });

  it('refuses a control API write from another site under every other spelling of its path (issue 21: /%73andbox/control/... reached the route without the check)', async () => {
    const admin = await app.signIn(ADMIN);
    for (const request of PRIVATE_REQUESTS.filter((candidate) => !['GET', 'HEAD'].includes(candidate.method))) {
      for (const variant of pathVariants(request.path)) {
        const response = await send(app, { ...request, path: variant.url }, admin, 'https://evil.example');
        expect([403, 404], `${request.method} ${variant.url} (${variant.label})`).toContain(response.status);
      }
    }
    const pending = await send(app, { method: 'GET', path: '/sandbox/control' }, admin);
    expect(await pending.json()).toMatchObject({ faults: [] });
  });

  it('answers odd cookies and addresses with a 4xx, never a 5xx', async () => {
    for (const cookie of [
      'alzado.session_token=%00',
      'alzado.session_token=%00abc.%00sig',
      `alzado.session_token=${'a'.repeat(4000)}.b`,
      'alzado.session_token=x.%ZZ',
      'alzado.session_token=',
    ]) {
      for (const path of ['/sandbox/control', '/sandbox/published.json', '/sandbox/']) {
        const response = await fetch(`${app.url}${path}`, { headers: { cookie } });
        expect(response.status, `${cookie.slice(0, 40)} ${path}`).toBe(401);
      }
    }
    const admin = await app.signIn(ADMIN);
    for (const path of ['/sandbox/meta/p/%00/', '/sandbox/linkedin/web/feed/update/%00', '/sandbox/linkedin/web/feed/update/%ZZ', '/sandbox/control?x=%00']) {
      for (const cookie of [undefined, admin]) {
        const response = await fetch(`${app.url}${path}`, { headers: cookie ? { cookie } : {} });
        expect(response.status, `${cookie ? 'admin' : 'anonymous'} ${path}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${cookie ? 'admin' : 'anonymous'} ${path}`).toBeLessThan(500);
      }
    }
  });

  it('keeps the networks’ own pages open: the consent page a browser opens', async () => {
    expect((await linkedinConsentPage(app)).status).toBe(200);
  });

  it('says in the log that the pages are for administrators', () => {
    const lines = app.networkLines();
    expect(lines.map((line) => line.level)).toEqual([WARN, WARN]);
    for (const line of lines) expect(line.msg).toContain('Its control API and published pages are for signed-in administrators (SOCIAL_SANDBOX=true)');
  });
});

describe('LinkedIn configured, SOCIAL_SANDBOX unset', () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startApp(LINKEDIN_CREDENTIALS);
  });
  afterAll(() => app?.close());

  it('does not serve Instagram from the sandbox: it is unavailable, and /sandbox is not mounted', async () => {
    expect(app.socialClients.linkedin?.sandbox).toBe(false);
    expect(app.socialClients.instagram).toBeUndefined();
    for (const request of PRIVATE_REQUESTS) expect(await answeredBySandbox(await send(app, request)), `${request.method} ${request.path}`).toBe(false);
    const admin = await app.signIn(ADMIN);
    const instagram = await fetch(`${app.url}/api/social/instagram`, { headers: { cookie: admin } });
    expect(await instagram.json()).toMatchObject({ available: false, sandbox: false });
    // The administrators' network check says why, as the start log does.
    const check = (await (await fetch(`${app.url}/api/networks-check`, { headers: { cookie: admin } })).json()) as {
      networks: Array<{ network: string; mode: string; items: Array<{ message: string }> }>;
    };
    const instagramCheck = check.networks.find((entry) => entry.network === 'instagram');
    expect(instagramCheck).toMatchObject({ mode: 'unavailable' });
    expect(instagramCheck!.items[0]!.message).toBe(
      'Instagram has no credentials and the sandbox is off (SOCIAL_SANDBOX=false, or auto while another network has credentials): it cannot be connected',
    );
  });

  it('logs which network is real and which cannot be connected', () => {
    const lines = app.networkLines();
    expect(lines.map((line) => line.level)).toEqual([WARN, WARN]);
    expect(lines[0]!.msg).toBe('LinkedIn: REAL, with LINKEDIN_CLIENT_ID: posts go to the real LinkedIn');
    expect(lines[1]!.msg).toBe(
      'Instagram: UNAVAILABLE, it cannot be connected: no META_APP_ID and META_APP_SECRET, and the sandbox serves no network while another has credentials (SOCIAL_SANDBOX=auto). ' +
        'Set META_APP_ID and META_APP_SECRET, or SOCIAL_SANDBOX=true to emulate it',
    );
  });
});

describe('LinkedIn configured, SOCIAL_SANDBOX=true: mixed on purpose', () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startApp({ ...LINKEDIN_CREDENTIALS, SOCIAL_SANDBOX: 'true' });
  });
  afterAll(() => app?.close());

  it('serves Instagram from the sandbox and LinkedIn for real', () => {
    expect(app.socialClients.linkedin?.sandbox).toBe(false);
    expect(app.socialClients.instagram?.sandbox).toBe(true);
  });

  it('refuses the control API and the published pages to anonymous visitors and customers, and lets an administrator in', async () => {
    await expectRefusedToAnonymousAndCustomer(app);
    await expectAllowedToAdministrator(app);
  });

  it('logs which network is real and which is emulated, both as warnings', () => {
    const lines = app.networkLines();
    expect(lines.map((line) => line.level)).toEqual([WARN, WARN]);
    expect(lines[0]!.msg).toBe('LinkedIn: REAL, with LINKEDIN_CLIENT_ID: posts go to the real LinkedIn');
    expect(lines[1]!.msg).toMatch(
      /^Instagram: EMULATED, served by the sandbox at .*: nothing reaches the real Instagram \(no META_APP_ID and META_APP_SECRET\)\. Its control API and published pages are for signed-in administrators \(SOCIAL_SANDBOX=true\)$/,
    );
  });
});

describe('both networks configured', () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startApp({ ...LINKEDIN_CREDENTIALS, ...META_CREDENTIALS, SOCIAL_SANDBOX: 'true' });
  });
  afterAll(() => app?.close());

  it('mounts no sandbox, even when enabled, and logs each real network once, without a warning', async () => {
    for (const request of PRIVATE_REQUESTS) expect(await answeredBySandbox(await send(app, request)), `${request.method} ${request.path}`).toBe(false);
    const lines = app.networkLines();
    expect(lines.map((line) => line.msg)).toEqual([
      'LinkedIn: REAL, with LINKEDIN_CLIENT_ID: posts go to the real LinkedIn',
      'Instagram: REAL, with META_APP_ID: posts go to the real Instagram',
    ]);
    expect(lines.every((line) => line.level < WARN)).toBe(true);
  });
});

describe('SOCIAL_SANDBOX=false with no credentials', () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startApp({ SOCIAL_SANDBOX: 'false' });
  });
  afterAll(() => app?.close());

  it('serves no network and says so, once per network', async () => {
    expect(app.socialClients).toEqual({});
    for (const request of PRIVATE_REQUESTS) expect(await answeredBySandbox(await send(app, request)), `${request.method} ${request.path}`).toBe(false);
    expect(app.networkLines().map((line) => [line.level, line.msg])).toEqual([
      [
        WARN,
        'LinkedIn: UNAVAILABLE, it cannot be connected: no LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET, and the sandbox is off (SOCIAL_SANDBOX=false). Set LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET, or SOCIAL_SANDBOX=true to emulate it',
      ],
      [
        WARN,
        'Instagram: UNAVAILABLE, it cannot be connected: no META_APP_ID and META_APP_SECRET, and the sandbox is off (SOCIAL_SANDBOX=false). Set META_APP_ID and META_APP_SECRET, or SOCIAL_SANDBOX=true to emulate it',
      ],
    ]);
  });
});
