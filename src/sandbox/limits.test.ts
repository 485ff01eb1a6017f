import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INSTAGRAM_SCOPES, LINKEDIN_MEMBER_SCOPES } from '../domain/social.ts';
import { NEWEST_GRAPH_VERSION } from '../domain/api-versions.ts';
import { startImageServer } from './contract/image-server.ts';
import { LINKEDIN_VERSION, TEST_APP_URL, type TestSandbox, answerConsent, sandboxClients, startTestSandbox } from '../server/test-support/social-sandbox.ts';

/**
 * The sandbox at volume (docs/decisions/020): studios with accounts of their own, a latency on every API
 * call, and the networks' documented limits counted per account: LinkedIn's posts per member per day,
 * Meta's calls per user per hour, containers and posts per Instagram account per day.
 */
const LINKEDIN_REDIRECT = `${TEST_APP_URL}/auth/linkedin/callback`;
const META_REDIRECT = `${TEST_APP_URL}/auth/instagram/callback`;
const MARTA_IG = '17841400000000001';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.sandbox.control.reset());

const control = () => sandbox.sandbox.control;
const clients = () => sandboxClients(sandbox);

async function linkedinToken(studio?: string): Promise<string> {
  const url = clients().linkedin.authorizationUrl({ state: 'st', redirectUri: LINKEDIN_REDIRECT, scopes: LINKEDIN_MEMBER_SCOPES });
  const back = await answerConsent(url, { decision: 'allow', studio });
  return (await clients().linkedin.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: LINKEDIN_REDIRECT })).accessToken!;
}

async function metaToken(studio?: string): Promise<string> {
  const url = clients().instagram.loginDialogUrl({ state: 's', redirectUri: META_REDIRECT, scopes: INSTAGRAM_SCOPES });
  const back = await answerConsent(url, { decision: 'allow', studio });
  const short = await clients().instagram.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: META_REDIRECT });
  return (await clients().instagram.exchangeForLongLivedToken(short.accessToken!)).accessToken!;
}

