import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FACEBOOK_PAGE_SCOPES, type SocialConnectionView } from '../../../domain/social.ts';
import { defaultMetaPages } from '../../../sandbox/personas.ts';
import {
  type TestSandbox,
  TEST_APP_URL,
  answerConsent,
  authorize,
  connect,
  sandboxAdapters,
  sandboxClients,
  startTestSandbox,
} from '../../test-support/social-sandbox.ts';
import { type TestApp, createTestApp, createTestTokenCipher, createTestUser, signIn } from '../../test-support/test-app.ts';
import { createTestPost, createTestProject } from '../../test-support/posts.ts';
import { secretContext } from './connection.ts';
import { getPublishingAccess } from './service.ts';

/**
 * Connecting Facebook Pages (issue 27, docs/decisions/053) through the same Meta app and Facebook Login as
 * Instagram, over the sandbox by real HTTP: the permissions read at connect, the pages with their tasks,
 * the page tokens sealed, the page chosen, disconnection.
 */
const cipher = createTestTokenCipher();
const STUDIO_PAGE = '104000000000001';
const NOTEBOOK_PAGE = '104000000000003';

let sandbox: TestSandbox;
let t: TestApp;
const answers: LightMyRequestResponse[] = [];
let userCount = 0;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  t = await createTestApp({ social: sandboxAdapters(sandbox) });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
afterEach(() => sandbox.sandbox.control.setMetaPages(defaultMetaPages()));

async function newUser(): Promise<{ id: string; cookie: string }> {
  const user = await createTestUser(t, { email: `studio${++userCount}@facebook.test` });
  return { id: user.id, cookie: await signIn(t, user.email, user.password) };
}

async function call(options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await t.app.inject(options);
  answers.push(response);
  return response;
}

type FacebookView = Extract<SocialConnectionView, { network: 'facebook' }>;
const status = (cookie: string) => call({ method: 'GET', url: '/api/social/facebook', headers: { cookie } });
const pages = (cookie: string) => call({ method: 'GET', url: '/api/social/facebook/pages', headers: { cookie } });
const chooseTarget = (cookie: string, targetId: string) =>
  call({ method: 'PUT', url: '/api/social/facebook/target', headers: { cookie }, payload: { targetId } });

async function connected(cookie: string, uncheck?: string[]): Promise<LightMyRequestResponse> {
  const response = await connect(t, cookie, 'facebook', { uncheck });
  answers.push(response);
  return response;
}

/** What publishing hands the social feature; the page token is stored, so no connector is needed. */
function socialDeps() {
  const log = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as never;
  return { db: t.database.db, dialect: t.database.dialect, cipher, publicUrl: TEST_APP_URL, connectors: {}, log, now: () => new Date() };
}

function row(userId: string) {
  return t.database.db.selectFrom('social_connections').selectAll().where('user_id', '=', userId).where('network', '=', 'facebook').executeTakeFirst();
}

