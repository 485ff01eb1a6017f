import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialConnectionView } from '../../../domain/social.ts';
import { defaultInstagramAccounts, defaultMetaPages } from '../../../sandbox/personas.ts';
import { type TestSandbox, TEST_APP_URL, answerConsent, authorize, connect, sandboxAdapters, startTestSandbox } from '../../test-support/social-sandbox.ts';
import { type TestApp, createTestApp, createTestTokenCipher, createTestUser, signIn } from '../../test-support/test-app.ts';
import { secretContext } from './connection.ts';
import { getPublishingAccess } from './service.ts';

/**
 * Instagram Login through the API (issue 27 item 2, decision 054), against the sandbox over real HTTP:
 * the studio chooses the way, the state binds it, the code becomes a 60-day Instagram User token kept
 * sealed, the professional account is the one page and the publish target, and the check on load asks
 * graph.instagram.com. The other way, Facebook Login, is unchanged and replaces it when chosen.
 */
const CREATOR = defaultInstagramAccounts()[0]!;
const BUSINESS = defaultMetaPages()[0]!.instagram!;
const DAY_MS = 86_400_000;
const cipher = createTestTokenCipher();

let sandbox: TestSandbox;
let t: TestApp;
let withoutIt: TestApp;
let users = 0;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  t = await createTestApp({ social: sandboxAdapters(sandbox, { instagramLogin: true }) });
  withoutIt = await createTestApp({ social: sandboxAdapters(sandbox) });
});
afterAll(async () => {
  await t.close();
  await withoutIt.close();
  await sandbox.close();
});

async function newUser(app: TestApp = t): Promise<{ id: string; cookie: string }> {
  const user = await createTestUser(app, { email: `studio${++users}@instagram-login.test` });
  return { id: user.id, cookie: await signIn(app, user.email, user.password) };
}

const view = async (app: TestApp, cookie: string) => (await app.app.inject({ method: 'GET', url: '/api/social/instagram', headers: { cookie } })).json();
const row = (userId: string) =>
  t.database.db.selectFrom('social_connections').selectAll().where('user_id', '=', userId).where('network', '=', 'instagram').executeTakeFirstOrThrow();