const graph = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${sandbox.base}/meta/graph/${NEWEST_GRAPH_VERSION}/${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

const post = (token: string, author: string, commentary: string) =>
  fetch(`${sandbox.base}/linkedin/rest/posts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'linkedin-version': LINKEDIN_VERSION,
      'x-restli-protocol-version': '2.0.0',
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      author,
      commentary,
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
    }),
  });

describe('studios with accounts of their own', () => {
  it('signs a browser in as the studio its cookie names: LinkedIn knows her as the member, and she posts as herself only', async () => {
    const [studio] = control().addStudios(2);
    const consent = await fetch(clients().linkedin.authorizationUrl({ state: 'st', redirectUri: LINKEDIN_REDIRECT, scopes: LINKEDIN_MEMBER_SCOPES }), {
      headers: { cookie: `sandbox_studio=${studio!.id}` },
    });
    expect(await consent.text()).toContain('<strong>Estudio 1</strong><small>estudio-1@sandbox.alzado.test</small>');

    const token = await linkedinToken(studio!.id);
    expect(await clients().linkedin.getMember(token)).toMatchObject({ sub: studio!.linkedin.sub, name: 'Estudio 1', email: 'estudio-1@sandbox.alzado.test' });
    expect((await post(token, `urn:li:person:${studio!.linkedin.sub}`, 'Una casa en el bosque')).status).toBe(201);
    expect((await post(token, 'urn:li:person:sbx4Qm7TzL', 'Como si fuera Marta')).status).toBe(403);
    expect(control().published().linkedin).toMatchObject([{ author: `urn:li:person:${studio!.linkedin.sub}`, authorName: 'Estudio 1' }]);
  });

  it("lists a studio's own page only in Meta's login dialog and /me/accounts, and her page token publishes to her Instagram account alone", async () => {
    const [studio] = control().addStudios(1);
    const dialog = await fetch(clients().instagram.loginDialogUrl({ state: 's', redirectUri: META_REDIRECT, scopes: INSTAGRAM_SCOPES }), {
      headers: { cookie: `sandbox_studio=${studio!.id}` },
    });
    const html = await dialog.text();
    expect(html).toContain('<strong>Estudio 1</strong>');
    expect(html).toContain('<span>Estudio 1 <small>@estudio.1</small>');
    expect(html).not.toContain('Soler Ibáñez Arquitectos');

    const token = await metaToken(studio!.id);
    expect(await (await graph('me?fields=id,name', token)).json()).toEqual({ id: studio!.meta.userId, name: 'Estudio 1' });
    const pages = await clients().instagram.listPages(token);
    expect(pages.map((page) => page.instagramBusinessAccount?.username)).toEqual(['estudio.1']);
    const pageToken = pages[0]!.accessToken!;
    const igUserId = pages[0]!.instagramBusinessAccount!.id;
    const refused = await graph(`${MARTA_IG}/media`, pageToken, {
      method: 'POST',
      body: new URLSearchParams({ image_url: `${TEST_APP_URL}/x.jpg`, caption: 'no' }),
    });
    expect((await refused.json()) as unknown).toMatchObject({ error: { code: 10 } });
    const martas = await metaToken();
    expect((await (await graph(`${igUserId}?fields=username`, martas)).json()) as unknown).toMatchObject({ error: { code: 100, error_subcode: 33 } });
  });
});

describe('the latency setting', () => {
  it('answers every API call of either network after it', async () => {
    control().configure({ linkedin: { latencyMs: 300 }, meta: { latencyMs: 300 } });
    const timed = async (request: () => Promise<Response>) => {
      const started = performance.now();
      const response = await request();
      await response.arrayBuffer();
      return performance.now() - started;
    };
    expect(await timed(() => fetch(`${sandbox.base}/meta/graph/${NEWEST_GRAPH_VERSION}/me`))).toBeGreaterThanOrEqual(295);
    expect(await timed(() => fetch(`${sandbox.base}/linkedin/v2/userinfo`))).toBeGreaterThanOrEqual(295);
    const response = await fetch(`${sandbox.base}/control`);
    expect(await response.json()).toMatchObject({ settings: { linkedin: { latencyMs: 300 }, meta: { latencyMs: 300 } } });
  });
});

describe('the limits per account', () => {
  it("refuses a member's post beyond her daily limit with LinkedIn's 429, while another member still posts", async () => {
    const [first, second] = control().addStudios(2);
    control().configure({ linkedin: { postsPerDay: 2 } });
    const firstToken = await linkedinToken(first!.id);
    const author = `urn:li:person:${first!.linkedin.sub}`;
    expect((await post(firstToken, author, 'Uno')).status).toBe(201);
    expect((await post(firstToken, author, 'Dos')).status).toBe(201);
    const refused = await post(firstToken, author, 'Tres');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      serviceErrorCode: 101,
      message: 'Resource level throttle limit for calls to this resource is reached.',
      status: 429,
    });
    expect((await post(await linkedinToken(second!.id), `urn:li:person:${second!.linkedin.sub}`, 'Tres')).status).toBe(201);

    const usage = control().usage();
    expect(usage.linkedin.find((entry) => entry.member === first!.linkedin.sub)).toMatchObject({ name: 'Estudio 1', postsToday: 2 });
    expect(usage.refusals).toEqual([expect.objectContaining({ network: 'linkedin', account: first!.linkedin.sub, limit: 'postsPerDay' })]);
  });

  it("refuses a user's Graph calls beyond her hourly share with code 17, counting her page tokens too, and lets them through an hour later", async () => {
    const [studio] = control().addStudios(1);
    const token = await metaToken(studio!.id);
    const pageToken = (await clients().instagram.listPages(token))[0]!.accessToken!;
    const martas = await metaToken();
    const used = control()
      .usage()
      .meta.find((entry) => entry.user === studio!.meta.userId)!.callsLastHour;
    control().configure({ meta: { callsPerUserPerHour: used + 2 } });

    expect((await graph('me', token)).status).toBe(200);
    expect((await graph('me', pageToken)).status).toBe(200);
    const refused = await graph('me', token);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { message: '(#17) User request limit reached', type: 'OAuthException', code: 17, is_transient: true },
    });
    expect((await graph('me', martas)).status).toBe(200);

    control().advanceTime(3_600);
    expect((await graph('me', token)).status).toBe(200);
    expect(control().usage().refusals).toEqual([expect.objectContaining({ network: 'meta', account: studio!.meta.userId, limit: 'callsPerUserPerHour' })]);
    // Counted from a moment on: only the call made after the hour passed.
    const lastHour = control().usage(new Date(Date.now() + 3_599_000).toISOString());
    expect(lastHour.meta).toEqual([expect.objectContaining({ user: studio!.meta.userId, calls: 1, busiestSecond: 1 })]);
    expect(lastHour.refusals).toEqual([]);
  });

  it("refuses an Instagram account's containers beyond its daily limit (9/2207042), and lets them through a day later", async () => {
    const images = await startImageServer();
    try {
      control().allowImageOrigins([images.origin]);
      const [studio] = control().addStudios(1);
      control().configure({ meta: { containersPerDay: 2 } });
      const page = (await clients().instagram.listPages(await metaToken(studio!.id)))[0]!;
      const igUserId = page.instagramBusinessAccount!.id;
      const container = () =>
        graph(`${igUserId}/media`, page.accessToken!, {
          method: 'POST',
          body: new URLSearchParams({ image_url: `${images.origin}/square.jpg`, caption: 'Casa' }),
        });
      expect((await container()).status).toBe(200);
      expect((await container()).status).toBe(200);
      const refused = await container();
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { code: 9, error_subcode: 2207042 } });
      expect(control().usage().meta[0]!.accounts).toEqual([{ igUserId, username: 'estudio.1', containersLast24h: 2, publishedLast24h: 0 }]);
      expect(control().usage().refusals).toEqual([expect.objectContaining({ network: 'meta', account: igUserId, limit: 'containersPerDay' })]);

      control().advanceTime(86_400);
      expect((await container()).status).toBe(200);
    } finally {
      await images.close();
    }
  });
});