describe('connecting Facebook Pages through Facebook Login', () => {
  let user: { id: string; cookie: string };
  beforeAll(async () => {
    user = await newUser();
  });

  it('is offered, served by the sandbox, and asks the Meta app for the pages and posting permissions at its own redirect URL', async () => {
    expect((await status(user.cookie)).json()).toMatchObject({ network: 'facebook', available: true, sandbox: true, isConnected: false, pages: null });
    const url = new URL(await authorize(t, user.cookie, 'facebook'));
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.base}/meta/www/v26.0/dialog/oauth`);
    expect(url.searchParams.get('client_id')).toBe(sandbox.sandbox.credentials.meta.appId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_APP_URL}/auth/facebook/callback`);
    expect(url.searchParams.get('scope')).toBe(FACEBOOK_PAGE_SCOPES.join(','));
  });

  it('connects, keeping the permissions /me/permissions reports and the long-lived token sealed for its row', async () => {
    const response = await connected(user.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ network: 'facebook', isConnected: true, userName: 'Marta Soler Ibáñez', pages: null, publishTargetId: null });
    const stored = (await row(user.id))!;
    expect(stored.scopes.split(' ')).toEqual(expect.arrayContaining([...FACEBOOK_PAGE_SCOPES]));
    const token = cipher.decrypt(stored.access_token!, secretContext(user.id, 'facebook', 'access_token'));
    expect(token.length).toBeGreaterThan(10);
    expect(stored.access_token).not.toContain(token);
  });

  it("lists the pages she shared, her own and her businesses', with their tasks; a page without CREATE_CONTENT is shown and cannot be chosen", async () => {
    sandbox.sandbox.control.setMetaPages(
      defaultMetaPages().map((entry) => (entry.id === NOTEBOOK_PAGE ? { ...entry, tasks: ['ANALYZE', 'MODERATE'] } : entry)),
    );
    const response = await pages(user.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json() as FacebookView;
    expect(view.pages!.map((page) => [page.id, page.name, page.through, page.problem])).toEqual([
      [STUDIO_PAGE, 'Soler Ibáñez Arquitectos', 'user', null],
      ['104000000000002', 'Taller Norte', 'user', null],
      [NOTEBOOK_PAGE, 'Marta Soler · Cuaderno', 'user', 'taskMissing'],
      ['104000000000004', 'Soler Ibáñez Interiorismo', 'business', null],
      ['104000000000005', 'Fundació Mirador', 'business', null],
    ]);
    expect(view.pages![2]!.tasks).toEqual(['ANALYZE', 'MODERATE']);
    expect(view.pages![0]!.tasks).toContain('CREATE_CONTENT');
    // Several pages can be published to: she chooses.
    expect(view.publishTargetId).toBeNull();
    expect(JSON.stringify(view)).not.toContain('access_token');

    const refused = await chooseTarget(user.cookie, NOTEBOOK_PAGE);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('SOCIAL_TARGET_NOT_FOUND');
    expect((await chooseTarget(user.cookie, '17841400000000001')).statusCode).toBe(404);
    const chosen = await chooseTarget(user.cookie, STUDIO_PAGE);
    expect(chosen.json()).toMatchObject({ network: 'facebook', publishTargetId: STUDIO_PAGE });
  });

  it("keeps each page's own token sealed, and publishing gets the chosen page's, which the page's edges accept", async () => {
    const stored = (await row(user.id))!;
    const tokens = JSON.parse(cipher.decrypt(stored.page_tokens!, secretContext(user.id, 'facebook', 'page_tokens'))) as Record<string, string>;
    expect(Object.keys(tokens).sort()).toEqual([STUDIO_PAGE, '104000000000002', NOTEBOOK_PAGE, '104000000000004', '104000000000005'].sort());
    for (const token of Object.values(tokens)) expect(stored.page_tokens).not.toContain(token);

    const access = await getPublishingAccess(socialDeps(), { userId: user.id, network: 'facebook' });
    expect(access).toMatchObject({ network: 'facebook', targetId: STUDIO_PAGE, targetName: 'Soler Ibáñez Arquitectos', targetProblem: null });
    expect(access.pageAccessToken).toBe(tokens[STUDIO_PAGE]);
    // The page's token reads the page's posts (its publishing edges are the engine's to use).
    const client = sandboxClients(sandbox).facebook;
    await expect(client.recentPosts(access.pageAccessToken!, STUDIO_PAGE, new Date(Date.now() - 3_600_000))).resolves.toEqual([]);
    // No answer of the API carried a token.
    for (const answer of answers) for (const token of Object.values(tokens)) expect(answer.body).not.toContain(token);
  });

  it('says the page is chosen where a post asks for its accounts, and disconnects', async () => {
    expect((await status(user.cookie)).json()).toMatchObject({ isConnected: true, publishTargetId: STUDIO_PAGE, warning: null });
    const projectId = await createTestProject(t.database.db, { createdBy: user.id, state: 'preview' });
    const post = await createTestPost(t.database.db, { projectId, ownerId: user.id });
    const accounts = async () => (await call({ method: 'GET', url: `/api/posts/${post.id}/accounts`, headers: { cookie: user.cookie } })).json();
    expect((await accounts()).facebook).toEqual({ connected: true, name: 'Soler Ibáñez Arquitectos', picture: null });

    const gone = await call({ method: 'DELETE', url: '/api/social/facebook', headers: { cookie: user.cookie } });
    expect(gone.json()).toMatchObject({ network: 'facebook', isConnected: false });
    expect((await accounts()).facebook).toEqual({ connected: false, name: null, picture: null });
    await expect(getPublishingAccess(socialDeps(), { userId: user.id, network: 'facebook' })).rejects.toMatchObject({ code: 'SOCIAL_NOT_CONNECTED' });
  });
});

describe('a Facebook login without the posting permissions', () => {
  it.each([['pages_manage_posts'], ['pages_read_engagement'], ['pages_manage_posts', 'pages_read_engagement']])(
    'is refused with what to do when %s is turned off, and nothing is stored',
    async (...off) => {
      const user = await newUser();
      const response = await connected(user.cookie, off);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'SOCIAL_FACEBOOK_PERMISSIONS_MISSING', details: { missing: off.join(' ') } });
      expect(response.json().error.message).toMatch(/connect again/);
      expect(await row(user.id)).toBeUndefined();
      expect((await status(user.cookie)).json()).toMatchObject({ isConnected: false });
    },
  );

  it('connects again once she keeps them', async () => {
    const user = await newUser();
    expect((await connected(user.cookie, ['pages_manage_posts'])).statusCode).toBe(400);
    const callback = await answerConsent(await authorize(t, user.cookie, 'facebook'));
    const response = await call({
      method: 'POST',
      url: '/api/social/facebook/callback',
      headers: { cookie: user.cookie },
      payload: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ network: 'facebook', isConnected: true });
  });
});