describe('Instagram Login: choosing the way and connecting', () => {
  it('offers both ways where both are configured, Facebook Login only elsewhere', async () => {
    const { cookie } = await newUser();
    expect(await view(t, cookie)).toMatchObject({ available: true, isConnected: false, login: 'facebook', logins: ['facebook', 'instagram'] });
    const other = await newUser(withoutIt);
    expect(await view(withoutIt, other.cookie)).toMatchObject({ login: 'facebook', logins: ['facebook'] });
    const refused = await withoutIt.app.inject({ method: 'POST', url: '/api/social/instagram/authorize?login=instagram', headers: { cookie: other.cookie } });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe('SOCIAL_NOT_CONFIGURED');
  });

  it('sends the browser to Instagram’s window with the Instagram app, its own redirect URI and the three scopes', async () => {
    const { cookie } = await newUser();
    const url = new URL(await authorize(t, cookie, 'instagram', 'instagram'));
    expect(url.pathname).toBe('/sandbox/meta/instagram/www/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe(sandbox.sandbox.credentials.instagram.appId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_APP_URL}/auth/instagram-login/callback`);
    expect(url.searchParams.get('scope')).toBe('instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
  });

  it('refuses a way that is not one, and a way on a network that has one', async () => {
    const { cookie } = await newUser();
    const bogus = await t.app.inject({ method: 'POST', url: '/api/social/instagram/authorize?login=tiktok', headers: { cookie } });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().error.code).toBe('VALIDATION_FAILED');
    const linkedin = await t.app.inject({ method: 'POST', url: '/api/social/linkedin/authorize?login=instagram', headers: { cookie } });
    expect(linkedin.statusCode).toBe(400);
    expect(linkedin.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('connects the Creator account: a 60-day token sealed, the account as the one page and the target, no Facebook Page', async () => {
    const { id, cookie } = await newUser();
    const before = sandbox.sandbox.now().getTime();
    const response = await connect(t, cookie, 'instagram', { login: 'instagram', account: CREATOR.id });
    expect(response.statusCode, response.body).toBe(200);
    const connected: SocialConnectionView = response.json();
    expect(connected).toMatchObject({
      network: 'instagram',
      login: 'instagram',
      isConnected: true,
      sandbox: true,
      userName: CREATOR.username,
      publishTargetId: CREATOR.id,
      insightsMissing: false,
      businessPages: [
        {
          instagram_business_account_id: CREATOR.id,
          instagram_username: CREATOR.username,
          instagram_followers_count: CREATOR.followers,
          facebook_page_id: null,
          facebook_page_name: null,
        },
      ],
    });
    const lifetime = new Date(connected.expiresAt!).getTime() - before;
    expect(lifetime).toBeGreaterThan(60 * DAY_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * DAY_MS + 60_000);

    const stored = await row(id);
    expect(stored.login).toBe('instagram');
    expect(stored.page_tokens).toBeNull();
    expect(stored.access_token).not.toMatch(/^IGAA/);
    expect(cipher.decrypt(stored.access_token!, secretContext(id, 'instagram', 'access_token'))).toMatch(/^IGAA/);
    expect(stored.token_issued_at).not.toBeNull();
    expect(JSON.stringify(connected)).not.toContain('IGAA');

    // Checked on load with graph.instagram.com: it stands.
    expect(await view(t, cookie)).toMatchObject({ isConnected: true, login: 'instagram', warning: null });
    // Publishing gets the account's own token and the way, no page token.
    const access = await getPublishingAccess(socialDeps(), { userId: id, network: 'instagram' });
    expect(access).toMatchObject({ login: 'instagram', targetId: CREATOR.id, targetName: CREATOR.username, pageAccessToken: null });
    expect(access.accessToken).toMatch(/^IGAA/);
  });

  it('a Business account linked to a page connects too, and the pages call reads the account again', async () => {
    const { cookie } = await newUser();
    expect((await connect(t, cookie, 'instagram', { login: 'instagram', account: BUSINESS.id })).statusCode).toBe(200);
    const pages = await t.app.inject({ method: 'GET', url: '/api/social/instagram/pages', headers: { cookie } });
    expect(pages.statusCode, pages.body).toBe(200);
    expect(pages.json()).toMatchObject({ login: 'instagram', publishTargetId: BUSINESS.id, businessPages: [{ instagram_username: BUSINESS.username }] });
  });

  it('keeps the way in the state: a state handed out for one session is refused to another, and works once', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const back = await answerConsent(await authorize(t, owner.cookie, 'instagram', 'instagram'), { decision: 'allow', account: CREATOR.id });
    const payload = { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    const stolen = await t.app.inject({ method: 'POST', url: '/api/social/instagram/callback', headers: { cookie: stranger.cookie }, payload });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.code).toBe('OAUTH_STATE_MISMATCH');
    // The state was taken by that attempt: the owner starts again.
    const again = await t.app.inject({ method: 'POST', url: '/api/social/instagram/callback', headers: { cookie: owner.cookie }, payload });
    expect(again.json().error.code).toBe('OAUTH_STATE_MISMATCH');
    expect((await view(t, owner.cookie)).isConnected).toBe(false);
  });

  it('a code Instagram refuses is a clear 400, and nothing is stored', async () => {
    const { id, cookie } = await newUser();
    const back = await answerConsent(await authorize(t, cookie, 'instagram', 'instagram'), { decision: 'allow', account: CREATOR.id });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/social/instagram/callback',
      headers: { cookie },
      payload: { code: 'AQCnot-a-code', state: back.searchParams.get('state') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('OAUTH_EXCHANGE_FAILED');
    expect(await t.database.db.selectFrom('social_connections').select('id').where('user_id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('connecting with Facebook afterwards replaces the Instagram Login connection, and the way with it', async () => {
    const { id, cookie } = await newUser();
    expect((await connect(t, cookie, 'instagram', { login: 'instagram', account: CREATOR.id })).statusCode).toBe(200);
    const facebook = await connect(t, cookie, 'instagram');
    expect(facebook.statusCode, facebook.body).toBe(200);
    expect(facebook.json()).toMatchObject({ login: 'facebook', isConnected: true, businessPages: null, publishTargetId: null });
    expect((await row(id)).login).toBe('facebook');
  });
});

function socialDeps() {
  return { db: t.database.db, dialect: t.database.dialect, cipher, publicUrl: TEST_APP_URL, connectors: {}, log: silentLog, now: () => sandbox.sandbox.now() };
}

const silentLog = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as never;
